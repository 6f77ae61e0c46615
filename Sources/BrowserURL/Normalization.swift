// Normalization.swift: Unicode Normalization Form C (UAX #15) over code points, for UTS #46 (step 2 of its
// processing, and the NFC check of a decoded "xn--" label). Written by hand from the generated tables
// (UTS46Data/UTS46Tables.swift) rather than taken from the standard library: on Apple platforms the
// standard library's normalizer is the operating system's, whose Unicode version follows the OS, and
// the mapping must be the same Unicode version on every platform. The tests hold it to the standard
// library's NFC (the same Unicode version on Linux) for every code point.
// The algorithm is UAX #15's: full canonical decomposition (Hangul algorithmically), canonical ordering,
// then canonical composition with blocking.

enum Normalization {
    /// Hangul syllable arithmetic (Unicode §3.12).
    private static let sBase: UInt32 = 0xAC00, lBase: UInt32 = 0x1100, vBase: UInt32 = 0x1161, tBase: UInt32 = 0x11A7
    private static let lCount: UInt32 = 19, vCount: UInt32 = 21, tCount: UInt32 = 28
    private static let nCount = vCount * tCount, sCount = lCount * nCount

    /// The Canonical_Combining_Class of `cp`.
    @inline(__always)
    static func combiningClass(_ cp: UInt32) -> UInt8 {
        if cp < 0x300 { return 0 }
        let table = UTS46Tables.combiningClassRuns
        return UInt8(truncatingIfNeeded: table[UTS46Tables.lastIndex(in: table, atMost: cp << 8 | 0xFF)])
    }

    /// False when NFC keeps `cp` as it is whatever surrounds it (NFC_Quick_Check Yes, combining class 0).
    @inline(__always)
    static func mayChange(_ cp: UInt32) -> Bool {
        if cp < UTS46Tables.nfcBoundary { return false }
        let runs = UTS46Tables.quickCheckRuns
        return runs[UTS46Tables.lastIndex(in: runs, atMost: cp << 1 | 1)] & 1 == 1
    }

    /// True when `text` is NFC as it is. Exact: it normalizes unless no code point may change.
    static func isNFC(_ text: [UInt32]) -> Bool {
        if !text.contains(where: mayChange) { return true }
        return nfc(text) == text
    }

    /// `text` in NFC.
    static func nfc(_ text: [UInt32]) -> [UInt32] {
        if !text.contains(where: mayChange) { return text }
        var buffer = decompose(text)
        orderCanonically(&buffer)
        compose(&buffer)
        return buffer
    }

    /// The full canonical decomposition of every code point.
    private static func decompose(_ text: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.count + 8)
        for cp in text {
            if cp < 0xC0 {
                out.append(cp)
            } else if cp &- sBase < sCount {
                let index = cp - sBase
                out.append(lBase + index / nCount)
                out.append(vBase + (index % nCount) / tCount)
                if index % tCount != 0 { out.append(tBase + index % tCount) }
            } else {
                let keys = UTS46Tables.decompositionKeys
                let i = UTS46Tables.lastIndex(in: keys, atMost: cp)
                if i >= 0, keys[i] == cp {
                    let value = UTS46Tables.decompositionValues[i]
                    let offset = Int(value >> 3), length = Int(value & 7)
                    out.append(contentsOf: UTS46Tables.decompositionPool[offset..<offset + length])
                } else {
                    out.append(cp)
                }
            }
        }
        return out
    }

    /// Sorts each run of non-starters by combining class, stably (an insertion sort: the runs are short).
    private static func orderCanonically(_ text: inout [UInt32]) {
        guard text.count > 1 else { return }
        for i in 1..<text.count {
            let cp = text[i]
            let cc = combiningClass(cp)
            if cc == 0 { continue }
            var j = i
            while j > 0 {
                let before = combiningClass(text[j - 1])
                if before <= cc { break }
                text[j] = text[j - 1]
                j -= 1
            }
            text[j] = cp
        }
    }

    /// The primary composite of `first` and `second`, if there is one.
    private static func composite(_ first: UInt32, _ second: UInt32) -> UInt32? {
        // Hangul: L + V, and LV + T.
        if first &- lBase < lCount, second &- vBase < vCount {
            return sBase + ((first - lBase) * vCount + (second - vBase)) * tCount
        }
        if first &- sBase < sCount, (first - sBase) % tCount == 0, second &- tBase &- 1 < tCount - 1 {
            return first + (second - tBase)
        }
        let key = UInt64(first) << 21 | UInt64(second)
        let keys = UTS46Tables.compositionKeys
        let i = UTS46Tables.lastIndex(in: keys, atMost: key)
        return i >= 0 && keys[i] == key ? UTS46Tables.compositionValues[i] : nil
    }

    /// Canonical composition (UAX #15 §1.3), in place.
    private static func compose(_ text: inout [UInt32]) {
        guard !text.isEmpty else { return }
        var starter = 0
        // A text that starts with a non-starter has no starter to compose with until the next one.
        var lastClass = combiningClass(text[0]) == 0 ? 0 : 256
        var written = 1
        for read in 1..<text.count {
            let cp = text[read]
            let cc = Int(combiningClass(cp))
            // Not blocked (nothing between the starter and cp, or only code points of a lower class), and cp
            // can be the second of a pair (the quick check flags every such code point).
            if lastClass < cc || lastClass == 0, cc != 0 || mayChange(cp), let composed = composite(text[starter], cp) {
                text[starter] = composed
                continue
            }
            if cc == 0 {
                starter = written
            }
            lastClass = cc
            text[written] = cp
            written += 1
        }
        text.removeSubrange(written...)
    }
}
