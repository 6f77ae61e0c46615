// HMACTests.swift: HMAC-SHA256 against RFC 4231's test cases and HMAC-SHA1 against RFC 2202's, the
// published vectors (Janrain's signatures are also checked by janrain-python-api itself, in Tests/Contracts).
import KeyedDigest
import Testing

@Suite struct HMACTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }

    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: [UInt8]
        let message: [UInt8]
        let mac: String
        var testDescription: String { name }
    }

    // RFC 4231 §4.2, §4.3, §4.4, §4.7 (a key longer than the block).
    static let sha256Vectors: [Vector] = [
        Vector(name: "4231 case 1", key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8),
               mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(name: "4231 case 2", key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8),
               mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(name: "4231 case 3", key: [UInt8](repeating: 0xaa, count: 20), message: [UInt8](repeating: 0xdd, count: 50),
               mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(name: "4231 case 6", key: [UInt8](repeating: 0xaa, count: 131),
               message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
               mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ]

    // RFC 2202 §3, cases 1, 2 and 6.
    static let sha1Vectors: [Vector] = [
        Vector(name: "2202 case 1", key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8),
               mac: "b617318655057264e28bc0b6fb378c8ef146be00"),
        Vector(name: "2202 case 2", key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8),
               mac: "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        Vector(name: "2202 case 6", key: [UInt8](repeating: 0xaa, count: 80),
               message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
               mac: "aa4ae5e15272d00e95705637ce8a3b55ed402112"),
    ]

    @Test(arguments: sha256Vectors) func sha256(_ vector: Vector) {
        #expect(HMAC.sha256(key: vector.key, message: vector.message) == Self.bytes(vector.mac))
    }

    @Test(arguments: sha1Vectors) func sha1(_ vector: Vector) {
        #expect(HMAC.sha1(key: vector.key, message: vector.message) == Self.bytes(vector.mac))
    }

    @Test func emptyKeyAndMessage() {
        // HMAC-SHA256("", "") and HMAC-SHA1("", ""), as Python's hmac module gives them.
        #expect(HMAC.sha256(key: [], message: []) == Self.bytes("b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"))
        #expect(HMAC.sha1(key: [], message: []) == Self.bytes("fbdb1d1b18aa6c08324b7d64b71fb76370690e1d"))
    }
}
