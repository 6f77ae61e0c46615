// RulesAuditText.swift: `bridge test`'s values in words: a case file's problems, how a decision came out,
// the starter file's notes. RulesAudit gives the values; the file's text they quote (a file name, a key, a
// rule's name) is input, so the renderer masks it by its reading.
import JSONText
import NavigationPolicy
import RulesAudit
import SecretMasking
import SensitiveText

extension CaseFileError: WordedValue {
    /// Public as the type is (RulesAudit is a product): its words, masked.
    public var description: String { Redactor().text(words) }

    /// The problem in words (what a value at `key` must be, when it is the value).
    package var message: String { Redactor().text(problem.words(key: key)) }

    /// The file, the line, the key (the file's own text, so input) and the problem.
    package var words: MessageText {
        let place: MessageText = line > 0 ? (column.map { "\(input: file):\(line):\($0)" } ?? "\(input: file):\(line)") : "\(input: file)"
        return place + ": " + (key.map { "\(input: $0): " } ?? "") + problem.words(key: key)
    }
}

extension CaseFileProblem {
    /// The problem in words, for the value at `key`.
    package func words(key: String?) -> MessageText {
        switch self {
        case .unreadable(let problem): problem.words
        case .noCases: "holds no cases (one JSON object per line: {\"url\": …, \"expect\": {…}})"
        case .notUTF8: "not UTF-8"
        case .json(.notAnObject(let kind)): "not a JSON object but \(words: kind.article): each line is one case, {\"url\": …, \"expect\": {…}}"
        case .json(.missing):
            key == "url" ? "missing: the URL the web view reports"
                : "missing: what the decision must be, e.g. {\"decision\": \"cancel\", \"rule\": \"signin\"}"
        // A case is one line: the error already names the file's line, so the column alone places it.
        case .json(.syntax(let syntax, _, let column)): "not valid JSON at column \(column): \(words: syntax.documentWords)"
        case .json(let problem): problem.words(document: "a case")
        case .wrongValue: "must be \(words: Self.takes(key))"
        case .emptyExpectation: "names nothing to check (\(words: CaseFile.ExpectKey.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }

    /// What the value at `key` must be.
    static func takes(_ key: String?) -> String {
        switch key {
        case "frame": "\"main\" or \"sub\""
        case "type": "one of \(NavigationType.allCases.map(\.rawValue).joined(separator: ", "))"
        case "method": "\"GET\" or \"POST\""
        case "sameDocument": "\"fragment\" or \"history-api\""
        case "expect.decision": "\"allow\" or \"cancel\""
        case "expect.kind": "one of \(DecisionKind.allCases.map(\.rawValue).joined(separator: ", "))"
        default: "a string"
        }
    }
}

extension DecidedAs: WordedValue {
    /// Public as the type is (RulesAudit is a product): its words, masked.
    public var description: String { Redactor().text(words) }

    /// The decision in words; the rule's name is the rules file's.
    package var words: MessageText {
        var parts: MessageText = "\(words: kind.rawValue)"
        if let rule { parts = parts + ", rule \(quoted: rule)" }
        if let errorCode { parts = parts + ", error \(words: errorCode)" }
        return "\(words: action.rawValue) (\(parts))"
    }
}

extension StarterNote {
    /// The note's words; the rules' names and key paths are input.
    package var words: MessageText {
        let decided: MessageText = decidedByRule.map { "rule \(quoted: $0)" } ?? .words(decidedKind.rawValue)
        return "\(input: keyPath) \(quoted: intended): \(quoted: caseName) is decided by \(decided), not by it; another rule comes first"
    }
}
