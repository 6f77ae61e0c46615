// SecretMask.swift: the shape of a mask, "abcd…(40)" or "…(9:0123456789abcdef)": how many characters of a
// secret it shows, which bytes it may show, and how a mask is recognised (only in its exact shape). Here,
// below both, because the masking module makes masks and the engine reads them (a recorded navlog's masked
// state compared with another mask): one definition for the two.

public enum SecretMask {
    /// How many characters of a secret of `count` characters a mask shows: none below sixteen (a PIN, a
    /// short code: every character shown is a large part of it), four from sixteen on.
    public static func shownCount(_ count: Int) -> Int { count >= 16 ? 4 : 0 }

    /// The mask of a secret of `count` characters that stands as `raw` (its bytes as written, perhaps still
    /// encoded): as many of the raw bytes as `shownCount` allows when all of them are showable (so a raw
    /// prefix and its decoded form are the same bytes), then "…(count)", or "…(count:digest)" with a keyed
    /// digest. Empty for an empty secret.
    public static func mask(count: Int, raw: some Collection<UInt8>, digest: String? = nil) -> String {
        guard count > 0 else { return "" }
        let wanted = shownCount(count)
        let head = raw.prefix(wanted)
        let shown = wanted > 0 && head.count == wanted && head.allSatisfy(isShowable) ? String(decoding: head, as: UTF8.self) : ""
        return shown + "…(" + String(count) + (digest.map { ":" + $0 } ?? "") + ")"
    }

    /// The mask of `value` as it is (decoded).
    public static func mask(_ value: String) -> String { mask(count: value.count, raw: value.utf8) }

    /// Bytes a mask may show: RFC 3986's unreserved characters.
    public static func isShowable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
        default: return false
        }
    }

    /// The length a mask stands for (13 for "…(13)" and "…(13:9f2c4e1a07b3d865)"); nil for any other text.
    /// Strict: the prefix is none, or as long as a mask of that length shows and made of showable bytes, so
    /// a secret that merely ends in "…(9)" is no mask.
    public static func length(of text: some StringProtocol) -> Int? {
        let text = Substring(text)
        guard text.utf8.last == UInt8(ascii: ")"), let open = text.firstRange(of: "…(") else { return nil }
        let prefix = text[..<open.lowerBound].utf8
        var inner = text[open.upperBound...].dropLast()
        if let colon = inner.firstIndex(of: ":") {
            let digest = inner[inner.index(after: colon)...].utf8
            guard digest.count == 16, digest.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            inner = inner[..<colon]
        }
        guard !inner.isEmpty, inner.utf8.count <= 9, inner.utf8.allSatisfy({ (0x30...0x39).contains($0) }), inner.utf8.first != 0x30,
              let count = Int(inner) else { return nil }
        return prefix.isEmpty || (prefix.count == shownCount(count) && prefix.allSatisfy(isShowable)) ? count : nil
    }
}
