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
    public var method: HTTPMethod
    /// The URL of the document that started the navigation, if known.
    public var sourceURL: String?
    /// The app started it (WKWebView's load, Android's loadUrl: the first load), not the page.
    public var isAppInitiated: Bool
    /// Within the current document (a fragment, the History API), or nil for a document load.
    public var sameDocument: SameDocumentNavigation?
    /// The sandbox of the frame the navigation starts in, or nil when that frame is not sandboxed.
    public var sandbox: FrameSandbox?

    public init(url: String, type: NavigationType = .other, isMainFrame: Bool = true, targetFrame: String? = "",
                isRedirect: Bool = false, hasUserGesture: Bool = false, method: HTTPMethod = .get,
                sourceURL: String? = nil, isAppInitiated: Bool = false, sameDocument: SameDocumentNavigation? = nil,
                sandbox: FrameSandbox? = nil) {
        self.url = url
        self.type = type
        self.isMainFrame = isMainFrame
        self.targetFrame = targetFrame
        self.isRedirect = isRedirect
        self.hasUserGesture = hasUserGesture
        self.method = method
        self.sourceURL = sourceURL
        self.isAppInitiated = isAppInitiated
        self.sameDocument = sameDocument
        self.sandbox = sandbox
    }

    /// Whether it opens a new window (window.open, target=_blank): no target frame.
    public var opensWindow: Bool { targetFrame == nil }
}

/// A navigation that stays in its document: no request, no new document.
public enum SameDocumentNavigation: String, Sendable, CaseIterable, Hashable {
    /// Only the fragment changes: a link to `#…`, `location.hash`, a redirect to the same URL with `#…`.
    case fragment
    /// `history.pushState` or `replaceState`: the URL changes and nothing loads.
    case historyAPI = "history-api"

    /// Whether going from `current` to `url` is a fragment navigation: the URL has a fragment and is
    /// otherwise the current one (HTML's "navigate to a fragment"; WebKit's shouldPerformFragmentNavigation
    /// adds that it is a GET, which the caller knows).
    public static func isFragment(from current: String?, to url: String) -> Bool {
        guard let current, let hash = url.firstIndex(of: "#") else { return false }
        let base = current.firstIndex(of: "#").map { current[..<$0] } ?? current[...]
        return url[..<hash] == base
    }
}

/// An iframe's `sandbox` attribute, as the page wrote it: its tokens, and the ways out a navigation to
/// another app's scheme may take (HTML's sandboxing flags; unknown tokens are ignored, as browsers do).
public struct FrameSandbox: Sendable, Hashable {
    /// The attribute's value as written.
    public let attribute: String
    /// Its tokens, lowercased (ASCII whitespace separates them).
    public let tokens: Set<String>

    public init(attribute: String) {
        self.attribute = attribute
        let separators: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{0C}"]
        tokens = Set(attribute.unicodeScalars.split(whereSeparator: separators.contains).map { String(String.UnicodeScalarView($0)).lowercased() })
    }

    public var allowsTopNavigation: Bool { tokens.contains("allow-top-navigation") }
    public var allowsPopups: Bool { tokens.contains("allow-popups") }
    public var allowsTopNavigationToCustomProtocols: Bool { tokens.contains("allow-top-navigation-to-custom-protocols") }
    public var allowsTopNavigationByUserActivation: Bool { tokens.contains("allow-top-navigation-by-user-activation") }

    /// Whether a navigation to a custom scheme may leave the frame: a token that lets it out, or the
    /// user-activation one with a gesture.
    public func allowsCustomSchemeNavigation(userGesture: Bool) -> Bool {
        allowsTopNavigation || allowsPopups || allowsTopNavigationToCustomProtocols
            || (allowsTopNavigationByUserActivation && userGesture)
    }
}
