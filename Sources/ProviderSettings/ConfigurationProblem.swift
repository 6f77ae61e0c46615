// ConfigurationProblem.swift: what is wrong with a `bridge serve --config` file, as a value
// (EmulatorConfiguration.Invalid carries it with the key path). The strings a case carries are the
// file's own; the output module words them (EmulatorText.swift).
import InputProblems
import InputFiles
import JSONText
import SensitiveText

package enum ConfigurationProblem: Sendable, Hashable {
    /// The file could not be read, and why.
    case unreadable(path: String, InputFileProblem)
    /// What any document of ours may get wrong (JSONDocument's reading): encoding, syntax, a repeated,
    /// unknown or missing key, a value of the wrong type.
    case json(JSONReadProblem)
    case empty
    /// A lifetime or timeout outside (0, a year]: the value given.
    case secondsOutOfRange(Double)
    case attemptsOutOfRange
    case notAnOrigin(String)
    case notAHostName(String)
    /// A template without the placeholders it must hold.
    case templateLacks([String])
    /// A word that is none of those the key takes.
    case notOneOf([String])
    case notLinkBase
    /// A body limit that is not a whole number of bytes from 1024 to Int32.max: the value given.
    case bodyLimitOutOfRange(Double)
    /// An e-mail address given to two users.
    case repeatedUser(String)
    case apiClientWithoutSecret
}
