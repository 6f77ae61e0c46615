// HMAC.swift: HMAC (RFC 2104) with SHA-256 and SHA-1, the two keyed digests bridge makes: a recording's
// masks (WebViewHost's RecordingFingerprint) and Janrain's signed API calls (ProviderEmulator's
// CaptureAPIAuth); and the one plain digest, SHA-256 (a report's Content-Security-Policy names its script by
// it). It calls OpenSSL's libcrypto, a Debian library the build already has (libcurl's
// header package depends on it), rather than swift-crypto, whose own copy of BoringSSL is several hundred
// C files compiled in every clean build of the package; the digests are libcrypto's, nothing is computed
// here.
import CLibCrypto

package enum HMAC {
    /// HMAC-SHA256 of `message` under `key`: 32 bytes.
    package static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] { mac(EVP_sha256(), key, message) }

    /// HMAC-SHA1 of `message` under `key`: 20 bytes (Janrain's signatures; not for new uses).
    package static func sha1(key: [UInt8], message: [UInt8]) -> [UInt8] { mac(EVP_sha1(), key, message) }

    private static func mac(_ digest: OpaquePointer?, _ key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // An empty array may have no storage: libcrypto is then given a byte it reads none of.
        let keyBytes = key.isEmpty ? [0] : key
        let messageBytes = message.isEmpty ? [0] : message
        let made = CLibCrypto.HMAC(digest, keyBytes, Int32(key.count), messageBytes, message.count, &out, &length)
        precondition(made != nil, "libcrypto's HMAC failed")
        return Array(out.prefix(Int(length)))
    }
}

package enum Digest {
    /// SHA-256 of `message`: 32 bytes.
    package static func sha256(_ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let messageBytes = message.isEmpty ? [0] : message
        let made = EVP_Digest(messageBytes, message.count, &out, &length, EVP_sha256(), nil)
        precondition(made == 1, "libcrypto's SHA-256 failed")
        return Array(out.prefix(Int(length)))
    }
}
