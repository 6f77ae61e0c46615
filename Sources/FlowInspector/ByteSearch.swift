// ByteSearch.swift: memchr over a page's bytes, the byte-sequence search on it, and ASCII lower-casing. A page is mostly text
// between the few bytes the inspector looks for ("<", a newline, "{"), and libc's memchr skips text many
// bytes at a time.
import Foundation

/// An ASCII capital as its small letter; any other byte as it is. The markup and URL parts the inspector
/// compares without case are ASCII, so its case-blind comparisons are byte by byte through this.
@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The index of the first `byte` in self[from..<to], or nil.
    func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        guard from >= 0, from < to, to <= count, let base = baseAddress,
              let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
}

extension Array where Element == UInt8 {
    /// The index of the first `byte` in self[from..<to], or nil.
    func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        withUnsafeBufferPointer { $0.firstIndex(of: byte, from: from, to: to) }
    }

    /// The index where `needle` first occurs whole in self[from..<to], or nil (each candidate's first byte
    /// found with memchr).
    func firstIndex(of needle: some Collection<UInt8>, from: Int, to: Int) -> Int? {
        guard let first = needle.first, from >= 0 else { return nil }
        let last = Swift.min(to, count) - needle.count  // the last index a whole needle can start at
        var i = from
        while i <= last, let next = firstIndex(of: first, from: i, to: last + 1) {
            if self[next..<(next + needle.count)].elementsEqual(needle) { return next }
            i = next + 1
        }
        return nil
    }
}
