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
    /// A key that is not a case's (or, under expect, an expectation's); `suggestion`: the known key it was
    /// probably meant to be.
    case unknownKey(suggestion: String?)
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
