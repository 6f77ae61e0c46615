// SentinelRule.java: a redirect_uri the app intercepts (RFC 9700: exact match after WHATWG parsing), with
// what its response must carry and which frames it applies to. Made by RulesLoader; never changed after.
package dev.bridge.policy;

import dev.bridge.url.BrowserURL;
import java.util.Collections;
import java.util.List;

public final class SentinelRule {
    public final String name;
    public final BrowserURL redirectURI;
    public final ResponseMode responseMode;
    /** Parameters that must all be present for this rule to fire. */
    public final List<String> require;
    /** Parameters whose presence stops this rule from firing. */
    public final List<String> forbid;
    /** Also match the path with (or without) one trailing "/". */
    public final boolean trailingSlash;
    /** For a loopback redirect URI: any port matches (RFC 8252 §7.3). */
    public final boolean loopbackAnyPort;
    public final FrameScope frames;
    public final PolicyAction action;
    /** The rule's place in the file, e.g. "sentinels[1]". */
    public final String keyPath;

    SentinelRule(String name, BrowserURL redirectURI, ResponseMode responseMode, List<String> require, List<String> forbid,
                 boolean trailingSlash, boolean loopbackAnyPort, FrameScope frames, PolicyAction action, String keyPath) {
        this.name = name;
        this.redirectURI = redirectURI;
        this.responseMode = responseMode;
        this.require = Collections.unmodifiableList(require);
        this.forbid = Collections.unmodifiableList(forbid);
        this.trailingSlash = trailingSlash;
        this.loopbackAnyPort = loopbackAnyPort;
        this.frames = frames;
        this.action = action;
        this.keyPath = keyPath;
    }

    /** The rule's name and redirect URI: a rule holds no secret. */
    @Override public String toString() { return "SentinelRule(" + name + ", " + redirectURI.href() + ")"; }
}
