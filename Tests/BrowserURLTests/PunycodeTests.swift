// PunycodeTests.swift: the hand-written RFC 3492 encoder and decoder behind UTS #46, against vectors
// computed independently (Python's punycode codec and RFC 3492 §7.1), and what the decoder refuses.
@testable import BrowserURL
import Testing

@Suite("Punycode")
struct PunycodeTests {
    @Test("RFC 3492 encoding", arguments: [
        ("bücher", "bcher-kva"),
        ("yоurdomain", "yurdomain-02h"),
        ("faß", "fa-hia"),
        ("ü", "tda"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("пример", "e1afmkfd"),
    ])
    func encode(label: String, expected: String) {
        let encoded = Punycode.encode(label.unicodeScalars.map(\.value)).map { String(decoding: $0, as: UTF8.self) }
        #expect(encoded == expected)
    }

    @Test("RFC 3492 decoding gives the label back", arguments: [
        ("bcher-kva", "bücher"), ("yurdomain-02h", "yоurdomain"), ("fa-hia", "faß"), ("tda", "ü"),
        ("ihqwcrb4cv8a8dqg056pqjye", "他们为什么不说中文"), ("e1afmkfd", "пример"), ("abc-", "abc"), ("", ""),
    ])
    func decode(encoded: String, label: String) {
        let decoded = Punycode.decode(ArraySlice(encoded.unicodeScalars.map(\.value)))
        #expect(decoded == label.unicodeScalars.map(\.value))
    }

    @Test("not Punycode: a delimiter first, a non-digit, a non-basic code point, an overflow, a surrogate",
          arguments: ["-abc", "a_b", "ü-tda", "99999999999999", "a-.", "ib9b"])
    func refuses(encoded: String) {
        #expect(Punycode.decode(ArraySlice(encoded.unicodeScalars.map(\.value))) == nil)
    }
}
