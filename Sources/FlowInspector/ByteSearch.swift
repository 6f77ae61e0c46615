// ByteSearch.swift: memchr over a page's bytes. A page is mostly text between the few bytes the inspector
// looks for ("<", a newline, "{"), and libc's memchr skips text many bytes at a time.
import Foundation

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
}
