// RecordingConflictText.swift: what `bridge rules` says of recordings that contradict each other or the
// rules inferred from them, and of what it allows that is worth a look, each navigation named by where it
// was recorded, the URLs the user's (masked).
import RecordingRules
import SensitiveText

extension RecordingConflict {
    package var words: MessageText {
        switch self {
        case .decidedBothWays(let url, let cancelled, let allowed):
            "\(url: url) was cancelled at \(input: RecordedRulesDocument.reference(cancelled)) and loaded at \(input: RecordedRulesDocument.reference(allowed)): no rule or case is made for it"
        case .resultDecidedBothWays(let redirectURI, let parameters, let cancelled, let allowed):
            "results at \(url: redirectURI) carrying \(words: parameters.joined(separator: ", ")) were cancelled at \(input: RecordedRulesDocument.reference(cancelled)) and loaded at \(input: RecordedRulesDocument.reference(allowed)): no parameter tells them apart, so no rule is made for them"
        case .tokenLoaded(let redirectURI, let reference):
            "a result carrying a token loaded at \(url: redirectURI) (\(input: RecordedRulesDocument.reference(reference))), an origin the flow loads no page of its own from: a token that leaked; no rule lets it load"
        case .formPostNeverAsked(let redirectURI, let reference):
            "a form_post result at \(url: redirectURI) (\(input: RecordedRulesDocument.reference(reference))): Android never asks the app about a POST, so no rule can catch it there; ask for a response mode that redirects (query or fragment)"
        case .rulesDisagree(let reference, let recorded, let decided, let kind):
            "\(input: RecordedRulesDocument.reference(reference)): the app's decision was \(words: recorded.rawValue), the inferred rules \(words: decided.rawValue) it (\(words: kind.rawValue)): not made a case; write its rule by hand"
        }
    }
}

extension RecordingNote {
    package var words: MessageText {
        switch self {
        case .plainHTTPOrigin(let origin, let reference):
            "note: \(url: origin) (\(input: RecordedRulesDocument.reference(reference))) is plain http: allowed, since the flow goes through it, but a credential sent there travels in clear, and the attack's other-scheme variants fail on it"
        }
    }
}
