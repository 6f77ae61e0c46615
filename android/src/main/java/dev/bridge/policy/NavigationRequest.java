// NavigationRequest.java: everything a decision may look at, as a web view reports a navigation (the Swift
// engine's NavigationRequest): the URL as the view gives it, the frame, redirect, gesture and method, whether
// the app started it, whether it stays in the document, and a sandboxed frame's attribute. Immutable; made
// with a Builder (WebViewClientAdapter maps Android's WebResourceRequest onto one).
package dev.bridge.policy;

import dev.bridge.url.LoggedURL;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

public final class NavigationRequest {
    /** A navigation that stays in the document: a fragment (#…) or the History API (pushState). */
    public enum SameDocument {
        FRAGMENT("fragment"), HISTORY_API("history-api");

        public final String word;

        SameDocument(String word) { this.word = word; }

        public static SameDocument named(String word) {
            for (SameDocument kind : values()) if (kind.word.equals(word)) return kind;
            return null;
        }
    }

    /** An iframe's sandbox attribute and its tokens (ASCII white space separated, lower-cased). */
    public static final class FrameSandbox {
        public final String attribute;
        public final Set<String> tokens;

        public FrameSandbox(String attribute) {
            this.attribute = attribute;
            Set<String> tokens = new HashSet<>();
            for (String token : attribute.split("[ \\t\\n\\r\\f]+")) if (!token.isEmpty()) tokens.add(token.toLowerCase(Locale.ROOT));
            this.tokens = Collections.unmodifiableSet(tokens);
        }

        public boolean allowsCustomSchemeNavigation(boolean userGesture) {
            return tokens.contains("allow-top-navigation") || tokens.contains("allow-popups")
                    || tokens.contains("allow-top-navigation-to-custom-protocols")
                    || tokens.contains("allow-top-navigation-by-user-activation") && userGesture;
        }
    }

    public final String url;
    public final NavigationType type;
    public final boolean isMainFrame;
    /** The target frame's name; null when the navigation opens a new window. */
    public final String targetFrame;
    public final boolean isRedirect;
    public final boolean hasUserGesture;
    public final HTTPMethod method;
    public final String sourceURL;
    public final boolean isAppInitiated;
    public final SameDocument sameDocument;
    public final FrameSandbox sandbox;

    private NavigationRequest(Builder b) {
        url = b.url;
        type = b.type;
        isMainFrame = b.isMainFrame;
        targetFrame = b.targetFrame;
        isRedirect = b.isRedirect;
        hasUserGesture = b.hasUserGesture;
        method = b.method;
        sourceURL = b.sourceURL;
        isAppInitiated = b.isAppInitiated;
        sameDocument = b.sameDocument;
        sandbox = b.sandbox;
    }

    /** A main-frame GET the page started: the common case. */
    public static NavigationRequest of(String url) { return new Builder(url).build(); }

    public boolean opensWindow() { return targetFrame == null; }

    /** The request without its URL's secrets: a log line an app may write. */
    @Override public String toString() {
        return "NavigationRequest(" + LoggedURL.masked(url) + ", " + method + (isMainFrame ? ", main frame" : ", subframe")
                + (isRedirect ? ", redirect" : "") + ")";
    }

    public static final class Builder {
        private final String url;
        private NavigationType type = NavigationType.OTHER;
        private boolean isMainFrame = true;
        private String targetFrame = "";
        private boolean isRedirect, hasUserGesture, isAppInitiated;
        private HTTPMethod method = HTTPMethod.GET;
        private String sourceURL;
        private SameDocument sameDocument;
        private FrameSandbox sandbox;

        public Builder(String url) { this.url = url; }

        public Builder type(NavigationType type) { this.type = type; return this; }
        public Builder mainFrame(boolean isMainFrame) { this.isMainFrame = isMainFrame; return this; }
        /** The target frame's name; null for a new window. */
        public Builder targetFrame(String targetFrame) { this.targetFrame = targetFrame; return this; }
        public Builder redirect(boolean isRedirect) { this.isRedirect = isRedirect; return this; }
        public Builder userGesture(boolean hasUserGesture) { this.hasUserGesture = hasUserGesture; return this; }
        public Builder method(HTTPMethod method) { this.method = method; return this; }
        public Builder sourceURL(String sourceURL) { this.sourceURL = sourceURL; return this; }
        public Builder appInitiated(boolean isAppInitiated) { this.isAppInitiated = isAppInitiated; return this; }
        public Builder sameDocument(SameDocument sameDocument) { this.sameDocument = sameDocument; return this; }
        public Builder sandbox(FrameSandbox sandbox) { this.sandbox = sandbox; return this; }

        public NavigationRequest build() { return new NavigationRequest(this); }
    }
}
