// Rules.java: a rules file (version 1), as RulesLoader read it: the default, the allowed origins, the
// sentinels, the scheme rules, the bridge events' handler tables, the state the app sent when the file fixes
// it, the platform it names, and the Android app's JavaScript interfaces. Never changed after loading.
package dev.bridge.policy;

import java.util.Collections;
import java.util.List;

public final class Rules {
    /** The app's handlers for one bridge event, in the order they are added. */
    public static final class EventHandlers {
        public final String event;
        public final List<String> handlers;
        public final String keyPath;

        EventHandlers(String event, List<String> handlers, String keyPath) {
            this.event = event;
            this.handlers = Collections.unmodifiableList(handlers);
            this.keyPath = keyPath;
        }
    }

    /** An object the app adds with addJavascriptInterface(object, name). */
    public static final class JavascriptInterface {
        public final String name;
        public final List<String> methods;
        /** The bridge protocol its calls carry, or null. */
        public final BridgeProtocol bridgeProtocol;
        public final String keyPath;

        JavascriptInterface(String name, List<String> methods, BridgeProtocol bridgeProtocol, String keyPath) {
            this.name = name;
            this.methods = Collections.unmodifiableList(methods);
            this.bridgeProtocol = bridgeProtocol;
            this.keyPath = keyPath;
        }
    }

    public final PolicyAction defaultAction;
    public final List<OriginPattern> allow;
    public final List<SentinelRule> sentinels;
    public final List<SchemeRule> schemes;
    public final List<EventHandlers> handlers;
    /** The state the app sent, when the file fixes it; null otherwise. A secret: never in toString. */
    public final String expectedState;
    /** The platform the file names, or null. */
    public final Platform platform;
    public final List<JavascriptInterface> javascriptInterfaces;

    Rules(PolicyAction defaultAction, List<OriginPattern> allow, List<SentinelRule> sentinels, List<SchemeRule> schemes,
          List<EventHandlers> handlers, String expectedState, Platform platform, List<JavascriptInterface> javascriptInterfaces) {
        this.defaultAction = defaultAction;
        this.allow = Collections.unmodifiableList(allow);
        this.sentinels = Collections.unmodifiableList(sentinels);
        this.schemes = Collections.unmodifiableList(schemes);
        this.handlers = Collections.unmodifiableList(handlers);
        this.expectedState = expectedState;
        this.platform = platform;
        this.javascriptInterfaces = Collections.unmodifiableList(javascriptInterfaces);
    }

    @Override public String toString() {
        return "Rules(default " + defaultAction.word + ", " + allow.size() + " origins, " + sentinels.size() + " sentinels, "
                + schemes.size() + " scheme rules" + (expectedState != null ? ", expectedState " + dev.bridge.url.LoggedURL.maskDecoded(expectedState) : "") + ")";
    }
}
