// Platform.swift: the two web views apps ship, and which navigations each shows the app before it loads. The
// engine decides what the rules say; the platform says whether the app ever gets to act on it. A result a
// sentinel, bridge or deep-link rule must catch, on a navigation the platform never shows the app, loads in
// the page instead: an UnaskedInterception. The rules and their sources are listed in the DocC article
// Platforms.md; each case here names its reason as a value, and only a renderer words it.

/// The web view an app ships a flow in.
public enum Platform: String, Sendable, CaseIterable, Hashable {
    /// iOS's WKWebView (WKNavigationDelegate's decidePolicyFor navigationAction): asked about every
    /// navigation, the app's own loads, POSTs, subframes, history and reloads included.
    case ios
    /// Android's WebView (WebViewClient.shouldOverrideUrlLoading), which is Chromium: not asked about POST
    /// navigations, the app's own loadUrl, nor history navigations and reloads.
    case android

    /// Why the app is never asked about `request` on this platform, or nil when it is.
    public func unasked(_ request: NavigationRequest) -> UnaskedReason? {
        switch self {
        case .ios:
            return nil
        case .android:
            let method = request.method.uppercased()
            if method != "GET" && method != "HEAD" { return .method(method) }
            if request.isAppInitiated { return .appInitiated }
            if request.type == .backForward || request.type == .reload || request.type == .formResubmitted { return .history(request.type) }
            return nil
        }
    }

    /// What `decision` would have caught on `request`, when this platform never asks the app about it: the
    /// rule's result loads in the page. Nil when the platform asks, or when the decision intercepts nothing.
    /// `request` is made only when the decision intercepts (a replay that keeps records, not requests, makes
    /// one for those alone).
    public func unaskedInterception(_ request: @autoclosure () -> NavigationRequest, _ decision: Decision) -> UnaskedInterception? {
        guard decision.action == .cancel, decision.kind.isInterception, let reason = unasked(request()) else { return nil }
        return UnaskedInterception(platform: self, reason: reason, kind: decision.kind, rule: decision.rule)
    }
}

/// Why a platform does not ask the app about a navigation.
public enum UnaskedReason: Sendable, Hashable {
    /// Not a GET: Android never calls shouldOverrideUrlLoading for a POST (a form submitted to a redirect
    /// URI, `response_mode=form_post`).
    case method(String)
    /// The app started it (Android's loadUrl, the first load): the app is not asked about its own loads.
    case appInitiated
    /// Back, forward or a reload: the browser's own navigation, not the page's.
    case history(NavigationType)
}

/// A navigation a rule would intercept that the platform never shows the app (`not-asked-on-android`).
public struct UnaskedInterception: Sendable, Hashable {
    public let platform: Platform
    public let reason: UnaskedReason
    /// What the rules would have done: the kind of interception and the rule's name.
    public let kind: DecisionKind
    public let rule: String?

    public init(platform: Platform, reason: UnaskedReason, kind: DecisionKind, rule: String?) {
        self.platform = platform
        self.reason = reason
        self.kind = kind
        self.rule = rule
    }

    /// The stable code transcripts and case files use: `not-asked-on-android`.
    public var code: String { "not-asked-on-\(platform.rawValue)" }
}
