// AttackCatalogue.swift: the attack's generators, each a value like the inspector's checks: a stable id,
// what it sends and why (the redirect and deep-link bypasses seen in the wild: prefix and glob matches,
// userinfo and "@" tricks, endsWith host checks, servers that normalise "..;/"), the targets it applies to,
// what the engine must do with what it makes, and an example (the variant it makes from the catalogue's
// example rules) from which the tests are generated.
import BrowserURL
import Foundation
import NavigationPolicy

/// What the engine must do with a variant.
public enum VariantExpectation: String, Sendable, Hashable {
    /// Not taken for the target's rule; and, carrying credentials, not allowed to load at an origin other
    /// than the rule's own.
    case lookalike
    /// The same navigation to a browser: decided as the target's own URL is.
    case sameNavigation = "same navigation"
    /// An OAuth error response at the redirect URI: cancelled as a sentinel result, never loaded.
    case errorResponse = "error response"
    /// A credential given twice: the decision carries a repeated-parameter error.
    case repeatedCredential = "repeated credential"
}

public struct AttackGenerator: Sendable {
    public let id: String
    public let summary: String
    public let appliesTo: Set<AttackTarget.Kind>
    /// The catalogue's example: the target kind, and a variant this generator makes from the example rules.
    public let example: (kind: AttackTarget.Kind, variant: String)
    let expectation: @Sendable (AttackTarget) -> VariantExpectation
    let make: @Sendable (AttackTarget) -> [String]

    init(_ id: String, _ summary: String, _ appliesTo: Set<AttackTarget.Kind>, example: (AttackTarget.Kind, String),
         expect: VariantExpectation, make: @escaping @Sendable (AttackTarget) -> [String]) {
        self.init(id, summary, appliesTo, example: example, expectation: { _ in expect }, make: make)
    }

    init(_ id: String, _ summary: String, _ appliesTo: Set<AttackTarget.Kind>, example: (AttackTarget.Kind, String),
         expectation: @escaping @Sendable (AttackTarget) -> VariantExpectation, make: @escaping @Sendable (AttackTarget) -> [String]) {
        self.id = id
        self.summary = summary
        self.appliesTo = appliesTo
        self.example = example
        self.expectation = expectation
        self.make = make
    }

    /// The variants for a target (none when the generator does not apply to it).
    public func variants(for target: AttackTarget) -> [String] {
        appliesTo.contains(target.kind) ? make(target).filter { $0 != target.url } : []
    }

    public func expectation(for target: AttackTarget) -> VariantExpectation { expectation(target) }
}

public enum AttackCatalogue {
    static let attacker = "evil.example"
    static let web: Set<AttackTarget.Kind> = [.sentinel, .origin]
    static let sentinelOnly: Set<AttackTarget.Kind> = [.sentinel]

    /// The rules the examples are made from (also in RulesAudit's TestCommand article).
    public static let exampleRulesJSON = """
        {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com", "https://*.janraincapture.com"],
         "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/callback", "require": ["code"]}],
         "schemes": [{"name": "bridge", "scheme": "janrain", "protocol": "janrain"},
                     {"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["token"]}]}
        """

    /// The example rules' first target of a kind: what each generator's example is made from.
    public static func exampleTarget(_ kind: AttackTarget.Kind) -> AttackTarget {
        // The example rules are a literal that loads (AttackCatalogueTests); every kind has a target in them.
        let rules = try! RulesLoader.parse(Data(exampleRulesJSON.utf8))
        return AttackTargets.targets(rules).first { $0.kind == kind }!
    }

    public static let all: [AttackGenerator] = hostLookalikes + pathLookalikes + carried + responses + sameNavigation + schemeLookalikes

    /// The generator with id `id` (what `--skip` takes and a variant's `generator` names), or nil.
    public static func generator(id: String) -> AttackGenerator? { all.first { $0.id == id } }

    // MARK: Hosts that are not the real one

    static let hostLookalikes: [AttackGenerator] = [
        AttackGenerator("userinfo-before-host", "the real host after attacker userinfo: userinfo never makes a redirect URI match",
                        sentinelOnly, example: (.sentinel, "https://evil.example@yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in [t.parts!.with { $0.userinfo = attacker }] },
        AttackGenerator("host-as-userinfo", "the real host as userinfo before the attacker's (`yourdomain.com@evil.example`), with and without a port",
                        web, example: (.sentinel, "https://yourdomain.com@evil.example/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            [t.parts!.with { $0.userinfo = t.realHost; $0.host = attacker }, t.parts!.with { $0.userinfo = t.realHost + ":443"; $0.host = attacker }]
        },
        AttackGenerator("host-as-prefix", "the real host as the start of the attacker's (`yourdomain.com.evil.example`): prefix matches let it through",
                        web, example: (.sentinel, "https://yourdomain.com.evil.example/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in [t.parts!.with { $0.host = t.realHost + "." + attacker }] },
        AttackGenerator("host-as-suffix", "the real host as the end of the attacker's (`evilyourdomain.com`): endsWith checks let it through",
                        web, example: (.sentinel, "https://evilyourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in [t.parts!.with { $0.host = "evil" + t.realHost }, t.parts!.with { $0.host = "evil-" + t.realHost }] },
        AttackGenerator("subdomain", "a subdomain of the real host (`evil.yourdomain.com`): another server, maybe another owner",
                        web, example: (.sentinel, "https://evil.yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in t.isWildcard ? [] : [t.parts!.with { $0.host = "evil." + t.realHost }] },
        AttackGenerator("glob-bait", "the attacker's host with \".\" and the real host after it in the query or path (`https://evil.example?.yourdomain.com`): glob and unanchored regex allow-lists match it",
                        web, example: (.sentinel, "https://evil.example?.yourdomain.com/callback&code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            let rest = t.parts!.path + (t.parts!.query.map { "&" + $0 } ?? "") + (t.parts!.fragment.map { "#" + $0 } ?? "")
            return ["\(t.parts!.scheme)://\(attacker)?.\(t.realHost)\(rest)", "\(t.parts!.scheme)://\(attacker)/.\(t.realHost)\(rest)"]
        },
        AttackGenerator("backslash-authority", "a backslash in the authority: browsers end the host there, RFC 3986 parsers read userinfo",
                        web, example: (.sentinel, "https://evil.example\\@yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            // The real host before the backslash is still the real origin: a lookalike of the path only.
            [t.parts!.with { $0.host = attacker + "\\@" + t.realHost }] + (t.kind == .sentinel ? [t.parts!.with { $0.host = t.realHost + "\\@" + attacker }] : [])
        },
        AttackGenerator("encoded-authority", "percent-encoded \"@\", \"/\" and \"?\" in the host, which a decoding proxy turns into another authority",
                        web, example: (.sentinel, "https://yourdomain.com%40evil.example/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            ["%40", "%2F", "%3F"].map { code in t.parts!.with { $0.host = t.realHost + code + attacker } }
        },
        AttackGenerator("homoglyph-host", "a Cyrillic letter that looks Latin in the host (IDN homoglyph, `yourdоmain.com`)",
                        web, example: (.sentinel, "https://\u{0443}ourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in homoglyph(t.realHost).map { host in [t.parts!.with { $0.host = host }] } ?? [] },
        AttackGenerator("trailing-dot", "the host with a trailing dot (`yourdomain.com.`): the same DNS name, another origin to a browser",
                        web, example: (.sentinel, "https://yourdomain.com./callback?code=bridge-test-code&state=bridge-test-state"),
                        // An IPv4 address with a trailing dot is the same address to the URL parser (`127.0.0.2.`
                        // is 127.0.0.2): the same navigation, as the engine reads it. An IPv6 literal takes no dot.
                        expectation: { t in sameHost(t.realHost, as: t.realHost + ".") ? .sameNavigation : .lookalike }) { t in
            t.realHost.hasPrefix("[") ? [] : [t.parts!.with { $0.host += "." }]
        },
        AttackGenerator("other-port", "another port on the real host (any port matches only for loopback rules with loopbackAnyPort)",
                        web, example: (.sentinel, "https://yourdomain.com:8443/callback?code=bridge-test-code&state=bridge-test-state"),
                        expectation: { t in t.loopbackAnyPort && Loopback.contains(hostname: t.realHost) ? .sameNavigation : .lookalike }) { t in
            [t.parts!.with { $0.port = $0.port == "8443" ? "8444" : "8443" }]
        },
        AttackGenerator("other-scheme", "the other web scheme (`http:` for `https:`): the credential crosses the network in the clear",
                        web, example: (.sentinel, "http://yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            guard t.parts!.scheme == "https" || t.parts!.scheme == "http" else { return [] }
            return [t.parts!.with { $0.scheme = $0.scheme == "https" ? "http" : "https" }]
        },
    ]

    // MARK: Paths that are not the real one

    static let pathLookalikes: [AttackGenerator] = [
        AttackGenerator("path-case", "the path in capitals: paths are case-sensitive, some servers are not",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/CALLBACK?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            let upper = t.parts!.path.uppercased()
            return upper == t.parts!.path ? [] : [t.parts!.with { $0.path = upper }]
        },
        AttackGenerator("trailing-slash", "one \"/\" more or less at the end of the path (a match only with trailingSlash)",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/callback/?code=bridge-test-code&state=bridge-test-state"),
                        expectation: { t in t.trailingSlash ? .sameNavigation : .lookalike }) { t in
            let path = t.parts!.path
            if path == "/" || path.isEmpty { return [] }
            return [t.parts!.with { $0.path = path.hasSuffix("/") ? String(path.dropLast()) : path + "/" }]
        },
        AttackGenerator("path-as-prefix", "the redirect URI's path with more after it (`/callbackx`, `/callback/evil`): `indexOf(redirectUri) === 0` checks let it through",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/callbackx?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            let path = t.parts!.path
            if path.isEmpty { return [] }
            return [t.parts!.with { $0.path = path + "x" }, t.parts!.with { $0.path = path + (path.hasSuffix("/") ? "" : "/") + "evil" }]
        },
        AttackGenerator("path-parameter", "a \";\" parameter after the path (`;jsessionid=`), which Java servers strip",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/callback;jsessionid=1?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in [t.parts!.with { $0.path += ";jsessionid=1" }] },
        AttackGenerator("dot-dot-semicolon", "`..;/` before the path: not a dot segment to a browser, a parent directory to Tomcat and Spring",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/evil/..;/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            t.parts!.path.hasPrefix("/") ? [t.parts!.with { $0.path = "/evil/..;" + $0.path }] : []
        },
        AttackGenerator("encoded-slash-dot-segment", "`%2F..%2F` inside one segment: no dot segment to a browser, one to a decoding proxy",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/evil%2F..%2Fcallback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in
            t.parts!.path.hasPrefix("/") && t.parts!.path.count > 1 ? [t.parts!.with { $0.path = "/evil%2F..%2F" + $0.path.dropFirst() }] : []
        },
    ]

    // MARK: The target carried inside another URL

    static let carried: [AttackGenerator] = [
        AttackGenerator("inside-query", "the whole URL, percent-encoded, in a query parameter of the attacker's page (an open redirect's input)",
                        [.sentinel, .deepLink, .bridge], example: (.sentinel, "https://evil.example/?redirect_uri=https%3A%2F%2Fyourdomain.com%2Fcallback%3Fcode%3Dbridge-test-code%26state%3Dbridge-test-state"),
                        expect: .lookalike) { t in ["https://\(attacker)/?redirect_uri=" + PercentEncoding.encodeComponent(t.url)] },
        AttackGenerator("inside-fragment", "the whole URL in the fragment of the attacker's page",
                        [.sentinel, .deepLink, .bridge], example: (.sentinel, "https://evil.example/#https://yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in ["https://\(attacker)/#" + t.url] },
        AttackGenerator("inside-path", "the whole URL as the path of the attacker's page (`https://evil.example/https://yourdomain.com/…`)",
                        [.sentinel, .deepLink, .bridge], example: (.sentinel, "https://evil.example/https://yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .lookalike) { t in ["https://\(attacker)/" + t.url] },
    ]

    // MARK: What a response carries

    static let responses: [AttackGenerator] = [
        AttackGenerator("oauth-error", "an OAuth error response at the redirect URI (RFC 6749 §4.1.2.1): the app's answer, never a page to load",
                        sentinelOnly, example: (.sentinel, "https://yourdomain.com/callback?error=access_denied&error_description=denied&state=bridge-test-state"),
                        expect: .errorResponse) { t in
            let response = "error=access_denied&error_description=denied&state=" + PercentEncoding.encodeComponent(t.state)
            return [t.parts!.with { parts in
                if t.responseMode == .fragment { parts.fragment = response } else { parts.query = t.baseQuery.map { $0 + "&" + response } ?? response }
            }]
        },
        AttackGenerator("repeated-credential", "the first credential twice, with another value: which one the app reads cannot be told",
                        [.sentinel, .deepLink], example: (.sentinel, "https://yourdomain.com/callback?code=bridge-test-code&state=bridge-test-state&code=second"),
                        expect: .repeatedCredential) { t in
            guard let name = t.credentials.first(where: { PolicyEngine.credentialParameters.contains($0) }) ?? (t.kind == .deepLink ? t.credentials.first : nil) else { return [] }
            return [t.parts!.with { parts in
                if parts.fragment != nil && t.kind == .sentinel && t.responseMode == .fragment { parts.fragment! += "&\(name)=second" }
                else { parts.query = (parts.query.map { $0 + "&" } ?? "") + "\(name)=second" }
            }]
        },
    ]

    // MARK: The same navigation, written otherwise: must still match

    static let sameNavigation: [AttackGenerator] = [
        AttackGenerator("host-case", "the host in capitals: browsers lower-case it",
                        web, example: (.sentinel, "https://YOURDOMAIN.COM/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in [t.parts!.with { $0.host = $0.host.uppercased() }] },
        AttackGenerator("default-port", "the scheme's default port written out (`:443`): browsers drop it",
                        web, example: (.sentinel, "https://yourdomain.com:443/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in
            let port = t.parts!.scheme == "https" ? "443" : t.parts!.scheme == "http" ? "80" : nil
            guard let port, t.parts!.port == nil else { return [] }
            return [t.parts!.with { $0.port = port }]
        },
        AttackGenerator("dot-segments", "`/evil/../` and `/./` before the path: browsers resolve them",
                        web, example: (.sentinel, "https://yourdomain.com/evil/../callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in
            t.parts!.path.hasPrefix("/") ? [t.parts!.with { $0.path = "/evil/.." + $0.path }, t.parts!.with { $0.path = "/." + $0.path }] : []
        },
        AttackGenerator("encoded-dot-segments", "`%2e%2e` and `%2E` segments: browsers resolve them like `..` and `.`",
                        web, example: (.sentinel, "https://yourdomain.com/evil/%2e%2e/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in
            t.parts!.path.hasPrefix("/") ? [t.parts!.with { $0.path = "/evil/%2e%2e" + $0.path }, t.parts!.with { $0.path = "/%2E" + $0.path }] : []
        },
        AttackGenerator("tab-newline", "a tab in the host and a newline in the path: browsers remove them",
                        web, example: (.sentinel, "https://y\tourdomain.com/\ncallback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in
            [t.parts!.with { parts in
                parts.host = String(parts.host.prefix(1)) + "\t" + parts.host.dropFirst()
                parts.path = String(parts.path.prefix(1)) + "\n" + parts.path.dropFirst()
            }]
        },
        AttackGenerator("encoded-host", "a host letter percent-encoded (`%79ourdomain.com`): browsers decode the host",
                        web, example: (.sentinel, "https://%79ourdomain.com/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in
            guard let first = t.parts!.host.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return [] }
            return [t.parts!.with { $0.host = "%" + String(first.value, radix: 16) + $0.host.dropFirst() }]
        },
        AttackGenerator("fullwidth-host", "the host in full-width letters and ideographic full stops: UTS #46 maps them to the real host",
                        web, example: (.sentinel, "https://\u{FF59}\u{FF4F}\u{FF55}\u{FF52}\u{FF44}\u{FF4F}\u{FF4D}\u{FF41}\u{FF49}\u{FF4E}\u{3002}\u{FF43}\u{FF4F}\u{FF4D}/callback?code=bridge-test-code&state=bridge-test-state"),
                        expect: .sameNavigation) { t in fullWidth(t.parts!.host).map { host in [t.parts!.with { $0.host = host }] } ?? [] },
        AttackGenerator("scheme-case", "the scheme in capitals or mixed case: browsers lower-case it",
                        Set(AttackTarget.Kind.allCases), example: (.bridge, "JANRAIN:accessToken=bridge-test-accesstoken"),
                        expect: .sameNavigation) { t in
            guard let colon = t.url.firstIndex(of: ":") else { return [] }
            return [t.url[..<colon].uppercased() + t.url[colon...]]
        },
        AttackGenerator("surrounding-space", "spaces and a form feed around the URL: browsers strip C0 controls and spaces at both ends",
                        Set(AttackTarget.Kind.allCases), example: (.deepLink, "  myapp://reset-password?token=bridge-test-token \u{0C}"),
                        expect: .sameNavigation) { t in ["  " + t.url + " \u{0C}"] },
    ]

    // MARK: Custom schemes that are not the real one

    static let schemeLookalikes: [AttackGenerator] = [
        AttackGenerator("intent-url", "an Android intent: URL naming the scheme (`intent://…#Intent;scheme=myapp;end`): another app may answer it",
                        [.deepLink], example: (.deepLink, "intent://reset-password?token=bridge-test-token#Intent;scheme=myapp;package=example.evil;end"),
                        expect: .lookalike) { t in
            [t.parts!.with { $0.scheme = "intent"; $0.fragment = "Intent;scheme=\(t.parts!.scheme);package=example.evil;end" }]
        },
        AttackGenerator("route-as-prefix", "the route as the start of another (`reset-password.evil.example`, `reset-passwordx`)",
                        [.deepLink], example: (.deepLink, "myapp://reset-password.evil.example?token=bridge-test-token"),
                        expect: .lookalike) { t in
            guard let route = t.route else { return [] }
            return [t.parts!.with { $0.host = route + "." + attacker }, t.parts!.with { $0.host = route + "x" }]
        },
        AttackGenerator("route-in-path", "the route as the path under another host (`myapp://evil.example/reset-password`)",
                        [.deepLink], example: (.deepLink, "myapp://evil.example/reset-password?token=bridge-test-token"),
                        expect: .lookalike) { t in
            guard let route = t.route else { return [] }
            return [t.parts!.with { $0.host = attacker; $0.path = "/" + route }]
        },
        AttackGenerator("route-case", "the route in capitals: custom-scheme hosts keep their case, and the app's router compares them as written",
                        [.deepLink], example: (.deepLink, "myapp://RESET-PASSWORD?token=bridge-test-token"),
                        expect: .lookalike) { t in
            guard let route = t.route, route.uppercased() != route else { return [] }
            return [t.parts!.with { $0.host = route.uppercased() }]
        },
        AttackGenerator("route-on-the-web", "the route as an https page on the attacker's host: the link that fell back to the web",
                        [.deepLink], example: (.deepLink, "https://evil.example/reset-password?token=bridge-test-token"),
                        expect: .lookalike) { t in [t.parts!.with { $0.scheme = "https"; $0.path = "/" + $0.host; $0.host = attacker }] },
        AttackGenerator("scheme-affix", "the scheme with letters before or after it (`xjanrain:`, `janrainx:`): prefix and contains checks let it through",
                        [.bridge, .deepLink], example: (.bridge, "janrainx:accessToken=bridge-test-accesstoken"),
                        expect: .lookalike) { t in
            guard let colon = t.url.firstIndex(of: ":") else { return [] }
            return [String(t.url[..<colon]) + "x" + t.url[colon...], "x" + t.url]
        },
    ]

    // MARK: Helpers

    static let homoglyphs: [Character: Character] = ["a": "\u{0430}", "c": "\u{0441}", "e": "\u{0435}", "o": "\u{043E}", "p": "\u{0440}",
                                                     "x": "\u{0445}", "y": "\u{0443}", "i": "\u{0456}"]

    /// The host with its first look-alike letter replaced by a Cyrillic one, or nil when it has none.
    static func homoglyph(_ host: String) -> String? {
        guard let index = host.firstIndex(where: { homoglyphs[$0] != nil }) else { return nil }
        var out = host
        out.replaceSubrange(index...index, with: String(homoglyphs[host[index]]!))
        return out
    }

    /// ASCII letters and digits as their full-width forms, dots as ideographic full stops; nil for an IP address.
    static func fullWidth(_ host: String) -> String? {
        if host.hasPrefix("[") || host.allSatisfy({ $0.isNumber || $0 == "." }) { return nil }
        var out = ""
        for scalar in host.unicodeScalars {
            if scalar == "." { out.unicodeScalars.append("\u{3002}") }
            else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar), let wide = Unicode.Scalar(scalar.value - 0x20 + 0xFF00) {
                out.unicodeScalars.append(wide)
            } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Whether the URL parser reads `variant` as the same host as `host`.
    static func sameHost(_ host: String, as variant: String) -> Bool {
        guard case .success(let real) = BrowserURL.parse("http://\(host)/"), case .success(let other) = BrowserURL.parse("http://\(variant)/") else { return false }
        return real.hostname == other.hostname
    }
}

extension AttackTarget {
    /// The state the target's URL carries.
    var state: String {
        guard let parts else { return AttackTargets.placeholderState }
        let text = (responseMode == .fragment ? parts.fragment : parts.query) ?? ""
        return FormParameters(parsing: text).first("state") ?? AttackTargets.placeholderState
    }

    /// The redirect URI's own query (without the credentials), for error responses in the query.
    var baseQuery: String? { redirectQuery }
}

extension AttackCatalogue {
    /// Which of the host generators' constructions `host` is of another host among `hosts`, for any
    /// attacker's domain, and that host: the real one with a trailing dot (`trailing-dot`), as the start of
    /// another name (`host-as-prefix`: `yourdomain.com.evil.example`), or as the end of a name it is not a
    /// subdomain of (`host-as-suffix`: `evilyourdomain.com`). What `bridge rules` judges a recorded origin by
    /// before it allows it; each of the host's prefixes and suffixes is one look-up.
    public static func imitation(of host: String, among hosts: Set<String>) -> (host: String, check: String)? {
        let bytes = Array(host.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.last == UInt8(ascii: "."), hosts.contains(String(decoding: bytes.dropLast(), as: UTF8.self)) {
            return (String(decoding: bytes.dropLast(), as: UTF8.self), "trailing-dot")
        }
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") && index > 0 && index < bytes.count - 1 {
            let prefix = String(decoding: bytes[..<index], as: UTF8.self)
            if hosts.contains(prefix) { return (prefix, "host-as-prefix") }
        }
        for index in 1..<bytes.count where bytes[index - 1] != UInt8(ascii: ".") {
            let suffix = String(decoding: bytes[index...], as: UTF8.self)
            if hosts.contains(suffix) { return (suffix, "host-as-suffix") }
        }
        return nil
    }
}
