// RedactorShortcutTests.swift: the Redactor's byte scans say what the plain searches say: its scan for pairs
// carried in a value against the substring searches it replaced, its "://" search against the standard
// library's.
@testable import SecretMasking
import SeededRandom
import Testing

@Suite struct RedactorShortcutTests {
    /// The byte scan for pairs carried in a value says what the substring searches said.
    @Test(arguments: ["", "plain", "a=b", "https%3A%2F%2Fh%2Fcb%3Fcode%3Dx", "%3d", "%3", "%%3D", "%3%3D", "x%3", "%33D", "%E2%80%A6", "=", "%3DD"])
    func mayCarryPairsAgreesWithContains(_ value: String) {
        let expected = value.contains("=") || value.contains("%3D") || value.contains("%3d")
        #expect(Redactor.mayCarryPairs(value[...].utf8) == expected, "\(value)")
    }

    /// The byte scan for "://" finds what the standard library's searcher finds.
    @Test(arguments: ["", ":", "://", "a://b", "a:/b://c", "a::://b", ":/:/", "x:/", "x:", "ab//:", "é://ü", "mailto:a@b", "h://a://b", "a:", "::"])
    func schemeSeparatorAgreesWithFirstRange(_ text: String) {
        let expected = text[...].firstRange(of: "://")
        #expect(Redactor.schemeSeparator(in: text[...]) == expected, "\(text)")
    }

    /// The same on 5,000 seeded strings of ":", "/", "a" and "é", cut out of longer ones (a substring's
    /// indices do not start at zero).
    @Test func schemeSeparatorAgreesOnSeededStrings() {
        var random = SplitMix64(0x5EED_3A2F)
        let pieces = [":", "/", "a", "é"]
        for _ in 0..<5_000 {
            let text = random.joined(pieces, lengths: 0...12)
            let whole = "x" + text + "y"
            let cut = whole.dropFirst().dropLast()
            #expect(Redactor.schemeSeparator(in: cut) == cut.firstRange(of: "://"), "\(text)")
        }
    }
}
