// TranscriptExpectation.swift: `--expect FILE` compares the JSON transcript, line by line, with a saved one
// (made by `bridge replay --format json … > FILE`). Each line that differs is a TranscriptDifference value:
// the keys that differ with both values, so a changed decision reads as `decision: expected "cancel", got
// "allow"` rather than two long lines to compare by eye. The values are kept as they are; the report
// (TranscriptComparison) shows them through the Redactor, so a transcript saved with --reveal does not print
// its secrets in a diff.
import InputProblems
import InputFiles
import Foundation
import JSONText
import NavigationPolicy
import SecretMasking

/// One line of a transcript that differs from the saved one. `line` counts from 1.
package struct TranscriptDifference: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// The run printed a line past the end of the saved transcript.
        case notExpected(String)
        /// The saved transcript has a line the run did not print.
        case notProduced(String)
        /// Both are JSON objects; these keys differ (none: only key order or spacing differs). `seq` is the
        /// line's sequence number, when it has one.
        case keys(seq: JSONValue?, [KeyDifference])
        /// At least one of the two is not a JSON object.
        case lines(expected: String, actual: String)
    }

    package var line: Int
    package var kind: Kind

    package init(line: Int, _ kind: Kind) {
        self.line = line
        self.kind = kind
    }
}

/// A key whose value differs: nil on a side where the key is absent.
package struct KeyDifference: Sendable, Hashable {
    package var key: String
    package var expected: JSONValue?
    package var actual: JSONValue?

    package init(key: String, expected: JSONValue?, actual: JSONValue?) {
        self.key = key
        self.expected = expected
        self.actual = actual
    }
}

package final class TranscriptExpectation {
    package let path: String
    private let expected: [String]
    private var index = 0
    /// The first differences (at most `shown`), in order.
    package private(set) var differences: [TranscriptDifference] = []
    package private(set) var differenceCount = 0
    package static let shown = 20

    /// Why the saved transcript could not be used.
    package enum Unreadable: Error, Sendable, Hashable {
        case cannotRead(path: String, InputFileProblem)
        case notUTF8(path: String, TextEncodingError)
    }

    package init(path: String) throws(Unreadable) {
        let data: [UInt8]
        do { data = try InputFile.read(path) } catch { throw .cannotRead(path: path, error) }
        self.path = path
        let bytes: [UInt8]
        do { bytes = try TextEncoding.utf8(data) } catch { throw .notUTF8(path: path, error) }
        expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// Compares the next transcript line.
    package func compare(_ actual: String) {
        defer { index += 1 }
        guard index < expected.count else {
            note(TranscriptDifference(line: index + 1, .notExpected(actual)))
            return
        }
        let wanted = expected[index]
        if wanted == actual { return }
        note(TranscriptDifference(line: index + 1, Self.difference(expected: wanted, actual: actual)))
    }

    /// Lines of the expected transcript the run did not produce.
    package func finish() {
        while index < expected.count {
            note(TranscriptDifference(line: index + 1, .notProduced(expected[index])))
            index += 1
        }
    }

    package var matches: Bool { differenceCount == 0 }

    /// What standard error says about the comparison.
    package var comparison: TranscriptComparison {
        TranscriptComparison(path: path, differenceCount: differenceCount, differences: differences)
    }

    private func note(_ difference: TranscriptDifference) {
        differenceCount += 1
        if differences.count < Self.shown { differences.append(difference) }
    }

    /// The keys whose values differ, or both lines when they are not comparable objects.
    static func difference(expected: String, actual: String) -> TranscriptDifference.Kind {
        guard case .object(let e)? = JSONValue.parse(expected), case .object(let a)? = JSONValue.parse(actual) else {
            return .lines(expected: expected, actual: actual)
        }
        let keys = Set(e.keys).union(a.keys).sorted().compactMap { key -> KeyDifference? in
            e[key] == a[key] ? nil : KeyDifference(key: key, expected: e[key], actual: a[key])
        }
        return .keys(seq: a["seq"] ?? e["seq"], keys)
    }
}
