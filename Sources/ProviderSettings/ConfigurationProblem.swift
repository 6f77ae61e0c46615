// ConfigurationProblem.swift: what is wrong with a `bridge serve --config` file, as a value
// (EmulatorConfiguration.Invalid carries it with the key path). The strings a case carries are the
// file's own; the output module words them (EmulatorText.swift).
import JSONText
import NavigationPolicy
import SensitiveText

public enum ConfigurationProblem: Sendable, Hashable {
    case unreadable(path: String)
    case encoding(TextEncodingError)
    /// Not JSON (`parserMessage`: what the JSON parser said, with the line and column it stopped at).
    case notJSON(parserMessage: String)
    case notAnObject
    /// A key given twice in one object (a JSON reader keeps only one).
    case repeatedKey
    /// A key the object does not have (`suggestion`: the known key it was probably meant to be).
    case unknownKey(suggestion: String?, known: [String])
    case missing
    case wrongType(ConfigurationValueType)
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
    case bodyLimitTooSmall
    /// An e-mail address given to two users.
    case repeatedUser(String)
    case apiClientWithoutSecret
}

/// The type a configuration value must have.
public enum ConfigurationValueType: Sendable, Hashable {
    case string, boolean, number, array, object, arrayOfOrigins, arrayOfHostNames, arrayOfURLs
}
