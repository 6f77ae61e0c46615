// OptionRanges.swift: the ranges numeric options are checked against when the command line is parsed, so
// that NaN, an infinity or a value past what a timer or a buffer can hold is a usage error naming the
// option, never a crash or a run that cannot end.

enum OptionRanges {
    /// The longest time any option may give: a day.
    static let longestSeconds = 86_400.0
    /// The shortest: a millisecond. libcurl and the hosts' timers count whole milliseconds, and libcurl reads
    /// 0 as "no timeout", so a shorter time would wait for ever.
    static let shortestSeconds = 0.001

    /// A number of seconds: finite, at least a millisecond, at most a day.
    static func seconds(_ value: Double, _ option: String) throws(CommandProblem) {
        guard value.isFinite, value >= shortestSeconds, value <= longestSeconds else {
            throw .secondsOutOfRange(option: option, value)
        }
    }

    /// A count of bytes: at least 1, at most `most`.
    static func bytes(_ value: Int, _ option: String, most: Int) throws(CommandProblem) {
        guard value >= 1, value <= most else { throw .bytesOutOfRange(option: option, value, most: most) }
    }
}
