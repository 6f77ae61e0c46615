// LogReplay.swift: one log of any format replayed, as `bridge replay` and an app's own tests do it: the
// reader its format takes (a navlog streamed, parsed and decided on every core; a HAR, CDP or NetLog log read
// whole, up to `wholeLogLimit` bytes, since those formats are one JSON document), each item's output handed
// on in log order, then what the end of the log reveals (requests never answered).
public enum LogReplay {
    /// The largest HAR, CDP or NetLog log read (bytes): they are read whole; a larger one is rejected,
    /// and a navlog, which streams, is the way to replay it.
    public static let wholeLogLimit = 512 << 20

    /// Replays `input` as `format` through `replayer`, handing each output to `emit` in log order; the
    /// summary is the replayer's once this returns.
    public static func run(_ input: ByteInput, format: LogFormat, replayer: Replayer, _ emit: (Replayer.Output) -> Void) {
        func replay(_ item: LogItem) { emit(replayer.replay(item)) }
        switch format {
        case .navlog: ParallelReplay().run(input, replayer, emit)
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
}
