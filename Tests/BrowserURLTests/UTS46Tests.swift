// UTS46Tests.swift: BrowserURL's own UTS #46 and NFC. The NFC is held to the standard library's (where that
// is the same Unicode version) on every code point and on generated sequences; each problem ToASCII can
// report is reached by an example and comes back as its value; and nothing in BrowserURL differs by
// platform, so an Apple build maps hosts with this same code and these same tables.
import Foundation
import SeededRandom
import TestSupport
import Testing
@testable import BrowserURL

@Suite("UTS #46 of our own")
struct UTS46Tests {
    /// True when the standard library's normalizer carries the tables' Unicode version (its NFC is then
    /// the reference).
    static let standardLibraryMatches: Bool = {
        let parts = UTS46Tables.unicodeVersion.split(separator: ".").compactMap { Int($0) }
        // The tables' version's newest code points are assigned in the standard library's data too, and
        // the next version's are not.
        guard let age = Unicode.Scalar(0x323B0)?.properties.age, parts.count == 3 else { return false }
        return age.major == parts[0] && age.minor == parts[1]
    }()

    static func standardNFC(_ scalars: [UInt32]) -> [UInt32] {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
        return String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars.map(\.value)
    }

    @Test("NFC of every code point is the standard library's",
          .enabled(if: standardLibraryMatches, "the standard library's Unicode data is not the tables' version"))
    func everyCodePoint() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
            if Self.nonStarterDecompositions.contains(value) { continue }
            if Normalization.nfc([value]) != Self.standardNFC([value]) { differing.append(String(value, radix: 16)) }
        }
        #expect(differing.isEmpty, "U+\(differing.prefix(20))")
    }

    @Test("a code point the quick check passes has class 0, composes with nothing before it and NFC keeps it")
    func quickCheck() {
        let seconds = Set(UTS46Tables.compositionKeys.map { UInt32($0 & 0x1F_FFFF) })
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) && !Normalization.mayChange(value) {
            let hangulSecond = (0x1161...0x1175).contains(value) || (0x11A8...0x11C2).contains(value)
            if Normalization.combiningClass(value) != 0 || seconds.contains(value) || hangulSecond
                || Normalization.nfc([0x61, value, 0x62]) != [0x61, value, 0x62] && !Normalization.nfc([value]).elementsEqual([value]) {
                wrong.append(String(value, radix: 16))
            }
            if Self.standardLibraryMatches, Self.standardNFC([0x1100, value]) != [0x1100, value] || Self.standardNFC([value]) != [value] {
                wrong.append(String(value, radix: 16))
            }
        }
        #expect(wrong.isEmpty, "U+\(wrong.prefix(20))")
    }

    /// The three code points whose canonical decomposition starts with a non-starter (U+0F73, U+0F75,
    /// U+0F81): the standard library leaves the marks it decomposes them into unordered after a mark of a
    /// higher class, which UAX #15 reorders. Sequences with them are held to UAX #15's results, computed
    /// with unicodedata2 17.0.1, instead.
    static let nonStarterDecompositions: Set<UInt32> = [0xF73, 0xF75, 0xF81]

    @Test("NFC reorders the marks a non-starter decomposes into", arguments: [
        ([0x300, 0xF73], [0xF71, 0xF72, 0x300]),
        ([0x30C, 0x306, 0xF73], [0xF71, 0xF72, 0x30C, 0x306]),
        ([0x302, 0xF75, 0x1F4A], [0xF71, 0xF74, 0x302, 0x1F4A]),
        ([0x61, 0xF81, 0x301], [0xE1, 0xF71, 0xF80]),
    ] as [([UInt32], [UInt32])])
    func nonStarterDecomposition(text: [UInt32], nfc: [UInt32]) {
        #expect(Normalization.nfc(text) == nfc)
    }

    @Test("NFC of generated sequences of marks, starters and jamo is the standard library's",
          .enabled(if: standardLibraryMatches, "the standard library's Unicode data is not the tables' version"))
    func generatedSequences() {
        // Code points that decompose, compose or reorder, and some that do none of those.
        var pool = Array(UTS46Tables.decompositionKeys.prefix(4_000))
        pool += UTS46Tables.compositionKeys.flatMap { [UInt32($0 >> 21), UInt32($0 & 0x1F_FFFF)] }
        pool += [0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x0300, 0x0316, 0x0345, 0x05B0, 0x0B3E, 0x0B47, 0x61, 0x3B1, 0x200C]
        pool.removeAll(where: Self.nonStarterDecompositions.contains)
        var rng = SplitMix64(state: 0x0046_4302_2026)
        var differing: [[UInt32]] = []
        for _ in 0..<40_000 {
            let text = (0..<Int(rng.next() % 6 + 1)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }
            if Normalization.nfc(text) != Self.standardNFC(text) { differing.append(text) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { $0.map { String($0, radix: 16) } })")
    }

    /// Each problem ToASCII reports, with a domain that has it.
    static let problems: [(domain: String, problem: IDNAProblem)] = [
        ("\u{AD}", .empty),
        ("a\u{FFFD}.example", .disallowed(codePoint: 0xFFFD)),
        ("a\u{E000}.example", .disallowed(codePoint: 0xE000)),
        ("xn--ü.example", .punycodeLabelNotASCII(label: 1)),
        ("ü.xn--_", .punycodeInvalid(label: 2)),
        ("ü.xn--", .punycodeDecodesToASCII(label: 2)),
        ("ü.xn--abc-", .punycodeDecodesToASCII(label: 2)),
        ("ü.xn--ax-uub", .notNFC(label: 2)),
        ("ü.xn--xn---3ra", .decodedLabelStartsWithACE(label: 2)),
        ("ü.xn--x-jfa", .notValid(codePoint: 0xDC, label: 2)),
        ("\u{301}ü.example", .startsWithCombiningMark(codePoint: 0x301, label: 1)),
        ("a\u{200D}ü", .joinerOutOfContext(codePoint: 0x200D, label: 1)),
        ("a\u{200C}ü", .joinerOutOfContext(codePoint: 0x200C, label: 1)),
        ("0a.\u{5D0}", .bidi(rule: 1, label: 1)),
        ("\u{5D0}a", .bidi(rule: 2, label: 1)),
        ("\u{5D0}-", .bidi(rule: 3, label: 1)),
        ("\u{5D0}1\u{661}", .bidi(rule: 4, label: 1)),
        ("a\u{5D0}", .bidi(rule: 5, label: 1)),
        ("a-.\u{5D0}", .bidi(rule: 6, label: 1)),
    ]

    @Test("each problem comes back as its value through the parser", arguments: 0..<problems.count)
    func problem(index: Int) {
        let (domain, problem) = Self.problems[index]
        let result = BrowserURL.parse("https://\(domain)/")
        guard case .failure(let error) = result else {
            Issue.record("\(domain.debugDescription) parsed")
            return
        }
        #expect(error == URLParseError(.domainToASCII, detail: .domain(problem)), "\(domain.debugDescription)")
    }

    @Test("what the rules allow: joiners after a virama and between joining letters, Bidi labels, deviations",
          arguments: [
              ("\u{915}\u{94D}\u{200D}\u{937}", "xn--11b2ezcw70k"),
              ("\u{646}\u{627}\u{645}\u{647}\u{200C}\u{627}\u{6CC}.com", "xn--mgba3gch31f060k.com"),
              ("\u{5D0}1\u{5EA}", "xn--1-zhc3f"),
              ("faß.de", "xn--fa-hia.de"),
              ("ＡＢＣ。ü", "abc.xn--tda"),
              ("\u{32931}20.音.ꡦ1.", "xn--20-9802c.xn--0w5a.xn--1-eg4e."),
          ])
    func accepted(domain: String, host: String) throws {
        #expect(try BrowserURL.parse("https://\(domain)/").get().host == host)
    }

    @Test("a domain ToASCII accepts gives ASCII that ToASCII accepts again, unchanged: its xn-- labels decode and validate")
    func roundTrip() throws {
        var rng = SplitMix64(state: 0x7A5C_2026)
        let pools: [ClosedRange<UInt32>] = [0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x5D0...0x5EA,
                                             0x620...0x64A, 0x900...0x97F, 0x300...0x36F, 0x4E00...0x4E3F, 0xAC00...0xAC3F,
                                             0xFF21...0xFF3A, 0x200C...0x200D, 0x30...0x39, 0x2D...0x2E]
        var accepted = 0
        for _ in 0..<20_000 {
            var scalars: [UInt32] = []
            for _ in 0..<Int(rng.next() % 12 + 1) {
                let pool = pools[Int(rng.next() % UInt64(pools.count))]
                scalars.append(pool.lowerBound + UInt32(rng.next() % UInt64(pool.count)))
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
            let bytes = Array(text.utf8)
            guard let ascii = try? bytes.withUnsafeBufferPointer({ try UTS46.toASCII($0) }) else { continue }
            accepted += 1
            let again = try ascii.withUnsafeBufferPointer { try UTS46.toASCII($0) }
            #expect(again == ascii, "\(text.debugDescription)")
        }
        #expect(accepted > 2_000)
    }

    @Test("invalid UTF-8 in a percent-encoded host reads as U+FFFD, which UTS #46 disallows")
    func invalidUTF8() {
        guard case .failure(let error) = BrowserURL.parse("https://a%FFü.example/") else {
            Issue.record("parsed")
            return
        }
        #expect(error == URLParseError(.domainToASCII, detail: .domain(.disallowed(codePoint: 0xFFFD))))
    }

    @Test("nothing in BrowserURL is compiled per platform: an Apple build runs this same UTS #46")
    func onePathEverywhere() throws {
        let folder = Repository.root.appendingPathComponent("Sources/BrowserURL")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let conditional = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#if") }
            #expect(conditional.isEmpty, "\(file): \(conditional)")
        }
    }

    @Test("the Unicode version the library names is the tables', and the DocC says it")
    func unicodeVersion() throws {
        #expect(BrowserURL.unicodeVersion == UTS46Tables.unicodeVersion)
        let article = try String(contentsOf: Repository.root.appendingPathComponent("Sources/BrowserURL/BrowserURL.docc/Conformance.md"), encoding: .utf8)
        #expect(article.contains("Unicode \(BrowserURL.unicodeVersion)"))
    }
}
