// DecisionText.swift: a decision's error and explanation steps in words, for transcripts and findings.
// The engine gives values (DecisionError, ExplanationStep) with the real states in them; the words are
// made here as MessageText, each value quoted with its reading (a state a secret, a path a path, a URL a
// URL), so the renderer's redactor masks the values (none with --reveal) and never reads the words.
import NavigationPolicy
import SecretMasking
import SensitiveText

extension DecisionError {
    /// The error in words, its values masked with `redactor`.
    package func message(masking redactor: Redactor) -> String { redactor.text(words) }

    /// The error's words and the values they quote: states are secrets, parameter names the rules' input.
    package var words: MessageText {
        switch self {
        case .invalidURL(let error): return error.words
        case .bridgeMessageInvalid(let error): return error.words
        case .missingParameter(let names): return "the deep link lacks \(input: names.joined(separator: ", "))"
        case .repeatedParameter(let name, let count, .deepLink):
            return "\(input: name) occurs \(count) times; which one is meant cannot be told"
        case .repeatedParameter(let name, let count, .response):
            return "\(input: name) occurs \(count) times; a repeated credential is an error, not a choice"
        case .stateMismatch(let received, let sent, let difference):
            return "state \(secret: received) is not the \(secret: sent) that was sent" + (difference.map { ": \(words: $0.text)" } ?? "")
        case .stateMissing(let sent): return "the response carries no state, but \(secret: sent) was sent"
        }
    }
}

extension BridgeDecodingError {
    /// Why the bridge URL does not decode, in words, its values masked.
    package var text: String { Redactor().text(words) }

    /// Why the bridge URL does not decode: words, and the event name and scheme the URL gave.
    package var words: MessageText {
        switch self {
        case .notJanrain: return "not a janrain: URL"
        case .accessTokenMissing: return "janrain:accessToken= carries no token"
        case .eventNameMissing: return "janrain: URL without an event name"
        case .argumentsMissing(let event): return "janrain:\(input: event) has neither arguments= nor error="
        case .argumentsNotJSON(let event): return "janrain:\(input: event) arguments are not JSON"
        case .argumentsObjectKeysNotNumeric(let event): return "janrain:\(input: event) arguments are an object with non-numeric keys"
        case .argumentsNotArray(let event): return "janrain:\(input: event) arguments are not an array"
        case .notWVJBSignal(let scheme): return "\(input: scheme): URL is not a WebViewJavascriptBridge signal"
        case .wvjbQueueNotArray: return "the WVJB queue is not a JSON array"
        case .wvjbEntryUnrecognized(let index): return "WVJB queue entry \(index) has neither handlerName nor responseId"
        }
    }
}

extension QueueEntryProblem {
    /// Why a drained entry was not dispatched, in words, its values masked.
    package var text: String { Redactor().text(words) }

    /// Why a drained entry was not dispatched: words, the event's name, and the page's error text.
    package var words: MessageText {
        switch self {
        case .notAURL: return "not a URL"
        case .notAnEvent: return "not an event"
        case .undecodable(let error): return error.words
        case .failedOnPage(let event, let error): return "\(input: event) failed on the page: \(foreign: error)"
        }
    }
}

extension Decision {
    /// The explanation's steps in words, the error last when it ends the explanation, masked with `redactor`.
    package func explanationLines(masking redactor: Redactor) -> [String] { explanationWords.map(redactor.text) }

    /// The explanation's steps as words and the values they quote, the error last when it ends the explanation.
    package var explanationWords: [MessageText] {
        let steps = explanation.map(\.words)
        guard let error, error.endsExplanation else { return steps }
        return steps + [error.words]
    }
}

extension ExplanationStep {
    /// The step in words, masked with `redactor`.
    package func text(masking redactor: Redactor) -> String { redactor.text(words) }

    /// The step's words and the values they quote: URLs, paths and routes, the rules' names and keys.
    package var words: MessageText {
        func rule(_ r: RuleReference) -> MessageText { "\(input: r.keyPath) \(quoted: r.name)" }
        switch self {
        case .unparseable(let code): return "the URL does not parse as a browser would (\(words: code.rawValue)), so it is cancelled: fail closed"
        case .aboutPageAllowed(let path): return "\(url: "about:" + path) is always allowed (WebKit loads it for bridge iframes)"
        case .schemeAlwaysBlocked(let scheme): return "\(input: scheme): is always blocked unless a scheme rule names it; none does"
        case .matchedWVJBSignal(let r, let loadSignal):
            return "matched \(rule(r)): WebViewJavascriptBridge's \(words: loadSignal ? "load signal" : "queue signal (a drain request)")"
        case .originAllowed(let origin, let entry): return "origin \(url: origin) is allowed by \(input: entry.keyPath) \(input: entry.name)"
        case .originNotAllowed(let origin): return "origin \(url: origin) is not in the allowed origins"
        case .defaultAction(let action): return "no rule matched: the default is \(words: action.rawValue)"
        case .matchedBridge(let r, let kind): return "matched \(rule(r)): a \(words: kind) bridge message"
        case .bridgeUndecodable(let r, let error): return "matched \(rule(r)), but the message does not decode: \(error.words)"
        case .routeMismatch(let r, let route, let expected):
            return "\(rule(r)) did not match: route \(quotedPath: route) is not \(quoted: expected)"
        case .matchedDeepLink(let r, let scheme, let route):
            return "matched \(rule(r)): \(input: scheme): deep link" + (route.map { " to route \(path: $0)" } ?? "")
        case .sentinelMismatch(let r, let reason): return "\(rule(r)) did not match: \(reason.words)"
        case .sentinelNearMiss(let r, let nearMiss): return "\(rule(r)) did not match: \(nearMiss.words)"
        case .wrongFrame(let r, let mainOnly):
            return "\(rule(r)) did not match: it applies to \(words: mainOnly ? "the main frame" : "subframes") only"
        case .lacks(let r, let place, let parameter): return "\(rule(r)) did not match: \(words: Self.place(place)) lacks \(input: parameter)"
        case .forbids(let r, let place, let parameter): return "\(rule(r)) did not match: \(words: Self.place(place)) has \(input: parameter), which it forbids"
        case .endpointError(let r):
            return "\(rule(r)): an OAuth error response at its redirect URI is cancelled and reported, though no rule there requires error (RFC 6749 §4.1.2.1)"
        case .formPost(let r, let method):
            return method == "POST" ? "matched \(rule(r)): a form posted to its redirect URI, the result in the body (OAuth 2.0 Form Post Response Mode)"
                                    : "\(rule(r)) did not match: it takes a form posted to its redirect URI (form_post), and this is a \(input: method.name)"
        case .matchedSentinel(let r, let redirectURI, let how, let parameters):
            return "matched \(rule(r)): \(url: redirectURI) (\(words: how.map(\.text) ?? "?"))"
                + (parameters.isEmpty ? "" : "; parameters: \(input: parameters.joined(separator: ", "))")
        case .oauthError(let error): return "an OAuth error response: \(error, parameter: "error")"
        }
    }

    static func place(_ mode: ResponseMode) -> String { mode == .any ? "the URL" : (mode == .formPost ? "the posted body" : mode.rawValue) }
}
