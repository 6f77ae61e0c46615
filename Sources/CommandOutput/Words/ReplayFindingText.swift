// ReplayFindingText.swift: a replay finding in words, for the transcript's text and JSON lines. The
// replayer gives values (ReplayFinding.Detail) with what it found; the words are made here as MessageText,
// states quoted as secrets, URLs as URLs, the rules' names as input, so the renderer's redactor masks the
// values (none with --reveal) and never reads the words.
import FindingSeverity
import NavigationReplay
import NavigationPolicy
import SecretMasking
import SensitiveText

extension ReplayFinding {
    /// The finding in words, masked with `redactor`.
    package func message(masking redactor: Redactor) -> String { redactor.text(words) }

    /// The finding's words and the values they quote.
    package var words: MessageText {
        func rule(_ name: String?, or none: String) -> MessageText { name.map { "\(quoted: $0)" } ?? .words(none) }
        switch detail {
        case .decisionError(let error):
            return error.words
        case .oauthError(let error, let description, let name):
            return "the authorization server answered error=\(error, parameter: "error")" + (description.map { " (\(foreign: $0))" } ?? "")
                + " at \(rule(name, or: "a sentinel"))'s redirect URI; the sign-in did not happen"
        case .notAsked(let unasked):
            return unasked.words
        case .frameUnknown(let unasked, let evidence):
            return "which frame this navigation was in is a guess (\(words: evidence.words)); as the top frame's the app is asked, but were it an iframe's: "
                + unasked.words
        case .cancelIgnored(let kind, let name, let sameDocument):
            let what: MessageText = sameDocument == .fragment ? "a fragment navigation" : sameDocument == .historyAPI ? "a pushState" : "a navigation"
            return "the app cancelled \(what) as \(rule(name, or: "the rules'"))'s \(words: kind.rawValue), and the view went there anyway: the result is in the page, whatever the app decided"
        case .interfaceMissing(let interface, let method, let interfaceAdded):
            return interfaceAdded
                ? "the page calls \(input: interface).\(input: method), which the app's interface \(quoted: interface) does not have (javascriptInterfaces): window.\(input: interface).\(input: method) is undefined on Android, so the call throws"
                : "the page calls \(input: interface).\(input: method), but the app adds no interface named \(quoted: interface) (javascriptInterfaces): window.\(input: interface) is undefined on Android, so the call throws"
        case .resetLinkAsSignIn(let name):
            return "the rules let this through as \(rule(name, or: "a pass-through sentinel")), but the app cancelled it at recording time: it took a password-reset link for a sign-in result"
        case .requestWithoutState(let origin, let redirectURI):
            return "an authorization request to \(url: origin) for redirect_uri \(url: redirectURI) sends no state"
        case .requestNotIntercepted(let redirectURI, let decided, let kind):
            return "redirect_uri \(url: redirectURI) is not caught by any sentinel rule: the response would load in the web view (\(words: decided.rawValue) \(words: kind.rawValue))"
        case .possibleResetLink(let origin, let path):
            return "\(url: origin + path) carries a code with no state, and no authorization request came before it: it is likely a password-reset link, taken here for a sign-in result (a reset-link rule with \"forbid\" would tell them apart)"
        case .sentinelWithoutRequest(let origin, let path):
            return "no authorization request for redirect_uri \(url: origin + path) came before this sentinel hit"
        case .stateMismatch(let received, let sent, let requestAt, let requestSeq, let difference):
            return "state \(secret: received) is not the \(secret: sent) sent by the request at \(words: requestAt.description) (seq \(requestSeq))"
                + (difference.map { ": \(words: $0.text)" } ?? "")
        case .stateMissing(let sent, let requestAt, let requestSeq):
            return "the request at \(words: requestAt.description) (seq \(requestSeq)) sent state \(secret: sent); this response carries none"
        case .requestUnanswered(let redirectURI, let pendingLimit):
            return "the authorization request for redirect_uri \(url: redirectURI) was never answered by a sentinel hit"
                + (pendingLimit.map { " (more than \($0) requests were pending)" } ?? "")
        case .drainNotRecorded(let bridge):
            return "a \(words: bridge.rawValue) bridge signal, but the recording has no drained queue after it: its events cannot be replayed"
        case .bridgeEntryInvalid(let index, let problem):
            return "drained[\(index)]: \(problem.words)"
        case .bridgeEventFailed(let event, let index, let error):
            return (index.map { "drained[\($0)] " } ?? "") + "\(input: event) could not be sent by the page: \(foreign: error)"
        case .eventUnhandled(let event):
            return "\(input: event): no handler in the rules' handler table"
        case .eventRepeated(let index):
            return "drained[\(index)] was dispatched before from this page's queue; skipped (the page does not empty its queue)"
        }
    }
}
