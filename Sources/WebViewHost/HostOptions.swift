// HostOptions.swift: what one hosted run is asked to do and what it ends with. No WebKit here, so the CLI
// and the tests can speak of runs without the trait.
import OutputFiles
import FlowInspector
import NavigationPolicy
import SecretMasking
import NavigationReplay
import SensitiveText

/// When a hosted run stops.
package enum StopCondition: String, Sendable, CaseIterable {
    /// A sentinel intercepted a result, or the bridge handed over a credential (an event whose arguments
    /// carry a token or code, or janrain:accessToken=).
    case sentinel
    /// A deep-link route intercepted a navigation.
    case deeplink
    /// The page loaded, --eval ran, and nothing happened for the idle time.
    case idle
    /// Run until --timeout; reaching it is success.
    case timeout
}

package struct HostOptions: Sendable {
    /// The URL the view loads first.
    package var startURL: String
    /// What the stand-in network serves; nil serves nothing (loopback is reached directly).
    package var site: HostSite?
    package var until: StopCondition = .idle
    /// Seconds before the run gives up (or ends, with --until timeout).
    package var timeout: Double = 30
    /// Seconds of quiet that make a page idle.
    package var idle: Double = 1.0
    /// Scripts run in the page, in order, once it has loaded.
    package var eval: [String] = []
    package var recordPath: String?
    /// What the run may write over (--force) and must never write over (its inputs): the recording and the
    /// screenshots go through OutputFile with it.
    package var outputPolicy = OutputFilePolicy(force: false, inputs: [])
    /// An X display to use; nil uses DISPLAY, or starts Xvfb when DISPLAY is not set.
    package var display: String?
    /// An Xvfb the caller launched early (`XvfbDisplay.launch`), so it starts while the caller sets up the
    /// rest; used when no display is given and DISPLAY is not set.
    package var xvfbLaunch: XvfbLaunch?
    package var explain = false
    package var redactor = Redactor()
    /// Where Janrain's hosts and the app-backend routes go (`--provider`); nil: the site only.
    package var provider: ProviderRouting?
    /// Write a PNG of the view after each interception and at the end (`--screenshots DIR`).
    package var screenshotsDirectory: String?
    /// Scripts run in every frame, any origin, once its document has loaded (`--frame-script`): what a
    /// user does in a provider's iframe the page itself cannot reach.
    package var frameScripts: [String] = []
    /// The platform whose rules say which navigations the app is asked about (`--platform`): on Android a
    /// navigation it is never asked about loads, and the transcript reports what a rule would have caught.
    package var platform: Platform = .ios
    /// What the app does with window.open and target=_blank (`--popups`).
    package var popups: PopupSetting = .sameView
    /// The engine running the page, as a recording's header names it (WebKitGTK, Chromium).
    package var engineName = "WebKitGTK"
    /// Whether the engine says which frame a navigation is in (Chromium does; WebKitGTK's UI process does
    /// not, and a navigation no subframe announced is then taken for the top frame's, said as a guess).
    package var framesKnown = false

    package init(startURL: String) { self.startURL = startURL }
}

/// What an app does with a page's window.open and target=_blank: the web view settings the host emulates,
/// the same in both engines, so --engine both compares like with like.
package enum PopupSetting: String, Sendable, CaseIterable {
    /// Loaded in the app's own view, asked about as its own navigation: Android's
    /// setSupportMultipleWindows(false) (Blink's CreateWindowForRequest, create_window.cc, then navigates
    /// the opener's top frame) with
    /// setJavaScriptCanOpenWindowsAutomatically(true); a WKWebView whose createWebViewWith loads the
    /// request in the same view.
    case sameView = "same-view"
    /// As same-view when a tap opened it; a script's window.open without one is blocked: both platforms'
    /// defaults (Chromium's AwSettings.java starts mJavaScriptCanOpenWindowsAutomatically and
    /// mSupportMultipleWindows false; WebKit's WebPreferencesDefaultValuesIOS.mm
    /// defaultJavaScriptCanOpenWindowsAutomatically is false but for one app's quirk).
    case tapOnly = "tap-only"
    /// Never opened: an app with no onCreateWindow or createWebViewWith (window.open returns null).
    case blocked
    /// Opened in a view of its own, whose navigations its own delegate is asked about as its main frame's:
    /// Android's setSupportMultipleWindows(true) with an onCreateWindow that makes a WebView with the same
    /// client (Chromium's AwContentsClientShouldOverrideUrlLoadingTest.testWindowOpenHttpUrlInPopup); a
    /// WKWebView whose createWebViewWith returns a new view with the same navigation delegate, which is then
    /// asked about the window's load with that view as its target (WebKit's TestWebKitAPI
    /// DecidePolicyForNavigationActionOpenNewWindowAndDeallocSourceWebView). The opener stays on its page and
    /// `window.opener` reaches it.
    case ownWindow = "own-window"
}

/// How a hosted run ended.
package struct HostResult: Sendable {
    package var summary: ReplaySummary
    /// The stop condition was met.
    package var reached: Bool
    /// Why the run stopped, in words and the values they quote.
    package var stopReason: HostStopReason
    /// What failed (the page did not load, the web process died, a script error, the timeout).
    package var failures: [HostError]
    /// The main frame's URL at the end (the page was still answering), or nil.
    package var finalURL: String?
    /// Seconds from start to the first navigation the engine intercepted (sentinel, bridge, deep link).
    package var firstInterception: Double?
}
