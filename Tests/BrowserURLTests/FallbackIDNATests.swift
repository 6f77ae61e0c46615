// FallbackIDNATests.swift: the IDNA fallback an iOS or macOS app runs (Apple SDKs ship no ICU headers),
// compiled and run here on Linux: the WPT URL suites go through it, and its differences from the full
// UTS #46 path are listed, each with what differs, in Fixtures/conformance/fallback-idna-known-differences.json.
// The test fails when a case not listed fails, or a listed one starts to pass (so the list stays true).
import Foundation
import Testing
@testable import BrowserURL

@Suite("IDNA fallback (the Apple-platform path) against the WPT suites")
struct FallbackIDNATests {
    /// Every IDNA-bearing case of the three suites, with its mismatch through the fallback (nil: passes).
    static func results() throws -> [(suite: String, index: Int, input: String, problem: String?)] {
        var out: [(String, Int, String, String?)] = []
        try DomainToASCII.$useFallback.withValue(true) {
            for name in ["toascii.json", "IdnaTestV2.json"] {
                let cases = try #require(Fixtures.json("conformance/wpt-url/\(name)") as? [Any]).compactMap { $0 as? [String: Any] }
                for (index, test) in cases.enumerated() { out.append((name, index, WPTConformanceTests.input(test), WPTConformanceTests.idnaMismatch(test))) }
            }
            let urls = try #require(Fixtures.json("conformance/wpt-url/urltestdata.json") as? [Any]).compactMap { $0 as? [String: Any] }
            for (index, test) in urls.enumerated() where (WPTConformanceTests.input(test)).unicodeScalars.contains(where: { $0.value >= 0x80 }) {
                out.append(("urltestdata.json", index, WPTConformanceTests.input(test), WPTConformanceTests.mismatch(test)))
            }
        }
        return out
    }

    @Test("the fallback passes the suites but for its listed differences")
    func suites() throws {
        let results = try Self.results()
        // BRIDGE_REGENERATE_FALLBACK_LIST=1 swift test --filter FallbackIDNATests rewrites the list from this run.
        if ProcessInfo.processInfo.environment["BRIDGE_REGENERATE_FALLBACK_LIST"] == "1" { try Self.writeList(results) }
        let known = try #require(Fixtures.json("conformance/fallback-idna-known-differences.json") as? [String: Any])
        let listed = try #require(known["cases"] as? [[String: Any]])
        let listedKeys = Set(listed.map { "\($0["suite"]!)[\($0["case"]!)]" })
        var bySuite: [String: (passed: Int, total: Int)] = [:]
        var unlisted: [String] = [], nowPass: [String] = []
        for r in results {
            let key = "\(r.suite)[\(r.index)]"
            bySuite[r.suite, default: (0, 0)].total += 1
            if r.problem == nil { bySuite[r.suite, default: (0, 0)].passed += 1 }
            if let problem = r.problem, !listedKeys.contains(key) { unlisted.append("\(key) \(r.input.debugDescription): \(problem)") }
            if r.problem == nil, listedKeys.contains(key) { nowPass.append(key) }
        }
        for (suite, count) in bySuite.sorted(by: { $0.key < $1.key }) {
            print("IDNA fallback, \(suite)\(suite == "urltestdata.json" ? " (non-ASCII inputs)" : ""): \(count.passed)/\(count.total) passed")
        }
        print("IDNA fallback: \(listed.count) known differences, listed in Fixtures/conformance/fallback-idna-known-differences.json")
        for line in unlisted.prefix(40) { print("  FAIL \(line)") }
        for key in nowPass.prefix(40) { print("  now passes, remove from the list: \(key)") }
        #expect(unlisted.isEmpty, "\(unlisted.count) cases fail through the fallback that are not listed")
        #expect(nowPass.isEmpty, "\(nowPass.count) listed differences now pass")
    }

    static func writeList(_ results: [(suite: String, index: Int, input: String, problem: String?)]) throws {
        var cases: [[String: Any]] = []
        for r in results { if let problem = r.problem { cases.append(["suite": r.suite, "case": r.index, "input": r.input, "differs": problem]) } }
        let document: [String: Any] = [
            "about": "WPT cases the IDNA fallback (the code an Apple-platform build runs for non-ASCII hosts) gets wrong where the ICU path is right. 'case' is the case's index in its suite, 'differs' what the test saw. Most are UTS #46 validity rules the fallback does not implement (Bidi, CONTEXTJ, disallowed code points, label length), so it accepts what a browser rejects; a host it maps differently is a finding to fix. Regenerate with BRIDGE_REGENERATE_FALLBACK_LIST=1 swift test --filter FallbackIDNATests.",
            "cases": cases,
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try data.write(to: Fixtures.url("conformance/fallback-idna-known-differences.json"))
    }

    @Test("what the fallback must get right: case, full-width forms, ideographic full stops, NFC, deviations, lookalikes", arguments: [
        ("https://BÜCHER.example/", "https://xn--bcher-kva.example/"),
        ("https://ｅｘａｍｐｌｅ．ｃｏｍ/", "https://example.com/"),
        ("https://例え。jp/", "https://xn--r8jz45g.jp/"),
        ("https://bu\u{308}cher.example/", "https://xn--bcher-kva.example/"),
        ("https://faß.de/", "https://xn--fa-hia.de/"),
        ("https://y\u{43E}urdomain.com/", "https://xn--yurdomain-02h.com/"),
    ])
    func essentials(input: String, href: String) throws {
        let url = try DomainToASCII.$useFallback.withValue(true) { try BrowserURL.parse(input).get() }
        #expect(url.href == href)
    }

    @Test("a compatibility character the fallback cannot map fails the host (fail closed), never a different host")
    func failsClosed() {
        let result = DomainToASCII.$useFallback.withValue(true) { BrowserURL.parse("https://\u{FB01}le.example/") }
        guard case .failure(let error) = result else { Issue.record("parsed: \(result)"); return }
        #expect("\(error)".contains("U+FB01"))
    }
}
