// SentinelMatcher.swift: the redirect-URI comparison, in one small function a reviewer can audit
// (after AppAuth's), `compare(_:_:trailingSlash:loopbackAnyPort:)`. It is the only code that compares a URL
// with a redirect URI: the engine decides by its outcome and explains with the same outcome, and FlowTracker,
// RulesConsistency and the inspector's cross-checks call it. Both sides are parsed by the WHATWG parser
// first, so "HTTPS://YourDomain.com:443" and "https://yourdomain.com" are the same URL and
// "yourdomain.com.evil.com" is another host.
// Compared: scheme, host, port (default ports dropped), path. Never a prefix match. Userinfo never
// matches. Query and fragment are read for parameters, never matched.
import BrowserURL

/// The parts of a redirect URI the comparison reads, taken out once per rule.
public struct SentinelKey: Sendable, Hashable {
    public let scheme: String
    public let hostname: String
    public let port: Int?
    public let pathname: String

    public init(_ url: BrowserURL) {
        scheme = url.scheme
        hostname = url.hostname
        port = url.effectivePort
        pathname = url.pathname
    }
}

public enum SentinelMatcher {
    /// How a URL matched a redirect URI: exactly, or through one of the rule's explicit options.
    public struct Match: Sendable, Hashable {
        /// The ports differ and the rule's `loopbackAnyPort` let it through (RFC 8252 §7.3).
        public var anyLoopbackPort = false
        /// The paths differ by a trailing "/" and the rule's `trailingSlash` let it through.
        public var trailingSlash = false

        public init(anyLoopbackPort: Bool = false, trailingSlash: Bool = false) {
            self.anyLoopbackPort = anyLoopbackPort
            self.trailingSlash = trailingSlash
        }

        public var isExact: Bool { !anyLoopbackPort && !trailingSlash }

    }

    /// Why a URL is not a rule's redirect URI, in the order the comparison asks.
    public enum MismatchReason: Sendable, Hashable {
        /// The URL carries userinfo: a sentinel never matches credentials.
        case userinfo
        case scheme(actual: String, expected: String)
        case host(actual: String, expected: String)
        /// Ports (nil: none, the scheme's default).
        case port(actual: Int?, expected: Int?)
        case path(actual: String, expected: String)
        /// The paths differ by one trailing "/" and the rule does not allow it; `present`: the URL has it.
        case trailingSlash(path: String, present: Bool)

    }

    /// What a comparison found.
    public enum Outcome: Sendable, Hashable {
        case match(Match)
        case mismatch(MismatchReason)

        public var isMatch: Bool { if case .match = self { return true } else { return false } }
    }

    /// Compares `url` with the rule's redirect URI, with the rule's options.
    public static func compare(_ url: BrowserURL, _ rule: SentinelRule) -> Outcome {
        compare(url, SentinelKey(rule.redirectURI), trailingSlash: rule.trailingSlash, loopbackAnyPort: rule.loopbackAnyPort)
    }

    /// The comparison: whether `url` is the redirect URI `expected` (its key, taken out of it once), and how
    /// (exactly, or through an option) or why not. Asked in the order a reader reads a URL: userinfo (never
    /// matches), scheme, host, port (any port on a loopback host when `loopbackAnyPort`), path (one trailing
    /// "/" either way when `trailingSlash`). Read on the URL's own bytes: a String is made only for the
    /// reason of a mismatch. The engine decides by it, and its explanation is the outcome it decided by.
    public static func compare(_ url: BrowserURL, _ expected: SentinelKey, trailingSlash: Bool, loopbackAnyPort: Bool) -> Outcome {
        if url.byteCount(of: .username) > 0 || url.byteCount(of: .password) > 0 {
            return .mismatch(.userinfo)
        }
        guard url.component(.scheme, equals: expected.scheme) else {
            return .mismatch(.scheme(actual: url.scheme, expected: expected.scheme))
        }
        guard url.component(.hostname, equals: expected.hostname) else {
            return .mismatch(.host(actual: url.hostname, expected: expected.hostname))
        }
        var match = Match()
        if url.effectivePort != expected.port {
            guard loopbackAnyPort && url.isLoopback else {
                return .mismatch(.port(actual: url.effectivePort, expected: expected.port))
            }
            match.anyLoopbackPort = true
        }
        if !url.component(.pathname, equals: expected.pathname) {
            let path = url.pathname
            guard differsByTrailingSlash(path, expected.pathname) else {
                return .mismatch(.path(actual: path, expected: expected.pathname))
            }
            guard trailingSlash else {
                return .mismatch(.trailingSlash(path: path, present: path.hasSuffix("/")))
            }
            match.trailingSlash = true
        }
        return .match(match)
    }

    /// Why `url` does not match the rule's redirect URI, or nil when it matches.
    public static func mismatch(_ url: BrowserURL, _ rule: SentinelRule) -> MismatchReason? {
        if case .mismatch(let reason) = compare(url, rule) { return reason }
        return nil
    }

    /// Whether a sentinel hit at `hit` answers a request that named `redirectURI`, under the options of
    /// the rule the hit matched (FlowTracker pairs requests with responses through this).
    public static func answers(_ hit: BrowserURL, redirectURI: BrowserURL, under rule: SentinelRule) -> Bool {
        compare(hit, SentinelKey(redirectURI), trailingSlash: rule.trailingSlash, loopbackAnyPort: rule.loopbackAnyPort).isMatch
    }

    /// Whether every URL that `later`'s redirect URI and options match is matched by `earlier`'s
    /// (RulesConsistency: a later rule that can never fire).
    public static func covers(_ earlier: SentinelRule, _ later: SentinelRule) -> Bool {
        guard compare(later.redirectURI, earlier).isMatch else { return false }
        if later.loopbackAnyPort && !earlier.loopbackAnyPort && later.redirectURI.isLoopback { return false }
        if later.trailingSlash && !earlier.trailingSlash { return false }
        return true
    }

    /// A URL on another host than a rule's that a reader should see: the rule's host is in it somewhere.
    public struct NearMiss: Sendable, Hashable {
        /// Where the rule's host stands in the URL.
        public enum Place: Sendable, Hashable {
            case userinfo, trailingDot, longerHost, path, query, fragment, internationalized
            /// Only the path is the rule's.
            case elsewhere
        }
        public var host: String
        public var expected: String
        public var place: Place

        public init(host: String, expected: String, place: Place) {
            self.host = host
            self.expected = expected
            self.place = place
        }

    }

    /// For a URL on another host than the rule's: why it is a near miss a reader should see (the rule's
    /// host is in the userinfo, in a longer host, or in the path), or nil when it is simply elsewhere.
    public static func nearMiss(_ url: BrowserURL, _ rule: SentinelRule) -> NearMiss? {
        let host = rule.redirectURI.hostname
        guard url.hostname != host, url.href.contains(host) || url.pathname == rule.redirectURI.pathname else { return nil }
        let place: NearMiss.Place
        if url.username.contains(host) || url.password.contains(host) {
            place = .userinfo
        } else if url.hostname == host + "." {
            place = .trailingDot
        } else if url.hostname.hasSuffix(host) || url.hostname.hasPrefix(host) {
            place = .longerHost
        } else if url.pathname.contains(host) {
            place = .path
        } else if url.query?.contains(host) == true {
            place = .query
        } else if url.fragment?.contains(host) == true {
            place = .fragment
        } else if url.hostname.split(separator: ".").contains(where: { $0.hasPrefix("xn--") }) {
            place = .internationalized
        } else {
            place = .elsewhere
        }
        return NearMiss(host: url.hostname, expected: host, place: place)
    }

    /// The two paths differ only by one trailing "/" (never "//": a doubled slash is another path).
    public static func differsByTrailingSlash(_ a: String, _ b: String) -> Bool {
        (a.hasSuffix("/") && !b.hasSuffix("/") && a.dropLast() == b) || (b.hasSuffix("/") && !a.hasSuffix("/") && b.dropLast() == a)
    }

}
