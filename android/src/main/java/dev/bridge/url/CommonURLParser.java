// CommonURLParser.java: the shapes most navigations have, parsed in one pass over the string, in printable
// ASCII with no userinfo, no "\", no dot segment (".", "..", "%2e") and nothing any part's percent-encode set
// would change: an http(s) or ws(s) URL, `scheme://host[:port][/path][?query][#fragment]`, whose host is a
// plain domain (letters, digits, "-" and ".", no empty label, no "xn--" label, not a number the IPv4 parser
// would read); and a custom scheme's (`myapp://route?…`, `janrain:accessToken=…`). For those shapes the URL
// Standard's parser only lower-cases the scheme and a domain, drops a default port and splits the path,
// which is all this does; anything else returns null and
// the full parser (BasicURLParser) runs, so the two always agree: ParserAgreementTest holds them to each other
// on the corpus and WPT's inputs, and CI's engines-diff holds the result to the Swift engine. Written by hand
// because the full parser's per-code-point state machine is most of a navigation's cost on the JVM.
package dev.bridge.url;

import java.util.ArrayList;
import java.util.List;

final class CommonURLParser {
    private CommonURLParser() {}

    /** The URL record `text` makes, when it has a common shape; null when the full parser must decide. */
    static URLRecord parse(String text) {
        int length = text.length();
        // The scheme: a letter, then letters, digits, "+", "-" or ".", then ":".
        int colon = 0;
        while (colon < length) {
            char c = text.charAt(colon);
            boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
            if (!(letter || colon > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'))) break;
            colon++;
        }
        if (colon == 0 || colon >= length || text.charAt(colon) != ':') return null;
        String scheme = lowerASCII(text, 0, colon);
        int defaultPort;
        switch (scheme) {
            case "http": case "ws": defaultPort = 80; break;
            case "https": case "wss": defaultPort = 443; break;
            case "ftp": case "file": return null;
            default: return nonSpecial(text, scheme, colon + 1);
        }
        if (colon + 3 > length || text.charAt(colon + 1) != '/' || text.charAt(colon + 2) != '/') return null;
        // The authority: a domain, then an optional port.
        int hostStart = colon + 3, i = hostStart, labelStart = hostStart;
        boolean upper = false;
        while (i < length) {
            char c = text.charAt(i);
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
                i++;
            } else if (c >= 'A' && c <= 'Z') {
                upper = true;
                i++;
            } else if (c == '.') {
                if (i == labelStart || isPunycodeLabel(text, labelStart, i)) return null;
                labelStart = ++i;
            } else {
                break;
            }
        }
        int hostEnd = i;
        if (hostEnd == labelStart || isPunycodeLabel(text, labelStart, hostEnd) || endsInANumber(text, labelStart, hostEnd)) return null;
        int port = -1;
        if (i < length && text.charAt(i) == ':') {
            long read = port(text, ++i);
            if (read < 0) return null;
            i = (int) (read >>> 32);
            int value = (int) read;
            if (value >= 0 && value != defaultPort) port = value;
        }
        if (i < length && text.charAt(i) != '/' && text.charAt(i) != '?' && text.charAt(i) != '#') return null;
        URLRecord url = new URLRecord();
        url.scheme = scheme;
        url.host = upper ? lowerASCII(text, hostStart, hostEnd) : text.substring(hostStart, hostEnd);
        url.port = port;
        return rest(text, url, i, true);
    }

    /**
     * A URL of a scheme that is not special: `scheme://host[:port][/path][?query][#fragment]` with an opaque host
     * of letters, digits, "-", ".", "_" and "~" (its case kept), or `scheme:opaque-path[?query][#fragment]`.
     */
    private static URLRecord nonSpecial(String text, String scheme, int start) {
        int length = text.length();
        URLRecord url = new URLRecord();
        url.scheme = scheme;
        if (start + 1 < length && text.charAt(start) == '/' && text.charAt(start + 1) == '/') {
            int hostStart = start + 2, i = hostStart;
            while (i < length) {
                char c = text.charAt(i);
                if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~')) break;
                i++;
            }
            if (i == hostStart) return null;
            url.host = text.substring(hostStart, i);
            if (i < length && text.charAt(i) == ':') {
                long read = port(text, ++i);
                if (read < 0) return null;
                i = (int) (read >>> 32);
                url.port = (int) read;
            }
            if (i < length && text.charAt(i) != '/' && text.charAt(i) != '?' && text.charAt(i) != '#') return null;
            return rest(text, url, i, false);
        }
        if (start < length && text.charAt(start) == '/') return null;
        // An opaque path: printable ASCII up to "?" or "#" is kept as it is (the C0 control percent-encode set).
        int i = start;
        while (i < length && text.charAt(i) != '?' && text.charAt(i) != '#') {
            if (!printable(text.charAt(i))) return null;
            i++;
        }
        url.opaquePath = text.substring(start, i);
        url.path = new ArrayList<>();
        return query(text, url, i, false);
    }

    /** The path from `i` (at "/", "?", "#" or the end), then the query and the fragment. */
    private static URLRecord rest(String text, URLRecord url, int i, boolean special) {
        int length = text.length();
        List<String> path = new ArrayList<>();
        if (i < length && text.charAt(i) == '/') {
            int segmentStart = ++i;
            while (true) {
                char c = i < length ? text.charAt(i) : '?';
                if (c == '/' || c == '?' || c == '#' || i == length) {
                    if (isDotSegment(text, segmentStart, i)) return null;
                    path.add(text.substring(segmentStart, i));
                    if (i == length || c != '/') break;
                    segmentStart = ++i;
                    continue;
                }
                if (!printable(c) || c == '\\' || PercentEncoding.contains(PercentEncoding.EncodeSet.PATH, c)) return null;
                i++;
            }
        } else if (special) {
            // A special URL's path is never empty: "https://host" is "https://host/".
            path.add("");
        }
        url.path = path;
        return query(text, url, i, special);
    }

    /** The query from `i` (at "?", "#" or the end), then the fragment. */
    private static URLRecord query(String text, URLRecord url, int i, boolean special) {
        int length = text.length();
        PercentEncoding.EncodeSet querySet = special ? PercentEncoding.EncodeSet.SPECIAL_QUERY : PercentEncoding.EncodeSet.QUERY;
        if (i < length && text.charAt(i) == '?') {
            int queryStart = ++i;
            while (i < length && text.charAt(i) != '#') {
                char c = text.charAt(i);
                if (!printable(c) || PercentEncoding.contains(querySet, c)) return null;
                i++;
            }
            url.query = text.substring(queryStart, i);
        }
        if (i < length && text.charAt(i) == '#') {
            int fragmentStart = ++i;
            while (i < length) {
                char c = text.charAt(i);
                if (!printable(c) || PercentEncoding.contains(PercentEncoding.EncodeSet.FRAGMENT, c)) return null;
                i++;
            }
            url.fragment = text.substring(fragmentStart, i);
        }
        return url;
    }

    /**
     * The port's digits from `start`: where they end (high 32 bits) and the number (low 32 bits; -1 for none,
     * "host:"), packed in one long so no object is made per URL; -1 when the port is past 65535 (the full parser
     * then says so).
     */
    private static long port(String text, int start) {
        int i = start;
        long value = 0;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            value = value * 10 + (text.charAt(i) - '0');
            if (value > 65535) return -1;
            i++;
        }
        return (long) i << 32 | (i > start ? value : 0xFFFFFFFFL);
    }

    /** Printable ASCII: no space, no control (which the parser trims or removes), nothing beyond ASCII. */
    private static boolean printable(char c) { return c > 0x20 && c < 0x7F; }

    private static String lowerASCII(String text, int start, int end) {
        char[] out = new char[end - start];
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            out[i - start] = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
        }
        return new String(out);
    }

    /** A label UTS #46 would decode as Punycode ("xn--", any case). */
    private static boolean isPunycodeLabel(String text, int start, int end) {
        return end - start >= 4 && (text.charAt(start) | 0x20) == 'x' && (text.charAt(start + 1) | 0x20) == 'n'
                && text.charAt(start + 2) == '-' && text.charAt(start + 3) == '-';
    }

    /** The host's last label is a number the IPv4 parser reads: all digits, or "0x" and hex digits. */
    private static boolean endsInANumber(String text, int start, int end) {
        boolean digits = true;
        for (int i = start; i < end; i++) if (text.charAt(i) < '0' || text.charAt(i) > '9') { digits = false; break; }
        if (digits) return true;
        if (end - start >= 2 && text.charAt(start) == '0' && (text.charAt(start + 1) | 0x20) == 'x') {
            for (int i = start + 2; i < end; i++) {
                char c = (char) (text.charAt(i) | 0x20);
                if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) return false;
            }
            return true;
        }
        return false;
    }

    /** ".", "..", or either with "%2e" for a dot (any case): segments the parser resolves. */
    private static boolean isDotSegment(String text, int start, int end) {
        int dots = 0;
        for (int i = start; i < end; ) {
            if (text.charAt(i) == '.') {
                i++;
            } else if (i + 3 <= end && text.charAt(i) == '%' && text.charAt(i + 1) == '2' && (text.charAt(i + 2) | 0x20) == 'e') {
                i += 3;
            } else {
                return false;
            }
            dots++;
        }
        return dots == 1 || dots == 2;
    }
}
