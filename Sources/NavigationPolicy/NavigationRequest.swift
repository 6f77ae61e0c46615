// NavigationRequest.swift: everything a decision may look at, as a web view reports a navigation
// (WKNavigationAction / shouldStartLoadWithRequest / shouldOverrideUrlLoading / WebKitGTK decide-policy).

/// How the navigation was started (WKNavigationType's cases).
public enum NavigationType: String, Sendable, CaseIterable, Codable {
    case linkClicked, formSubmitted, backForward, reload, formResubmitted, other
}

/// One navigation the web view is about to make.
public struct NavigationRequest: Sendable, Hashable {
    /// The URL string exactly as the view reports it (it is parsed as a browser would).
    public var url: String
    public var type: NavigationType
    /// Whether the navigation is in the main frame (false for iframes).
    public var isMainFrame: Bool
    /// The target frame's name; nil for a new window (window.open, target=_blank).
    public var targetFrame: String?
    public var isRedirect: Bool
    public var hasUserGesture: Bool
    public var method: String
    /// The URL of the document that started the navigation, if known.
    public var sourceURL: String?
    /// The app started it (WKWebView's load, Android's loadUrl: the first load), not the page.
    public var isAppInitiated: Bool

    public init(url: String, type: NavigationType = .other, isMainFrame: Bool = true, targetFrame: String? = "",
                isRedirect: Bool = false, hasUserGesture: Bool = false, method: String = "GET",
                sourceURL: String? = nil, isAppInitiated: Bool = false) {
        self.url = url
        self.type = type
        self.isMainFrame = isMainFrame
        self.targetFrame = targetFrame
        self.isRedirect = isRedirect
        self.hasUserGesture = hasUserGesture
        self.method = method
        self.sourceURL = sourceURL
        self.isAppInitiated = isAppInitiated
    }
}
