// AuditFailureText.swift: a `bridge test` failure in words, for the transcript's text, JSON, JUnit and
// SARIF. RulesAudit gives a value (AuditFailure) with what was compared; its words quote the URLs, rule
// names and parameter names as values, which the renderer masks by their readings.
import NavigationPolicy
import RulesAudit
import SecretMasking
import SensitiveText

extension AuditFailure {
    /// The failure in words, its values masked.
    package var message: String { Redactor().text(words) }

    /// The failure's words and the values they quote.
    package var words: MessageText {
        switch self {
        case .caseMismatch(let differences):
            return "\(input: differences.map(\.key).joined(separator: ", ")) differ"
        case .ruleUnreachable(let url, let target, let decided):
            return "\(url: url) is decided \(decided.words), not by \(input: target); another rule comes first, so the lookalikes below say little"
        case .takenForRule(let url, let target):
            return "\(url: url) is taken for \(input: target)"
        case .credentialLeaves(let url, let origin, let credentials, let letThroughBy):
            let place: MessageText = origin.map { "at \(url: $0)" } ?? "in the page (an opaque origin)"
            return "\(url: url) would load \(place) carrying \(input: credentials.joined(separator: ", ")): let through by \(letThroughBy.words)"
        case .noLongerMatches(let url, let targetURL, let decided, let expected):
            return "\(url: url) is the same navigation to a browser as \(url: targetURL), but it is decided \(decided.words), not \(expected.words)"
        case .errorResponseLoads(let url, let target, let decided):
            return "\(url: url) is an OAuth error response at \(input: target)'s redirect URI, but it is decided \(decided.words)"
        case .repeatedCredentialAccepted(let url, let decided):
            return "\(url: url) gives a credential twice, but it is decided \(decided.words) without a repeated-parameter error"
        case .notAskedOnPlatform(let url, let unasked):
            return "\(url: url): \(unasked.words)"
        }
    }
}

extension LetThroughBy: WordedValue {
    /// Public as the type is (RulesAudit is a product): its words, masked.
    public var description: String { Redactor().text(words) }

    /// What let a navigation load: an allow entry's pattern and a rule's name are the rules file's.
    package var words: MessageText {
        switch self {
        case .allowEntry(let index, let pattern): "allow[\(index)] \(input: pattern)"
        case .allowedOrigin(let rule): rule.map { "\(input: $0)" } ?? "an allowed origin"
        case .defaultAction(let action): "the default (\(words: action.rawValue))"
        case .rule(let keyPath, let name): (keyPath.map { "\(input: $0) " } ?? "") + "\(quoted: name) (action allow)"
        }
    }
}
