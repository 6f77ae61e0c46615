// BrowserURL.swift: a URL exactly as a browser parses it (the WHATWG URL Standard). The value is
// its ASCII serialization (href) plus the offsets of each component within it, so reading any
// component is a slice, and the whole URL is one string. Value type, Sendable, no Foundation.

/// The scheme classes the URL Standard treats specially.
public enum SchemeKind: UInt8, Sendable, Hashable {
    case http, https, ws, wss, ftp, file, other

    /// Whether the scheme is special (§4.1): ftp, file, http, https, ws, wss.
    @inlinable public var isSpecial: Bool { self != .other }

    /// The special scheme's default port, or nil.
    public var defaultPort: Int? {
        switch self {
        case .http, .ws: return 80
        case .https, .wss: return 443
        case .ftp: return 21
        case .file, .other: return nil
        }
    }

    /// Classifies already lower-cased scheme bytes.
    init(scheme s: UnsafeBufferPointer<UInt8>) {
        func matches(_ literal: StaticString) -> Bool {
            guard s.count == literal.utf8CodeUnitCount else { return false }
            for i in 0..<s.count where s[i] != literal.utf8Start[i] { return false }
            return true
        }
        switch s.count {
        case 2: self = matches("ws") ? .ws : .other
        case 3: self = matches("wss") ? .wss : (matches("ftp") ? .ftp : .other)
        case 4: self = matches("http") ? .http : (matches("file") ? .file : .other)
        case 5: self = matches("https") ? .https : .other
        default: self = .other
        }
    }

    /// The kind of a scheme named as the parser writes it (lower case): `.other` for any scheme that is not
    /// special, and for one in another case.
    public init(name: String) {
        var name = name
        self = name.withUTF8 { SchemeKind(scheme: $0) }
    }
}

/// Where each component sits inside `href`'s UTF-8 (all ASCII). -1 marks a null component.
@usableFromInline
struct URLLayout: Sendable, Hashable {
    /// Index of the ":" ending the scheme.
    var schemeEnd = 0
    /// Username: [schemeEnd + 3, usernameEnd). Password: [usernameEnd + 1, passwordEnd) when
    /// passwordEnd > usernameEnd. Both empty (== hostStart) when there are no credentials.
    var usernameEnd = -1
    var passwordEnd = -1
    /// The host, or -1 when the host is null.
    var hostStart = -1
    var hostEnd = -1
    /// The port number, or -1 when null (or the scheme's default).
    var port = -1
    /// Start of the path (after the "/." that the serializer may insert).
    var pathStart = 0
    /// Index of "?", or -1 when the query is null.
    var queryStart = -1
    /// Index of "#", or -1 when the fragment is null.
    var fragmentStart = -1
    var scheme: SchemeKind = .other
    var hasOpaquePath = false
}

/// A parsed URL, as the URL Standard's basic URL parser produces it and a browser navigates to it.
public struct BrowserURL: Sendable, Hashable, CustomStringConvertible {
    /// The serialized URL (always ASCII).
    public let href: String
    @usableFromInline let layout: URLLayout

    init(href: String, layout: URLLayout) {
        self.href = href
        self.layout = layout
        assert(Self.layoutProblem(href: href, layout: layout) == nil, "the layout disagrees with the href (URLLayoutCheck.swift)")
    }

    /// Parses `input` (with an optional base URL) the way a browser does; nil when the input is not a URL.
    public init?(_ input: String, base: BrowserURL? = nil) {
        guard case .success(let url) = BrowserURL.parse(input, base: base) else { return nil }
        self = url
    }

    /// The Unicode version of the UTS #46 and NFC tables non-ASCII hosts are mapped with (the same on every
    /// platform).
    public static let unicodeVersion: String = UTS46Tables.unicodeVersion

    /// Parses `input` against `base`, or fails with the URL Standard's reason.
    public static func parse(_ input: String, base: BrowserURL? = nil) -> Result<BrowserURL, URLParseError> {
        do { return .success(try BasicURLParser.parse(input, base: base)) }
        catch { return .failure(error) }
    }

    /// Parses `input` against a base given as a string; fails with `invalid-base-URL` when the base
    /// does not parse.
    public static func parse(_ input: String, baseString: String?) -> Result<BrowserURL, URLParseError> {
        guard let baseString else { return parse(input) }
        switch parse(baseString) {
        case .success(let base): return parse(input, base: base)
        case .failure(let error): return .failure(URLParseError(.invalidBase, detail: .base(error.code)))
        }
    }

    // MARK: Components, by the URL Standard's names (the URL class's getters).

    /// The scheme class (http, https, … or other).
    public var schemeKind: SchemeKind { layout.scheme }
    /// Whether the scheme is special.
    public var isSpecial: Bool { layout.scheme.isSpecial }
    /// Whether the URL has an opaque path (`mailto:x`, `janrain:accessToken=…`).
    public var hasOpaquePath: Bool { layout.hasOpaquePath }

    /// The scheme, lower-case, without ":".
    public var scheme: String { slice(0, layout.schemeEnd) }
    /// The scheme followed by ":".
    public var `protocol`: String { slice(0, layout.schemeEnd + 1) }
    /// The username, percent-encoded.
    public var username: String {
        layout.hostStart < 0 ? "" : slice(layout.schemeEnd + 3, layout.usernameEnd)
    }
    /// The password, percent-encoded.
    public var password: String {
        layout.passwordEnd > layout.usernameEnd ? slice(layout.usernameEnd + 1, layout.passwordEnd) : ""
    }
    /// The host with its port (when not the default), or "".
    public var host: String {
        guard layout.hostStart >= 0 else { return "" }
        return slice(layout.hostStart, hostAndPortEnd)
    }
    /// The host without port, or "" (IPv6 addresses in brackets).
    public var hostname: String {
        layout.hostStart < 0 ? "" : slice(layout.hostStart, layout.hostEnd)
    }
    /// Whether the URL has a host at all (null host and empty host differ: `file:///` has an empty one).
    public var hasHost: Bool { layout.hostStart >= 0 }
    /// The port as decimal digits, or "" when there is none or it is the scheme's default.
    public var port: String { layout.port < 0 ? "" : String(layout.port) }
    /// The port number, or nil.
    public var portNumber: Int? { layout.port < 0 ? nil : layout.port }
    /// The port in effect: the explicit one or the scheme's default.
    public var effectivePort: Int? { portNumber ?? layout.scheme.defaultPort }
    /// The path (opaque or "/"-joined segments).
    public var pathname: String { slice(layout.pathStart, pathEnd) }
    /// "?" and the query, or "" when the query is null or empty.
    public var search: String {
        let start = layout.queryStart
        guard start >= 0 else { return "" }
        let end = layout.fragmentStart >= 0 ? layout.fragmentStart : href.utf8.count
        return end - start <= 1 ? "" : slice(start, end)
    }
    /// Whether the query is not null (what `query != nil` says, without making the query's String).
    public var hasQuery: Bool { layout.queryStart >= 0 }
    /// The query without "?", or nil when it is null.
    public var query: String? {
        let start = layout.queryStart
        guard start >= 0 else { return nil }
        let end = layout.fragmentStart >= 0 ? layout.fragmentStart : href.utf8.count
        return slice(start + 1, end)
    }
    /// "#" and the fragment, or "" when the fragment is null or empty.
    public var hash: String {
        let start = layout.fragmentStart
        guard start >= 0, href.utf8.count - start > 1 else { return "" }
        return slice(start, href.utf8.count)
    }
    /// The fragment without "#", or nil when it is null.
    public var fragment: String? {
        layout.fragmentStart < 0 ? nil : slice(layout.fragmentStart + 1, href.utf8.count)
    }

    /// The serialized origin (§4.4 / HTML's "serialization of an origin"): "scheme://host[:port]"
    /// for http(s), ws(s) and ftp, the inner URL's origin for blob:, and "null" (opaque) otherwise.
    public var origin: String {
        switch layout.scheme {
        case .http, .https, .ws, .wss, .ftp:
            // Without credentials, the origin is the href's own prefix: one slice.
            if layout.hostStart == layout.schemeEnd + 3 { return slice(0, hostAndPortEnd) }
            return slice(0, layout.schemeEnd + 1) + "//" + slice(layout.hostStart, hostAndPortEnd)
        case .file:
            return "null"
        case .other:
            guard scheme == "blob", case .success(let inner) = BrowserURL.parse(pathname) else { return "null" }
            return inner.layout.scheme == .http || inner.layout.scheme == .https ? inner.origin : "null"
        }
    }

    /// The URL without its fragment (what a redirect_uri is compared on).
    public var hrefExcludingFragment: String {
        layout.fragmentStart < 0 ? href : slice(0, layout.fragmentStart)
    }

    // MARK: Internals

    var pathEnd: Int {
        if layout.queryStart >= 0 { return layout.queryStart }
        if layout.fragmentStart >= 0 { return layout.fragmentStart }
        return href.utf8.count
    }

    var hostAndPortEnd: Int {
        layout.port < 0 ? layout.hostEnd : layout.pathStart
    }

    /// The href's bytes [start, end) as a String, made from the bytes (the href is ASCII) rather than
    /// through String indices.
    @inline(__always)
    func slice(_ start: Int, _ end: Int) -> String {
        href.utf8.withContiguousStorageIfAvailable { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
            ?? String(substring(start, end))
    }
}
