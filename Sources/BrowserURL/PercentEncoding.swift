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

    @inlinable init(low: UInt64, high: UInt64) { self.low = low; self.high = high }

    /// This set plus another.
    @inlinable func union(_ other: PercentEncodeSet) -> PercentEncodeSet {
        PercentEncodeSet(low: low | other.low, high: high | other.high)
    }

    /// This set plus the given ASCII bytes.
    func adding(_ bytes: String) -> PercentEncodeSet {
        var low = self.low, high = self.high
        for b in bytes.utf8 {
            if b < 0x40 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 0x40) }
        }
        return PercentEncodeSet(low: low, high: high)
    }

    // The masks are literals (checked against the spec's definitions by PercentEncodeSetTests) so that
    // reading one costs nothing: a `static let` would go through a lazy-initialisation guard each time.
    /// The C0 control percent-encode set: C0 controls and everything above U+007E (DELETE too).
    @inlinable static var c0Control: PercentEncodeSet { PercentEncodeSet(low: 0x00000000FFFFFFFF, high: 0x8000000000000000) }
    /// The fragment percent-encode set: C0 control set plus space " < > `.
    @inlinable static var fragment: PercentEncodeSet { PercentEncodeSet(low: 0x50000005FFFFFFFF, high: 0x8000000100000000) }
    /// The query percent-encode set: C0 control set plus space " # < >.
    @inlinable static var query: PercentEncodeSet { PercentEncodeSet(low: 0x5000000DFFFFFFFF, high: 0x8000000000000000) }
    /// The special-query percent-encode set: query set plus '.
    @inlinable static var specialQuery: PercentEncodeSet { PercentEncodeSet(low: 0x5000008DFFFFFFFF, high: 0x8000000000000000) }
    /// The path percent-encode set: query set plus ? ^ ` { }.
    @inlinable static var path: PercentEncodeSet { PercentEncodeSet(low: 0xD000000DFFFFFFFF, high: 0xA800000140000000) }
    /// The userinfo percent-encode set: path set plus / : ; = @ [ \ ] ^ |.
    @inlinable static var userinfo: PercentEncodeSet { PercentEncodeSet(low: 0xFC00800DFFFFFFFF, high: 0xB800000178000001) }
    /// The component percent-encode set: userinfo set plus $ % & + ,.
    @inlinable static var component: PercentEncodeSet { PercentEncodeSet(low: 0xFC00987DFFFFFFFF, high: 0xB800000178000001) }
    /// The application/x-www-form-urlencoded percent-encode set: component set plus ! ' ( ) ~.
    @inlinable static var formURLEncoded: PercentEncodeSet { PercentEncodeSet(low: 0xFC009BFFFFFFFFFF, high: 0xF800000178000001) }
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
    /// `string` UTF-8 percent-encoded with the component percent-encode set: safe inside any URL
    /// component, and (as the URL Standard notes) exactly what JavaScript's encodeURIComponent gives.
    public static func encodeComponent(_ string: String) -> String {
        encode(string, .component)
    }

    /// A path as an RFC 3986 URI reference (SARIF's artifact locations): bytes other than its path
    /// characters (unreserved, sub-delims, ":", "@", "/") encoded.
    public static func encodeRFC3986Path(_ string: String) -> String {
        encode(string, .rfc3986Path)
    }

    /// Percent-decodes `string` and decodes the bytes as UTF-8, replacing invalid sequences with U+FFFD.
    public static func decode(_ string: String) -> String {
        String(decoding: percentDecode(string.utf8), as: UTF8.self)
    }

    static func encode(_ string: String, _ set: PercentEncodeSet) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if set.contains(byte) {
                out += [0x25, upperHex(byte >> 4), upperHex(byte & 0xF)]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension PercentEncodeSet {
    /// Every byte encoded but the given ASCII ones.
    static func allExcept(_ kept: String) -> PercentEncodeSet {
        var low = UInt64.max, high = UInt64.max
        for b in kept.utf8 where b < 0x80 {
            if b < 0x40 { low &= ~(1 << UInt64(b)) } else { high &= ~(1 << UInt64(b - 0x40)) }
        }
        return PercentEncodeSet(low: low, high: high)
    }

    /// RFC 3986's path characters (unreserved, sub-delims, ":", "@" and "/") kept; everything else encoded.
    static let rfc3986Path = allExcept("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")
}
