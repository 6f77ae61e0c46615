// TextEncoding.swift: how every file bridge reads (rules, case files, navlogs, HAR and CDP logs, saved
// transcripts, site files, the emulator's configuration, lines on standard input) is turned into UTF-8
// bytes: a UTF-8 byte-order mark (Notepad writes one) is skipped, UTF-16 with its mark (Windows'
// "Unicode") is decoded, and UTF-32 is a clear error, so no reader ever sees a mark as content. One
// function, so that every format agrees on what a file says.

public enum TextEncoding {
    /// A file's text as UTF-8 bytes, its byte-order mark read.
    public static func utf8(_ bytes: [UInt8]) throws(TextEncodingError) -> [UInt8] {
        switch mark(bytes) {
        case .none: return bytes
        case .utf8: return Array(bytes.dropFirst(3))
        case .utf16LittleEndian, .utf16BigEndian:
            let little = mark(bytes) == .utf16LittleEndian
            guard bytes.count % 2 == 0 else { throw TextEncodingError.oddUTF16Length }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var index = 2
            while index + 1 < bytes.count {
                units.append(little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        case .utf32: throw TextEncodingError.utf32
        }
    }

    /// Where a streamed file's text starts in its first chunk (past a UTF-8 mark). A UTF-16 or UTF-32 file
    /// cannot be streamed as UTF-8 lines: an error saying so.
    public static func streamedStart(_ firstChunk: some Collection<UInt8>) throws(TextEncodingError) -> Int {
        switch mark(firstChunk) {
        case .none: return 0
        case .utf8: return 3
        case .utf16LittleEndian, .utf16BigEndian, .utf32: throw .notUTF8Stream
        }
    }

    /// The bytes as a String when they are UTF-8, else nil: the one check of bridge's readers
    /// (String(validating:) needs macOS 15 and iOS 18; this module builds for older Apple platforms too).
    @inlinable
    public static func validUTF8(_ bytes: some Collection<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }

    /// The byte-order mark a file starts with.
    public enum Mark: Equatable, Sendable {
        case none, utf8, utf16LittleEndian, utf16BigEndian, utf32
    }

    public static func mark(_ bytes: some Collection<UInt8>) -> Mark {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32 }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        if head.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
        if head.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
        return .none
    }
}

/// A file whose encoding bridge does not read.
public enum TextEncodingError: Error, Equatable, Sendable {
    case utf32
    case oddUTF16Length
    /// A streamed input (a navlog, standard input) that is UTF-16 or UTF-32.
    case notUTF8Stream
}
