// SchemeRule.java: a custom scheme the app takes: a bridge protocol, a deep-link route, or every URL of the
// scheme. Made by RulesLoader; never changed after.
package dev.bridge.policy;

import java.util.Collections;
import java.util.List;

public final class SchemeRule {
    public final String name;
    /** Lower-case scheme without ":". */
    public final String scheme;
    /** The bridge protocol, or null. */
    public final BridgeProtocol bridgeProtocol;
    /** The deep-link route (the link's host or first path segment), or null for every URL of the scheme. */
    public final String route;
    /** Parameters a deep link must carry; a missing one is an error in the decision. */
    public final List<String> require;
    public final PolicyAction action;
    public final String keyPath;

    SchemeRule(String name, String scheme, BridgeProtocol bridgeProtocol, String route, List<String> require, PolicyAction action, String keyPath) {
        this.name = name;
        this.scheme = scheme;
        this.bridgeProtocol = bridgeProtocol;
        this.route = route;
        this.require = Collections.unmodifiableList(require);
        this.action = action;
        this.keyPath = keyPath;
    }

    @Override public String toString() { return "SchemeRule(" + name + ", " + scheme + ":)"; }
}
