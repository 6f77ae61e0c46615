// TranscriptComparison.swift: the words for `--expect`: how many lines differ and the first few differences,
// each value shown as JSON through the Redactor (secret keys, URLs and `name=value` in strings masked), or
// that the transcript matches. An event, so the report reaches standard error through the renderer.
import JSONText
import NavigationPolicy
import SecretMasking
import SensitiveText

package struct TranscriptComparison: OutputEvent, Sendable, Hashable {
    package var path: String
    package var differenceCount: Int
    /// The first differences (TranscriptExpectation.shown at most).
    package var differences: [TranscriptDifference]

    package init(path: String, differenceCount: Int, differences: [TranscriptDifference]) {
        self.path = path
        self.differenceCount = differenceCount
        self.differences = differences
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        guard differenceCount > 0 else { return ["the transcript matches \(path)"] }
        var lines = ["the transcript differs from \(path) in \(differenceCount) line(s):"]
        let words = DifferenceWords(path: path, redactor: text.redactor)
        // A difference of two whole lines reads on two lines; each part is escaped for the terminal.
        lines += differences.flatMap { words.lines($0).map { "  " + $0 } }
        if differenceCount > differences.count { lines.append("  … and \(differenceCount - differences.count) more") }
        return lines
    }

    /// Standard error only: a JSON transcript on standard output stays the transcript.
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? { nil }
}

extension TranscriptExpectation.Unreadable: WordedValue {
    /// The problem's words; the path is the user's.
    package var words: MessageText {
        switch self {
        case .cannotRead(let path, let problem): "--expect \(input: path): " + problem.words
        case .notUTF8(let path, let problem): "--expect \(input: path): \(problem.words)"
        }
    }
}

/// One difference in words, its values masked.
struct DifferenceWords {
    let path: String
    let redactor: Redactor

    func lines(_ difference: TranscriptDifference) -> [String] {
        let head = "line \(difference.line): "
        switch difference.kind {
        case .notExpected(let actual):
            return [Terminal.safe(head + "not in \(path): " + shown(actual))]
        case .notProduced(let expected):
            return [Terminal.safe(head + "expected but not produced: " + shown(expected))]
        case .lines(let expected, let actual):
            return [Terminal.safe(head + "expected \(shown(expected))"), Terminal.safe("    got      \(shown(actual))")]
        case .keys(let seq, let keys):
            let parts = keys.map { key -> String in
                switch (key.expected, key.actual) {
                case (nil, let y?): return "\(key.key): not expected, got \(text(y, key: key.key))"
                case (let x?, nil): return "\(key.key): expected \(text(x, key: key.key)), missing"
                case (let x?, let y?): return "\(key.key): expected \(text(x, key: key.key)), got \(text(y, key: key.key))"
                case (nil, nil): return key.key
                }
            }
            let prefix = seq.map { "seq \(text($0)): " } ?? ""
            return [Terminal.safe(head + prefix + (parts.isEmpty ? "key order or spacing differs" : parts.joined(separator: "; ")))]
        }
    }

    /// A whole line as it may be shown: its JSON with secrets masked.
    func shown(_ line: String) -> String {
        guard let value = JSONValue.parse(line) else { return redactor.foreignText(line) }
        return text(value)
    }

    /// A value as JSON text, masked: secret keys inside it, URLs and `name=value` in its strings, and the
    /// value itself when its key is a secret.
    func text(_ value: JSONValue, key: String? = nil) -> String {
        if let key, redactor.secrets.isSecret(key), case .string(let s) = value { return JSONWriter.quoted(redactor.mask(s)) }
        return masked(redactor.json(value)).jsonText
    }

    private func masked(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(redactor.foreignText(s))
        case .array(let items): return .array(items.map(masked))
        case .object(let o): return .object(o.mapValues(masked))
        default: return value
        }
    }
}
