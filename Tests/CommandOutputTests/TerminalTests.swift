// TerminalTests.swift: terminal escaping (the characters JSONText's DisplaySafety names) and the JSON
// writer's escapes of the same characters.
import CommandOutput
import JSONText
import Testing

@Suite struct TerminalTests {
    @Test func controlAndBidiCharactersAreEscaped() {
        #expect(Terminal.safe("a\u{1B}]0;title\u{07}b") == "a\\u{1B}]0;title\\u{7}b")
        #expect(Terminal.safe("x\u{202E}y\u{9B}z\r\n") == "x\\u{202E}y\\u{9B}z\\u{D}\\u{A}")
        #expect(Terminal.safe("https://été.example/→") == "https://été.example/→")
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
}
