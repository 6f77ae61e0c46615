// WPTConformanceTest.java: the web-platform-tests URL suites the Swift engine's WPTConformanceTests run, on
// the same files (Fixtures/conformance/wpt-url), with the same counts: every case of urltestdata.json,
// toascii.json, IdnaTestV2.json (its empty input skipped, as WPT's harness skips it) and percent-encoding.json
// (its UTF-8 outputs).
package dev.bridge.url;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bridge.json.JSONReader;
import dev.bridge.json.JSONValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WPTConformanceTest {
    static Path fixture(String relative) {
        return Paths.get(System.getProperty("bridge.fixtures", "../Fixtures")).resolve(relative);
    }

    static List<JSONValue> cases(String name) throws Exception {
        JSONValue document = JSONReader.parse(Files.readAllBytes(fixture("conformance/wpt-url/" + name)));
        List<JSONValue> cases = new ArrayList<>();
        for (JSONValue item : document.items()) if (item.kind == JSONValue.Kind.OBJECT) cases.add(item);
        return cases;
    }

    static String text(JSONValue test, String key) {
        JSONValue value = test.get(key);
        return value == null ? null : value.string();
    }

    /** One urltestdata.json case against the parser: the first mismatch, or null. */
    static String mismatch(JSONValue test) {
        String input = text(test, "input");
        if (input == null) return "the case has no input";
        BrowserURL.Result result = BrowserURL.parseWithBase(input, text(test, "base"));
        JSONValue failure = test.get("failure");
        if (failure != null && Boolean.TRUE.equals(failure.bool())) {
            return result.url != null ? "expected failure, got " + result.url.href() : null;
        }
        if (result.url == null) return "unexpected failure: " + result.error;
        BrowserURL url = result.url;
        String[][] actual = {{"href", url.href()}, {"protocol", url.protocol()}, {"username", url.username()}, {"password", url.password()},
                {"host", url.host()}, {"hostname", url.hostname()}, {"port", url.port()}, {"pathname", url.pathname()},
                {"search", url.search()}, {"hash", url.hash()}, {"origin", url.origin()}};
        for (String[] pair : actual) {
            String expected = text(test, pair[0]);
            if (expected != null && !expected.equals(pair[1])) return pair[0] + ": expected " + expected + ", got " + pair[1];
        }
        BrowserURL.Result again = BrowserURL.parse(url.href());
        if (again.url == null || !again.url.href().equals(url.href())) return "href does not re-parse to itself";
        return null;
    }

    @Test void urlTestData() throws Exception {
        List<JSONValue> cases = cases("urltestdata.json");
        List<String> failures = new ArrayList<>();
        int expectedFailures = 0;
        for (JSONValue test : cases) {
            JSONValue failure = test.get("failure");
            if (failure != null && Boolean.TRUE.equals(failure.bool())) expectedFailures++;
            String problem = mismatch(test);
            if (problem != null) failures.add(text(test, "input") + " base " + text(test, "base") + ": " + problem);
        }
        System.out.println("WPT urltestdata.json: " + (cases.size() - failures.size()) + "/" + cases.size() + " passed ("
                + expectedFailures + " cases expect failure)");
        for (String failure : failures.subList(0, Math.min(60, failures.size()))) System.out.println("  FAIL " + failure);
        assertEquals(891, cases.size());
        assertEquals(0, failures.size(), failures.size() + " urltestdata cases fail");
    }

    /** toascii.json / IdnaTestV2.json: `https://{input}/x` must have host `output` (null: failure). */
    static String idnaMismatch(JSONValue test) {
        String input = text(test, "input");
        if (input == null) return "the case has no input";
        String expected = text(test, "output");
        BrowserURL.Result result = BrowserURL.parse("https://" + input + "/x");
        if (result.url == null) return expected != null ? "expected " + expected + ", got failure " + result.error : null;
        BrowserURL url = result.url;
        if (expected == null) return "expected failure, got host " + url.host();
        if (!url.host().equals(expected)) return "expected host " + expected + ", got " + url.host();
        if (!url.hostname().equals(expected)) return "hostname " + url.hostname();
        if (!url.pathname().equals("/x")) return "pathname " + url.pathname();
        if (!url.href().equals("https://" + expected + "/x")) return "href " + url.href();
        return null;
    }

    @Test void toASCII() throws Exception {
        List<JSONValue> cases = cases("toascii.json");
        List<String> failures = new ArrayList<>();
        for (JSONValue test : cases) {
            String problem = idnaMismatch(test);
            if (problem != null) failures.add(text(test, "input") + ": " + problem);
        }
        System.out.println("WPT toascii.json: " + (cases.size() - failures.size()) + "/" + cases.size() + " passed");
        for (String failure : failures) System.out.println("  FAIL " + failure);
        assertEquals(87, cases.size());
        assertEquals(0, failures.size());
    }

    @Test void idnaTestV2() throws Exception {
        List<JSONValue> cases = cases("IdnaTestV2.json");
        List<String> failures = new ArrayList<>();
        int run = 0;
        for (JSONValue test : cases) {
            String input = text(test, "input");
            if (input == null || input.isEmpty()) continue;
            run++;
            String problem = idnaMismatch(test);
            if (problem != null) failures.add(input + ": " + problem);
        }
        System.out.println("WPT IdnaTestV2.json: " + (run - failures.size()) + "/" + run + " passed");
        for (String failure : failures.subList(0, Math.min(80, failures.size()))) System.out.println("  FAIL " + failure);
        assertEquals(2671, cases.size());
        assertEquals(2670, run);
        assertEquals(0, failures.size(), failures.size() + " IdnaTestV2 cases fail");
    }

    /** percent-encoding.json: each input after "?" in `https://doesnotmatter.invalid/?`, its UTF-8 output expected. */
    @Test void percentEncoding() throws Exception {
        List<JSONValue> cases = cases("percent-encoding.json");
        List<String> failures = new ArrayList<>();
        for (JSONValue test : cases) {
            String input = text(test, "input");
            JSONValue output = test.get("output");
            String expected = output == null ? null : text(output, "utf-8");
            if (input == null || expected == null) {
                failures.add("a case without an input or a UTF-8 output");
                continue;
            }
            BrowserURL.Result result = BrowserURL.parse("https://doesnotmatter.invalid/?" + input);
            String href = result.url == null ? null : result.url.href();
            if (!("https://doesnotmatter.invalid/?" + expected).equals(href)) failures.add(input + ": " + href);
        }
        System.out.println("WPT percent-encoding.json: " + (cases.size() - failures.size()) + "/" + cases.size() + " passed");
        for (String failure : failures) System.out.println("  FAIL " + failure);
        assertEquals(7, cases.size());
        assertEquals(0, failures.size());
    }
}
