// ReplayFindingText.swift: a replay finding in words, for the transcript's text and JSON lines. The
// replayer gives values (ReplayFinding.Detail) with what it found; the words are made here, the states
// masked with the renderer's redactor (none with --reveal).
import CommandOutput
import NavigationPolicy

extension ReplayFinding {
    public func message(masking redactor: Redactor) -> String {
        switch detail {
        case .decisionError(let error):
            return error.message(masking: redactor)
        case .oauthError(let error, let description, let rule):
            return "the authorization server answered error=\(error)" + (description.map { " (\($0))" } ?? "")
                + " at \(rule.map { $0.debugDescription } ?? "a sentinel")'s redirect URI; the sign-in did not happen"
        case .notAsked(let unasked):
            return unasked.text
        case .interfaceMissing(let interface, let method, let interfaceAdded):
            return interfaceAdded
                ? "the page calls \(interface).\(method), which the app's interface \(interface.debugDescription) does not have (javascriptInterfaces): window.\(interface).\(method) is undefined on Android, so the call throws"
                : "the page calls \(interface).\(method), but the app adds no interface named \(interface.debugDescription) (javascriptInterfaces): window.\(interface) is undefined on Android, so the call throws"
        case .resetLinkAsSignIn(let rule):
            return "the rules let this through as \(rule.map { $0.debugDescription } ?? "a pass-through sentinel"), but the app cancelled it at recording time: it took a password-reset link for a sign-in result"
        case .requestWithoutState(let origin, let redirectURI):
            return "an authorization request to \(origin) for redirect_uri \(redirectURI) sends no state"
        case .requestNotIntercepted(let redirectURI, let decided, let kind):
            return "redirect_uri \(redirectURI) is not caught by any sentinel rule: the response would load in the web view (\(decided.rawValue) \(kind.rawValue))"
        case .possibleResetLink(let origin, let path):
            return "\(origin)\(path) carries a code with no state, and no authorization request came before it: it is likely a password-reset link, taken here for a sign-in result (a reset-link rule with \"forbid\" would tell them apart)"
        case .sentinelWithoutRequest(let origin, let path):
            return "no authorization request for redirect_uri \(origin)\(path) came before this sentinel hit"
        case .stateMismatch(let received, let sent, let requestAt, let requestSeq, let difference):
            return "state \(redactor.mask(received)) is not the \(redactor.mask(sent)) sent by the request at \(requestAt) (seq \(requestSeq))"
                + (difference.map { ": \($0.text)" } ?? "")
        case .stateMissing(let sent, let requestAt, let requestSeq):
            return "the request at \(requestAt) (seq \(requestSeq)) sent state \(redactor.mask(sent)); this response carries none"
        case .requestUnanswered(let redirectURI, let pendingLimit):
            return "the authorization request for redirect_uri \(redirectURI) was never answered by a sentinel hit"
                + (pendingLimit.map { " (more than \($0) requests were pending)" } ?? "")
        case .drainNotRecorded(let bridge):
            return "a \(bridge.rawValue) bridge signal, but the recording has no drained queue after it: its events cannot be replayed"
        case .bridgeEntryInvalid(let index, let problem):
            return "drained[\(index)]: \(problem.text)"
        case .bridgeEventFailed(let event, let index, let error):
            return (index.map { "drained[\($0)] " } ?? "") + "\(event) could not be sent by the page: \(error)"
        case .eventUnhandled(let event):
            return "\(event): no handler in the rules' handler table"
        case .eventRepeated(let index):
            return "drained[\(index)] was dispatched before from this page's queue; skipped (the page does not empty its queue)"
        }
    }
}
