// PolicyEngine.swift: decides navigations from compiled rules. The order is the contract in
// ../shared/DESIGN.md ("Engine semantics"): a URL that does not parse is cancelled (fail closed);
// then always-blocked schemes → bridge schemes → deep-link routes → sentinels → allowed origins → the
// default; first match in file order within a group. Rules are compiled once into lookups by scheme
// and host, so a decision never re-reads the rules file.
import BrowserURL

/// A compiled sentinel: the rule and its comparison key, shared by reference so a decision copies nothing.
final class CompiledSentinel: Sendable {
    let rule: SentinelRule
    let key: SentinelKey
    init(_ rule: SentinelRule) {
        self.rule = rule
        key = SentinelKey(rule.redirectURI)
    }
}

/// A compiled scheme rule, shared by reference.
final class CompiledSchemeRule: Sendable {
    let rule: SchemeRule
    init(_ rule: SchemeRule) { self.rule = rule }
}

public struct PolicyEngine: Sendable {
    public let rules: Rules
    /// Sentinels by redirect-URI hostname, in file order.
    private let sentinelsByHost: [String: [CompiledSentinel]]
    /// Scheme rules by scheme, in file order (bridge rules are tried before deep-link rules).
    private let schemeRules: [String: [CompiledSchemeRule]]
    private let hasWVJB: Bool

    /// Schemes cancelled unless a scheme rule names them.
    public static let alwaysBlockedSchemes: Set<String> = ["javascript", "data", "vbscript", "file"]
    /// Parameters that must not repeat in a sentinel response (a repeated one is an error, not a choice).
    static let credentialParameters: Set<String> = ["code", "access_token", "id_token", "refresh_token", "token",
                                                     "state", "error", "tokenId"]

    public init(rules: Rules) {
        self.rules = rules
        var byHost: [String: [CompiledSentinel]] = [:]
        for sentinel in rules.sentinels { byHost[sentinel.redirectURI.hostname, default: []].append(CompiledSentinel(sentinel)) }
        sentinelsByHost = byHost
        var byScheme: [String: [CompiledSchemeRule]] = [:]
        for rule in rules.schemes { byScheme[rule.scheme, default: []].append(CompiledSchemeRule(rule)) }
        for (scheme, list) in byScheme {
            byScheme[scheme] = list.filter { $0.rule.bridgeProtocol != nil } + list.filter { $0.rule.bridgeProtocol == nil }
        }
        schemeRules = byScheme
        hasWVJB = rules.schemes.contains { $0.bridgeProtocol == .wvjb }
    }

    /// Loads and compiles a rules file.
    public init(rulesFile path: String) throws(RulesError) {
        self.init(rules: try RulesLoader.load(path: path))
    }

    /// Decides one navigation. `expectedState` (or the rules' own) is compared with a sentinel's state;
    /// `explain` collects the reasons, which costs a little more.
    public func decide(_ request: NavigationRequest, expectedState: String? = nil, explain: Bool = false,
                       redactor: Redactor = Redactor()) -> Decision {
        var notes: [String] = []
        let empty = FormParameters(pairs: [])
        let url: BrowserURL
        switch BrowserURL.parse(request.url) {
        case .success(let parsed): url = parsed
        case .failure(let error):
            if explain { notes.append("the URL does not parse as a browser would (\(error.code.rawValue)), so it is cancelled: fail closed") }
            return Decision(action: .cancel, kind: .blocked, rule: nil, url: nil, parameters: empty, interception: nil,
                            error: DecisionError(code: "invalid-url", message: error.description), explanation: notes)
        }
        let scheme = url.scheme

        // about:blank and about:srcdoc: WebKit reports them for bridge iframes.
        if scheme == "about" && (url.pathname == "blank" || url.pathname == "srcdoc") {
            if explain { notes.append("about:\(url.pathname) is always allowed (WebKit loads it for bridge iframes)") }
            return Decision(action: .allow, kind: .allowed, rule: nil, url: url, parameters: empty,
                            interception: .allowedOrigin("about:\(url.pathname)"), error: nil, explanation: notes)
        }

        // 1. Always-blocked schemes, unless a scheme rule names them.
        let rulesForScheme = schemeRules[scheme] ?? []
        if Self.alwaysBlockedSchemes.contains(scheme) && rulesForScheme.isEmpty {
            if explain { notes.append("\(scheme): is always blocked unless a scheme rule names it; none does") }
            return Decision(action: .cancel, kind: .blocked, rule: nil, url: url, parameters: empty,
                            interception: .blockedScheme(scheme), error: nil, explanation: notes)
        }

        // 2–3. Bridge schemes, then deep-link routes (the route is read once, for all of them).
        let route = rulesForScheme.isEmpty ? "" : Self.route(of: url)
        for compiled in rulesForScheme {
            if let decision = decideScheme(url, route: route, rule: compiled.rule, explain: explain, notes: &notes) {
                return decision
            }
        }
        if hasWVJB && url.hostname == WebViewJavascriptBridge.loadedHost,
           let rule = rules.schemes.first(where: { $0.bridgeProtocol == .wvjb }) {
            if explain { notes.append("matched \(rule.keyPath) \(rule.name.debugDescription): WebViewJavascriptBridge's load signal") }
            return Decision(action: rule.action, kind: .bridge, rule: rule.name, url: url, parameters: empty,
                            interception: .bridge(.bridgeLoaded), error: nil, explanation: notes)
        }

        // 4. Sentinels.
        if let decision = decideSentinels(url, request: request, expectedState: expectedState ?? rules.expectedState,
                                          explain: explain, notes: &notes, redactor: redactor) {
            return decision
        }

        // 5. Allowed origins.
        let hostname = url.hostname, port = url.effectivePort
        for origin in rules.allow where Self.originMatches(scheme: scheme, hostname: hostname, port: port, origin) {
            if explain { notes.append("origin \(url.origin) is allowed by \(origin.keyPath) \(origin.text)") }
            return Decision(action: .allow, kind: .allowed, rule: origin.text, url: url, parameters: empty,
                            interception: .allowedOrigin(url.origin), error: nil, explanation: notes)
        }
        if explain && !rules.allow.isEmpty && url.isSpecial {
            notes.append("origin \(url.origin) is not in the allowed origins")
        }

        // 6. The default.
        if explain { notes.append("no rule matched: the default is \(rules.defaultAction.rawValue)") }
        return Decision(action: rules.defaultAction, kind: .default, rule: nil, url: url, parameters: empty,
                        interception: nil, error: nil, explanation: notes)
    }

    // MARK: Scheme rules

    private func decideScheme(_ url: BrowserURL, route: String, rule: SchemeRule, explain: Bool,
                              notes: inout [String]) -> Decision? {
        if let bridge = rule.bridgeProtocol {
            let result = bridge == .janrain ? JanrainBridge.decode(url) : WebViewJavascriptBridge.decode(url)
            switch result {
            case .success(let message):
                if explain { notes.append("matched \(rule.keyPath) \(rule.name.debugDescription): a \(bridge.rawValue) bridge message") }
                return Decision(action: rule.action, kind: .bridge, rule: rule.name, url: url,
                                parameters: url.hasOpaquePath && url.query == nil ? FormParameters(parsing: url.pathname) : url.queryParameters,
                                interception: .bridge(message), error: nil, explanation: notes)
            case .failure(let error):
                if explain { notes.append("matched \(rule.keyPath) \(rule.name.debugDescription), but the message does not decode: \(error.message)") }
                return Decision(action: rule.action, kind: .bridge, rule: rule.name, url: url, parameters: url.queryParameters,
                                interception: nil, error: DecisionError(code: "bridge-message-invalid", message: error.message),
                                explanation: notes)
            }
        }
        // A deep-link route: the host (myapp://route) or the first path segment (myapp:route, myapp:///route).
        if let expected = rule.route, expected != route {
            if explain { notes.append("\(rule.keyPath) \(rule.name.debugDescription) did not match: route \(route.debugDescription) is not \(expected.debugDescription)") }
            return nil
        }
        let parameters = url.queryParameters
        var error: DecisionError? = nil
        let missing = rule.require.filter { !parameters.contains($0) }
        if !missing.isEmpty {
            error = DecisionError(code: "missing-parameter", message: "the deep link lacks \(missing.joined(separator: ", "))")
        } else if let repeated = rule.require.first(where: { parameters.count(of: $0) > 1 }) {
            error = DecisionError(code: "repeated-parameter", message: "\(repeated) occurs \(parameters.count(of: repeated)) times; which one is meant cannot be told")
        }
        if explain {
            notes.append("matched \(rule.keyPath) \(rule.name.debugDescription): \(rule.scheme): deep link" + (rule.route.map { " to route \($0)" } ?? ""))
            if let error { notes.append(error.message) }
        }
        return Decision(action: rule.action, kind: .deeplink, rule: rule.name, url: url, parameters: parameters,
                        interception: .deepLink(route: route, parameters: parameters), error: error, explanation: notes)
    }

    /// A deep link's route: the host (myapp://route) or the first path segment (myapp:route, myapp:///route).
    static func route(of url: BrowserURL) -> String {
        if !url.hostname.isEmpty { return url.hostname }
        var path = Substring(url.pathname)
        while path.hasPrefix("/") { path = path.dropFirst() }
        return String(path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    // MARK: Sentinels

    private func decideSentinels(_ url: BrowserURL, request: NavigationRequest, expectedState: String?, explain: Bool,
                                 notes: inout [String], redactor: Redactor) -> Decision? {
        let candidates = sentinelsByHost[url.hostname] ?? []
        let key = candidates.isEmpty ? nil : SentinelKey(url)
        for compiled in candidates {
            let rule = compiled.rule
            if let reason = SentinelMatcher.mismatch(key!, expected: compiled.key, rule: rule) {
                if explain { notes.append("\(rule.keyPath) \(rule.name.debugDescription) did not match: \(reason)") }
                continue
            }
            if rule.frames == .main && !request.isMainFrame || rule.frames == .sub && request.isMainFrame {
                if explain { notes.append("\(rule.keyPath) \(rule.name.debugDescription) did not match: it applies to \(rule.frames == .main ? "the main frame" : "subframes") only") }
                continue
            }
            let parameters = Self.parameters(of: url, mode: rule.responseMode)
            let place = rule.responseMode == .any ? "the URL" : rule.responseMode.rawValue
            if let lacking = rule.require.first(where: { !parameters.contains($0) }) {
                if explain { notes.append("\(rule.keyPath) \(rule.name.debugDescription) did not match: \(place) lacks \(lacking)") }
                continue
            }
            if let forbidden = rule.forbid.first(where: parameters.contains) {
                if explain { notes.append("\(rule.keyPath) \(rule.name.debugDescription) did not match: \(place) has \(forbidden), which it forbids") }
                continue
            }
            return sentinelDecision(url, rule: rule, parameters: parameters, expectedState: expectedState,
                                    explain: explain, notes: &notes, redactor: redactor)
        }
        if explain {
            // Near misses on other hosts: the sentinel's host appears in the URL but is not its host.
            for rule in rules.sentinels where rule.redirectURI.hostname != url.hostname {
                let host = rule.redirectURI.hostname
                if url.href.contains(host) || url.pathname == rule.redirectURI.pathname {
                    var reason = "host \(url.hostname) is not \(host)"
                    if url.username.contains(host) || url.password.contains(host) {
                        reason += " (\(host) is in the userinfo, before the @; a browser goes to \(url.hostname))"
                    } else if url.hostname.hasSuffix(host) || url.hostname.hasPrefix(host) {
                        reason += " (a different host that merely contains it)"
                    } else if url.pathname.contains(host) {
                        reason += " (\(host) is in the path)"
                    }
                    notes.append("\(rule.keyPath) \(rule.name.debugDescription) did not match: \(reason)")
                }
            }
        }
        return nil
    }

    private func sentinelDecision(_ url: BrowserURL, rule: SentinelRule, parameters: FormParameters, expectedState: String?,
                                  explain: Bool, notes: inout [String], redactor: Redactor) -> Decision {
        var error: DecisionError? = nil
        // A response has a handful of parameters: comparing each credential with the ones before it
        // allocates nothing.
        for (i, parameter) in parameters.enumerated() where Self.credentialParameters.contains(parameter.name) {
            if parameters[..<i].contains(where: { $0.name == parameter.name }) {
                let name = parameter.name
                error = DecisionError(code: "repeated-parameter", message: "\(name) occurs \(parameters.count(of: name)) times; a repeated credential is an error, not a choice")
                break
            }
        }
        let state = parameters.first("state")
        let result: SentinelResult
        if let oauthError = parameters.first("error") {
            result = .oauthError(error: oauthError, description: parameters.first("error_description"),
                                 uri: parameters.first("error_uri"), state: state)
        } else {
            result = .authorization(code: parameters.first("code"), accessToken: parameters.first("access_token"),
                                    idToken: parameters.first("id_token"), state: state)
        }
        if error == nil, let expectedState {
            if state == nil {
                error = DecisionError(code: "state-missing", message: "the response carries no state, but \(redactor.mask(expectedState)) was sent")
            } else if state != expectedState {
                error = DecisionError(code: "state-mismatch", message: "state \(redactor.mask(state!)) is not the \(redactor.mask(expectedState)) that was sent")
            }
        }
        if explain {
            let names = parameters.map(\.name)
            notes.append("matched \(rule.keyPath) \(rule.name.debugDescription): \(rule.redirectURI.href) (scheme, host, port and path equal)"
                         + (names.isEmpty ? "" : "; parameters: \(names.joined(separator: ", "))"))
            if case .oauthError(let e, _, _, _) = result { notes.append("an OAuth error response: \(e)") }
            if let error { notes.append(error.message) }
        }
        return Decision(action: rule.action, kind: .sentinel, rule: rule.name, url: url, parameters: parameters,
                        interception: .sentinel(result), error: error, explanation: notes)
    }

    /// The parameters a sentinel reads, per its responseMode: query, fragment, or both (query first).
    static func parameters(of url: BrowserURL, mode: ResponseMode) -> FormParameters {
        switch mode {
        case .query: return url.queryParameters
        case .fragment: return url.fragmentParameters
        case .any:
            let fragment = url.fragmentParameters
            if fragment.isEmpty { return url.queryParameters }
            return FormParameters(pairs: url.queryParameters.pairs + fragment.pairs)
        }
    }

    // MARK: Allowed origins

    /// Exact origin, or a wildcard's whole labels: *.example.com matches a.example.com and a.b.example.com,
    /// never example.com itself nor evilexample.com.
    static func originMatches(scheme: String, hostname: String, port: Int?, _ origin: OriginPattern) -> Bool {
        guard scheme == origin.scheme, port == origin.port else { return false }
        if !origin.isWildcard { return hostname == origin.host }
        let labelStart = hostname.utf8.count - origin.host.utf8.count - 1
        guard labelStart > 0, hostname.utf8.hasSuffix(origin.host.utf8) else { return false }
        return hostname.utf8[hostname.utf8.index(hostname.utf8.startIndex, offsetBy: labelStart)] == UInt8(ascii: ".")
    }
}

extension String.UTF8View {
    func hasSuffix(_ suffix: String.UTF8View) -> Bool {
        guard suffix.count <= count else { return false }
        return self.reversed().starts(with: suffix.reversed())
    }
}
