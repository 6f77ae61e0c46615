// OriginPattern.java: an allowed origin; "*." matches one or more whole leading labels.
package dev.bridge.policy;

public final class OriginPattern {
    public final String scheme;
    /** The host without the wildcard (lower-case, ASCII). */
    public final String host;
    public final boolean isWildcard;
    /** The port in effect (explicit or the scheme's default). */
    public final int port;
    /** The origin as the file writes it. */
    public final String text;
    /** The origin's serialization, for an exact (not wildcard) pattern; null for a wildcard. */
    final String exactOrigin;
    public final String keyPath;

    OriginPattern(String scheme, String host, boolean isWildcard, int port, String text, String exactOrigin, String keyPath) {
        this.scheme = scheme;
        this.host = host;
        this.isWildcard = isWildcard;
        this.port = port;
        this.text = text;
        this.exactOrigin = exactOrigin;
        this.keyPath = keyPath;
    }

    /** Whether `hostname` is this pattern's host or, for a wildcard, a host under it (whole labels). */
    boolean matchesHost(String hostname) {
        if (!isWildcard) return hostname.equals(host);
        return hostname.length() > host.length() + 1 && hostname.endsWith(host) && hostname.charAt(hostname.length() - host.length() - 1) == '.';
    }

    @Override public String toString() { return "OriginPattern(" + text + ")"; }
}
