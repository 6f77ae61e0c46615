// UTF8ViewSearchTests.swift: the in-storage byte search (`firstIndex(ofByte:)`) against the standard library's
// `firstIndex(of:)`, on seeded texts of ASCII, accented letters, marks and emoji, each as a String and as
// Substrings that start and end inside it.
import SeededRandom
import Testing
@testable import SecretMasking
import NavigationPolicy

@Suite struct UTF8ViewSearchTests {
    @Test("firstIndex(ofByte:) finds what firstIndex(of:) finds, in Strings and Substrings (2,000 seeded texts)")
    func findsWhatTheGenericSearchFinds() {
        let pieces = ["a", "=", "#", "?", ":", "\"", "&", "é", "\u{301}", "…", "😀", "ひ", "%3D"]
        let bytes: [UInt8] = Array("=#?:\"&xé".utf8)
        var random = SplitMix64(0x6279_7465)
        var found = 0
        for _ in 0..<2_000 {
            let text = random.joined(pieces, lengths: 0...10)
            let scalars = Array(text.unicodeScalars.indices) + [text.endIndex]
            let lower = scalars[Int.random(in: 0..<scalars.count, using: &random)]
            let upper = scalars[Int.random(in: 0..<scalars.count, using: &random)]
            let slice = text[min(lower, upper)..<max(lower, upper)]
            for byte in bytes {
                #expect(text.utf8.firstIndex(ofByte: byte) == text.utf8.firstIndex(of: byte), "\(text.debugDescription) \(byte)")
                #expect(slice.utf8.firstIndex(ofByte: byte) == slice.utf8.firstIndex(of: byte), "\(slice.debugDescription) \(byte)")
                if text.utf8.firstIndex(of: byte) != nil { found += 1 }
            }
        }
        #expect(found > 2_000, "\(found)")
    }
}
