// LogReplay.swift: one log of any format replayed, as `bridge replay` and an app's own tests do it: the
// reader its format takes (a navlog streamed, parsed and decided on every core; a HAR, CDP or NetLog log read
// whole, up to `wholeLogLimit` bytes, since those formats are one JSON document), each item's output handed
// on in log order, then what the end of the log reveals (requests never answered).
import JSONText

package enum LogReplay {
    /// The largest HAR, CDP or NetLog log read (bytes): they are read whole; a larger one is rejected,
    /// and a navlog, which streams, is the way to replay it.
    package static let wholeLogLimit = 512 << 20

    /// Replays `input` as `format` through `replayer`, handing each output to `emit` in log order; the
    /// summary is the replayer's once this returns.
    package static func run(_ input: ByteInput, format: LogFormat, replayer: Replayer, _ emit: (Replayer.Output) -> Void) {
        func replay(_ item: LogItem) { emit(replayer.replay(item)) }
        switch format {
        case .navlog:
            if let lines = notANavlog(input) {
                replay(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .notANavlog(lines: lines))))
            } else {
                ParallelReplay().run(input, replayer, emit)
            }
        case .har, .cdp, .netlog:
            do {
                let bytes = try input.readAll(limit: wholeLogLimit)
                switch format {
                case .har: HARReader().read(bytes, replay)
                case .cdp: CDPReader().read(bytes, replay)
                default: NetLogReader().read(bytes, replay)
                }
            } catch {
                replay(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .input(error))))
            }
        }
        let findings = replayer.finish()
        if !findings.isEmpty { emit(.findings(findings)) }
    }

    /// The number of lines of a would-be navlog none of whose lines opens a JSON object, or nil when one does
    /// (or when its first line does: the common case, decided at once). What is looked at is at most the
    /// first 64 KB, and a pipe is read only until a line that opens an object arrives, so a piped log that
    /// starts with a line of noise (logcat's "--------- beginning of main") still streams.
    static func notANavlog(_ input: ByteInput) -> Int? {
        func opensObject(_ line: ArraySlice<UInt8>) -> Bool {
            // A UTF-8 byte-order mark may open the first line.
            let text = line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line
            return text.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) } == UInt8(ascii: "{")
        }
        func anyLineOpensObject(_ bytes: [UInt8]) -> Bool {
            bytes.split(separator: 0x0A, omittingEmptySubsequences: true).contains(where: opensObject)
        }
        let limit = 1 << 16
        let peeked = input.peek(limit) { anyLineOpensObject($0) }
        if peeked.isEmpty || anyLineOpensObject(peeked) { return nil }
        // Only text that is all there is counts: a longer input is left to the reader, line by line.
        guard peeked.count < limit else { return nil }
        // Text that is not UTF-8 (UTF-16 with its byte-order mark, binary) is the encoding's problem, which the
        // reader reports.
        if TextEncoding.validUTF8(peeked) == nil { return nil }
        let lines = peeked.split(separator: 0x0A, omittingEmptySubsequences: true).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        return lines.isEmpty ? nil : lines.count
    }
}
