// ComponentComparisonTests.swift: the byte comparisons the engine uses agree with the String getters,
// on the WPT inputs and on hand-picked edge cases; a scheme's kind by name is the parser's.
@testable import BrowserURL
import Testing

@Suite("Component comparison")
struct ComponentComparisonTests {
    @Test("a scheme's kind by name is the kind the parser gives a URL with that scheme",
          arguments: ["http", "https", "ws", "wss", "ftp", "file", "myapp", "httpx", "htt", "janrain"])
    func schemeKindByName(_ name: String) throws {
        let url = try #require(BrowserURL(name + "://a.example/"))
        #expect(SchemeKind(name: name) == url.schemeKind)
        #expect(SchemeKind(name: name.uppercased()) == .other)
    }

    @Test("component(_:equals:) agrees with the getters on every WPT URL that parses")
    func agreesWithGetters() throws {
        var compared = 0
        let cases = try #require(Fixtures.json("conformance/wpt-url/urltestdata.json") as? [Any]).compactMap { $0 as? [String: Any] }
        for test in cases {
            guard let input = test["input"] as? String,
                  case .success(let url) = BrowserURL.parse(input, baseString: test["base"] as? String) else { continue }
            let getters: [(URLComponentName, String)] = [(.scheme, url.scheme), (.username, url.username), (.password, url.password),
                                                          (.hostname, url.hostname), (.pathname, url.pathname)]
            for (name, value) in getters {
                // A key lookup finds the getter's value among others, by index, and nothing that differs.
                #expect(url.firstIndex(of: name, in: ComponentKeys(["x-not-it", value + "x", value, value])) == 2, "\(input): \(name)")
                #expect(url.firstIndex(of: name, in: ComponentKeys([value + "x", value.isEmpty ? "x" : String(value.dropLast())])) == nil)
                #expect(url.component(name, equals: value), "\(input): \(name) \(value)")
                #expect(!url.component(name, equals: value + "x"))
                #expect(url.byteCount(of: name) == value.utf8.count)
                #expect(String(url.componentSubstring(name)) == value)
            }
            compared += 1
        }
        #expect(compared > 500)
    }

    @Test("past 64 keys a lookup is by table: the first equal key's index for every key, a repeated one's first, nothing else",
          arguments: [65, 200, 5_000])
    func manyKeysByTable(_ count: Int) throws {
        let paths = (0..<count).map { "/cb\($0)" } + ["/cb3", "/" + String(repeating: "x", count: 80)]
        let keys = ComponentKeys(paths)
        for (index, path) in paths.enumerated() {
            let url = try #require(BrowserURL("https://a.example" + path))
            #expect(url.firstIndex(of: .pathname, in: keys) == (path == "/cb3" ? 3 : index), "\(path)")
        }
        for absent in ["/cb\(count)", "/cb", "/", "/" + String(repeating: "x", count: 79)] {
            #expect(try #require(BrowserURL("https://a.example" + absent)).firstIndex(of: .pathname, in: keys) == nil)
        }
    }

    @Test("bytes compared eight and four at a time agree with a byte loop, for every length and every differing position")
    func wordComparisonAgreesWithBytes() {
        let text = Array("https://sub.example.com/oauth/callback?code=abc".utf8)
        var compared = 0
        for length in 0...40 {
            for offset in [0, 1, 3, 7] where offset + length <= text.count {
                var other = [UInt8](repeating: 0, count: 5) + text[offset..<offset + length] + [0x7A]
                text.withUnsafeBufferPointer { a in
                    other.withUnsafeBufferPointer { b in #expect(bytesEqual(a, offset, b, 5, length), "length \(length)") }
                }
                for position in 0..<length {
                    other[5 + position] ^= 0x20
                    text.withUnsafeBufferPointer { a in
                        other.withUnsafeBufferPointer { b in #expect(!bytesEqual(a, offset, b, 5, length), "length \(length), differs at \(position)") }
                    }
                    other[5 + position] ^= 0x20
                    compared += 1
                }
            }
        }
        #expect(compared == 3_280)
    }

    @Test("a lookup finds the first equal key past the 64 kept in length sets, and keys of 64 bytes and more")
    func manyAndLongKeys() throws {
        // Hosts of every length from 1 to 99 bytes, some twice, some 64 bytes and longer, more than 64 keys.
        // Same lengths with other bytes too ("b…" before "a…" for even lengths).
        let hosts = (1...99).flatMap { n in n % 2 == 0 ? [String(repeating: "b", count: n), String(repeating: "a", count: n)] : [String(repeating: "a", count: n)] }
        let keys = hosts + hosts.prefix(10) + ["c", "a.b"]
        let table = ComponentKeys(keys)
        #expect(table.count == keys.count)
        for (index, host) in keys.enumerated() {
            let url = try #require(BrowserURL("https://\(host)/"), "\(host)")
            let expected = keys.firstIndex(of: url.hostname)
            #expect(url.firstIndex(of: .hostname, in: table) == expected, "\(host)")
            if expected != nil && index < hosts.count { #expect(expected == index) }
        }
        let none = try #require(BrowserURL("https://" + String(repeating: "c", count: 70) + "/"))
        #expect(none.firstIndex(of: .hostname, in: table) == nil)
        #expect(none.firstIndex(of: .hostname, in: ComponentKeys([])) == nil)
    }

    @Test("a suffix after a separator matches whole labels only")
    func labelSuffix() throws {
        let url = try #require(BrowserURL("https://a.example.com/x"))
        #expect(url.component(.hostname, hasSuffix: "example.com", after: UInt8(ascii: ".")))
        #expect(!url.component(.hostname, hasSuffix: "xample.com", after: UInt8(ascii: ".")))
        #expect(url.component(.hostname, hasSuffix: "xample.com"))
        let bare = try #require(BrowserURL("https://example.com/"))
        #expect(!bare.component(.hostname, hasSuffix: "example.com", after: UInt8(ascii: ".")))
        let evil = try #require(BrowserURL("https://evilexample.com/"))
        #expect(!evil.component(.hostname, hasSuffix: "example.com", after: UInt8(ascii: ".")))
    }

    /// The lookup reads only the keys a component's length allows (length sets, for up to 64 keys and
    /// components under 64 bytes) and every key otherwise: both ways are checked, with 10, 64, 65 and 80 keys
    /// (`padding` keys first), and hosts of 62 to 66 bytes around the sets' limit.
    @Test("a lookup among exact keys and keys that include subdomains agrees with equals and hasSuffix, in key order, past rejected matches and from any start",
          arguments: [0, 54, 55, 70])
    func subdomainLookup(padding: Int) throws {
        let long = String(repeating: "l", count: 50) + ".example.com"   // 62 bytes
        let keys = (0..<padding).map { "pad\($0).example.org" }
            + ["example.com", "example.com", "a.example.com", "xample.com", "com", "example.jp", "b", "", long, "l" + long]
        let suffix = [Bool](repeating: false, count: padding) + [false, true, false, true, true, true, false, false, false, true]
        let hosts = ["https://example.com/", "https://a.example.com/", "https://a.b.example.com/", "https://evilexample.com/",
                     "https://.example.com/", "https://example.jp/", "https://x.example.jp/", "https://b/", "myapp:x",
                     "https://[::1]/", "https://127.0.0.1/", "https://example.com.evil.com/", "https://pad3.example.org/",
                     "https://\(long)/", "https://l\(long)/", "https://a.l\(long)/", "https://ab.l\(long)/", "https://abc.\(long)/",
                     "https://a.\(long)/"]
        let table = ComponentKeys(keys, includingSubdomains: suffix)
        var found = 0
        for text in hosts {
            let url = try #require(BrowserURL(text))
            let hostname = url.hostname
            /// The reference: key `index` is the hostname or, as a domain suffix, ends it after a label and a dot.
            func matches(_ index: Int) -> Bool {
                if !suffix[index] { return hostname == keys[index] }
                return hostname.utf8.count > keys[index].utf8.count + 1 && hostname.hasSuffix("." + keys[index])
            }
            for rejected in [Set<Int>(), [0, 1], Set(0..<keys.count)] {
                let expected = keys.indices.first { !rejected.contains($0) && matches($0) }
                // As the engine asks: again from the index after each rejected match.
                var asked: [Int] = []
                var index = url.firstIndex(of: .hostname, in: table, from: 0)
                while let match = index, rejected.contains(match) {
                    asked.append(match)
                    index = url.firstIndex(of: .hostname, in: table, from: match + 1)
                }
                if let index { asked.append(index) }
                #expect(index == expected, "\(text) rejecting \(rejected.sorted())")
                // Only keys that match are found, in order, up to the one taken.
                #expect(asked == asked.sorted() && asked.last == index ?? asked.last && asked.allSatisfy(matches), "\(text)")
                if index != nil { found += 1 }
            }
            // From every start: the first match at or after it (what the engine asks, rejecting a match by
            // asking again after it).
            for first in [-1] + Array(keys.indices) + [keys.count, 64, 100] {
                let expected = keys.indices.first { $0 >= first && matches($0) }
                #expect(url.firstIndex(of: .hostname, in: table, from: first) == expected, "\(text) from \(first)")
            }
        }
        #expect(found >= 10)
    }

    @Test("hasQuery says what query != nil says",
          arguments: ["https://a.example/", "https://a.example/?", "https://a.example/?x=1#f", "https://a.example/#?x",
                      "janrain:accessToken=T", "janrain:onLogin?arguments=%5B%5D", "myapp:?", "about:blank"])
    func hasQuery(text: String) throws {
        let url = try BrowserURL.parse(text).get()
        #expect(url.hasQuery == (url.query != nil))
    }
}
