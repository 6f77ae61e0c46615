// URLLayoutCheck.swift: whether a parsed URL's layout agrees with its href, as ada checks its own offsets
// after every change (url_aggregator::check_offset_consistency). The layout is written field by field as
// the parser goes, with -1 for a null component; this reads it back against the serialization: the scheme
// ends in ":", the authority's "//", credentials end in "@", a port stands after ":" as its digits and is never
// the scheme's default, the components are in order, the query starts with "?" and the fragment with "#",
// an opaque path has no host, and the href is ASCII. Asserted on every parse in debug builds (every test
// parses through it); the URL fuzzers, built optimized, ask `layoutProblem` of every URL they make. Public
// only so that they, in a package of their own, can ask it.

/// What is inconsistent in a URL's layout.
public enum URLLayoutProblem: Sendable, Hashable {
    case notASCII
    case scheme
    case schemeKind
    case authority
    case credentials
    case host
    case port
    case path
    case query
    case fragment
    case opaquePath
}

extension BrowserURL {
    /// The first inconsistency between the layout and the href, or nil (always nil, unless the parser has a
    /// bug: for the fuzzers and the tests).
    public var layoutProblem: URLLayoutProblem? { Self.layoutProblem(href: href, layout: layout) }

    static func layoutProblem(href: String, layout l: URLLayout) -> URLLayoutProblem? {
        let b = Array(href.utf8), n = b.count
        func at(_ i: Int, _ c: Character) -> Bool { i >= 0 && i < n && b[i] == c.asciiValue! }
        guard b.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
        // The scheme: a letter, then letters, digits, "+", "-", ".", lower case, ended by ":".
        guard l.schemeEnd > 0, at(l.schemeEnd, ":"), let first = b.first, (0x61...0x7A).contains(first),
              b[..<l.schemeEnd].allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return .scheme }
        guard l.scheme == SchemeKind(name: String(decoding: b[..<l.schemeEnd], as: UTF8.self)) else { return .schemeKind }
        let queryOrEnd = l.queryStart >= 0 ? l.queryStart : (l.fragmentStart >= 0 ? l.fragmentStart : n)
        if l.hostStart >= 0 {
            let authority = l.schemeEnd + 3
            guard at(l.schemeEnd + 1, "/"), at(l.schemeEnd + 2, "/"), !l.hasOpaquePath else { return .authority }
            // Credentials: [authority, usernameEnd) and, after ":", [usernameEnd + 1, passwordEnd), then "@".
            guard l.usernameEnd >= authority, l.usernameEnd <= l.hostStart else { return .credentials }
            let hasPassword = l.passwordEnd > l.usernameEnd
            if hasPassword { guard at(l.usernameEnd, ":"), l.passwordEnd < l.hostStart else { return .credentials } }
            let hasCredentials = l.usernameEnd > authority || hasPassword
            if hasCredentials {
                guard at(l.hostStart - 1, "@"), l.hostStart - 1 == (hasPassword ? l.passwordEnd : l.usernameEnd) else { return .credentials }
            } else {
                guard l.hostStart == authority else { return .credentials }
            }
            guard l.hostEnd >= l.hostStart, l.hostEnd <= l.pathStart else { return .host }
            if l.scheme.isSpecial && l.scheme != .file { guard l.hostEnd > l.hostStart else { return .host } }
            // A port: ":" and its digits between the host and the path, never the scheme's default.
            if l.port >= 0 {
                guard at(l.hostEnd, ":"), String(decoding: b[(l.hostEnd + 1)..<l.pathStart], as: UTF8.self) == String(l.port),
                      l.port != l.scheme.defaultPort, l.port <= 65_535 else { return .port }
            } else {
                guard l.hostEnd == l.pathStart else { return .port }
            }
            guard l.pathStart == queryOrEnd || at(l.pathStart, "/") else { return .path }
        } else {
            guard !l.scheme.isSpecial else { return .host }
            // No host: the path right after ":", or after the "/." the serializer inserts before "//".
            let dotted = at(l.schemeEnd + 1, "/") && at(l.schemeEnd + 2, ".") && l.pathStart == l.schemeEnd + 3
            guard l.pathStart == l.schemeEnd + 1 || dotted else { return .path }
            if l.hasOpaquePath { guard !at(l.pathStart, "/") else { return .opaquePath } }
            else { guard at(l.pathStart, "/") else { return .path } }
        }
        guard l.pathStart <= queryOrEnd else { return .path }
        if l.queryStart >= 0 {
            guard at(l.queryStart, "?"), l.queryStart >= l.pathStart, l.fragmentStart < 0 || l.fragmentStart > l.queryStart else { return .query }
            guard !b[(l.queryStart + 1)..<(l.fragmentStart >= 0 ? l.fragmentStart : n)].contains(0x23) else { return .query }
        }
        if l.fragmentStart >= 0 {
            guard at(l.fragmentStart, "#"), l.fragmentStart >= l.pathStart else { return .fragment }
        }
        // Nothing but the path stands between the path's start and the query or fragment.
        guard !b[l.pathStart..<queryOrEnd].contains(0x3F), !b[l.pathStart..<queryOrEnd].contains(0x23) else { return .path }
        return nil
    }
}
