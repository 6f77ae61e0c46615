// LatinDomain.swift: UTS #46 ToASCII, exactly, for domains whose non-ASCII code points are Latin-1 and
// Latin Extended-A letters (bücher.example, café.fr, łódź.pl): the common non-ASCII host, for which the
// full UTS #46 (decoding, table lookups, NFC) costs more than the rest of the parse. For these letters
// UTS #46 processing comes down to a one-to-one mapping (a capital to its small letter; the rest are
// "valid" as they are), nothing to normalise (each is a precomposed starter, and no Latin letter composes
// with a following one), no Bidi rule (none is right-to-left) and no CONTEXTJ rule (no joiner); then
// Punycode for each non-ASCII label. Anything else (another code point, an empty label, an "xn--" label,
// another ASCII byte, a label of more than 64 code points) is left to the full UTS #46 path, so this never
// decides a case it does not cover. Written by hand because it is a table and a loop; the tests compare it
// with the full UTS #46 (UTS46.swift) for every code point it accepts, alone and in generated domains.

enum LatinDomain {
    /// The code point UTS #46 maps `cp` to when this path handles it (itself for a valid small letter),
    /// or 0 when it does not: U+00C0–U+017F letters, minus the few UTS #46 maps to several code points or
    /// to ASCII (İ, Ĳ, ĳ, Ŀ, ŀ, ŉ, ſ) and the two signs (×, ÷).
    static func mapping(_ cp: UInt32) -> UInt32 {
        switch cp {
        case 0xD7, 0xF7: return 0                              // × ÷
        case 0xC0...0xDE: return cp + 0x20                     // capitals → small letters
        case 0xDF...0xFF: return cp                            // small letters (ß is kept: non-transitional)
        case 0x0130, 0x0132, 0x0133, 0x013F, 0x0140: return 0  // İ Ĳ ĳ Ŀ ŀ: mapped to two code points
        case 0x0131, 0x0138: return cp                         // ı ĸ
        case 0x0178: return 0xFF                               // Ÿ → ÿ
        case 0x0100...0x0137, 0x014A...0x0177: return cp & 1 == 0 ? cp + 1 : cp  // capital, small pairs
        case 0x0139...0x0148, 0x0179...0x017E: return cp & 1 == 1 ? cp + 1 : cp
        default: return 0                                      // ŉ ſ and everything else
        }
    }

    /// Appends the ToASCII of `domain` (UTF-8, with at least one non-ASCII byte) and returns true when
    /// every label is covered; otherwise returns false with `out` as it was.
    static func write(_ domain: UnsafeBufferPointer<UInt8>, into out: inout URLWriter) -> Bool {
        let start = out.count
        let covered = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { label -> Bool in
            var i = 0
            let n = domain.count
            while true {
                // One label: its code points, mapped, and whether any is non-ASCII.
                var count = 0, nonASCII = false
                while i < n && domain[i] != UInt8(ascii: ".") {
                    if count == 64 { return false }
                    let byte = domain[i]
                    if byte < 0x80 {
                        let lowered = lowercased(byte)
                        guard lowered &- 0x61 < 26 || lowered &- 0x30 < 10 || lowered == UInt8(ascii: "-") else { return false }
                        label[count] = UInt32(lowered)
                        i += 1
                    } else {
                        // A two-byte sequence with lead C3–C5: U+00C0–U+017F.
                        guard byte >= 0xC3, byte <= 0xC5, i + 1 < n, domain[i + 1] & 0xC0 == 0x80 else { return false }
                        let mapped = mapping(UInt32(byte & 0x1F) << 6 | UInt32(domain[i + 1] & 0x3F))
                        if mapped == 0 { return false }
                        label[count] = mapped
                        nonASCII = true
                        i += 2
                    }
                    count += 1
                }
                if count == 0 { return false }
                // A label starting "xn--" is UTS #46's to check (it must be valid Punycode, and then fails
                // when it also holds non-ASCII).
                if count >= 4 && label[0] == 0x78 && label[1] == 0x6E && label[2] == 0x2D && label[3] == 0x2D {
                    return false
                }
                let codePoints = UnsafeBufferPointer(rebasing: label[0..<count])
                if nonASCII {
                    out.append("xn--")
                    guard Punycode.encode(codePoints, emit: { out.append($0) }) else { return false }
                } else {
                    for cp in codePoints { out.append(UInt8(cp)) }
                }
                if i == n { return true }
                out.append(UInt8(ascii: "."))
                i += 1
            }
        }
        if !covered { out.truncate(to: start) }
        return covered
    }
}
