// SourceMap.swift: positions in a page's bytes as line and column (1-based; columns count Unicode code
// points, which is what SARIF's "unicodeCodePoints" column kind says), and the search that finds an
// element's start tag or a script's first byte near the line libxml2 reported, so findings inside inline
// scripts point at the statement itself.
import Foundation

/// A place in a file.
package struct SourcePosition: Sendable, Hashable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

struct SourceMap {
    let bytes: [UInt8]
    /// Byte offset at which each line starts (index 0 is line 1).
    let lineStarts: [Int]
    /// Where the next element search starts: elements come in document order.
    private var cursor = 0
    /// The last position computed: positions are asked for in increasing order, so a long line (a
    /// minified page) is counted once, not once per element on it.
    private let lastPosition = PositionCache()

    final class PositionCache: @unchecked Sendable {
        var offset = 0, line = 1, column = 1
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var from = 0
        while let newline = bytes.firstIndex(of: 0x0A, from: from, to: bytes.count) {
            starts.append(newline + 1)
            from = newline + 1
        }
        lineStarts = starts
    }

    /// The line and column of a byte offset.
    func position(of offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var i = lineStarts[low]
        if lastPosition.line == low + 1 && lastPosition.offset >= i && lastPosition.offset <= clamped {
            column = lastPosition.column
            i = lastPosition.offset
        }
        defer { (lastPosition.offset, lastPosition.line, lastPosition.column) = (clamped, low + 1, column) }
        while i < clamped {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        // A continuation byte at the offset itself does not start a new column.
        return SourcePosition(line: low + 1, column: column)
    }

    func lineStart(_ line: Int) -> Int {
        lineStarts[max(0, min(line - 1, lineStarts.count - 1))]
    }

    /// Finds `<tag` for an element libxml2 put on `line` (the line where its start tag ends): first on
    /// that line at or after the cursor, else the last one in the lines just before it (a start tag
    /// spread over lines), else after the cursor anywhere.
    mutating func locateStartTag(_ tag: HTMLElement.Tag, line: Int) -> Int {
        let needle = tag.opening
        let lineBegin = max(cursor, lineStart(line))
        let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
        if let found = find(needle, from: lineBegin, to: lineEnd) {
            cursor = found + 1
            return found
        }
        let lookBack = max(cursor, lineStart(line - 20))
        var candidate: Int? = nil
        var from = lookBack
        while let found = find(needle, from: from, to: lineBegin) {
            candidate = found
            from = found + 1
        }
        if let candidate {
            cursor = candidate + 1
            return candidate
        }
        if let found = find(needle, from: cursor, to: bytes.count) {
            cursor = found + 1
            return found
        }
        return lineBegin
    }

    /// The first byte after the start tag that begins at `tagOffset` (quotes in attributes respected).
    func endOfStartTag(_ tagOffset: Int) -> Int {
        var i = tagOffset, quote: UInt8? = nil
        while i < bytes.count {
            let c = bytes[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                return i + 1
            }
            i += 1
        }
        return bytes.count
    }

    /// Moves the element search past `offset` (after a script's content, so text inside it is not taken
    /// for tags).
    mutating func advance(to offset: Int) { cursor = max(cursor, offset) }

    /// Finds `needle`, a tag's opening ("<div"), in [from, to): its "<" with memchr, the name after it ASCII
    /// case-insensitive, followed by a byte that ends a tag name.
    func find(_ needle: [UInt8], from: Int, to: Int) -> Int? {
        guard !needle.isEmpty, from < to else { return nil }
        var i = from
        let last = min(to, bytes.count) - needle.count
        while i <= last {
            guard let next = bytes.firstIndex(of: needle[0], from: i, to: last + 1) else { return nil }
            i = next
            var matched = true
            for j in 0..<needle.count where asciiLowercased(bytes[i + j]) != asciiLowercased(needle[j]) {
                matched = false
                break
            }
            if matched {
                let after = i + needle.count < bytes.count ? bytes[i + needle.count] : UInt8(ascii: ">")
                if after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after == 0x20 || after == 0x09
                    || after == 0x0A || after == 0x0D || after == 0x0C {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    /// Finds `needle` (exact bytes) from `from` to the end.
    func findBytes(_ needle: ArraySlice<UInt8>, from: Int) -> Int? {
        bytes.firstIndex(of: needle, from: from, to: bytes.count)
    }

}

extension String {
    /// Substring search on UTF-8 bytes (Foundation's `contains` goes through CFString, which a page with
    /// thousands of elements feels).
    func containsBytes(_ needle: String) -> Bool {
        var haystack = self, needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
                guard let first = n.first else { return true }
                guard h.count >= n.count else { return false }
                var i = 0
                while i <= h.count - n.count {
                    if h[i] == first {
                        var j = 1
                        while j < n.count && h[i + j] == n[j] { j += 1 }
                        if j == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
