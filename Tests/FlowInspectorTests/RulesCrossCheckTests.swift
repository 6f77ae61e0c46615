// RulesCrossCheckTests.swift: what the checks against the rules report when a sign-in's redirect_uri misses
// every sentinel: the first sentinel's mismatch, as a value, and the finding made of it (its wording is the
// renderer's; a method interpolated in place of its text is a compiler warning, which CI fails on).
import SecretMasking
import BrowserURL
import CommandOutput
import NavigationPolicy
import Testing
@testable import FlowInspector

@Suite("Checks against the rules")
struct RulesCrossCheckTests {
    static func page(redirect: String) -> String {
        let encoded = redirect.utf8.map { byte in
            byte.isAlphanumeric ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
        }.joined()
        return #"<html><body><a href="https://x.janraincapture.com/oauth/signin?response_type=code&client_id=c1&redirect_uri="#
            + encoded + #"">Sign in</a></body></html>"#
    }

    @Test("a redirect_uri that misses every sentinel names the nearest mismatch", arguments: [
        ("https://yourdomain.com/password_reset.php/", SentinelMatcher.MismatchReason.trailingSlash(path: "/password_reset.php/", present: true)),
        ("https://yourdomain.com/password_reset.php;code=abcdefghijklmnopqrst", .path(actual: "/password_reset.php;code=abcdefghijklmnopqrst", expected: "/password_reset.php")),
    ])
    func missNamesTheNearestMismatch(redirect: String, reason: SentinelMatcher.MismatchReason) throws {
        let engine = try Repository.captureEngine()
        let url = try #require(BrowserURL(redirect))
        let reasons = try #require(CheckCatalogue.mismatches(url, engine.rules.sentinels))
        #expect(reasons.count == engine.rules.sentinels.count && reasons.first == reason)
        let findings = try Inspector(engine: engine).inspect(bytes: Array(Self.page(redirect: redirect).utf8), name: "p.html", directory: nil).get()
        let missed = findings.filter { $0.check == "redirect-uri-not-caught" }.map(\.detail)
        #expect(missed == [.redirectURINotCaught(url: url.href, nearest: reason)])
    }

    @Test("a redirect_uri a sentinel catches has no mismatches")
    func caughtHasNoMismatches() throws {
        let engine = try Repository.captureEngine()
        let url = try #require(BrowserURL("https://yourdomain.com/password_reset.php"))
        #expect(CheckCatalogue.mismatches(url, engine.rules.sentinels) == nil)
    }
}

private extension UInt8 {
    var isAlphanumeric: Bool { (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
