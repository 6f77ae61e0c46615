// UTS46RevisionsTests.swift: the newer UTS #46 mappings applied to a domain's bytes give the domain its
// scalars would spell, each mapped one by one (the definition), on every revised code point and on seeded
// domains mixing them with ASCII, other scripts and bytes that are not UTF-8.
import SeededRandom
import Testing
@testable import BrowserURL

@Suite("UTS #46 revisions")
struct UTS46RevisionsTests {
    /// The mappings by definition: the domain's scalars (invalid bytes read as U+FFFD), each replaced.
    static func appliedByDefinition(_ domain: [UInt8]) -> [UInt8] {
        var scalars = String.UnicodeScalarView()
        for scalar in String(decoding: domain, as: UTF8.self).unicodeScalars {
            if let mapped = UTS46Revisions.replacement(for: scalar.value) {
                scalars.append(contentsOf: mapped.compactMap(Unicode.Scalar.init))
            } else {
                scalars.append(scalar)
            }
        }
        return Array(String(scalars).utf8)
    }

    static let revised: [UInt32] = [0x04C0, 0x10A0, 0x10B3, 0x10C5, 0x10C7, 0x10CD, 0x1E9E, 0x2132, 0x2183, 0x2F868, 0x2F874, 0x2F91F,
                                    0x2F95F, 0x2F9BF, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x206A, 0x206F, 0x3164, 0xFFA0, 0x1D173, 0x1D17A]

    @Test("each revised code point, alone and between ASCII labels")
    func eachRevisedCodePoint() throws {
        for value in Self.revised {
            let scalar = try #require(Unicode.Scalar(value))
            for domain in [String(scalar), "a\(scalar)b.example", "\(scalar).\(scalar)"] {
                let bytes = Array(domain.utf8)
                #expect(UTS46Revisions.apply(bytes) == Self.appliedByDefinition(bytes), "U+\(String(value, radix: 16))")
                #expect(UTS46Revisions.apply(bytes) != bytes, "U+\(String(value, radix: 16)) is revised")
            }
        }
    }

    @Test("20,000 seeded domains of revised code points, ASCII, other scripts and invalid bytes")
    func seededDomains() {
        let pieces: [[UInt8]] = Self.revised.compactMap(Unicode.Scalar.init).map { Array(String($0).utf8) }
            + ["a", "-", ".", "xn--", "é", "ß", "ひ", "\u{10D0}", "\u{2D00}", "😀"].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x80], [0x80]]
        var random = SplitMix64(0x5554_5334)
        var changed = 0
        for _ in 0..<20_000 {
            let domain = random.joined(pieces, lengths: 0...10)
            let applied = UTS46Revisions.apply(domain)
            #expect(applied == Self.appliedByDefinition(domain) || applied == domain && Self.appliedByDefinition(domain) == Array(String(decoding: domain, as: UTF8.self).utf8), "\(domain)")
            if applied != domain { changed += 1 }
        }
        #expect(changed > 1_000, "\(changed)")
    }
}
