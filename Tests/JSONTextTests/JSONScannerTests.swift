// JSONScannerTests.swift: the one JSON scanner against RFC 8259: escapes, surrogate pairs, numbers,
// UTF-8 validation, and errors that name the byte they occur at.
import Testing
@testable import JSONText

@Suite struct JSONScannerTests {
    func scan<T>(_ text: String, _ body: (inout JSONScanner) throws(JSONScanError) -> T) -> Result<T, JSONScanError> {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanError) { return .success(try body(&scanner)) } catch { return .failure(error) }
        }
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u4e2d""#, "é中"),
        (#""\ud83d\ude00""#, "😀"),
        ("\"é直接\"", "é直接"),
    ])
    func strings(json: String, expected: String) throws {
        #expect(try scan(json) { (s: inout JSONScanner) throws(JSONScanError) in try s.string() }.get() == expected)
    }

    @Test(arguments: [
        (#""\ud83d""#, JSONSyntaxError.loneSurrogate(0xD83D)),
        (#""\ude00x""#, .loneSurrogate(0xDE00)),
        (#""\ud83dx""#, .loneSurrogate(0xD83D)),
        (#""\ud83d\u0041""#, .loneSurrogate(nil)),
        (#""\x""#, .invalidEscape(UInt8(ascii: "x"))),
        ("\"a\u{1}b\"", .unescapedControlCharacter(0x01)),
        (#""\u12zz""#, .shortUnicodeEscape),
        (#""abc"#, .endOfInput),
    ])
    func badStrings(json: String, reason: JSONSyntaxError) {
        guard case .failure(let error) = scan(json, { (s: inout JSONScanner) throws(JSONScanError) in try s.string() }) else {
            Issue.record("\(json) was accepted"); return
        }
        #expect(error.syntax == reason)
    }

    @Test func invalidUTF8IsRefused() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<String, JSONScanError> in
            var s = JSONScanner(buffer)
            do throws(JSONScanError) { return .success(try s.string()) } catch { return .failure(error) }
        }
        guard case .failure(let error) = result else { Issue.record("accepted"); return }
        #expect(error.syntax == .invalidUTF8 && error.offset == 1)
    }

    @Test func numbers() throws {
        #expect(try scan("42") { (s: inout JSONScanner) throws(JSONScanError) in try s.number().doubleValue }.get() == 42)
        #expect(try scan("-1.5e2") { (s: inout JSONScanner) throws(JSONScanError) in try s.number().doubleValue }.get() == -150)
        for bad in ["01", "1.", "-", "1e"] {
            guard case .failure = scan(bad, { (s: inout JSONScanner) throws(JSONScanError) in try s.number().doubleValue }) else {
                Issue.record("\(bad) was accepted as a number"); continue
            }
        }
    }

    @Test func truncatedInputIsEndOfInput() {
        guard case .failure(let error) = scan(#"{"url":"https://a"#, { (s: inout JSONScanner) throws(JSONScanError) in try s.skipValue() }) else {
            Issue.record("accepted"); return
        }
        #expect(error.isEndOfInput)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = scan(deep, { (s: inout JSONScanner) throws(JSONScanError) in try s.skipValue() }) else {
            Issue.record("accepted"); return
        }
        #expect(error.syntax == .nestedTooDeep(limit: JSONScanner.maxDepth))
    }
}
