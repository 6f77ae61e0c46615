// PercentEncoding.swift: the URL Standard's percent-encode sets (§1.3) as 128-bit membership masks,
// and percent-decoding. Every code point above U+007E is in every set, so UTF-8 bytes >= 0x80 are
// always encoded: encoding a string's UTF-8 bytes one by one is the spec's "UTF-8 percent-encode".

/// One percent-encode set: bit N of the 128-bit mask says whether ASCII byte N is encoded.
@usableFromInline
struct PercentEncodeSet: Sendable {
    @usableFromInline let low: UInt64   // bytes 0x00–0x3F
    @usableFromInline let high: UInt64  // bytes 0x40–0x7F

    @inlinable @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        if byte < 0x40 { return (low >> UInt64(byte)) & 1 != 0 }
        return (high >> UInt64(byte &- 0x40)) & 1 != 0
    }

    init(low: UInt64, high: UInt64) { self.low = low; self.high = high }

    /// This set plus the given ASCII bytes.
    func adding(_ bytes: String) -> PercentEncodeSet {
        var low = self.low, high = self.high
        for b in bytes.utf8 {
            if b < 0x40 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 0x40) }
        }
        return PercentEncodeSet(low: low, high: high)
    }

    /// The C0 control percent-encode set: C0 controls and everything above U+007E (DELETE too).
    static let c0Control = PercentEncodeSet(low: 0x0000_0000_FFFF_FFFF, high: 1 << 63)
    /// The fragment percent-encode set: C0 control set plus space " < > `.
    static let fragment = c0Control.adding(" \"<>`")
    /// The query percent-encode set: C0 control set plus space " # < >.
    static let query = c0Control.adding(" \"#<>")
    /// The special-query percent-encode set: query set plus '.
    static let specialQuery = query.adding("'")
    /// The path percent-encode set: query set plus ? ^ ` { }.
    static let path = query.adding("?^`{}")
    /// The userinfo percent-encode set: path set plus / : ; = @ [ \ ] ^ |.
    static let userinfo = path.adding("/:;=@[\\]^|")
    /// The component percent-encode set: userinfo set plus $ % & + ,.
    static let component = userinfo.adding("$%&+,")
    /// The application/x-www-form-urlencoded percent-encode set: component set plus ! ' ( ) ~.
    static let formURLEncoded = component.adding("!'()~")
}

@inline(__always)
func upperHex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 &+ nibble : 0x37 &+ nibble }

/// The value of an ASCII hex digit, or nil.
@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte &- 0x30
    case 0x41...0x46: return byte &- 0x37
    case 0x61...0x66: return byte &- 0x57
    default: return nil
    }
}

extension Array where Element == UInt8 {
    /// Appends `byte`, percent-encoded when it is in `set`.
    @inline(__always)
    mutating func appendPercentEncoded(_ byte: UInt8, _ set: PercentEncodeSet) {
        if set.contains(byte) {
            append(0x25)
            append(upperHex(byte >> 4))
            append(upperHex(byte & 0xF))
        } else {
            append(byte)
        }
    }
}

/// Percent-decoding of a byte sequence (URL Standard §1.3 "percent-decode").
func percentDecode<C: Collection>(_ input: C) -> [UInt8] where C.Element == UInt8 {
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var i = input.startIndex
    while i != input.endIndex {
        let byte = input[i]
        if byte == 0x25 {
            let j = input.index(after: i)
            if j != input.endIndex, let high = hexValue(input[j]) {
                let k = input.index(after: j)
                if k != input.endIndex, let low = hexValue(input[k]) {
                    output.append(high << 4 | low)
                    i = input.index(after: k)
                    continue
                }
            }
        }
        output.append(byte)
        i = input.index(after: i)
    }
    return output
}

/// UTF-8 percent-encodes `string` with the given set; public for callers that build URLs
/// (query values, deep links) and must encode exactly as a browser would.
public enum PercentEncoding {
    /// `string` UTF-8 percent-encoded with the component percent-encode set (what
    /// `encodeURIComponent` leaves alone, plus a few more): safe inside any URL component.
    public static func encodeComponent(_ string: String) -> String {
        encode(string, .component)
    }

    /// Percent-decodes `string` and decodes the bytes as UTF-8, replacing invalid sequences with U+FFFD.
    public static func decode(_ string: String) -> String {
        String(decoding: percentDecode(string.utf8), as: UTF8.self)
    }

    static func encode(_ string: String, _ set: PercentEncodeSet) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for b in string.utf8 { out.appendPercentEncoded(b, set) }
        return String(decoding: out, as: UTF8.self)
    }
}
