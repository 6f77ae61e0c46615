// Platform.java: the two web views apps ship, and which navigations each shows the app before it loads (the
// Swift engine's Platform, each check in the order of the engine code it follows; the facts and their
// Chromium and WebKit tests are listed in the Swift engine's PlatformFacts). A result a rule must catch, on a
// navigation the platform never shows the app, loads in the page instead.
package dev.bridge.policy;

import dev.bridge.url.BrowserURL;
import java.util.Arrays;
import java.util.List;

public enum Platform {
    IOS("ios"), ANDROID("android");

    public final String word;

    Platform(String word) { this.word = word; }

    public static Platform named(String word) {
        for (Platform platform : values()) if (platform.word.equals(word)) return platform;
        return null;
    }

    /** The schemes a web view loads (or runs) itself; any other is the app's or another app's to take. */
    public static final List<String> SCHEMES_THE_VIEW_LOADS = Arrays.asList("http", "https", "about", "data", "blob", "file", "javascript");

    /** Why the app is never asked about `request` on this platform (a value of UnaskedReason), or null when it is. */
    public UnaskedReason unasked(NavigationRequest request) {
        return this == IOS ? webKitUnasked(request) : androidWebViewUnasked(request);
    }

    /**
     * Android WebView: Chromium asks only for a navigation that loads a document, then
     * AwContentBrowserClient::ShouldOverrideUrlLoading offers the app a GET, not browser-initiated nor
     * back/forward unless redirected, and for http(s) and about: only in the main frame (a new window's is one).
     */
    static UnaskedReason androidWebViewUnasked(NavigationRequest request) {
        if (request.sameDocument != null) return UnaskedReason.SAME_DOCUMENT;
        if (!request.method.equals(HTTPMethod.GET)) return UnaskedReason.METHOD;
        if (!request.isRedirect) {
            if (request.isAppInitiated) return UnaskedReason.APP_INITIATED;
            if (request.type == NavigationType.BACK_FORWARD || request.type == NavigationType.FORM_RESUBMITTED) return UnaskedReason.HISTORY;
        }
        if (!request.isMainFrame && !request.opensWindow()) {
            String scheme = scheme(request.url);
            if (scheme.equals("http") || scheme.equals("https") || scheme.equals("about")) return UnaskedReason.SUBFRAME;
        }
        return null;
    }

    /** WKWebView: asked about every navigation action but a History API change and a custom scheme leaving a locked sandbox. */
    static UnaskedReason webKitUnasked(NavigationRequest request) {
        if (request.sameDocument == NavigationRequest.SameDocument.HISTORY_API) return UnaskedReason.SAME_DOCUMENT;
        if (request.sandbox != null && !SCHEMES_THE_VIEW_LOADS.contains(scheme(request.url))
                && !request.sandbox.allowsCustomSchemeNavigation(request.hasUserGesture)) {
            return UnaskedReason.SANDBOXED_FRAME;
        }
        return null;
    }

    /** The URL's scheme as the browser parses it; "" for a URL no browser navigates to. */
    static String scheme(String url) {
        BrowserURL parsed = BrowserURL.parse(url).url;
        return parsed == null ? "" : parsed.scheme();
    }

    /** Why a platform does not ask the app about a navigation. */
    public enum UnaskedReason { METHOD, APP_INITIATED, HISTORY, SAME_DOCUMENT, SUBFRAME, SANDBOXED_FRAME }

    /** The code a navigation a rule would intercept, but this platform never shows the app, is reported by. */
    public String unaskedCode() { return "not-asked-on-" + word; }

    /** Whether `decision` intercepts a result this platform never shows the app for `request`. */
    public boolean losesInterception(NavigationRequest request, Decision decision) {
        return decision.action == PolicyAction.CANCEL && decision.kind.isInterception() && unasked(request) != null;
    }
}
