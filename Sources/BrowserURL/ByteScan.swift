// ByteScan.swift: the sixteen-byte scans (CByteScan) as Swift types, and the one way every caller reads
// them up to the end of its bytes. A scan names, for sixteen bytes, the ones its caller must look at (a
// superset of what it stops at, checked byte by byte with the caller's exact table). `candidates` covers
// any position: a whole block while sixteen bytes remain, then the sixteen that end at the last byte,
// shifted, and for bytes fewer than sixteen in all, a zero-padded copy. So no caller keeps a byte-by-byte
// tail with a second definition of its set.
import CByteScan

/// One sixteen-byte scan. A type, not a value, so that each loop over it is specialised with the scan inlined.
protocol ByteScan {
    /// Bit i set when byte i of the sixteen at `block` may be one the caller looks at.
    static func mask(_ block: UnsafePointer<UInt8>) -> UInt32
}

extension ByteScan {
    /// The scan's mask of `bytes[q..<n]` (bit k: byte q + k), for the first sixteen of them at most; `q < n`,
    /// and `bytes` holds `n` bytes. Bytes at or past `n` are never named, and never read past `n`.
    @inline(__always)
    static func candidates(_ bytes: UnsafePointer<UInt8>, at q: Int, count n: Int) -> UInt32 {
        if q &+ 16 <= n { return mask(bytes + q) }
        if n >= 16 { return mask(bytes + (n &- 16)) >> UInt32(q &- (n &- 16)) }
        return candidatesInShortInput(bytes, at: q, count: n)
    }

    /// `candidates` when there are fewer than sixteen bytes in all (a short URL or value): they are copied
    /// into a zeroed block, and the padding's bits cleared.
    @inline(never)
    static func candidatesInShortInput(_ bytes: UnsafePointer<UInt8>, at q: Int, count n: Int) -> UInt32 {
        var block: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &block) { raw in
            let padded = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            padded.update(from: bytes + q, count: n - q)
            return mask(padded) & (UInt32(1) << UInt32(n - q) &- 1)
        }
    }
}

/// The path state's stops (a superset of the path percent-encode set, "/", "?", "#" and "\\").
enum PathStops: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_path_stops(b) } }
/// The query state's stops (a superset of both query percent-encode sets and "#").
enum QueryStops: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_query_stops(b) } }
/// The fragment state's stops (a superset of the fragment percent-encode set).
enum FragmentStops: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_fragment_stops(b) } }
/// The opaque path state's stops (a superset of the C0 control percent-encode set, space, "#", "/" and "?").
enum OpaquePathStops: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_opaque_path_stops(b) } }
/// The authority's delimiters, exactly: / ? # \ @ : [ ].
enum AuthorityDelimiters: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_authority_delimiters(b) } }
/// TAB, LF and CR, exactly.
enum TabOrNewline: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_tab_or_newline(b) } }
/// "%", "&", "+" and "=", exactly (what splitting form parameters looks at).
enum FormSpecials: ByteScan { @inline(__always) static func mask(_ b: UnsafePointer<UInt8>) -> UInt32 { bs_form_specials(b) } }
