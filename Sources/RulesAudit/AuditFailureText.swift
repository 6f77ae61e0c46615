// AuditFailureText.swift: a `bridge test` failure in words, for the transcript's text, JSON, JUnit and
// SARIF. RulesAudit gives a value (AuditFailure) with what was compared; the renderer masks what it
// prints (URLs in these words go through the redactor's message masking).

extension AuditFailure {
    public var message: String {
        switch self {
        case .caseMismatch(let differences):
            return differences.map(\.key).joined(separator: ", ") + " differ"
        case .ruleUnreachable(let url, let target, let decided):
            return "\(url) is decided \(decided), not by \(target); another rule comes first, so the lookalikes below say little"
        case .takenForRule(let url, let target):
            return "\(url) is taken for \(target)"
        case .credentialLeaves(let url, let origin, let credentials, let letThroughBy):
            let place = origin.map { "at \($0)" } ?? "in the page (an opaque origin)"
            return "\(url) would load \(place) carrying \(credentials.joined(separator: ", ")): let through by \(letThroughBy)"
        case .noLongerMatches(let url, let targetURL, let decided, let expected):
            return "\(url) is the same navigation to a browser as \(targetURL), but it is decided \(decided), not \(expected)"
        case .errorResponseLoads(let url, let target, let decided):
            return "\(url) is an OAuth error response at \(target)'s redirect URI, but it is decided \(decided)"
        case .repeatedCredentialAccepted(let url, let decided):
            return "\(url) gives a credential twice, but it is decided \(decided) without a repeated-parameter error"
        case .notAskedOnPlatform(let url, let unasked):
            return "\(url): \(unasked.text)"
        }
    }
}

extension LetThroughBy: CustomStringConvertible {
    public var description: String {
        switch self {
        case .allowEntry(let index, let pattern): "allow[\(index)] \(pattern)"
        case .allowedOrigin(let rule): rule ?? "an allowed origin"
        case .defaultAction(let action): "the default (\(action.rawValue))"
        case .rule(let keyPath, let name): (keyPath.map { "\($0) " } ?? "") + "\(name.debugDescription) (action allow)"
        }
    }
}
