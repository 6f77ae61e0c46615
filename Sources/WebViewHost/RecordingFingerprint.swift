// RecordingFingerprint.swift: the keyed digest a `bridge host --record` recording puts in its masks
// (`state=…(13:9f2c4e1a07b3d865)`). HMAC-SHA256 under a key drawn at random for each run and never
// written anywhere: within one recording equal secrets get equal masks and different ones different masks,
// so its replay reaches the live run's findings (a state that is not the one sent), while a mask cannot
// be tested against a guess, not even for a four-digit PIN, by anyone who reads the file.
import SecretPolicy
import SecretMasking
import KeyedDigest
import NavigationPolicy

package struct RecordingFingerprint: SecretFingerprint {
    private let key: [UInt8]

    /// A fingerprint under a fresh random 256-bit key (the system's generator: getrandom on Linux).
    package init() {
        var generator = SystemRandomNumberGenerator()
        key = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    package func digest(_ value: String) -> String {
        let mac = HMAC.sha256(key: key, message: Array(value.utf8))
        var hex = ""
        for byte in mac.prefix(8) {
            hex += String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }
        return hex
    }
}
