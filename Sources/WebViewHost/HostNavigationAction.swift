// HostNavigationAction.swift: what the hosted view's navigation action says, as plain values, and the
// NavigationRequest and navlog `source` the engine and the recording get from it. WebKit's action is read
// into this in HostedWebView (the only WebKit part); the mapping is here, without WebKit, so it is tested
// without the trait.
import NavigationPolicy
import NavigationReplay

package struct HostNavigationAction: Sendable, Hashable {
    package var url: String
    package var method: String
    /// A link's target name (webkit_navigation_action_get_frame_name); nil when there is none.
    package var frameName: String?
    package var isRedirect: Bool
    package var hasUserGesture: Bool
    package var type: NavigationType
    /// A new-window action or window.open.
    package var newWindow: Bool
    /// The view's URL when the action came (the page that started it).
    package var currentURL: String?
    /// Whether it is the main frame's. WebKitGTK's UI process does not say which frame a navigation is in, so
    /// the WebKit host reports every navigation as the main frame's; Chromium's requests name their frame.
    package var isMainFrame: Bool
    /// Within the current document (a fragment, the History API), or nil for a document load.
    package var sameDocument: SameDocumentNavigation?

    package init(url: String, method: String = "GET", frameName: String? = nil, isRedirect: Bool = false, hasUserGesture: Bool = false,
                type: NavigationType = .other, newWindow: Bool = false, currentURL: String? = nil, isMainFrame: Bool = true,
                sameDocument: SameDocumentNavigation? = nil) {
        self.url = url; self.method = method; self.frameName = frameName; self.isRedirect = isRedirect
        self.hasUserGesture = hasUserGesture; self.type = type; self.newWindow = newWindow; self.currentURL = currentURL
        self.isMainFrame = isMainFrame; self.sameDocument = sameDocument
    }

    /// A GET from `current` to `url` that only sets a fragment: a fragment navigation; nil when a
    /// document loads.
    package static func fragmentNavigation(from current: String?, to url: String, method: String) -> SameDocumentNavigation? {
        method.uppercased() == "GET" && SameDocumentNavigation.isFragment(from: current, to: url) ? .fragment : nil
    }

    /// The request the engine decides: a new window's target frame is null, a link's target its name.
    package var request: NavigationRequest {
        NavigationRequest(url: url, type: type, isMainFrame: isMainFrame, targetFrame: newWindow ? nil : (frameName ?? ""),
                          isRedirect: isRedirect, hasUserGesture: hasUserGesture, method: HTTPMethod(reported: method), sourceURL: currentURL,
                          sameDocument: sameDocument)
    }

    /// Who started it: the app (the first load), a redirect, the user (a gesture), history, else script.
    package func source(isFirst: Bool) -> NavigationSource {
        if isFirst && isMainFrame { return .app }
        if isRedirect { return .redirect }
        if hasUserGesture { return .user }
        if type == .backForward { return .history }
        return .script
    }
}
