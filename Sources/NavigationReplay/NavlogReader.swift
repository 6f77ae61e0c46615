// NavlogReader.swift: streams a navlog (JSON Lines) line by line. Memory holds one chunk and the line being
// assembled, however long the log. Lines are numbered from 1; a UTF-8 byte-order mark and CR before LF
// are accepted; a blank line is not a record (and is not counted as one); a line longer than `maxLineBytes`
// is rejected without being held; a last line cut off mid-record is reported as truncated.
import Foundation
import JSONText
import NavigationPolicy

package struct NavlogReader {
    /// Longest line accepted (a record with a large drained queue stays far below).
    package var maxLineBytes = 16 << 20

    package init() {}

    /// Reads `input` to its end, handing each header, record and rejection to `emit` in order, one at a
    /// time. Each is given, not lent: a replayer that takes it keeps it without a copy.
    package func read(_ input: ByteInput, _ emit: (consuming LogItem) -> Void) {
        scanLines(input, line: { text, number, isFirst, endOfFile in
            emit(Self.item(text, line: number, isFirstLine: isFirst, endOfFile: endOfFile))
        }, rejected: { emit(.rejected($0)) })
    }

    /// One line's item: a record, the header, or why it was rejected (a last line cut short says so).
    static func item(_ text: UnsafeBufferPointer<UInt8>, line: Int, isFirstLine: Bool, endOfFile: Bool) -> LogItem {
        var item = NavlogLineParser.parse(text, line: line, isFirstLine: isFirstLine)
        if endOfFile, case .rejected(var rejected) = item, case .incompleteJSON(let column, _) = rejected.reason {
            rejected.reason = .incompleteJSON(column: column, fileEndsHere: true)
            item = .rejected(rejected)
        }
        return item
    }

    /// Splits the navlog into lines (without their line ends and leading blanks; blank lines skipped) and
    /// overlong lines, which are rejected unread. `line` gets the text, its number, whether it is the first
    /// line with content, and whether it is a last line without a line end.
    func scanLines(_ input: ByteInput, line emitLine: (UnsafeBufferPointer<UInt8>, Int, Bool, Bool) -> Void,
                   rejected: (RejectedRecord) -> Void) {
        var line = 1
        var partial: [UInt8] = []
        var overlong = false
        var isFirstContentLine = true
        var atFileStart = true
        var unreadable = false

        func finish(_ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int, endOfFile: Bool) {
            var end = bytes.count
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
            var start = 0
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            if start == end { return }  // blank
            emitLine(UnsafeBufferPointer(rebasing: bytes[start..<end]), lineNumber, isFirstContentLine, endOfFile)
            isFirstContentLine = false
        }

        // A file in another encoding is not read past its first chunk.
        while !unreadable, let chunk = input.nextChunk() {
            chunk.withUnsafeBufferPointer { buffer in
                var start = 0
                if atFileStart {
                    atFileStart = false
                    do throws(TextEncodingError) { start = try TextEncoding.streamedStart(buffer) } catch {
                        // A file in another encoding is named, not misread.
                        rejected(RejectedRecord(location: .line(1), reason: .encoding(error)))
                        unreadable = true
                        return
                    }
                }
                while start < buffer.count {
                    guard let newline = Self.indexOfNewline(buffer, from: start) else {
                        // The line goes on in the next chunk.
                        if !overlong {
                            partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
                            if partial.count > maxLineBytes { overlong = true; partial = [] }
                        }
                        return
                    }
                    if overlong {
                        rejected(RejectedRecord(location: .line(line), reason: .lineTooLong(limit: maxLineBytes)))
                        overlong = false
                    } else if partial.isEmpty && newline - start > maxLineBytes {
                        rejected(RejectedRecord(location: .line(line), reason: .lineTooLong(limit: maxLineBytes)))
                    } else if partial.isEmpty {
                        finish(UnsafeBufferPointer(rebasing: buffer[start..<newline]), lineNumber: line, endOfFile: false)
                    } else {
                        partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<newline]))
                        if partial.count > maxLineBytes {
                            rejected(RejectedRecord(location: .line(line), reason: .lineTooLong(limit: maxLineBytes)))
                        } else {
                            partial.withUnsafeBufferPointer { finish($0, lineNumber: line, endOfFile: false) }
                        }
                        partial.removeAll(keepingCapacity: partial.capacity <= 1 << 20)
                    }
                    line += 1
                    start = newline + 1
                }
            }
        }
        if overlong {
            rejected(RejectedRecord(location: .line(line), reason: .lineTooLong(limit: maxLineBytes)))
        } else if !partial.isEmpty {
            partial.withUnsafeBufferPointer { finish($0, lineNumber: line, endOfFile: true) }
        }
        // A read that failed is the last thing said, at the line it cut.
        if let failure = input.failure {
            rejected(RejectedRecord(location: .line(line), reason: .input(failure)))
        }
    }

    @inline(__always)
    static func indexOfNewline(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress, start < buffer.count else { return nil }
        guard let found = memchrNewline(base + start, buffer.count - start) else { return nil }
        return found - base
    }
}


@inline(__always)
private func memchrNewline(_ p: UnsafePointer<UInt8>, _ n: Int) -> UnsafePointer<UInt8>? {
    guard let r = memchr(p, 0x0A, n) else { return nil }
    return UnsafePointer(r.assumingMemoryBound(to: UInt8.self))
}
