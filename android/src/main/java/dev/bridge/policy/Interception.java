// Interception.java: what a decision intercepted: a sentinel's result, a bridge message, a deep link (its
// route and parameters), a blocked scheme, or the allowed origin that let the navigation through.
package dev.bridge.policy;

import dev.bridge.url.FormParameters;

public final class Interception {
    public enum Type { SENTINEL, BRIDGE, DEEP_LINK, BLOCKED_SCHEME, ALLOWED_ORIGIN }

    public final Type type;
    public final SentinelResult sentinel;
    public final BridgeMessage bridge;
    /** A deep link's route ("" when the link has none). */
    public final String route;
    /** A deep link's decoded parameters. */
    public final FormParameters parameters;
    /** A blocked scheme, or the allowed origin. */
    public final String name;

    private Interception(Type type, SentinelResult sentinel, BridgeMessage bridge, String route, FormParameters parameters, String name) {
        this.type = type;
        this.sentinel = sentinel;
        this.bridge = bridge;
        this.route = route;
        this.parameters = parameters;
        this.name = name;
    }

    static Interception sentinel(SentinelResult result) { return new Interception(Type.SENTINEL, result, null, null, null, null); }
    static Interception bridge(BridgeMessage message) { return new Interception(Type.BRIDGE, null, message, null, null, null); }
    static Interception deepLink(String route, FormParameters parameters) { return new Interception(Type.DEEP_LINK, null, null, route, parameters, null); }
    static Interception blockedScheme(String scheme) { return new Interception(Type.BLOCKED_SCHEME, null, null, null, null, scheme); }
    static Interception allowedOrigin(String origin) { return new Interception(Type.ALLOWED_ORIGIN, null, null, null, null, origin); }

    @Override public String toString() {
        switch (type) {
            case SENTINEL: return "sentinel(" + sentinel + ")";
            case BRIDGE: return "bridge(" + bridge + ")";
            case DEEP_LINK: return "deepLink(" + route + ", " + parameters + ")";
            case BLOCKED_SCHEME: return "blockedScheme(" + name + ")";
            default: return "allowedOrigin(" + name + ")";
        }
    }
}
