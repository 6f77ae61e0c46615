// TerminalTests.swift: terminal escaping (the characters JSONText's DisplaySafety names) and the JSON
// writer's escapes of the same characters; the byte check that lets most text through whole, and the
// decoding of a scalar from a byte it passes, against every scalar; the escaping against its definition on
// seeded texts.
import CommandOutput
import Foundation
@testable import JSONText
import SeededRandom
import Testing

@Suite struct TerminalTests {
    @Test func controlAndBidiCharactersAreEscaped() {
        #expect(Terminal.safe("a\u{1B}]0;title\u{07}b") == "a\\u{1B}]0;title\\u{7}b")
        #expect(Terminal.safe("x\u{202E}y\u{9B}z\r\n") == "x\\u{202E}y\\u{9B}z\\u{D}\\u{A}")
        #expect(Terminal.safe("https://été.example/→") == "https://été.example/→")
    }

    @Test("every scalar a display must not get raw starts with a byte the check looks for")
    func everyUnsafeScalarStartsWithACheckedByte() {
        var unsafe = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), DisplaySafety.isUnsafe(scalar) else { continue }
            unsafe += 1
            #expect(String(scalar).utf8.first.map(DisplaySafety.mayStartUnsafe) == true, "U+\(String(value, radix: 16))")
        }
        // C0, DEL and C1, the separators and bidi marks; then the soft hyphen, three zero-width characters,
        // the word joiner and four invisible operators, the byte-order mark, 128 tag characters.
        #expect(unsafe == 0x20 + 0x21 + 5 + 4 + 5 + 1 + 3 + 5 + 1 + 0x80)
    }

    @Test("every scalar whose first byte may start an unsafe one is decoded from its bytes as itself")
    func scalarsDecodedFromTheirLeadByte() {
        var decoded = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let lead = String(scalar).utf8.first, DisplaySafety.mayStartUnsafe(lead) else { continue }
            var text = String(scalar) + "x"
            let (read, length) = text.withUTF8 { DisplaySafety.scalar(at: 0, in: $0) }
            #expect(read == value && length == String(scalar).utf8.count, "U+\(String(value, radix: 16))")
            decoded += 1
        }
        // Leads 00-1F, 7F, C2, D8, E2, EF (U+F000-FFFF) and F3 (U+C0000-FFFFF).
        #expect(decoded == 0x20 + 1 + 0x40 + 0x40 + 0x1000 + 0x1000 + 0x40000)
    }

    /// The escaping as it is defined: scalar by scalar.
    static func escapedByDefinition(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if DisplaySafety.isUnsafe(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// A JSON string as it is defined: scalar by scalar.
    static func quotedByDefinition(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where DisplaySafety.isUnsafe(c):
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("text is escaped for a terminal and written as a JSON string as scalar by scalar (20,000 seeded texts of quotes, backslashes, controls, C1, bidi marks, separators and the rest)")
    func escapedAsDefined() {
        let pieces = ["a", " ", "\"", "\\", "\u{0}", "\u{1B}", "\u{7}", "\r\n", "\n", "\t", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}", "é",
                      "\u{200E}", "\u{2028}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{061C}", "\u{061B}", "→", "…", "😀",
                      "\u{301}", "ひ", "\u{FFFD}"]
        var random = SplitMix64(0x7465_726D)
        var escaped = 0
        for _ in 0..<20_000 {
            let text = random.joined(pieces, lengths: 0...12)
            let safe = Terminal.safe(text)
            #expect(safe == Self.escapedByDefinition(text), "\(text.debugDescription)")
            #expect(JSONWriter.quoted(text) == Self.quotedByDefinition(text), "\(text.debugDescription)")
            if safe != text { escaped += 1 }
        }
        #expect(escaped > 1_000 && escaped < 19_000, "\(escaped)")
    }

    /// Every character the terminal escapes, the JSON writer escapes too (U+061C, the Arabic letter
    /// mark, among them, which its fast path once missed).
    @Test(arguments: [0x1B, 0x7F, 0x9B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202E, 0x2066, 0x061C] as [UInt32])
    func jsonEscapesWhatTheTerminalEscapes(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "a" + String(Character(scalar)) + "b"
        #expect(Terminal.safe(text) != text)
        let hex = String(value, radix: 16)
        #expect(JSONWriter.quoted(text) == "\"a\\u" + String(repeating: "0", count: 4 - hex.count) + hex + "b\"")
    }

    @Test("invisible characters a lookalike hides behind are escaped on a terminal and in JSON", arguments: [
        0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0x2064, 0xFEFF, 0xE0001, 0xE0041, 0xE007F,
    ] as [UInt32])
    func invisible(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "yourdomain" + String(scalar) + ".com"
        #expect(Terminal.safe(text) == "yourdomain\\u{\(String(value, radix: 16, uppercase: true))}.com")
        let json = JSONWriter.quoted(text)
        #expect(!json.unicodeScalars.contains(scalar))
        let back = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? String
        #expect(back == text)
    }
}
