// URLBench.java: the Java engine's parse beside java.net.URI's on the same URLs in the same run (the corpus,
// Fixtures/corpus/oauth_urls.txt), interleaved round by round, medians printed. Not a test (no assertion on
// time): run it by hand, as android/README.md says, and put its figures there.
package dev.bridge.bench;

import dev.bridge.url.BrowserURL;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

public final class URLBench {
    private URLBench() {}

    public static void main(String[] arguments) throws Exception {
        String corpus = arguments.length > 0 ? arguments[0] : "../Fixtures/corpus/oauth_urls.txt";
        int rounds = arguments.length > 1 ? Integer.parseInt(arguments[1]) : 31;
        List<String> urls = Files.readAllLines(Paths.get(corpus), StandardCharsets.UTF_8);
        long[] ours = new long[rounds], theirs = new long[rounds];
        int sink = 0, refused = 0;
        for (int warm = 0; warm < 20; warm++) { sink += parseAll(urls); sink += uriAll(urls); }
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            sink += parseAll(urls);
            ours[round] = System.nanoTime() - start;
            start = System.nanoTime();
            sink += uriAll(urls);
            theirs[round] = System.nanoTime() - start;
        }
        for (String url : urls) {
            try { new URI(url); } catch (URISyntaxException e) { refused++; }
        }
        double a = median(ours) / urls.size(), b = median(theirs) / urls.size();
        System.out.printf("BrowserURL.parse   %8.1f ns per URL%n", a);
        System.out.printf("java.net.URI       %8.1f ns per URL (refuses %d of %d)%n", b, refused, urls.size());
        System.out.printf("BrowserURL / URI   %8.2fx   (%d)%n", a / b, sink & 1);
    }

    private static int parseAll(List<String> urls) {
        int n = 0;
        for (String url : urls) if (BrowserURL.parse(url).url != null) n++;
        return n;
    }

    private static int uriAll(List<String> urls) {
        int n = 0;
        for (String url : urls) {
            try {
                if (new URI(url).getHost() != null) n++;
            } catch (URISyntaxException e) {
                n--;
            }
        }
        return n;
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
