// EmulatorClock.swift: the emulator's settable clock. Codes and tokens expire by it, so a test moves time
// forward (`POST /emulator/v1/clock {"advance": 1800}`) instead of waiting half an hour. A clock made
// `stopped(at:)` moves only when told to, so what a test checks never depends on how long the machine took.
import Foundation

struct EmulatorClock: Sendable {
    /// Seconds added to the machine's time.
    private(set) var offset: TimeInterval = 0
    /// A fixed time, when one was set (`{"now": …}`); it then moves only by `advance`.
    private(set) var fixed: Date?

    init() {}

    /// A clock that reads `date` until it is moved (a test's emulator: a lifetime never runs out while the
    /// machine is busy elsewhere).
    static func stopped(at date: Date) -> EmulatorClock {
        var clock = EmulatorClock()
        clock.fixed = date
        return clock
    }

    func now(_ real: Date = Date()) -> Date { (fixed ?? real).addingTimeInterval(offset) }

    mutating func advance(_ seconds: TimeInterval) { offset += seconds }

    /// The farthest the clock may be from the machine's time, either way, in seconds (a hundred years): far
    /// enough for any lifetime a provider gives, near enough that every date stays one a client can read.
    static let farthestOffset: TimeInterval = 100 * 365.25 * 86_400

    /// Whether a clock that reads `date` (now, on the machine's time) stays within `farthestOffset`.
    static func isWithinRange(_ date: Date, _ real: Date = Date()) -> Bool {
        abs(date.timeIntervalSince(real)) <= farthestOffset
    }

    mutating func set(_ date: Date) {
        fixed = date
        offset = 0
    }

    /// A formatter of `format` in UTC and the POSIX locale: the fixed-format dates providers write
    /// (Capture's dateTime and signature Date, RFC 5322's date-time, a search's day).
    static func utcFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
