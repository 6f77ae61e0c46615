// DecisionText.swift: a decision's error and explanation steps in words, for transcripts and findings.
// The engine gives values (DecisionError, ExplanationStep) with the real states in them; the words are
// made here, the states, paths and routes masked with the renderer's redactor (none with --reveal).
import NavigationPolicy

extension DecisionError {
    public func message(masking redactor: Redactor) -> String {
        switch self {
        case .invalidURL(let error): return error.description
        case .bridgeMessageInvalid(let error): return error.text
        case .missingParameter(let names): return "the deep link lacks \(names.joined(separator: ", "))"
        case .repeatedParameter(let name, let count, .deepLink):
            return "\(name) occurs \(count) times; which one is meant cannot be told"
        case .repeatedParameter(let name, let count, .response):
            return "\(name) occurs \(count) times; a repeated credential is an error, not a choice"
        case .stateMismatch(let received, let sent, let difference):
            return "state \(redactor.mask(received)) is not the \(redactor.mask(sent)) that was sent" + (difference.map { ": \($0.text)" } ?? "")
        case .stateMissing(let sent): return "the response carries no state, but \(redactor.mask(sent)) was sent"
        }
    }
}

extension BridgeDecodingError {
    /// Why the bridge URL does not decode, in words.
    public var text: String {
        switch self {
        case .notJanrain: return "not a janrain: URL"
        case .accessTokenMissing: return "janrain:accessToken= carries no token"
        case .eventNameMissing: return "janrain: URL without an event name"
        case .argumentsMissing(let event): return "janrain:\(event) has neither arguments= nor error="
        case .argumentsNotJSON(let event): return "janrain:\(event) arguments are not JSON"
        case .argumentsObjectKeysNotNumeric(let event): return "janrain:\(event) arguments are an object with non-numeric keys"
        case .argumentsNotArray(let event): return "janrain:\(event) arguments are not an array"
        case .notWVJBSignal(let scheme): return "\(scheme): URL is not a WebViewJavascriptBridge signal"
        case .wvjbQueueNotArray: return "the WVJB queue is not a JSON array"
        case .wvjbEntryUnrecognized(let index): return "WVJB queue entry \(index) has neither handlerName nor responseId"
        }
    }
}

extension QueueEntryProblem {
    /// Why a drained entry was not dispatched, in words.
    public var text: String {
        switch self {
        case .notAURL: return "not a URL"
        case .notAnEvent: return "not an event"
        case .undecodable(let error): return error.text
        case .failedOnPage(let event, let error): return "\(event) failed on the page: \(error)"
        }
    }
}

extension Decision {
    /// The explanation's steps in words, the error last when it ends the explanation.
    public func explanationLines(masking redactor: Redactor) -> [String] {
        let steps = explanation.map { $0.text(masking: redactor) }
        guard let error, error.endsExplanation else { return steps }
        return steps + [error.message(masking: redactor)]
    }
}

extension ExplanationStep {
    /// The step in words: the paths and routes it quotes masked with `redactor`, the rest of its secrets
    /// where the line is printed.
    public func text(masking redactor: Redactor) -> String {
        func rule(_ r: RuleReference) -> String { "\(r.keyPath) \(r.name.debugDescription)" }
        switch self {
        case .unparseable(let code): return "the URL does not parse as a browser would (\(code.rawValue)), so it is cancelled: fail closed"
        case .aboutPageAllowed(let path): return "about:\(path) is always allowed (WebKit loads it for bridge iframes)"
        case .schemeAlwaysBlocked(let scheme): return "\(scheme): is always blocked unless a scheme rule names it; none does"
        case .matchedWVJBSignal(let r, let loadSignal):
            return "matched \(rule(r)): WebViewJavascriptBridge's " + (loadSignal ? "load signal" : "queue signal (a drain request)")
        case .originAllowed(let origin, let entry): return "origin \(origin) is allowed by \(entry.keyPath) \(entry.name)"
        case .originNotAllowed(let origin): return "origin \(origin) is not in the allowed origins"
        case .defaultAction(let action): return "no rule matched: the default is \(action.rawValue)"
        case .matchedBridge(let r, let kind): return "matched \(rule(r)): a \(kind) bridge message"
        case .bridgeUndecodable(let r, let error): return "matched \(rule(r)), but the message does not decode: \(error.text)"
        case .routeMismatch(let r, let route, let expected):
            return "\(rule(r)) did not match: route \(redactor.path(route).debugDescription) is not \(expected.debugDescription)"
        case .matchedDeepLink(let r, let scheme, let route):
            return "matched \(rule(r)): \(scheme): deep link" + (route.map { " to route \($0)" } ?? "")
        case .sentinelMismatch(let r, let reason): return "\(rule(r)) did not match: \(reason.text(masking: redactor))"
        case .sentinelNearMiss(let r, let nearMiss): return "\(rule(r)) did not match: \(nearMiss.text)"
        case .wrongFrame(let r, let mainOnly):
            return "\(rule(r)) did not match: it applies to \(mainOnly ? "the main frame" : "subframes") only"
        case .lacks(let r, let place, let parameter): return "\(rule(r)) did not match: \(Self.place(place)) lacks \(parameter)"
        case .forbids(let r, let place, let parameter): return "\(rule(r)) did not match: \(Self.place(place)) has \(parameter), which it forbids"
        case .endpointError(let r):
            return "\(rule(r)): an OAuth error response at its redirect URI is cancelled and reported, though no rule there requires error (RFC 6749 §4.1.2.1)"
        case .formPost(let r, let method):
            return method == "POST" ? "matched \(rule(r)): a form posted to its redirect URI, the result in the body (OAuth 2.0 Form Post Response Mode)"
                                    : "\(rule(r)) did not match: it takes a form posted to its redirect URI (form_post), and this is a \(method)"
        case .matchedSentinel(let r, let redirectURI, let how, let parameters):
            return "matched \(rule(r)): \(redirectURI) (\(how.map(\.text) ?? "?"))"
                + (parameters.isEmpty ? "" : "; parameters: \(parameters.joined(separator: ", "))")
        case .oauthError(let error): return "an OAuth error response: \(error)"
        }
    }

    static func place(_ mode: ResponseMode) -> String { mode == .any ? "the URL" : (mode == .formPost ? "the posted body" : mode.rawValue) }
}
