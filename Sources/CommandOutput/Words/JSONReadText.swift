// JSONReadText.swift: what any of our JSON documents may get wrong (a JSONReadProblem: encoding, syntax,
// repeated, unknown or missing keys, wrong types), in words, once for rules, case files and the emulator's
// configuration. The document's own words come before or after it (the file, the key path).
import JSONText
import SensitiveText

extension JSONReadProblem {
    /// The problem's words; `document` names what the top-level object is ("the rules").
    package func words(document: String) -> MessageText {
        switch self {
        case .encoding(let error): error.words
        case .syntax(let syntax, let line, let column): "not valid JSON at line \(line), column \(column): \(words: syntax.documentWords)"
        case .notAnObject(let kind): "\(words: document) must be a JSON object, not \(words: kind.article)"
        case .repeatedKey: "the key occurs twice in the same object; a JSON reader keeps only one of them, so the file would not mean what it says"
        case .unknownKey(let suggestion, let known):
            "unknown key\(suggestion.map { " (did you mean \($0.debugDescription)?)" } ?? ""); known keys: \(words: known.joined(separator: ", "))"
        case .missing: "missing; it is required"
        case .wrongType(let expected, let found): "must be \(words: expected.words), not \(words: found.article)"
        }
    }
}

extension JSONExpectedType {
    package var words: String {
        switch self {
        case .string: "a string"
        case .nonEmptyString: "a non-empty string"
        case .boolean: "true or false"
        case .number: "a number"
        case .wholeNumber: "a whole number"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValueKind {
    /// The kind with its article: "an array", "a string", "null".
    package var article: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true: "true"
        case .false: "false"
        case .null: "null"
        }
    }
}

extension JSONSyntaxError {
    /// The syntax error as a document's reader says it (a navlog's words speak of records and lines).
    var documentWords: String {
        switch self {
        case .endOfInput: "the text ends inside a value"
        case .textAfterValue: "text after the JSON value"
        default: message
        }
    }
}
