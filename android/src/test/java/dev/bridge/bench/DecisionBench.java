// DecisionBench.java: the Java engine's decision beside its bare parse of the same URLs, interleaved round by
// round (the corpus, decided with a rules file: Fixtures/rules/capture.json unless another is named), and how
// long the rules file takes to load. Not a test (no assertion on time): run it by hand, as android/README.md
// says, and put its figures there.
package dev.bridge.bench;

import dev.bridge.policy.NavigationRequest;
import dev.bridge.policy.PolicyAction;
import dev.bridge.policy.PolicyEngine;
import dev.bridge.policy.RulesLoader;
import dev.bridge.url.BrowserURL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class DecisionBench {
    private DecisionBench() {}

    public static void main(String[] arguments) throws Exception {
        String corpus = arguments.length > 0 ? arguments[0] : "../Fixtures/corpus/oauth_urls.txt";
        int rounds = arguments.length > 1 ? Integer.parseInt(arguments[1]) : 31;
        String rulesPath = arguments.length > 2 ? arguments[2] : "../Fixtures/rules/capture.json";
        List<String> urls = Files.readAllLines(Paths.get(corpus), StandardCharsets.UTF_8);
        byte[] rulesBytes = Files.readAllBytes(Paths.get(rulesPath));
        long[] loads = new long[rounds];
        PolicyEngine engine = null;
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            engine = new PolicyEngine(RulesLoader.parse(rulesBytes));
            loads[round] = System.nanoTime() - start;
        }
        List<NavigationRequest> requests = new ArrayList<>();
        for (String url : urls) requests.add(NavigationRequest.of(url));
        long[] parses = new long[rounds], decisions = new long[rounds];
        int sink = 0;
        for (int warm = 0; warm < 20; warm++) { sink += parseAll(urls); sink += decideAll(engine, requests); }
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            sink += parseAll(urls);
            parses[round] = System.nanoTime() - start;
            start = System.nanoTime();
            sink += decideAll(engine, requests);
            decisions[round] = System.nanoTime() - start;
        }
        double parse = median(parses) / urls.size(), decide = median(decisions) / urls.size();
        System.out.printf("rules loaded       %8.3f ms (the first %.3f ms)%n", median(loads) / 1e6, loads[0] / 1e6);
        System.out.printf("BrowserURL.parse   %8.1f ns per URL%n", parse);
        System.out.printf("PolicyEngine.decide%8.1f ns per URL%n", decide);
        System.out.printf("decide / parse     %8.2fx   (%d)%n", decide / parse, sink & 1);
    }

    private static int parseAll(List<String> urls) {
        int n = 0;
        for (String url : urls) if (BrowserURL.parse(url).url != null) n++;
        return n;
    }

    private static int decideAll(PolicyEngine engine, List<NavigationRequest> requests) {
        int n = 0;
        for (NavigationRequest request : requests) {
            if (engine.decide(request).action == PolicyAction.CANCEL) n++;
        }
        return n;
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
