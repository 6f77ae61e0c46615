// LatinDomainTests.swift: LatinDomain (the short path for Latin-letter domains) against the full UTS #46:
// every code point from U+00A0 to U+024F alone, capital and small, at the start, middle and end of a
// label; generated domains of Latin letters, ASCII letters, digits and hyphens; and the cases it must leave
// to UTS #46.
import SeededRandom
import Testing
@testable import BrowserURL

@Suite("Latin-letter domains on the short path")
struct LatinDomainTests {
    /// LatinDomain's answer, or nil when it leaves the domain to UTS #46.
    static func latin(_ domain: String) -> String? {
        var bytes = Array(domain.utf8)
        return bytes.withUnsafeMutableBufferPointer { input in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { scratch in
                var out = URLWriter(scratch: scratch)
                defer { out.release() }
                guard LatinDomain.write(UnsafeBufferPointer(input), into: &out) else { return nil }
                return out.makeString()
            }
        }
    }

    /// The full UTS #46's answer.
    static func uts46(_ domain: String) -> String? {
        let bytes = Array(domain.utf8)
        return (try? bytes.withUnsafeBufferPointer { try UTS46.toASCII($0) }).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("every code point it takes gives UTS #46's result, alone and inside labels; it takes the Latin letters")
    func everyCodePoint() {
        var taken = 0
        for value in UInt32(0xA0)...0x24F {
            let c = String(Unicode.Scalar(value)!)
            for domain in ["\(c).example", "a\(c)b.example", "x.\(c)\(c)", "\(c)-1.\(c)Z"] {
                guard let ours = Self.latin(domain) else { continue }
                #expect(ours == Self.uts46(domain), "U+\(String(value, radix: 16)) in \(domain)")
                taken += 1
            }
            // What it takes is exactly what `mapping` names.
            #expect((Self.latin("a\(c)b.example") != nil) == (LatinDomain.mapping(value) != 0), "U+\(String(value, radix: 16))")
        }
        print("Latin domains: \(taken) domains taken, each equal to UTS #46's")
        #expect(taken >= 4 * 180)
    }

    @Test("generated domains of Latin letters, ASCII letters, digits and hyphens equal UTS #46's")
    func generatedDomains() {
        var rng = SplitMix64(state: 0x1A71_2026)
        let alphabet = Array("aZ9-äÖßçÉøŁźŸıĸœÆ") + (0xC0...0x17F).compactMap { Unicode.Scalar($0).map(Character.init) }
        var compared = 0
        for _ in 0..<3_000 {
            let labels = (0..<Int(rng.next() % 3 + 1)).map { _ in
                String((0..<Int(rng.next() % 24 + 1)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            }
            let domain = labels.joined(separator: ".")
            guard let ours = Self.latin(domain) else { continue }
            #expect(ours == Self.uts46(domain), "\(domain)")
            compared += 1
        }
        print("Latin domains: \(compared) generated domains equal to UTS #46's")
        #expect(compared > 1_000)
    }

    @Test("it leaves to UTS #46 what it does not cover")
    func leavesTheRest() throws {
        for domain in ["xn--a-ä.pt", "XN--A-Ä.PT", "xn--tešla", "bücher..example", "bücher.example.", ".bücher", "xn--bcher-kva.bücher", "Xn--a.ü",
                       "bü_cher.example", "bü cher", "例え.jp", "büc\u{0301}her", "İstanbul.tr", "ĳ.nl", "ſ.de", "a×b.ü",
                       String(repeating: "ü", count: 65), "bücher.xn--a"] {
            #expect(Self.latin(domain) == nil, "\(domain)")
        }
        // And the parser's result is the same either way.
        #expect(try BrowserURL.parse("https://BÜCHER.example/").get().host == "xn--bcher-kva.example")
        #expect(try BrowserURL.parse("https://b%C3%BCcher.example/").get().host == "xn--bcher-kva.example")
    }
}

