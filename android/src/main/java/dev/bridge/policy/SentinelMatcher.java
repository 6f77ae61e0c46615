// SentinelMatcher.java: the redirect-URI comparison, in one small function (the Swift engine's
// SentinelMatcher.compare): whether a URL is a rule's redirect URI after both are parsed by the URL Standard,
// asked in a reader's order: userinfo (never matches), scheme, host, port (any port on a loopback host when
// the rule allows it, RFC 8252 §7.3), path (one trailing "/" either way when the rule allows it). Never a
// prefix match; query and fragment are read for parameters, never matched. The engine decides by its outcome,
// and the rules' consistency check asks it too.
package dev.bridge.policy;

import dev.bridge.url.BrowserURL;

final class SentinelMatcher {
    private SentinelMatcher() {}

    /** Why a URL is not a rule's redirect URI, in the order the comparison asks. */
    enum Mismatch { USERINFO, SCHEME, HOST, PORT, PATH, TRAILING_SLASH }

    /** The mismatch, or null when `url` is `expected` under the options. */
    static Mismatch compare(BrowserURL url, BrowserURL expected, boolean trailingSlash, boolean loopbackAnyPort) {
        if (!url.username().isEmpty() || !url.password().isEmpty()) return Mismatch.USERINFO;
        if (!url.scheme().equals(expected.scheme())) return Mismatch.SCHEME;
        if (!url.hostname().equals(expected.hostname())) return Mismatch.HOST;
        if (url.effectivePort() != expected.effectivePort() && !(loopbackAnyPort && url.isLoopback())) return Mismatch.PORT;
        String path = url.pathname(), expectedPath = expected.pathname();
        if (!path.equals(expectedPath)) {
            if (!differsByTrailingSlash(path, expectedPath)) return Mismatch.PATH;
            if (!trailingSlash) return Mismatch.TRAILING_SLASH;
        }
        return null;
    }

    static Mismatch compare(BrowserURL url, SentinelRule rule) {
        return compare(url, rule.redirectURI, rule.trailingSlash, rule.loopbackAnyPort);
    }

    /** Whether every URL `later`'s redirect URI and options match is matched by `earlier`'s. */
    static boolean covers(SentinelRule earlier, SentinelRule later) {
        if (compare(later.redirectURI, earlier) != null) return false;
        if (later.loopbackAnyPort && !earlier.loopbackAnyPort && later.redirectURI.isLoopback()) return false;
        return !(later.trailingSlash && !earlier.trailingSlash);
    }

    /** The two paths differ only by one trailing "/" (never "//"). */
    static boolean differsByTrailingSlash(String a, String b) {
        return a.endsWith("/") && !b.endsWith("/") && a.substring(0, a.length() - 1).equals(b)
                || b.endsWith("/") && !a.endsWith("/") && b.substring(0, b.length() - 1).equals(a);
    }
}
