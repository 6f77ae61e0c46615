// LogFormat.swift: which reader a log needs, told from its first bytes (overridable with --input-format):
// a JSON array is a CDP event log; an object whose first key is "constants" (or "events") is a Chromium NetLog (its first
// line is the constants, never a whole object); an object whose first line is a whole JSON object with "url"
// or "format" is a navlog; an object with a "log" member is a HAR (usually pretty-printed, so its first line
// is just "{"). The bytes looked at are handed on to the reader.
import JSONText
import NavigationPolicy

package enum LogFormat: String, Sendable, CaseIterable {
    case navlog, har, cdp, netlog

    /// The format of `input`, from its first bytes: as few as tell it (a navlog's first line, so a piped log
    /// is not waited for), at most 64 KB.
    package static func sniff(_ input: ByteInput) -> LogFormat {
        var format: LogFormat? = nil
        let peeked = input.peek(1 << 16) { bytes in
            format = told(by: bytes, isAll: false)
            return format != nil
        }
        return format ?? told(by: peeked, isAll: true) ?? .navlog
    }

    /// The format these first bytes tell, or nil when more are needed (`isAll`: there are no more).
    static func told(by peeked: [UInt8], isAll: Bool) -> LogFormat? {
        // Sniffed as the readers will read it (a UTF-16 HAR is decoded first; a cut-off last unit is dropped).
        let even = Array(peeked.prefix(peeked.count & ~1))
        let decoded: [UInt8] = (try? TextEncoding.utf8(even)) ?? peeked
        let head = decoded[...]
        guard let first = head.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            return isAll ? .navlog : nil
        }
        if head[first] == UInt8(ascii: "[") { return .cdp }
        // "{" and the longest key looked for ("constants" in quotes), white space between.
        if !isAll && head.count - first < 64 && head[first...].firstIndex(of: 0x0A) == nil { return nil }
        if Self.opensWithConstants(head[first...]) { return .netlog }
        guard let lineEnd = head[first...].firstIndex(of: 0x0A) ?? (isAll ? head.endIndex : nil) else {
            return head.count >= 1 << 16 ? .navlog : nil
        }
        let line = head[first..<lineEnd]
        // A pretty-printed object: its first line does not close it.
        let keys: [String]? = Array(line).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            var keys: [String] = []
            do {
                try scanner.object { (s: inout JSONScanner, key: JSONScannedKey) throws(JSONScanError) in
                    if keys.count < 64 { keys.append(key.text) }
                    try s.skipValue()
                }
            } catch { return nil }
            return keys
        }
        if let keys { return keys.contains("log") ? .har : .navlog }
        // Not one whole object on the first line: a HAR if a "log" key opens it.
        let text = String(decoding: head[first...].prefix(4096), as: UTF8.self)
        if text.contains("\"log\"") { return .har }
        return isAll || head.count - first >= 4096 ? .navlog : nil
    }

    /// `{` then, after white space, the key "constants" (how Chromium writes every NetLog) or "events" (a
    /// NetLog another tool rewrote with its keys in another order).
    static func opensWithConstants(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "{") else { return false }
        let rest = bytes.dropFirst().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return rest.starts(with: Array("\"constants\"".utf8)) || rest.starts(with: Array("\"events\"".utf8))
    }
}
