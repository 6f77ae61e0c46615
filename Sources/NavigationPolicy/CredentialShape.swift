// CredentialShape.swift: values that are credentials whatever name they travel under, told by their shape,
// and values encoded more than once, decoded to a fixed point before they are judged. The shapes:
// - a JWS or JWE in compact serialization (RFC 7515 §7.1, RFC 7516 §7.1): three or five base64url parts
//   joined by ".", the first a JSON object, so it begins "eyJ" (base64url of `{"`): OIDC's id_token, most
//   access tokens, an id_token_hint, a client assertion;
// - an HTTP authorization value (RFC 9110 §11.4): `Bearer` (RFC 6750 §2.1) or `Basic` (RFC 7617) and its
//   credentials;
// - a PEM block (RFC 7468): `-----BEGIN `.
import BrowserURL

public enum CredentialShape {
    /// Whether `value` (decoded) has a credential's shape.
    public static func matches(_ value: some StringProtocol) -> Bool {
        let utf8 = value.utf8
        guard let first = utf8.first else { return false }
        switch first {
        case UInt8(ascii: "e"): return isCompactJOSE(utf8)
        case UInt8(ascii: "B"), UInt8(ascii: "b"): return isAuthorization(utf8)
        case UInt8(ascii: "-"): return utf8.starts(with: "-----BEGIN ".utf8)
        default: return false
        }
    }

    /// Whether a raw (still encoded) value may decode to a credential's shape: the first bytes `matches`
    /// reads, or a percent escape. A cheap test before anything is decoded.
    static func mayMatch(_ raw: some Collection<UInt8>) -> Bool {
        guard let first = raw.first else { return false }
        return first == UInt8(ascii: "e") || first == UInt8(ascii: "B") || first == UInt8(ascii: "b") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "%")
    }

    /// JWS (3 parts) or JWE (5 parts) in compact form: base64url parts, the header at least `{"a":1}` long.
    static func isCompactJOSE(_ utf8: some Collection<UInt8>) -> Bool {
        guard utf8.starts(with: "eyJ".utf8) else { return false }
        var parts = 1, headerLength = 0, inHeader = true
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                parts += 1
                inHeader = false
                continue
            }
            guard isBase64URL(byte) else { return false }
            if inHeader { headerLength += 1 }
        }
        return (parts == 3 || parts == 5) && headerLength >= 10
    }

    /// `Bearer x` or `Basic x`, the credentials at least eight token68 characters (RFC 9110 §11.2).
    static func isAuthorization(_ utf8: some Collection<UInt8>) -> Bool {
        let lowered = utf8.prefix(7).map { $0 | 0x20 }
        let scheme: Int
        if lowered.starts(with: "bearer ".utf8) { scheme = 7 } else if lowered.starts(with: "basic ".utf8) { scheme = 6 } else { return false }
        let credentials = utf8.dropFirst(scheme).drop { $0 == UInt8(ascii: " ") }
        return credentials.count >= 8 && credentials.allSatisfy { isBase64URL($0) || "+/=~.".utf8.contains($0) }
    }

    static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// The most times a value is decoded: past it, what is left is judged as it is.
    static let decodingRounds = 8

    /// `raw` form-decoded until decoding changes nothing (a value encoded twice, `%253D`, is judged as the
    /// `=` it stands for), and how many rounds that took.
    static func decodedToFixedPoint(_ raw: Substring) -> (text: String, rounds: Int) {
        var text = FormParameters.decodeComponent(raw)
        var rounds = 1
        while rounds < decodingRounds, text.utf8.contains(UInt8(ascii: "%")) {
            let again = FormParameters.decodeComponent(Substring(text))
            if again == text { break }
            text = again
            rounds += 1
        }
        return (text, rounds)
    }
}
