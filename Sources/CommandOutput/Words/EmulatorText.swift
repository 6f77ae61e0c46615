// EmulatorText.swift: the emulator's values in words: what is wrong with a `bridge serve --config` file
// (printed after the file and the key path). The strings a problem carries are the file's own, quoted
// as input so the Redactor masks them as the values they are.
import JSONText
import NavigationPolicy
import ProviderSettings
import SensitiveText

extension ConfigurationProblem: WordedValue {
    /// The problem's words and the values it quotes.
    package var words: MessageText {
        switch self {
        case .unreadable(let path, let problem): "\(input: path) " + problem.words
        case .json(let problem): problem.words(document: "the configuration")
        case .empty: "must not be empty"
        case .secondsOutOfRange(let seconds):
            "must be from \(words: JSONWriter.numberText(EmulatorConfiguration.shortestSeconds)) (a millisecond) to \(Int(EmulatorConfiguration.longestSeconds)) seconds (a year); it is \(words: JSONWriter.numberText(seconds))"
        case .attemptsOutOfRange: "must be a whole number from 1 to 1000"
        case .notAnOrigin(let text): "\(quoted: text) is not an origin such as https://yourdomain.com (a scheme, a host and a port, no path; no wildcard)"
        case .notAHostName(let text): "\(quoted: text) is not a host name (no port, scheme or path)"
        case .templateLacks(let placeholders): "must contain \(words: placeholders.joined(separator: " and "))"
        case .notOneOf(let words): .words("must be " + words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? ""))
        case .notLinkBase: "must be an http(s) URL such as https://api.kii.com (no query or fragment)"
        case .bodyLimitOutOfRange(let bytes):
            "must be a whole number of bytes from 1024 to \(EmulatorConfiguration.largestBodyLimit); it is \(words: JSONWriter.numberText(bytes))"
        case .repeatedUser(let email): "\(input: email) is already a user"
        case .apiClientWithoutSecret: "missing; an API client signs with its secret"
        }
    }
}

extension EmulatorConfiguration.Invalid: WordedValue {
    /// The key path (made of the file's keys, so input) and the problem.
    package var words: MessageText { keyPath.isEmpty ? problem.words : "\(input: keyPath): \(problem.words)" }
}

