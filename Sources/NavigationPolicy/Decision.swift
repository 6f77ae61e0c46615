// Decision.swift: what the engine decided about one navigation, what it intercepted, what went wrong,
// and (when asked) why.
import BrowserURL

/// The class of a decision (the CLI's `kind`).
public enum DecisionKind: String, Sendable, Hashable {
    case sentinel, bridge, deeplink, blocked, allowed, `default`
}

/// The result a sentinel navigation carries (RFC 6749 §4.1.2, §4.1.2.1, §4.2.2).
public enum SentinelResult: Sendable, Hashable {
    /// A successful response: any of code, access_token, id_token, with state.
    case authorization(code: String?, accessToken: String?, idToken: String?, state: String?)
    /// An OAuth error response.
    case oauthError(error: String, description: String?, uri: String?, state: String?)
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

/// An error carried in a decision: the navigation was still decided.
public struct DecisionError: Sendable, Hashable {
    /// A stable code: invalid-url, repeated-parameter, missing-parameter, state-mismatch, state-missing,
    /// bridge-message-invalid.
    public let code: String
    /// A message with secrets already masked.
    public let message: String
    /// For state-mismatch: how the received state differs from the one sent.
    public let stateDifference: StateDifference?

    public init(code: String, message: String, stateDifference: StateDifference? = nil) {
        self.code = code
        self.message = message
        self.stateDifference = stateDifference
    }
}

public struct Decision: Sendable {
    public var action: PolicyAction
    public var kind: DecisionKind
    /// The rule that decided, by name (nil for built-in decisions and the default).
    public var rule: String?
    /// The URL as parsed (nil when it did not parse).
    public var url: BrowserURL?
    /// The parameters the decision read (query and/or fragment, as the rule's responseMode says).
    public var parameters: FormParameters {
        // A sentinel's result is decoded from these parameters: before they are replaced, it is made.
        willSet { makeSentinelResult() }
    }
    /// What was intercepted. A sentinel decision's result (its code, tokens, state or error) is decoded from
    /// `parameters` when this is read, not while deciding: an app that looks only at `action` pays nothing
    /// for it, and each read decodes the values again (keep the result rather than reading this in a loop).
    public var interception: Interception? {
        get {
            if let sentinelFields { return .sentinel(sentinelFields.result(in: parameters)) }
            return madeInterception
        }
        set {
            madeInterception = newValue
            sentinelFields = nil
        }
    }
    /// The interception when it is not a sentinel result still to be decoded.
    var madeInterception: Interception?
    public var error: DecisionError?
    /// Why: the rule that matched and, for rules that nearly did, why not. Empty unless asked for.
    public var explanation: [String]
    /// For a sentinel decision, where its response's fields are among `parameters` (found while deciding;
    /// nil otherwise): the result is made from them when `interception` is read.
    var sentinelFields: ResponseFields? = nil

    /// Decodes a sentinel's result now (its parameters are about to change).
    private mutating func makeSentinelResult() {
        guard let sentinelFields else { return }
        madeInterception = .sentinel(sentinelFields.result(in: parameters))
        self.sentinelFields = nil
    }
}
