// BrowserURL.java: a URL as a browser parses it (the URL Standard), with its components by their spec
// names. The Java engine's counterpart of the Swift engine's BrowserURL: not java.net.URI or URL, which
// throw on `https://evil.com\@good.com/` or give no host for `http://0x7f.1/`, and not android.net.Uri,
// whose parsing varies by API level.
package dev.bridge.url;

public final class BrowserURL {
    private final URLRecord record;
    private final String href;

    private BrowserURL(URLRecord record) {
        this.record = record;
        this.href = record.href();
    }

    /** The URL `input` makes (against `base`, when given), or why it makes none. */
    public static Result parse(String input, BrowserURL base) {
        try {
            // The common shape first (CommonURLParser: it agrees with the full parser wherever it answers).
            URLRecord common = base == null ? CommonURLParser.parse(input) : null;
            return new Result(new BrowserURL(common != null ? common : BasicURLParser.parse(input, base == null ? null : base.record)), null);
        } catch (URLParseError.Failure failure) {
            return new Result(null, failure.error);
        }
    }

    public static Result parse(String input) { return parse(input, (BrowserURL) null); }

    /** `input` against the base `baseText`: a base that is no URL is an invalid-base-URL failure. */
    public static Result parseWithBase(String input, String baseText) {
        if (baseText == null) return parse(input);
        Result base = parse(baseText);
        if (base.url == null) return new Result(null, new URLParseError(URLParseError.Code.INVALID_BASE, null));
        return parse(input, base.url);
    }

    /** A parse's outcome: the URL, or the error. */
    public static final class Result {
        public final BrowserURL url;
        public final URLParseError error;

        Result(BrowserURL url, URLParseError error) {
            this.url = url;
            this.error = error;
        }
    }

    public String href() { return href; }

    public String protocol() { return record.scheme + ":"; }

    /** The scheme, without its ":". */
    public String scheme() { return record.scheme; }

    public String username() { return record.username; }

    public String password() { return record.password; }

    public String host() {
        if (record.host == null) return "";
        return record.port >= 0 ? record.host + ":" + record.port : record.host;
    }

    public String hostname() { return record.host == null ? "" : record.host; }

    public String port() { return record.port >= 0 ? Integer.toString(record.port) : ""; }

    /** The port, or the scheme's default (-1 when it has none). */
    public int effectivePort() {
        if (record.port >= 0) return record.port;
        int port = BasicURLParser.defaultPort(record.scheme);
        return port >= 0 ? port : -1;
    }

    /** Made once, on first read: the engine reads it for every sentinel on the URL's host and for routes. */
    private String pathname;

    public String pathname() {
        String path = pathname;
        if (path == null) pathname = path = record.pathname();
        return path;
    }

    public boolean hasOpaquePath() { return record.opaquePath != null; }

    public boolean hasHost() { return record.host != null; }

    /** Whether the URL's host is loopback (Loopback). */
    public boolean isLoopback() { return Loopback.contains(hostname()); }

    public boolean isSpecial() { return BasicURLParser.isSpecialScheme(record.scheme); }

    public String search() { return record.query == null || record.query.isEmpty() ? "" : "?" + record.query; }

    /** The query without "?", or null when the URL has none. */
    public String query() { return record.query; }

    public String hash() { return record.fragment == null || record.fragment.isEmpty() ? "" : "#" + record.fragment; }

    /** The fragment without "#", or null when the URL has none. */
    public String fragment() { return record.fragment; }

    /** The query's parameters (none when there is no query). */
    public FormParameters queryParameters() { return FormParameters.parse(record.query); }

    /** The fragment's parameters, read as application/x-www-form-urlencoded (OAuth's fragment response mode). */
    public FormParameters fragmentParameters() { return FormParameters.parse(record.fragment); }

    /** The path read as pairs: a bridge URL such as `janrain:accessToken=TOKEN` carries its data in an opaque path. */
    public FormParameters pathParameters() {
        String path = record.pathname();
        return FormParameters.parse(path.isEmpty() ? null : path);
    }

    /** The ASCII serialization of the URL's origin ("null" for an opaque origin). */
    public String origin() {
        switch (record.scheme) {
            case "blob": {
                Result inner = parse(record.pathname());
                if (inner.url != null && (inner.url.record.scheme.equals("http") || inner.url.record.scheme.equals("https"))) {
                    return inner.url.origin();
                }
                return "null";
            }
            case "ftp": case "http": case "https": case "ws": case "wss":
                return record.scheme + "://" + host();
            default:
                return "null";
        }
    }

    /** The Unicode version the engine maps hosts with. */
    public static String unicodeVersion() { return UTS46Tables.unicodeVersion; }

    /** The URL with its credentials masked (LoggedURL): what an app's log shows. The whole URL is href(). */
    @Override public String toString() { return LoggedURL.masked(this); }
}
