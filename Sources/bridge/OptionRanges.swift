// OptionRanges.swift: the ranges numeric options are checked against when the command line is parsed, so
// that NaN, an infinity or a value past what a timer or a buffer can hold is a usage error naming the
// option, never a crash or a run that cannot end.

import CommandOutput

enum OptionRanges {
    /// A number of seconds: finite, from CommandProblem.shortestSeconds (a millisecond) to its longestSeconds (a day).
    static func seconds(_ value: Double, _ option: String) throws(CommandProblem) {
        guard value.isFinite, value >= CommandProblem.shortestSeconds, value <= CommandProblem.longestSeconds else {
            throw .secondsOutOfRange(option: option, value)
        }
    }

    /// A count of bytes: at least 1, at most `most`.
    static func bytes(_ value: Int, _ option: String, most: Int) throws(CommandProblem) {
        guard value >= 1, value <= most else { throw .bytesOutOfRange(option: option, value, most: most) }
    }
}
