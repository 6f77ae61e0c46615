// Platform.swift: the two web views apps ship, and which navigations each shows the app before it loads. The
// engine decides what the rules say; the platform says whether the app ever gets to act on it. A result a
// sentinel, bridge or deep-link rule must catch, on a navigation the platform never shows the app, loads in
// the page instead: an UnaskedInterception. Each check follows the engine code it comes from, in that
// code's order; PlatformFacts.swift holds the facts with their engine tests and sources, and the DocC
// article Platforms.md and the tests are made from it. Reasons are values; only a renderer words them.

import BrowserURL

/// The web view an app ships a flow in.
public enum Platform: String, Sendable, CaseIterable, Hashable {
    /// iOS's WKWebView (WKNavigationDelegate's decidePolicyFor navigationAction): asked about every
    /// navigation, subframes, POSTs, history and the app's own loads included, except a History API change
    /// of the URL (no navigation) and a custom scheme leaving a sandboxed frame (WebKit drops it first).
    case ios
    /// Android's WebView (WebViewClient.shouldOverrideUrlLoading), which is Chromium: asked only about a
    /// GET the page starts (or any redirect), in the top frame for http(s), never within the document.
    case android

    /// Why the app is never asked about `request` on this platform, or nil when it is.
    public func unasked(_ request: NavigationRequest) -> UnaskedReason? {
        switch self {
        case .ios: return Self.webKitUnasked(request)
        case .android: return Self.androidWebViewUnasked(request)
        }
    }

    /// Android WebView: Chromium runs ShouldOverrideUrlLoading only for a navigation that loads a
    /// document (not a same-document one), then AwContentBrowserClient::ShouldOverrideUrlLoading offers
    /// the app a GET, not browser-initiated nor back/forward unless redirected, and for http(s) and about:
    /// only in the outermost main frame (a new window's main frame is one).
    static func androidWebViewUnasked(_ request: NavigationRequest) -> UnaskedReason? {
        if let sameDocument = request.sameDocument { return .sameDocument(sameDocument) }
        if request.method != .get { return .method(request.method) }
        if !request.isRedirect {
            if request.isAppInitiated { return .appInitiated }
            if request.type == .backForward || request.type == .formResubmitted { return .history(request.type) }
        }
        let opensWindow = request.targetFrame == nil
        if !request.isMainFrame && !opensWindow, let scheme = Self.frameLocalScheme(request.url) { return .subframe(scheme: scheme) }
        return nil
    }

    /// WKWebView: WebKit asks about every navigation action, fragments included; the History API makes
    /// none, and on Cocoa a navigation to a scheme WebKit cannot load, from a frame sandboxed without a
    /// way out (allow-top-navigation, allow-popups, allow-top-navigation-to-custom-protocols, or
    /// allow-top-navigation-by-user-activation with a gesture), is dropped before the app is asked.
    static func webKitUnasked(_ request: NavigationRequest) -> UnaskedReason? {
        if request.sameDocument == .historyAPI { return .sameDocument(.historyAPI) }
        if let sandbox = request.sandbox, !Self.schemesTheViewLoads.contains(Self.scheme(request.url)),
           !sandbox.allowsCustomSchemeNavigation(userGesture: request.hasUserGesture) {
            return .sandboxedFrame(sandbox)
        }
        return nil
    }

    /// http, https or about: the schemes Android WebView never offers from a subframe; nil for others.
    private static func frameLocalScheme(_ url: String) -> String? {
        let scheme = Self.scheme(url)
        return ["http", "https", "about"].contains(scheme) ? scheme : nil
    }

    /// The schemes a web view loads (or runs) itself; a navigation to any other (`janrain:`, `myapp://`,
    /// `intent://`) is the app's or another app's to take. The model, the hosts and their page scripts read
    /// this one list.
    public static let schemesTheViewLoads: Set<String> = ["http", "https", "about", "data", "blob", "file", "javascript"]

    /// The URL's scheme as the browser parses it; "" for a URL no browser navigates to.
    static func scheme(_ url: String) -> String {
        guard case .success(let parsed) = BrowserURL.parse(url) else { return "" }
        return parsed.scheme
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
    case method(HTTPMethod)
    /// The app started it (Android's loadUrl, the first load, the app's reload) and it was not redirected.
    case appInitiated
    /// Back or forward (the page's history.back() too), not redirected: Android treats it as the app's.
    case history(NavigationType)
    /// Within the document (a fragment, the History API): no document loads, so Android never asks; iOS
    /// never asks about the History API, which is no navigation at all.
    case sameDocument(SameDocumentNavigation)
    /// An http(s) or about: navigation in a subframe: Android asks only about the top frame's.
    case subframe(scheme: String)
    /// A custom scheme leaving a frame sandboxed without a way out: WKWebView drops it before asking.
    case sandboxedFrame(FrameSandbox)
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
