// TranscriptExpectation.swift: `--expect FILE` compares the JSON transcript, line by line, with a saved one
// (made by `bridge replay --format json … > FILE`). A line that differs is shown with the keys that differ
// and both values, so a changed decision reads as `decision: expected "cancel", got "allow"` rather than
// two long lines to compare by eye. Values are shown through the Redactor: a transcript saved with
// --reveal does not print its secrets in a diff.
import Foundation
import JSONText
import NavigationPolicy

public final class TranscriptExpectation {
    public let path: String
    private let expected: [String]
    private let redactor: Redactor
    private var index = 0
    public private(set) var differences: [String] = []
    public private(set) var differenceCount = 0
    public static let shown = 20

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    public init(path: String, redactor: Redactor) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(description: "--expect \(path): cannot be read")
        }
        self.path = path
        self.redactor = redactor
        let bytes: [UInt8]
        do { bytes = try TextEncoding.utf8([UInt8](data)) } catch { throw Unreadable(description: "--expect \(path): \(error)") }
        expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// Compares the next transcript line.
    public func compare(_ actual: String) {
        defer { index += 1 }
        guard index < expected.count else {
            note("line \(index + 1): not in \(path): \(shown(actual))")
            return
        }
        let wanted = expected[index]
        if wanted == actual { return }
        note("line \(index + 1): " + describe(expected: wanted, actual: actual))
    }

    /// Lines of the expected transcript the run did not produce.
    public func finish() {
        while index < expected.count {
            note("line \(index + 1): expected but not produced: \(shown(expected[index]))")
            index += 1
        }
    }

    public var matches: Bool { differenceCount == 0 }

    /// The report for standard error: how many lines differ and the first few differences.
    public var report: String {
        var report = "the transcript differs from \(path) in \(differenceCount) line(s):\n"
        for d in differences { report += "  \(d)\n" }
        if differenceCount > differences.count { report += "  … and \(differenceCount - differences.count) more\n" }
        return report
    }

    private func note(_ text: String) {
        differenceCount += 1
        if differences.count < Self.shown { differences.append(Terminal.safe(text)) }
    }

    /// A whole line as it may be shown: its JSON with secrets masked.
    func shown(_ line: String) -> String {
        guard let value = JSONValue.parse(line) else { return redactor.message(line) }
        return text(value)
    }

    /// The keys whose values differ, or both lines when they are not comparable objects.
    func describe(expected: String, actual: String) -> String {
        guard case .object(let e)? = JSONValue.parse(expected), case .object(let a)? = JSONValue.parse(actual) else {
            return "expected \(shown(expected))\n    got      \(shown(actual))"
        }
        var parts: [String] = []
        for key in Set(e.keys).union(a.keys).sorted() {
            switch (e[key], a[key]) {
            case let (x?, y?) where x != y: parts.append("\(key): expected \(text(x, key: key)), got \(text(y, key: key))")
            case (nil, let y?): parts.append("\(key): not expected, got \(text(y, key: key))")
            case (let x?, nil): parts.append("\(key): expected \(text(x, key: key)), missing")
            default: break
            }
        }
        let seq = (a["seq"] ?? e["seq"]).map { "seq \(text($0)): " } ?? ""
        return seq + (parts.isEmpty ? "key order or spacing differs" : parts.joined(separator: "; "))
    }

    /// A value as JSON text, masked: secret keys inside it, URLs and `name=value` in its strings, and the
    /// value itself when its key is a secret.
    func text(_ value: JSONValue, key: String? = nil) -> String {
        if let key, redactor.secrets.isSecret(key), case .string(let s) = value { return JSONWriter.quoted(redactor.mask(s)) }
        return masked(redactor.json(value)).jsonText
    }

    private func masked(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(redactor.message(s))
        case .array(let items): return .array(items.map(masked))
        case .object(let o): return .object(o.mapValues(masked))
        default: return value
        }
    }
}
