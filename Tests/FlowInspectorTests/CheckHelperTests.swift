// CheckHelperTests.swift: the helpers the checks share, from examples and against their definitions: a
// written URL's query parameters (all of them, and the one a check asks for), and a case-blind scheme prefix.
import SeededRandom
import Testing
@testable import FlowInspector

@Suite("Check helpers")
struct CheckHelperTests {
    static let queryExamples: [(text: String, parameters: [String: String])] = [
        ("https://example.janraincapture.com/oauth/signin?client_id=c1&redirect_uri=https%3A%2F%2Fa.example%2Fcb#top", ["client_id": "c1", "redirect_uri": "https://a.example/cb"]),
        ("https://a.example/path", [:]),
        ("?a=1&a=2&b", ["a": "1", "b": ""]),
        ("https://a.example/#?a=1", ["a": "1"]),
        ("https://a.example/?#a=1", [:]),
        ("…/oauth/signin?flow=…&locale=en-US", ["flow": "…", "locale": "en-US"]),
        // A combining mark after "?" does not hide it (the URL parser reads bytes); the mark starts the name.
        ("https://a.example/?\u{301}x=1", ["\u{301}x": "1"]),
        ("https://a.example/?x=1#\u{301}y=2", ["x": "1"]),
    ]

    @Test("a written URL's query parameters: from the first ? to the next #, the first of each name", arguments: queryExamples)
    func queryParameters(example: (text: String, parameters: [String: String])) {
        #expect(CheckCatalogue.queryParameters(example.text) == example.parameters)
    }

    static let askedNames = ["redirect_uri", "callback", "xd_receiver", "client_id", "a", "x"]

    @Test("the one parameter a check asks for is the one all of them give, on the examples and 20,000 seeded texts")
    func oneQueryParameter() {
        for example in Self.queryExamples {
            for name in Self.askedNames {
                #expect(CheckCatalogue.queryParameter(example.text, named: name) == CheckCatalogue.queryParameters(example.text)[name], "\(example.text.debugDescription) \(name)")
            }
        }
        let alphabet = ["?", "#", "&", "=", "+", "%", "%5F", "%5f", "%3D", "%26", "redirect_uri", "redirect", "_uri", "callback", "xd_receiver",
                        "x", "a", "1", "é", "\u{301}", "\u{212A}", "…", "%E2%80%A6", "https://a.example/cb",
                        "?redirect_uri=", "&callback=", "&xd_receiver=", "&x=", "?a=", "&redirect%5Furi="]
        var random = SplitMix64(0x7175_6572)
        var found = 0
        for _ in 0..<20_000 {
            let text = random.joined(alphabet, lengths: 1...16)
            let all = CheckCatalogue.queryParameters(text)
            for name in Self.askedNames {
                let one = CheckCatalogue.queryParameter(text, named: name)
                #expect(one == all[name], "\(text.debugDescription) \(name)")
                if one != nil { found += 1 }
            }
        }
        #expect(found > 1_000, "\(found)")
    }

    @Test("a case-blind prefix answers as lower-casing the whole text would, on 20,000 seeded texts")
    func prefixIgnoringCase() {
        var random = SplitMix64(0x6874_7470)
        let pieces = ["h", "H", "t", "T", "p", "P", "s", "S", ":", "/", "//", "\u{301}", "\u{130}", "\u{212A}", "é", "x", "http://", "HTTPS://", "\u{3A3}", "\u{345}", "\u{200D}", "🇫🇷"]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = random.joined(pieces, lengths: 0...9)
            for prefix in ["http://", "https://"] where CheckCatalogue.hasPrefixIgnoringCase(text, prefix) != text.lowercased().hasPrefix(prefix) {
                disagreements.append(text)
            }
        }
        #expect(disagreements.isEmpty)
    }
}
