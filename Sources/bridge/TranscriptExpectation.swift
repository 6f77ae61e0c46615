// TranscriptExpectation.swift: `bridge replay --expect FILE` compares the JSON transcript, line by line,
// with a saved one (made by `bridge replay --format json … > FILE`). A line that differs is shown with the
// keys that differ and both values, so a changed decision reads as "decision: expected cancel, got allow"
// rather than two long lines to compare by eye.
import Foundation

final class TranscriptExpectation {
    let path: String
    private let expected: [String]
    private var index = 0
    private(set) var differences: [String] = []
    private(set) var differenceCount = 0
    static let shown = 20

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("--expect \(path): cannot be read")
        }
        self.path = path
        expected = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// Compares the next transcript line.
    func compare(_ actual: String) {
        defer { index += 1 }
        guard index < expected.count else {
            note("line \(index + 1): not in \(path): \(actual)")
            return
        }
        let wanted = expected[index]
        if wanted == actual { return }
        note("line \(index + 1): " + Self.describe(expected: wanted, actual: actual))
    }

    /// Lines of the expected transcript the replay did not produce.
    func finish() {
        while index < expected.count {
            note("line \(index + 1): expected but not produced: \(expected[index])")
            index += 1
        }
    }

    var matches: Bool { differenceCount == 0 }

    private func note(_ text: String) {
        differenceCount += 1
        if differences.count < Self.shown { differences.append(text) }
    }

    /// The keys whose values differ, or both lines when they are not comparable objects.
    static func describe(expected: String, actual: String) -> String {
        guard let e = object(expected), let a = object(actual) else { return "expected \(expected)\n    got      \(actual)" }
        var parts: [String] = []
        for key in (Array(e.keys) + a.keys.filter { e[$0] == nil }) {
            switch (e[key], a[key]) {
            case let (x?, y?) where text(x) != text(y): parts.append("\(key): expected \(text(x)), got \(text(y))")
            case (nil, let y?): parts.append("\(key): not expected, got \(text(y))")
            case (let x?, nil): parts.append("\(key): expected \(text(x)), missing")
            default: break
            }
        }
        let seq = (a["seq"] ?? e["seq"]).map { "seq \(text($0)): " } ?? ""
        return seq + (parts.isEmpty ? "key order or spacing differs" : parts.sorted().joined(separator: "; "))
    }

    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    static func text(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}
