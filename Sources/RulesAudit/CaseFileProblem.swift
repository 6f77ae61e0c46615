// CaseFileProblem.swift: what is wrong with a case file or one of its lines, as a value (CaseFileError carries
// it with the file, the line and the key). A value that is not what its key takes is one case: the key says
// what it must be, and the words (`words(key:)`) say it for that key.
import InputProblems
import InputFiles
import JSONText
import NavigationPolicy
import SensitiveText

public enum CaseFileProblem: Sendable, Hashable {
    // The file as a whole.
    /// The file could not be read, and why.
    case unreadable(InputFileProblem)
    /// Blank, or empty: a truncated file in CI must not pass in silence.
    case noCases

    // One line.
    case notUTF8
    /// What any document of ours may get wrong (JSONDocument's reading): the file's encoding, a line's
    /// syntax, a repeated, unknown or missing key, a value of the wrong type.
    case json(JSONReadProblem)
    /// A word that is none of those its key takes (decision, kind, frame, type, method).
    case wrongValue
    /// An expect object that names nothing to check.
    case emptyExpectation

    /// The stable code transcripts name the problem by (`--format json`'s `code`).
    public var code: String {
        switch self {
        case .unreadable: "unreadable"
        case .noCases: "no-cases"
        case .notUTF8: "not-utf8"
        case .json(let problem): problem.code
        case .wrongValue: "wrong-value"
        case .emptyExpectation: "empty-expectation"
        }
    }

    /// Whether the file could not be read at all (`bridge test` exits 2 for it, not 1).
    public var isUnreadable: Bool {
        switch self {
        case .unreadable, .json(.encoding): true
        default: false
        }
    }
}
