// WPTConformanceTests.swift: the web-platform-tests URL suite, run in full, with counts printed.
// urltestdata.json, toascii.json, IdnaTestV2.json and percent-encoding.json (its UTF-8 outputs: a web view's
// URLs are UTF-8) must pass entirely (IdnaTestV2's empty input is skipped, as WPT's own harness skips it).
// The Java engine's WPTConformanceTest runs the same files to the same counts.
import BrowserURL
import Foundation
import Testing

@Suite("WPT URL conformance")
struct WPTConformanceTests {
    /// A case's input ("" when it has none; the mismatch functions then report it).
    static func input(_ test: [String: Any]) -> String { test["input"] as? String ?? "" }

    /// One urltestdata.json case against the parser; returns a description of the first mismatch.
    static func mismatch(_ test: [String: Any]) -> String? {
        guard let input = test["input"] as? String else { return "the case has no input" }
        let base = test["base"] as? String
        let result = BrowserURL.parse(input, baseString: base)
        if test["failure"] as? Bool == true {
            if case .success(let url) = result { return "expected failure, got \(url.href)" }
            return nil
        }
        guard case .success(let url) = result else {
            if case .failure(let e) = result { return "unexpected failure: \(e)" }
            return nil
        }
        let actual: [String: String] = [
            "href": url.href, "protocol": url.protocol, "username": url.username, "password": url.password,
            "host": url.host, "hostname": url.hostname, "port": url.port, "pathname": url.pathname,
            "search": url.search, "hash": url.hash, "origin": url.origin,
        ]
        for key in ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
                    "search", "hash", "origin"] {
            guard let expected = test[key] as? String else { continue }
            if actual[key] != expected { return "\(key): expected \(expected.debugDescription), got \(actual[key]!.debugDescription)" }
        }
        // A valid URL's serialization must parse to itself.
        if case .success(let again) = BrowserURL.parse(url.href), again.href != url.href {
            return "href does not re-parse to itself: \(again.href)"
        }
        return nil
    }

    @Test("urltestdata.json: every case")
    func urlTestData() throws {
        let cases = try #require(Fixtures.json("conformance/wpt-url/urltestdata.json") as? [Any])
            .compactMap { $0 as? [String: Any] }
        var passed = 0, failures: [String] = []
        var expectedFailures = 0
        for test in cases {
            if test["failure"] as? Bool == true { expectedFailures += 1 }
            if let problem = Self.mismatch(test) {
                failures.append("\(Self.input(test).debugDescription) base \(String(describing: test["base"] as? String)): \(problem)")
            } else {
                passed += 1
            }
        }
        print("WPT urltestdata.json: \(passed)/\(cases.count) passed (\(expectedFailures) cases expect failure)")
        for failure in failures.prefix(60) { print("  FAIL \(failure)") }
        #expect(cases.count == 891)
        #expect(failures.isEmpty, "\(failures.count) urltestdata cases fail")
    }

    /// toascii.json / IdnaTestV2.json: `https://{input}/x` must have host `output` (null: failure).
    static func idnaMismatch(_ test: [String: Any]) -> String? {
        guard let input = test["input"] as? String else { return "the case has no input" }
        let expected = test["output"] as? String
        switch BrowserURL.parse("https://\(input)/x") {
        case .success(let url):
            if expected == nil { return "expected failure, got host \(url.host)" }
            if url.host != expected { return "expected host \(expected!), got \(url.host)" }
            if url.hostname != expected { return "hostname \(url.hostname)" }
            if url.pathname != "/x" { return "pathname \(url.pathname)" }
            if url.href != "https://\(expected!)/x" { return "href \(url.href)" }
        case .failure(let error):
            if let expected { return "expected \(expected), got failure \(error)" }
        }
        return nil
    }

    @Test("toascii.json: every case")
    func toASCII() throws {
        let cases = try #require(Fixtures.json("conformance/wpt-url/toascii.json") as? [Any])
            .compactMap { $0 as? [String: Any] }
        var failures: [String] = []
        for test in cases {
            if let problem = Self.idnaMismatch(test) { failures.append("\(Self.input(test).debugDescription): \(problem)") }
        }
        print("WPT toascii.json: \(cases.count - failures.count)/\(cases.count) passed")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(cases.count == 87)
        #expect(failures.isEmpty)
    }

    @Test("IdnaTestV2.json: every case")
    func idnaTestV2() throws {
        let cases = try #require(Fixtures.json("conformance/wpt-url/IdnaTestV2.json") as? [Any])
            .compactMap { $0 as? [String: Any] }
        var failures: [String] = []
        var run = 0
        for test in cases {
            let input = Self.input(test)
            // WPT's own harness (url/IdnaTestV2.window.js) skips the empty input: no URL can carry it.
            if input.isEmpty { continue }
            run += 1
            if let problem = Self.idnaMismatch(test) { failures.append("\(input.debugDescription): \(problem)") }
        }
        print("WPT IdnaTestV2.json: \(run - failures.count)/\(run) passed")
        for failure in failures.prefix(80) { print("  FAIL \(failure)") }
        #expect(cases.count == 2671)
        #expect(run == 2670)
        #expect(failures.isEmpty, "\(failures.count) IdnaTestV2 cases fail")
    }

    /// percent-encoding.json: WPT's percent-encoding.window.js puts each input after "?" in a link's href
    /// (`https://doesnotmatter.invalid/?` + input) and expects the document encoding's output; a web view's
    /// URLs are UTF-8, so the UTF-8 output is the one to match.
    @Test("percent-encoding.json: every case's UTF-8 output")
    func percentEncodingSuite() throws {
        let cases = try #require(Fixtures.json("conformance/wpt-url/percent-encoding.json") as? [Any])
            .compactMap { $0 as? [String: Any] }
        var failures: [String] = []
        for test in cases {
            guard let input = test["input"] as? String, let expected = (test["output"] as? [String: Any])?["utf-8"] as? String else {
                failures.append("a case without an input or a UTF-8 output")
                continue
            }
            let href = try? BrowserURL.parse("https://doesnotmatter.invalid/?" + input).get().href
            if href != "https://doesnotmatter.invalid/?" + expected { failures.append("\(input.debugDescription): \(String(describing: href))") }
        }
        print("WPT percent-encoding.json: \(cases.count - failures.count)/\(cases.count) passed")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(cases.count == 7)
        #expect(failures.isEmpty)
    }
}
