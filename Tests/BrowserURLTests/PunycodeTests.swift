// PunycodeTests.swift: the hand-written RFC 3492 encoder behind the Apple-platform IDNA fallback,
// against vectors computed independently (Python's punycode codec and RFC 3492 §7.1).
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
}
