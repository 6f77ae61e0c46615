// ParserAgreementTest.java: CommonURLParser, the one-pass parser of the common shape, against the full parser
// (BasicURLParser) wherever it answers: the same record (scheme, host, port, path, query, fragment, href) on
// the corpus, WPT's inputs, and every corpus URL with one character of the URL's grammar inserted at each of a
// few seeded places (the characters that end or change a part, or that a percent-encode set holds). It must
// also answer for most of the corpus, or it would not be worth having.
package dev.bridge.url;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ParserAgreementTest {
    static final String SPECIALS = "./\\?#@:%[]<>\"`{}^|' \t\nAZaz09-_~xX";

    static List<String> corpus() throws Exception {
        return Files.readAllLines(Paths.get("../Fixtures/corpus/oauth_urls.txt"), StandardCharsets.UTF_8);
    }

    static String describe(URLRecord r) {
        return r.scheme + "|" + r.username + "|" + r.password + "|" + r.host + "|" + r.port + "|" + r.path + "|" + r.opaquePath + "|" + r.query
                + "|" + r.fragment + "|" + r.href();
    }

    /** Whether the two parsers agree on `input`; true when the common one does not answer. */
    static boolean agree(String input) {
        URLRecord common = CommonURLParser.parse(input);
        if (common == null) return true;
        try {
            assertEquals(describe(BasicURLParser.parse(input, null)), describe(common), input);
        } catch (URLParseError.Failure failure) {
            throw new AssertionError("the full parser refuses " + input + " (" + failure.error + "), the common one does not");
        }
        return true;
    }

    @Test void theCorpusAndItsMutations() throws Exception {
        List<String> urls = corpus();
        int answered = 0;
        for (String url : urls) {
            agree(url);
            if (CommonURLParser.parse(url) != null) answered++;
        }
        assertTrue(answered > urls.size() / 2, "the common shape answers for " + answered + " of " + urls.size());
        Random random = new Random(2026_12_07L);
        for (String url : urls) {
            for (int k = 0; k < 6; k++) {
                int at = random.nextInt(url.length() + 1);
                char c = SPECIALS.charAt(random.nextInt(SPECIALS.length()));
                agree(url.substring(0, at) + c + url.substring(at));
                agree(url.substring(0, at) + "%2e" + url.substring(at));
            }
        }
    }

    @Test void theHostsPortsAndPathsAtItsEdges() {
        for (String input : new String[] {"https://a.b", "HTTPS://A.B:443/", "http://a.b:80", "http://a.b:080/x", "http://a.b:/x", "http://a.b:65536/",
                "http://a.b:65535/", "https://1.2.3.4/", "https://a.0x1/", "https://a.0x/", "https://a.0xg/", "https://a.09/", "https://a..b/",
                "https://a.b./", "https://.a/", "https://xn--a.b/", "https://a.XN--b/", "https://a-.b-/", "https://a.b/./c", "https://a.b/%2E%2e/c",
                "https://a.b/c/..", "https://a.b//c", "https://a.b?x#y#z", "https://a.b/'x'?'y'#'z'", "ws://a.b/", "wss://a.b:443/", "ftp://a.b/",
                "https:/a.b/", "https://", "https://a.b\\c", "https://a.b/c d", "https://user@a.b/", "https://a.b/^", "https://a.b/?^#^",
                "myapp://", "myapp:///x", "myapp://h:/x", "myapp://h:0080", "myapp://H.X/Y", "myapp:/x", "myapp:", "janrain:a?b#c", "a+b-c.d://x",
                "myapp://h/'q'?'q'#'q'", "javascript:alert(1)", "myapp://h/a//b", "myapp://h/.", "myapp://h?x", "myapp://h#x", "myapp://h%41/",
                "myapp://[::1]/", "myapp://h:65536/", "Janrain:accessToken=x", "1app://x", "myapp://h/a b", "myapp:a b", "intent://x#Intent;end"}) {
            agree(input);
        }
    }

    @Test void wptInputs() throws Exception {
        String text = new String(Files.readAllBytes(Paths.get("../Fixtures/conformance/wpt-url/urltestdata.json")), StandardCharsets.UTF_8);
        List<String> inputs = new ArrayList<>();
        for (dev.bridge.json.JSONValue item : dev.bridge.json.JSONReader.parse(text).items()) {
            if (item.kind == dev.bridge.json.JSONValue.Kind.OBJECT && item.get("input") != null) inputs.add(item.get("input").string());
        }
        for (String input : inputs) agree(input);
        assertTrue(inputs.size() > 800);
    }
}
