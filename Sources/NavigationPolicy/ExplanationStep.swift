// ExplanationStep.swift: one step of why the engine decided as it did (`--explain`), as a value: which
// rule matched, which nearly did and why not, what the default was. An app or a test switches on it; the
// words are made where it is printed (the transcript renderers).
import BrowserURL

/// A rule as an explanation names it: where it is in the rules file and its name.
public struct RuleReference: Sendable, Hashable {
    public var keyPath: String
    public var name: String
    public init(keyPath: String, name: String) { self.keyPath = keyPath; self.name = name }
}

public enum ExplanationStep: Sendable, Hashable {
    /// The URL does not parse as a browser would: cancelled, failing closed.
    case unparseable(URLParseError.Code)
    /// about:PATH is always allowed (WebKit loads it for bridge iframes).
    case aboutPageAllowed(path: String)
    /// The scheme is always blocked unless a scheme rule names it; none does.
    case schemeAlwaysBlocked(String)
    /// A WebViewJavascriptBridge signal over http(s) (`loadSignal`: its load signal; else a queue signal).
    case matchedWVJBSignal(RuleReference, loadSignal: Bool)
    /// An allowed origin let it load.
    case originAllowed(origin: String, entry: RuleReference)
    /// The origin is in no allow entry.
    case originNotAllowed(String)
    /// No rule matched: the default decided.
    case defaultAction(PolicyAction)
    /// A bridge rule matched, and its message decoded (or not).
    case matchedBridge(RuleReference, protocol: String)
    case bridgeUndecodable(RuleReference, BridgeDecodingError)
    /// A deep-link rule's route is not the URL's.
    case routeMismatch(RuleReference, route: String, expected: String)
    case matchedDeepLink(RuleReference, scheme: String, route: String?)
    /// A sentinel did not match: how its redirect URI differs, or (on another host) where its host stands.
    case sentinelMismatch(RuleReference, SentinelMatcher.MismatchReason)
    case sentinelNearMiss(RuleReference, SentinelMatcher.NearMiss)
    /// A sentinel applies to the main frame only (`mainOnly`) or to subframes only.
    case wrongFrame(RuleReference, mainOnly: Bool)
    /// A sentinel's required parameter is missing, or a forbidden one present, where its response mode reads.
    case lacks(RuleReference, place: ResponseMode, parameter: String)
    case forbids(RuleReference, place: ResponseMode, parameter: String)
    /// An OAuth error response at a sentinel's redirect URI, cancelled though no rule requires error.
    case endpointError(RuleReference)
    /// A form_post sentinel: it takes a POST to its redirect URI (the result is in the body), and no other method.
    case formPost(RuleReference, method: HTTPMethod)
    /// A sentinel matched: its redirect URI, how, and the parameters the response carries.
    case matchedSentinel(RuleReference, redirectURI: String, how: SentinelMatcher.Match?, parameters: [String])
    /// The response is an OAuth error.
    case oauthError(String)
}
