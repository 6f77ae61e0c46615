// ParserFuzzTests.swift: 100,000 seeded random and mutated inputs through the parser. No input may
// crash it, and every URL it accepts must serialize to a string that parses back to itself.
import SeededRandom
import BrowserURL
import Foundation
import Testing


@Suite("Parser fuzzing")
struct ParserFuzzTests {
    static let seeds: [String] = {
        var seeds = [
            "https://yourdomain.com/password_reset.php?code=abc&state=xyz",
            "janrain:accessToken=abc", "myapp://reset-password?token=t&email=a%40b.c",
            "file:///C:/x/../y", "http://[::1]:8080/a/./b/%2e%2E/c?q#f", "sc://ñ/x?y#z",
            "https://user:pass@xn--bcher-kva.example:443/ü?ü#ü", "blob:https://a.example/uuid",
            "http://0x7f.0.0.1/", "javascript:alert(1)", "data:text/html,<p>", "about:blank",
        ]
        if let data = try? Data(contentsOf: Fixtures.url("conformance/wpt-url/urltestdata.json")),
           let cases = try? JSONSerialization.jsonObject(with: data) as? [Any] {
            seeds += cases.compactMap { ($0 as? [String: Any])?["input"] as? String }
        }
        return seeds
    }()

    static let alphabet: [UInt8] = Array("/\\:@?#%.[]-+=&;, \t\n\0x0123456789abcdefABCDEF".utf8) + [0x7F, 0xC3, 0xA9, 0xE2, 0x80, 0x8D, 0xFF]

    static func mutate(_ input: String, _ rng: inout SplitMix64) -> String {
        var bytes = Array(input.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let choice = Int.random(in: 0..<5, using: &rng)
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &rng)
            switch choice {
            case 0: bytes.insert(alphabet.randomElement(using: &rng)!, at: position)
            case 1 where position < bytes.count: bytes.remove(at: position)
            case 2 where position < bytes.count: bytes[position] = alphabet.randomElement(using: &rng)!
            case 3: bytes.insert(contentsOf: Array(seeds.randomElement(using: &rng)!.utf8.prefix(12)), at: position)
            default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: position)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func random(_ rng: inout SplitMix64) -> String {
        let length = Int.random(in: 0...40, using: &rng)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<6: scalars.append(Unicode.Scalar(alphabet.randomElement(using: &rng)!))
            case 6..<8: scalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
            default:
                if let s = Unicode.Scalar(UInt32.random(in: 0x80...0x2FFFF, using: &rng)) { scalars.append(s) }
            }
        }
        return String(scalars)
    }

    /// The URL serializer (§4.5) over the component getters.
    static func serialize(_ url: BrowserURL) -> String {
        var out = url.protocol
        if url.hasHost {
            out += "//"
            if !url.username.isEmpty || !url.password.isEmpty {
                out += url.username + (url.password.isEmpty ? "" : ":" + url.password) + "@"
            }
            out += url.host
        } else if !url.hasOpaquePath && url.pathname.hasPrefix("//") {
            out += "/."
        }
        out += url.pathname
        if let query = url.query { out += "?" + query }
        if let fragment = url.fragment { out += "#" + fragment }
        return out
    }

    @Test("100,000 seeded inputs: no crash, and every href re-parses to itself")
    func fuzz() throws {
        var rng = SplitMix64(state: 0xB41D_6E)
        let base = try BrowserURL.parse("https://id.example.com/oauth/signin?x=1#f").get()
        var parsed = 0, failed = 0, unstable: [String] = []
        for i in 0..<100_000 {
            let input = i % 3 == 0 ? Self.random(&rng) : Self.mutate(Self.seeds.randomElement(using: &rng)!, &rng)
            let result = i % 2 == 0 ? BrowserURL.parse(input) : BrowserURL.parse(input, base: base)
            switch result {
            case .success(let url):
                parsed += 1
                let again = BrowserURL.parse(url.href)
                if case .success(let reparsed) = again, reparsed.href == url.href {
                    // The components, put together by the spec's URL serializer, give the href back.
                    if Self.serialize(url) != url.href {
                        unstable.append("components: \(input.debugDescription) → \(Self.serialize(url)) ≠ \(url.href)")
                    }
                } else {
                    unstable.append("\(input.debugDescription) → \(url.href.debugDescription) → \(again)")
                }
            case .failure:
                failed += 1
            }
        }
        print("Fuzz: 100000 inputs, \(parsed) parsed, \(failed) rejected, \(unstable.count) not idempotent")
        for u in unstable.prefix(20) { print("  UNSTABLE \(u)") }
        #expect(parsed > 10_000)
        #expect(failed > 1_000)
        #expect(unstable.isEmpty)
    }
}
