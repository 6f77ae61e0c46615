// Decision.swift: what the engine decided about one navigation, what it intercepted, what went wrong,
// and (when asked) why.
import BrowserURL

/// The class of a decision (the CLI's `kind`).
public enum DecisionKind: String, Sendable, Hashable, CaseIterable {
    case sentinel, bridge, deeplink, blocked, allowed, `default`

    /// Whether a cancelled decision of this kind carries a result to the app (a sentinel's, a bridge's or a
    /// deep link's): what a platform must ask the app about, and what a host's first interception is.
    public var isInterception: Bool { self == .sentinel || self == .bridge || self == .deeplink }
}

/// The result a sentinel navigation carries (RFC 6749 §4.1.2, §4.1.2.1, §4.2.2).
public enum SentinelResult: Sendable, Hashable {
    /// A successful response: any of code, access_token, id_token, with state.
    case authorization(code: String?, accessToken: String?, idToken: String?, state: String?)
    /// An OAuth error response.
    case oauthError(error: String, description: String?, uri: String?, state: String?)
    /// A form posted to the redirect URI (OAuth 2.0 Form Post Response Mode, a form the page submits there):
    /// the result is in the body, which a navigation delegate does not read (WKWebView's httpBody is nil
    /// for it), so it is caught by where it goes and its method.
    case formPost(method: HTTPMethod)
}

/// What was intercepted.
public enum Interception: Sendable, Hashable {
    case sentinel(SentinelResult)
    case bridge(BridgeMessage)
    /// A deep link: its route and decoded parameters.
    case deepLink(route: String?, parameters: FormParameters)
    case blockedScheme(String)
    case allowedOrigin(String)
}

/// An error carried in a decision: the navigation was still decided. A value an app can switch on; the
/// states it carries are the real ones (an app compares them), and whoever prints one masks them. Indirect:
/// most decisions carry none, and each decision carries the room for one.
public indirect enum DecisionError: Sendable, Hashable {
    /// The URL does not parse as a browser would parse it (the URL Standard's validation error).
    case invalidURL(URLParseError)
    /// A bridge URL matched a bridge rule but does not decode.
    case bridgeMessageInvalid(BridgeDecodingError)
    /// A deep link lacks parameters its rule requires.
    case missingParameter(names: [String])
    /// A parameter occurs more than once where one is meant: a deep link's required parameter, or a
    /// sentinel response's credential.
    case repeatedParameter(name: String, count: Int, in: RepeatedParameterPlace)
    /// The response's state is not the one sent.
    case stateMismatch(received: String, sent: String, difference: StateDifference?)
    /// The response carries no state, but one was sent.
    case stateMissing(sent: String)

    public enum RepeatedParameterPlace: Sendable, Hashable {
        case deepLink, response
    }

    /// The stable code transcripts, case files and SARIF use.
    public var code: String {
        switch self {
        case .invalidURL: "invalid-url"
        case .bridgeMessageInvalid: "bridge-message-invalid"
        case .missingParameter: "missing-parameter"
        case .repeatedParameter: "repeated-parameter"
        case .stateMismatch: "state-mismatch"
        case .stateMissing: "state-missing"
        }
    }

    /// Whether an explanation ends with this error as its last step (a rule matched and this is what is
    /// wrong with the match); an invalid URL or bridge message is explained by the steps themselves.
    public var endsExplanation: Bool {
        switch self {
        case .invalidURL, .bridgeMessageInvalid: false
        case .missingParameter, .repeatedParameter, .stateMismatch, .stateMissing: true
        }
    }

    /// For a state mismatch: how the received state differs from the one sent.
    public var stateDifference: StateDifference? {
        if case .stateMismatch(_, _, let difference) = self { return difference }
        return nil
    }
}

/// A decision: made once by the engine and never changed. A sentinel's result is decoded while deciding,
/// once; reading `interception` reads it.
public struct Decision: Sendable {
    public let action: PolicyAction
    public let kind: DecisionKind
    /// The rule that decided, by name (nil for built-in decisions and the default).
    public let rule: String?
    /// The URL as parsed (nil when it did not parse).
    public let url: BrowserURL?
    /// The parameters the decision read (query and/or fragment, as the rule's responseMode says).
    public let parameters: FormParameters
    /// What was intercepted: a sentinel's result (its code, tokens, state or error), a bridge message, a deep
    /// link, a blocked scheme, an allowed origin.
    public let interception: Interception?
    public let error: DecisionError?
    /// Why: the rule that matched and, for rules that nearly did, why not. Empty unless asked for. When the
    /// error `endsExplanation`, it is the last step (not repeated here: a renderer words it).
    public let explanation: [ExplanationStep]

    init(action: PolicyAction, kind: DecisionKind, rule: String?, url: BrowserURL?, parameters: FormParameters,
         interception: Interception?, error: DecisionError?, explanation: [ExplanationStep] = []) {
        self.action = action
        self.kind = kind
        self.rule = rule
        self.url = url
        self.parameters = parameters
        self.interception = interception
        self.error = error
        self.explanation = explanation
    }

    /// The same decision with the steps that led to it (the engine's explanation pass).
    func explained(by steps: [ExplanationStep]) -> Decision {
        Decision(action: action, kind: kind, rule: rule, url: url, parameters: parameters, interception: interception, error: error,
                 explanation: steps)
    }
}
