// PlatformFacts.swift: the platform model as facts. Each fact is a kind of navigation (who starts it, in
// which frame, with which method, within the document or not, history, redirect, popup, sandbox, scheme),
// one navigation of that kind as a web view reports it, whether each platform asks the app, and the engine
// tests and engine code it rests on, at the revision they were read. Platform.unasked is the code; the
// tests hold it to every fact, and the DocC table in Platforms.md is written from this list, so the
// article, the tests and the code cannot drift apart.

/// One fact of the platform model.
public struct PlatformFact: Sendable {
    /// The kinds of navigation the model distinguishes, in the article's order.
    public enum Kind: String, Sendable, CaseIterable {
        case linkClick = "link-click"
        case scriptLocation = "script-location"
        case metaRefresh = "meta-refresh"
        case serverRedirect = "server-redirect"
        case customScheme = "custom-scheme"
        case appLoad = "app-load"
        case appLoadRedirect = "app-load-redirect"
        case appReload = "app-reload"
        case pageReload = "page-reload"
        case appBackForward = "app-back-forward"
        case pageHistoryBack = "page-history-back"
        case historyRedirect = "history-redirect"
        case post
        case postRedirect = "post-redirect"
        case subframeHTTP = "subframe-http"
        case subframeCustomScheme = "subframe-custom-scheme"
        case fragment
        case historyAPI = "history-api"
        case popupHTTP = "popup-http"
        case popupCustomScheme = "popup-custom-scheme"
        case sandboxedCustomScheme = "sandboxed-custom-scheme"
        case sandboxedAllowPopups = "sandboxed-allow-popups"
        case sandboxedUserActivation = "sandboxed-user-activation"
        case sandboxedUserActivationNoGesture = "sandboxed-user-activation-no-gesture"
    }

    public let kind: Kind
    /// A navigation of this kind, as the platforms' delegates would receive it.
    public let example: NavigationRequest
    /// Why iOS does not ask, or nil when it asks.
    public let ios: UnaskedReason?
    /// Why Android does not ask, or nil when it asks.
    public let android: UnaskedReason?
    /// The engine tests and code the fact rests on.
    public let sources: [EngineSource]

    /// What the fact says for `platform`: nil when the app is asked.
    public func expected(on platform: Platform) -> UnaskedReason? {
        switch platform {
        case .ios: ios
        case .android: android
        }
    }
}

/// An engine test or a piece of engine code a fact rests on, where it is and the revision it was read at.
public struct EngineSource: Sendable, Hashable {
    public enum Engine: String, Sendable {
        /// Chromium, Android WebView's engine.
        case chromium
        /// WebKit, WKWebView's engine.
        case webkit
    }
    public enum Role: String, Sendable {
        /// A test in the engine's own suite that shows the behaviour.
        case test
        /// The code that decides it.
        case code
    }
    public let engine: Engine
    public let role: Role
    /// The GitHub repository the file was read in (`chromium/chromium`, `WebKit/WebKit`, or a mirror of
    /// Chromium's trunk) and its commit (`main` for code read at the branch's head).
    public let repository: String
    public let revision: String
    /// The file in that repository.
    public let path: String
    /// The test (`Suite.test`) or function.
    public let name: String
}

extension EngineSource {
    private static let awTests = "android_webview/javatests/src/org/chromium/android_webview/test/AwContentsClientShouldOverrideUrlLoadingTest.java"
    private static let awTestsRevision = "0499ac4719265569d236790dcb024812f562b954"

    static func awTest(_ name: String) -> EngineSource {
        EngineSource(engine: .chromium, role: .test, repository: "chromium/chromium", revision: awTestsRevision,
                     path: awTests, name: "AwContentsClientShouldOverrideUrlLoadingTest.\(name)")
    }

    /// AwContentBrowserClient::ShouldOverrideUrlLoading: GET only; browser-initiated or back/forward not
    /// offered unless redirected; http(s) and about: only in the outermost main frame.
    static let awShouldOverride = EngineSource(
        engine: .chromium, role: .code, repository: "youtube/cobalt",
        revision: "447c82dec67ee8626a08317c696f6170582ac2b5",
        path: "android_webview/browser/aw_content_browser_client.cc", name: "AwContentBrowserClient::ShouldOverrideUrlLoading")

    /// AwContentBrowserClient::HandleExternalProtocol: sandbox flags are ignored; the app decides.
    static let awExternalProtocol = EngineSource(
        engine: .chromium, role: .code, repository: "youtube/cobalt",
        revision: "447c82dec67ee8626a08317c696f6170582ac2b5",
        path: "android_webview/browser/aw_content_browser_client.cc", name: "AwContentBrowserClient::HandleExternalProtocol")

    /// A same-document navigation commits in the renderer: no navigation throttles, no URL loader, so
    /// ShouldOverrideUrlLoading never runs.
    static let chromiumSameDocument = EngineSource(
        engine: .chromium, role: .code, repository: "chromium/chromium", revision: "main",
        path: "content/browser/renderer_host/render_frame_host_impl.cc", name: "RenderFrameHostImpl::DidCommitSameDocumentNavigation")

    static func webKitNavigationTest(_ name: String) -> EngineSource {
        EngineSource(engine: .webkit, role: .test, repository: "WebKit/WebKit", revision: "042cba5d912f3a792ec8f094d7aaaa7988d44a38",
                     path: "Tools/TestWebKitAPI/Tests/WebKitCocoa/Navigation.mm", name: "WKNavigation.\(name)")
    }

    static func webKitPolicyTest(_ name: String) -> EngineSource {
        EngineSource(engine: .webkit, role: .test, repository: "WebKit/WebKit", revision: "06dcb620a8a96ca6674eb2914d92e35c630d85b2",
                     path: "Tools/TestWebKitAPI/Tests/WebKitCocoa/DecidePolicyForNavigationAction.mm", name: "WebKit.\(name)")
    }

    /// FrameLoader::loadURL: a fragment navigation is checked by the policy checker (the app's delegate)
    /// before continueFragmentScrollAfterNavigationPolicy scrolls, and only if it may continue.
    static let webKitFragment = EngineSource(
        engine: .webkit, role: .code, repository: "WebKit/WebKit", revision: "main",
        path: "Source/WebCore/loader/FrameLoader.cpp", name: "FrameLoader::loadURL")

    /// History::stateObjectAdded changes the URL in place: no navigation action, no policy check.
    static let webKitHistoryAPI = EngineSource(
        engine: .webkit, role: .code, repository: "WebKit/WebKit", revision: "main",
        path: "Source/WebCore/page/History.cpp", name: "History::stateObjectAdded")
}

/// The platform model: every fact, in the article's order.
public enum PlatformFacts {
    private static let result = "https://yourdomain.com/cb?code=1"
    private static let deepLink = "myapp://reset-password?code=1"

    public static let all: [PlatformFact] = [
        PlatformFact(kind: .linkClick, example: NavigationRequest(url: result, type: .linkClicked, hasUserGesture: true),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledWhenLinkClicked"), .awTest("testPassesCorrectUrl"),
                               .webKitNavigationTest("LoadRadarURLFromSandboxedFrameWithUserGesture")]),
        PlatformFact(kind: .scriptLocation, example: NavigationRequest(url: result),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledWhenNavigatingFromJavaScriptUsingAssign"),
                               .awTest("testCalledWhenNavigatingFromJavaScriptUsingReplace")]),
        PlatformFact(kind: .metaRefresh, example: NavigationRequest(url: result),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledOnMetaRefreshRedirect")]),
        PlatformFact(kind: .serverRedirect, example: NavigationRequest(url: result, isRedirect: true),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledOn302Redirect"), .awShouldOverride]),
        PlatformFact(kind: .customScheme, example: NavigationRequest(url: deepLink, type: .linkClicked),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledForUnsupportedSchemes"), .webKitNavigationTest("HTTPBody")]),
        PlatformFact(kind: .appLoad, example: NavigationRequest(url: result, isAppInitiated: true),
                     ios: nil, android: .appInitiated,
                     sources: [.awTest("testNotCalledOnLoadUrl"), .awShouldOverride, .webKitNavigationTest("UserAgentAndAccept")]),
        PlatformFact(kind: .appLoadRedirect, example: NavigationRequest(url: result, isRedirect: true, isAppInitiated: true),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledOn302Redirect"), .awTest("testCalledOnServerRedirectInvalidScheme"), .awShouldOverride]),
        PlatformFact(kind: .appReload, example: NavigationRequest(url: result, type: .reload, isAppInitiated: true),
                     ios: nil, android: .appInitiated,
                     sources: [.awTest("testNotCalledOnReload"), .webKitPolicyTest("DecidePolicyForNavigationActionReload")]),
        PlatformFact(kind: .pageReload, example: NavigationRequest(url: result, type: .reload),
                     ios: nil, android: nil,
                     sources: [.awShouldOverride, .webKitPolicyTest("DecidePolicyForNavigationActionReload")]),
        PlatformFact(kind: .appBackForward, example: NavigationRequest(url: result, type: .backForward, isAppInitiated: true),
                     ios: nil, android: .appInitiated,
                     sources: [.awTest("testNotCalledOnBackForwardNavigation"), .webKitPolicyTest("DecidePolicyForNavigationActionGoBack"),
                               .webKitNavigationTest("DecidePolicyForPageCacheNavigation")]),
        PlatformFact(kind: .pageHistoryBack, example: NavigationRequest(url: result, type: .backForward),
                     ios: nil, android: .history(.backForward),
                     sources: [.awShouldOverride, .awTest("testReloadingUrlDoesNotBreakBackForwardList"),
                               .webKitPolicyTest("DecidePolicyForNavigationActionGoForward")]),
        PlatformFact(kind: .historyRedirect, example: NavigationRequest(url: result, type: .backForward, isRedirect: true),
                     ios: nil, android: nil,
                     sources: [.awShouldOverride]),
        PlatformFact(kind: .post, example: NavigationRequest(url: "https://yourdomain.com/cb", type: .formSubmitted, method: "POST"),
                     ios: nil, android: .method("POST"),
                     sources: [.awTest("testNotCalledForPostNavigations"), .awShouldOverride, .webKitNavigationTest("HTTPBody")]),
        PlatformFact(kind: .postRedirect, example: NavigationRequest(url: result, isRedirect: true),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledFor302AfterPostNavigations")]),
        PlatformFact(kind: .subframeHTTP, example: NavigationRequest(url: result, isMainFrame: false, targetFrame: "frame"),
                     ios: nil, android: .subframe(scheme: "https"),
                     sources: [.awTest("testNotCalledForIframeHttpNavigations"), .awShouldOverride,
                               .webKitNavigationTest("LoadRadarURLFromSandboxedFrameWithUserGesture")]),
        PlatformFact(kind: .subframeCustomScheme, example: NavigationRequest(url: deepLink, isMainFrame: false, targetFrame: "frame"),
                     ios: nil, android: nil,
                     sources: [.awTest("testCalledForIframeUnsupportedSchemeNavigations"),
                               .webKitNavigationTest("LoadRadarURLFromSandboxedFrameAllowTopNavigation")]),
        PlatformFact(kind: .fragment, example: NavigationRequest(url: "https://yourdomain.com/cb#code=1", type: .linkClicked, sameDocument: .fragment),
                     ios: nil, android: .sameDocument(.fragment),
                     sources: [.awTest("testNotCalledForAnchorNavigations"), .chromiumSameDocument, .webKitFragment]),
        PlatformFact(kind: .historyAPI, example: NavigationRequest(url: result, sameDocument: .historyAPI),
                     ios: .sameDocument(.historyAPI), android: .sameDocument(.historyAPI),
                     sources: [.chromiumSameDocument, .webKitHistoryAPI]),
        PlatformFact(kind: .popupHTTP, example: NavigationRequest(url: result, targetFrame: nil),
                     ios: nil, android: nil,
                     sources: [.awTest("testWindowOpenHttpUrlInPopup"),
                               .webKitPolicyTest("DecidePolicyForNavigationActionOpenNewWindowAndDeallocSourceWebView"),
                               .webKitPolicyTest("DecidePolicyForNavigationActionForTargetedHyperlink")]),
        PlatformFact(kind: .popupCustomScheme, example: NavigationRequest(url: deepLink, targetFrame: nil),
                     ios: nil, android: nil,
                     sources: [.awTest("testWindowOpenCustomSchemeUrlInPopup")]),
        PlatformFact(kind: .sandboxedCustomScheme,
                     example: NavigationRequest(url: deepLink, isMainFrame: false, targetFrame: "frame", sandbox: FrameSandbox(attribute: "allow-scripts")),
                     ios: .sandboxedFrame(FrameSandbox(attribute: "allow-scripts")), android: nil,
                     sources: [.webKitNavigationTest("LoadRadarURLFromSandboxedFrame"), .awExternalProtocol,
                               .awTest("testCalledForIframeUnsupportedSchemeNavigations")]),
        PlatformFact(kind: .sandboxedAllowPopups,
                     example: NavigationRequest(url: deepLink, isMainFrame: false, targetFrame: "frame", sandbox: FrameSandbox(attribute: "allow-scripts allow-popups")),
                     ios: nil, android: nil,
                     sources: [.webKitNavigationTest("LoadRadarURLFromSandboxedFrameAllowPopups"),
                               .webKitNavigationTest("LoadRadarURLFromSandboxedFrameAllowCustomProtocolsNavigation")]),
        PlatformFact(kind: .sandboxedUserActivation,
                     example: NavigationRequest(url: deepLink, isMainFrame: false, targetFrame: "frame", hasUserGesture: true,
                                                sandbox: FrameSandbox(attribute: "allow-scripts allow-top-navigation-by-user-activation")),
                     ios: nil, android: nil,
                     sources: [.webKitNavigationTest("LoadRadarURLFromSandboxedFrameWithUserGesture")]),
        PlatformFact(kind: .sandboxedUserActivationNoGesture,
                     example: NavigationRequest(url: deepLink, isMainFrame: false, targetFrame: "frame",
                                                sandbox: FrameSandbox(attribute: "allow-scripts allow-top-navigation-by-user-activation")),
                     ios: .sandboxedFrame(FrameSandbox(attribute: "allow-scripts allow-top-navigation-by-user-activation")), android: nil,
                     sources: [.webKitNavigationTest("LoadRadarURLFromSandboxedFrameMissingUserGesture"), .awExternalProtocol]),
    ]
}
