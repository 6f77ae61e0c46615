// UTS46Revisions.swift: the UTS #46 mapping changes made after Unicode 15.0, which system ICU 72 (the
// Debian 12 library this package links) does not know, but browsers and the WPT suite do. UTS #46's
// first step maps every code point independently, so applying these mappings before ICU gives the
// same result as a newer table. Found by running IdnaTestV2.json against ICU 72: every code point
// below is "disallowed" there and mapped or ignored in UTS #46 revision 31 (Unicode 15.1) and later.
// Code points first assigned in Unicode 16/17 cannot be fixed this way; they are listed, with that
// reason, in Fixtures/conformance/idna-known-failures.json.

enum UTS46Revisions {
    /// The replacement for `scalar` under the newer table: nil when unchanged, [] when now ignored.
    static func replacement(for scalar: UInt32) -> [UInt32]? {
        switch scalar {
        // Mapped since 15.1 (previously disallowed, or mapped differently).
        case 0x04C0: return [0x04CF]                     // CYRILLIC LETTER PALOCHKA → small palochka
        case 0x10A0...0x10C5: return [scalar + 0x1C60]   // Georgian capitals → Nuskhuri (U+2D00…)
        case 0x10C7: return [0x2D27]
        case 0x10CD: return [0x2D2D]
        case 0x1E9E: return [0x00DF]                     // LATIN CAPITAL LETTER SHARP S → ß (was "ss")
        case 0x2132: return [0x214E]                     // TURNED CAPITAL F → turned small f
        case 0x2183: return [0x2184]                     // ROMAN NUMERAL REVERSED ONE HUNDRED → small
        case 0x2F868: return [0x36FC]                    // CJK compatibility ideographs whose
        case 0x2F874: return [0x5F53]                    // decompositions were corrected
        case 0x2F91F: return [0x243AB]
        case 0x2F95F: return [0x7AEE]
        case 0x2F9BF: return [0x45D7]
        // Default-ignorable code points that were disallowed and are ignored since 15.1.
        case 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x206A...0x206F, 0x3164, 0xFFA0, 0x1D173...0x1D17A:
            return []
        default:
            return nil
        }
    }

    /// `domain` (UTF-8) with the newer mappings applied; the same bytes when nothing changes.
    static func apply(_ domain: [UInt8]) -> [UInt8] {
        let text = String(decoding: domain, as: UTF8.self)
        guard text.unicodeScalars.contains(where: { $0.value >= 0x04C0 && replacement(for: $0.value) != nil }) else {
            return domain
        }
        // Written as UTF-8 bytes as it goes, into one array: no String of scalars is built and converted.
        var out: [UInt8] = []
        out.reserveCapacity(domain.count + 8)
        for scalar in text.unicodeScalars {
            if let mapped = replacement(for: scalar.value) {
                for value in mapped {
                    if let replacement = Unicode.Scalar(value) { UTF8.encode(replacement) { out.append($0) } }
                }
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
        return out
    }
}
