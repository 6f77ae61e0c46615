// SentinelMatcher.swift: the redirect-URI comparison, in one small function a reviewer can audit
// (after AppAuth's). Both sides are parsed by the WHATWG parser first, so "HTTPS://YourDomain.com:443"
// and "https://yourdomain.com" are the same URL and "yourdomain.com.evil.com" is another host.
// Compared: scheme, host, port (default ports dropped), path. Never a prefix match. Userinfo never
// matches. Query and fragment are read for parameters, never matched.
import BrowserURL

/// The parts of a URL a redirect-URI comparison reads, taken out once per decision.
public struct SentinelKey: Sendable, Hashable {
    public let scheme: String
    public let hostname: String
    public let port: Int?
    public let pathname: String
    public let hasUserinfo: Bool
    public let username: String

    public init(_ url: BrowserURL) {
        scheme = url.scheme
        hostname = url.hostname
        port = url.effectivePort
        pathname = url.pathname
        username = url.username
        hasUserinfo = !username.isEmpty || !url.password.isEmpty
    }
}

public enum SentinelMatcher {
    /// Why `url` does not match the rule's redirect URI, or nil when it matches.
    public static func mismatch(_ url: BrowserURL, _ rule: SentinelRule) -> String? {
        mismatch(SentinelKey(url), expected: SentinelKey(rule.redirectURI), rule: rule)
    }

    /// The same comparison as `mismatch`, on the URL's own bytes: no String is made, so the engine runs
    /// it on every candidate. `mismatch` says why when this is false (the engine asks only to explain).
    public static func matches(_ url: BrowserURL, expected: SentinelKey, rule: SentinelRule) -> Bool {
        if url.byteCount(of: .username) > 0 || url.byteCount(of: .password) > 0 { return false }
        guard url.component(.scheme, equals: expected.scheme), url.component(.hostname, equals: expected.hostname) else {
            return false
        }
        if url.effectivePort != expected.port && !(rule.loopbackAnyPort && isLoopback(url.hostname)) { return false }
        if url.component(.pathname, equals: expected.pathname) { return true }
        return rule.trailingSlash && differsByTrailingSlash(url.pathname, expected.pathname)
    }

    /// The comparison itself, on keys taken out of both URLs.
    public static func mismatch(_ actual: SentinelKey, expected: SentinelKey, rule: SentinelRule) -> String? {
        if actual.hasUserinfo {
            return "the URL carries userinfo (\(actual.username.isEmpty ? "" : "user \(actual.username.debugDescription)")); a sentinel never matches credentials"
        }
        if actual.scheme != expected.scheme {
            return "scheme \(actual.scheme) is not \(expected.scheme)"
        }
        if actual.hostname != expected.hostname {
            return "host \(actual.hostname) is not \(expected.hostname)"
        }
        if actual.port != expected.port && !(rule.loopbackAnyPort && isLoopback(actual.hostname)) {
            return "port \(actual.port.map(String.init) ?? "none") is not \(expected.port.map(String.init) ?? "none")"
        }
        if actual.pathname != expected.pathname {
            if differsByTrailingSlash(actual.pathname, expected.pathname) {
                if rule.trailingSlash { return nil }
                return actual.pathname.hasSuffix("/") ? "path \(actual.pathname) has a trailing slash" : "path \(actual.pathname) lacks the trailing slash"
            }
            return "path \(actual.pathname) is not \(expected.pathname)"
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
