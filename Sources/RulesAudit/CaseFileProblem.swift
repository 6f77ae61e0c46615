// CaseFileProblem.swift: what is wrong with a case file or one of its lines, as a value (CaseFileError carries
// it with the file, the line and the key). A value that is not what its key takes is one case: the key says
// what it must be, and the words (`words(key:)`) say it for that key.
import NavigationPolicy
import SensitiveText

public enum CaseFileProblem: Sendable, Hashable {
    // The file as a whole.
    case unreadable
    case encoding(TextEncodingError)
    /// Blank, or empty: a truncated file in CI must not pass in silence.
    case noCases

    // One line.
    case notUTF8
    /// Not JSON (`parserMessage`: what the JSON parser said).
    case notJSON(parserMessage: String)
    case notAnObject
    /// A key given twice (a JSON reader keeps only one).
    case repeatedKey
    /// A key that is not a case's (or, under expect, an expectation's).
    case unknownKey
    /// url or expect is missing.
    case missing
    /// The value is not what its key takes.
    case wrongValue
    /// An expect object that names nothing to check.
    case emptyExpectation

    /// Whether the file could not be read at all (`bridge test` exits 2 for it, not 1).
    public var isUnreadable: Bool {
        switch self {
        case .unreadable, .encoding: true
        default: false
        }
    }
}

extension CaseFileProblem {
    /// The problem in words, for the value at `key`.
    public func words(key: String?) -> MessageText {
        switch self {
        case .unreadable: "cannot be read"
        case .encoding(let error): .words(error.description)
        case .noCases: "holds no cases (one JSON object per line: {\"url\": …, \"expect\": {…}})"
        case .notUTF8: "not UTF-8"
        case .notJSON(let parserMessage): "not a JSON object: \(foreign: parserMessage)"
        case .notAnObject: "not a JSON object: each line is one case, {\"url\": …, \"expect\": {…}}"
        case .repeatedKey: "the key occurs twice; a JSON reader keeps only one of them"
        case .unknownKey:
            key?.hasPrefix("expect.") == true
                ? "not an expectation key (\(words: CaseFile.expectKeys.joined(separator: ", ")))"
                : "not a case key (\(words: CaseFile.caseKeys.joined(separator: ", ")))"
        case .missing:
            key == "url" ? "missing: the URL the web view reports"
                : "missing: what the decision must be, e.g. {\"decision\": \"cancel\", \"rule\": \"signin\"}"
        case .wrongValue: "must be \(words: Self.takes(key))"
        case .emptyExpectation: "names nothing to check (\(words: CaseFile.expectKeys.joined(separator: ", ")))"
        }
    }

    /// What the value at `key` must be.
    static func takes(_ key: String?) -> String {
        switch key {
        case "expect": "an object"
        case "state": "a string: the state the app sent"
        case "frame": "\"main\" or \"sub\""
        case "type": "one of \(NavigationType.allCases.map(\.rawValue).joined(separator: ", "))"
        case "method": "\"GET\" or \"POST\""
        case "appInitiated": "true or false: whether the app loads the URL itself"
        case "expect.decision": "\"allow\" or \"cancel\""
        case "expect.kind": "one of \(DecisionKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case "expect.rule", "expect.error": "a string, or null for none"
        case "expect.params": "an object: parameter name → value, or null when it must be absent"
        case let key? where key.hasPrefix("expect.params."): "a string (the decoded value), or null when it must be absent"
        default: "a string"
        }
    }
}
