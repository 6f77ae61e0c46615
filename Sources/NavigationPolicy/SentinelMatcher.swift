// SentinelMatcher.swift: the redirect-URI comparison, in one small function a reviewer can audit
// (after AppAuth's). Both sides are parsed by the WHATWG parser first, so "HTTPS://YourDomain.com:443"
// and "https://yourdomain.com" are the same URL and "yourdomain.com.evil.com" is another host.
// Compared: scheme, host, port (default ports dropped), path. Never a prefix match. Userinfo never
// matches. Query and fragment are read for parameters, never matched.
import BrowserURL

public enum SentinelMatcher {
    /// Why `url` does not match the rule's redirect URI, or nil when it matches.
    public static func mismatch(_ url: BrowserURL, _ rule: SentinelRule) -> String? {
        let expected = rule.redirectURI
        if !url.username.isEmpty || !url.password.isEmpty {
            return "the URL carries userinfo (\(url.username.isEmpty ? "" : "user \(url.username.debugDescription)")); a sentinel never matches credentials"
        }
        if url.scheme != expected.scheme {
            return "scheme \(url.scheme) is not \(expected.scheme)"
        }
        if url.hostname != expected.hostname {
            return "host \(url.hostname) is not \(expected.hostname)"
        }
        if url.effectivePort != expected.effectivePort && !(rule.loopbackAnyPort && isLoopback(url.hostname)) {
            return "port \(url.effectivePort.map(String.init) ?? "none") is not \(expected.effectivePort.map(String.init) ?? "none")"
        }
        if url.pathname != expected.pathname {
            if differsByTrailingSlash(url.pathname, expected.pathname) {
                if rule.trailingSlash { return nil }
                return url.pathname.hasSuffix("/") ? "path \(url.pathname) has a trailing slash" : "path \(url.pathname) lacks the trailing slash"
            }
            return "path \(url.pathname) is not \(expected.pathname)"
        }
        return nil
    }

    /// The two paths differ only by one trailing "/".
    public static func differsByTrailingSlash(_ a: String, _ b: String) -> Bool {
        (a.hasSuffix("/") && a.dropLast() == b) || (b.hasSuffix("/") && b.dropLast() == a)
    }

    /// Loopback hosts (RFC 8252 §7.3): 127.0.0.0/8, [::1], localhost.
    public static func isLoopback(_ hostname: String) -> Bool {
        hostname == "localhost" || hostname == "[::1]" || hostname.hasPrefix("127.")
            && hostname.split(separator: ".").count == 4 && hostname.allSatisfy { $0.isNumber || $0 == "." }
    }
}
