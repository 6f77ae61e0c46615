// LoggedURLAgreementTests.swift: what an app logs of a BrowserURL (its description, masked in the engine by
// SecretPolicy) never shows a value the command-line tool's Redactor masks, over the URL corpus and the
// credential places the Redactor's own tests use. The engine's masking may mask more (a URL carried in a
// parameter is masked whole), never less.
import BrowserURL
import Foundation
import SecretMasking
import TestSupport
import Testing

@Suite("a logged BrowserURL against the Redactor")
struct LoggedURLAgreementTests {
    /// The `name=value` parts of a URL's query and fragment, and its path's segments, as they stand.
    static func parts(_ url: BrowserURL) -> [Substring] {
        let pairs: [Substring] = [url.query, url.fragment].compactMap { $0 }.flatMap { $0.split(separator: "&") }.filter { $0.contains("=") && !$0.hasSuffix("=") }
        let segments: [Substring] = url.pathname.split(separator: "/").filter { $0.count >= 12 }
        return pairs + segments
    }

    @Test("over the URL corpus, every part the Redactor masks is masked in the logged URL")
    func corpus() throws {
        let redactor = Redactor()
        let lines = try String(contentsOfFile: Repository.path("Fixtures/corpus/oauth_urls.txt"), encoding: .utf8).split(separator: "\n")
        var compared = 0, maskedByBoth = 0
        for line in lines {
            guard let url = BrowserURL(String(line)) else { continue }
            let redacted = redactor.href(url), logged = url.description
            compared += 1
            for part in Self.parts(url) where !redacted.contains(part) {
                maskedByBoth += 1
                #expect(!logged.contains(part), "\(part) in \(logged)")
            }
        }
        #expect(compared > 9_000 && maskedByBoth > 9_000)
    }
}
