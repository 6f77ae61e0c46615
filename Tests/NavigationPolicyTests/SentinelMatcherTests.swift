// SentinelMatcherTests.swift: the one redirect-URI comparison: what matches exactly, what matches only
// through a rule's explicit option (and says so), what never matches, and the callers that ask it
// (engine explanations, request/response pairing, rule shadowing).
import BrowserURL
import Foundation
import NavigationPolicy
import Testing

@Suite("SentinelMatcher")
struct SentinelMatcherTests {
    static func rule(_ redirect: String, trailingSlash: Bool = false, loopbackAnyPort: Bool = false) throws -> SentinelRule {
        let json = #"{"version":1,"sentinels":[{"name":"r","redirectURI":"\#(redirect)","trailingSlash":\#(trailingSlash),"loopbackAnyPort":\#(loopbackAnyPort)}]}"#
        return try RulesLoader.parse(Data(json.utf8)).sentinels[0]
    }

    static func url(_ text: String) throws -> BrowserURL { try BrowserURL.parse(text).get() }

    @Test("matches, and says how", arguments: [
        ("https://app.example/cb", "https://APP.example:443/x/../cb?code=1", false, false, SentinelMatcher.Match()),
        ("http://127.0.0.1/cb", "http://127.0.0.1:50123/cb", false, true, SentinelMatcher.Match(anyLoopbackPort: true)),
        ("http://localhost:8080/cb", "http://localhost:9/cb", false, true, SentinelMatcher.Match(anyLoopbackPort: true)),
        ("https://app.example/cb", "https://app.example/cb/", true, false, SentinelMatcher.Match(trailingSlash: true)),
        ("http://[::1]/cb/", "http://[::1]:7/cb", true, true, SentinelMatcher.Match(anyLoopbackPort: true, trailingSlash: true)),
    ])
    func matches(redirect: String, actual: String, trailingSlash: Bool, loopback: Bool, how: SentinelMatcher.Match) throws {
        let rule = try Self.rule(redirect, trailingSlash: trailingSlash, loopbackAnyPort: loopback)
        let url = try Self.url(actual)
        guard case .match(let match) = SentinelMatcher.compare(url, rule) else {
            Issue.record("\(actual) does not match \(redirect)")
            return
        }
        #expect(match == how)
    }

    @Test("never matches, and says why", arguments: [
        ("https://app.example/cb", "https://app.example/cb/", false, false, SentinelMatcher.MismatchReason.trailingSlash(path: "/cb/", present: true)),
        ("http://127.0.0.1/cb", "http://127.0.0.1:8443/cb", true, false, .port(actual: 8443, expected: 80)),
        ("http://127.0.0.1/cb", "http://127.0.0.2:80/cb", false, true, .host(actual: "127.0.0.2", expected: "127.0.0.1")),
        ("http://localhost/cb", "http://u:p@localhost/cb", true, true, .userinfo),
        ("https://app.example/cb", "https://app.example/cbx", true, false, .path(actual: "/cbx", expected: "/cb")),
        ("https://app.example/cb", "http://app.example/cb", false, false, .scheme(actual: "http", expected: "https")),
    ])
    func mismatches(redirect: String, actual: String, trailingSlash: Bool, loopback: Bool, why: SentinelMatcher.MismatchReason) throws {
        let rule = try Self.rule(redirect, trailingSlash: trailingSlash, loopbackAnyPort: loopback)
        let url = try Self.url(actual)
        #expect(SentinelMatcher.compare(url, rule) == .mismatch(why))
    }

    @Test("a response answers a request under the options of the rule it matched")
    func answers() throws {
        let loose = try Self.rule("http://127.0.0.1/cb", trailingSlash: true, loopbackAnyPort: true)
        let strict = try Self.rule("http://127.0.0.1/cb")
        let hit = try Self.url("http://127.0.0.1:4000/cb/?code=1")
        let requested = try Self.url("http://127.0.0.1:4000/cb")
        #expect(SentinelMatcher.answers(hit, redirectURI: requested, under: loose))
        #expect(!SentinelMatcher.answers(hit, redirectURI: requested, under: strict))
    }

    @Test("shadowing: an earlier rule covers a later one only when it matches everything the later one does")
    func covers() throws {
        let exact = try Self.rule("https://app.example/cb")
        let slash = try Self.rule("https://app.example/cb", trailingSlash: true)
        #expect(SentinelMatcher.covers(slash, exact))
        #expect(!SentinelMatcher.covers(exact, slash))
        let loopback = try Self.rule("http://127.0.0.1/cb", loopbackAnyPort: true)
        let fixedPort = try Self.rule("http://127.0.0.1:8080/cb")
        #expect(SentinelMatcher.covers(loopback, fixedPort))
        #expect(!SentinelMatcher.covers(fixedPort, loopback))
    }

    @Test("--explain names the option a match went through")
    func explanation() throws {
        let rules = #"{"version":1,"sentinels":[{"name":"native","redirectURI":"http://127.0.0.1/cb","loopbackAnyPort":true,"require":["code"]}]}"#
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(rules.utf8)))
        let d = engine.decide(NavigationRequest(url: "http://127.0.0.1:5555/cb?code=x"), explain: true)
        #expect(d.explanation.contains(.matchedSentinel(RuleReference(keyPath: "sentinels[0]", name: "native"), redirectURI: "http://127.0.0.1/cb",
                                                         how: SentinelMatcher.Match(anyLoopbackPort: true, trailingSlash: false), parameters: ["code"])),
                "\(d.explanation)")
    }
}
