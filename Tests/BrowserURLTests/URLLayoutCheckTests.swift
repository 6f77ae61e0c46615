// URLLayoutCheckTests.swift: every URL the parser makes has a layout consistent with its href (the WPT
// inputs with their bases, the URL corpus), and the check finds a layout moved by one in any field.
@testable import BrowserURL
import Foundation
import TestSupport
import Testing

@Suite("the URL layout's consistency check")
struct URLLayoutCheckTests {
    @Test("every WPT input and corpus URL that parses has a consistent layout")
    func parsedLayoutsAreConsistent() throws {
        let cases = try #require(Fixtures.json("conformance/wpt-url/urltestdata.json") as? [Any]).compactMap { $0 as? [String: Any] }
        var checked = 0
        for test in cases {
            guard let input = test["input"] as? String else { continue }
            let base = test["base"] as? String
            guard case .success(let url) = BrowserURL.parse(input, baseString: base) else { continue }
            #expect(url.layoutProblem == nil, "\(input.debugDescription) against \(base ?? "no base")")
            checked += 1
        }
        let corpus = try String(contentsOfFile: Repository.path("Fixtures/corpus/oauth_urls.txt"), encoding: .utf8).split(separator: "\n")
        for line in corpus {
            guard let url = BrowserURL(String(line)) else { continue }
            #expect(url.layoutProblem == nil, "\(line)")
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test("a layout with any field moved by one is found inconsistent", arguments: [
        "https://user:pass@example.com:8080/a/b?q=1#f", "http://example.com/", "myapp://reset-password?token=t",
        "janrain:accessToken=abc", "file:///tmp/x", "web+demo:/.//not-a-host/", "foo://h/p?x#y",
    ])
    func movedFieldsAreFound(text: String) throws {
        let url = try BrowserURL.parse(text).get()
        #expect(url.layoutProblem == nil)
        let moves: [(String, (inout URLLayout) -> Void)] = [
            ("schemeEnd", { $0.schemeEnd += 1 }), ("usernameEnd", { $0.usernameEnd += 1 }), ("passwordEnd", { $0.passwordEnd += 1 }),
            ("hostStart", { $0.hostStart += 1 }), ("hostEnd", { $0.hostEnd -= 1 }), ("port", { $0.port += 1 }),
            ("pathStart", { $0.pathStart += 1 }), ("queryStart", { $0.queryStart += 1 }), ("fragmentStart", { $0.fragmentStart += 1 }),
            ("hasOpaquePath", { $0.hasOpaquePath.toggle() }), ("scheme", { $0.scheme = $0.scheme == .https ? .http : .https }),
        ]
        for (field, move) in moves {
            var layout = url.layout
            move(&layout)
            // A move that leaves the layout as it was (a -1 field moved to 0 where that means the same) is skipped.
            guard layout != url.layout, !(field == "usernameEnd" || field == "passwordEnd" || field == "hostStart" || field == "hostEnd" || field == "port"
                                          || field == "queryStart" || field == "fragmentStart") || Self.wasSet(field, url.layout) else { continue }
            #expect(BrowserURL.layoutProblem(href: url.href, layout: layout) != nil, "\(text): \(field)")
        }
    }

    /// Whether a field that may be null (-1) is set in `layout`.
    static func wasSet(_ field: String, _ layout: URLLayout) -> Bool {
        switch field {
        case "usernameEnd": layout.usernameEnd >= 0
        case "passwordEnd": layout.passwordEnd > layout.usernameEnd
        case "hostStart", "hostEnd": layout.hostStart >= 0
        case "port": layout.port >= 0
        case "queryStart": layout.queryStart >= 0
        case "fragmentStart": layout.fragmentStart >= 0
        default: true
        }
    }
}
