// LoggedURL.java: what a URL prints as when an app logs it (toString of BrowserURL and of the engine's values):
// the scheme, the host and the path's shape, with every value that may be a credential masked as the Swift
// engine masks one ("abcd…(40)": SecretMask's shape). Simpler than the Swift engine's policy and erring the
// other way: every userinfo, every query, fragment and opaque-path value, and every path segment of sixteen
// characters or more is masked, whatever its name. A URL that does not parse prints its scheme alone.
package dev.bridge.url;

public final class LoggedURL {
    private LoggedURL() {}

    /** `url` (as a web view gave it) for a log. */
    public static String masked(String url) {
        BrowserURL parsed = BrowserURL.parse(url).url;
        if (parsed != null) return masked(parsed);
        int colon = url.indexOf(':');
        return (colon > 0 && colon < 32 ? url.substring(0, colon + 1) : "") + mask(url.substring(colon > 0 && colon < 32 ? colon + 1 : 0));
    }

    /** The parsed URL for a log. */
    public static String masked(BrowserURL url) {
        StringBuilder out = new StringBuilder(url.protocol());
        if (url.hasHost()) {
            out.append("//");
            if (!url.username().isEmpty() || !url.password().isEmpty()) {
                out.append(mask(url.username())).append(url.password().isEmpty() ? "" : ":" + mask(url.password())).append('@');
            }
            out.append(url.host());
        }
        if (url.hasOpaquePath()) {
            out.append(pairs(url.pathname()));
        } else {
            String[] segments = url.pathname().split("/", -1);
            for (int i = 0; i < segments.length; i++) {
                if (i > 0) out.append('/');
                out.append(segments[i].codePointCount(0, segments[i].length()) >= 16 ? mask(segments[i]) : segments[i]);
            }
        }
        if (url.query() != null) out.append('?').append(pairs(url.query()));
        if (url.fragment() != null) out.append('#').append(pairs(url.fragment()));
        return out.toString();
    }

    /** `name=value&…` with each value masked (a part without "=" masked whole). */
    static String pairs(String text) {
        StringBuilder out = new StringBuilder();
        String[] parts = text.split("&", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) out.append('&');
            int equals = parts[i].indexOf('=');
            if (equals < 0) out.append(mask(parts[i]));
            else out.append(parts[i], 0, equals + 1).append(mask(parts[i].substring(equals + 1)));
        }
        return out.toString();
    }

    /** The mask of a value as written (its length counted decoded): SecretMask's shape. */
    public static String mask(String raw) {
        String decoded = FormParameters.decodeComponent(raw);
        return mask(raw, decoded.codePointCount(0, decoded.length()));
    }

    /** The mask of a decoded value (a parameter's). */
    public static String maskDecoded(String value) { return mask(value, value.codePointCount(0, value.length())); }

    private static String mask(String raw, int count) {
        if (count == 0) return "";
        boolean shown = count >= 16 && raw.length() >= 4;
        for (int i = 0; shown && i < 4; i++) {
            char c = raw.charAt(i);
            shown = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~';
        }
        return (shown ? raw.substring(0, 4) : "") + "\u2026(" + count + ")";
    }
}
