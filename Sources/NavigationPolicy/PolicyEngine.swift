// PolicyEngine.swift: decides navigations from compiled rules. The order is the contract in
// NavigationPolicy.docc/RulesFile.md ("How a navigation is decided"): a URL that does not parse is cancelled (fail closed);
// then always-blocked schemes → bridge schemes → deep-link routes → sentinels → allowed origins → the
// default; first match in file order within a group. Rules are compiled once into three indexes (the
// sentinels by host and path, the schemes, the allowed origins), so a decision never re-reads the rules file.
import BrowserURL

public struct PolicyEngine: Sendable {
    public let rules: Rules
    /// The sentinels by redirect-URI host and path.
    private let sentinels: SentinelIndex
    /// Every scheme the engine or the rules name, and the scheme rules by scheme.
    private let schemes: SchemeIndex
    /// The allowed origins, by host, scheme and port.
    private let origins: OriginIndex

    /// Schemes cancelled unless a scheme rule names them.
    public static let alwaysBlockedSchemes: Set<String> = ["javascript", "data", "vbscript", "file"]
    static let aboutPageKeys = ComponentKeys(["blank", "srcdoc"])
    /// Parameters that must not repeat in a sentinel response (a repeated one is an error, not a choice).
    public static let credentialParameters = Set(ResponseFields.Name.credentials)
    /// The credentials that make a response a result, in the engine's order: every credential but `state`
    /// (sent back with any answer) and `error` (an error response).
    public static let resultParameters = ResponseFields.Name.credentials.filter { $0 != "state" && $0 != "error" }
    /// OAuth's tokens, which reach only the client (RFC 6749 §10.3).
    public static let oauthTokenParameters = [ResponseFields.Name.accessToken, .idToken, .refreshToken].map(\.parameter)

    public init(rules: Rules) {
        self.rules = rules
        sentinels = SentinelIndex(rules.sentinels)
        schemes = SchemeIndex(rules)
        origins = OriginIndex(rules.allow, schemes: schemes)
    }

    /// The sentinel rule a decision's `rule` names (the first of that name), looked up in the engine's index.
    public func sentinelRule(named name: String) -> SentinelRule? {
        sentinels.byName[name].map { rules.sentinels[$0] }
    }

    /// Decides one navigation. `expectedState` (or the rules' own) is compared with a sentinel's state;
    /// `explain` collects the reasons, which costs a little more. An error is a value; whoever prints it
    /// masks the states it carries.
    public func decide(_ request: NavigationRequest, expectedState: String? = nil, explain: Bool = false) -> Decision {
        var notes: [ExplanationStep] = []
        let empty = FormParameters()
        let url: BrowserURL
        switch BrowserURL.parse(request.url) {
        case .success(let parsed): url = parsed
        case .failure(let error):
            if explain { notes.append(.unparseable(error.code)) }
            return Decision(action: .cancel, kind: .blocked, rule: nil, url: nil, parameters: empty, interception: nil,
                            error: .invalidURL(error), explanation: notes)
        }
        // What the scheme is to the engine, looked up once.
        let schemeIndex = schemes.firstIndex(url)
        let role = schemeIndex.map { schemes.roles[$0] } ?? SchemeRole()
        // about:blank and about:srcdoc: WebKit reports them for bridge iframes.
        if role.isAbout && url.firstIndex(of: .pathname, in: Self.aboutPageKeys) != nil {
            if explain { notes.append(.aboutPageAllowed(path: url.pathname)) }
            return Decision(action: .allow, kind: .allowed, rule: nil, url: url, parameters: empty,
                            interception: .allowedOrigin("about:\(url.pathname)"), error: nil, explanation: notes)
        }

        // 1. Always-blocked schemes, unless a scheme rule names them.
        let rulesForScheme = role.ruleGroup.map { schemes.rules[$0].rules } ?? []
        if rulesForScheme.isEmpty && role.alwaysBlocked {
            let scheme = url.scheme
            if explain { notes.append(.schemeAlwaysBlocked(scheme)) }
            return Decision(action: .cancel, kind: .blocked, rule: nil, url: url, parameters: empty,
                            interception: .blockedScheme(scheme), error: nil, explanation: notes)
        }

        // 2–3. Bridge schemes, then deep-link routes (the route is read once, for all of them, when the
        // first deep-link rule needs it: a bridge message's long opaque path is never scanned for one).
        var route: Range<Int>? = nil
        for compiled in rulesForScheme {
            if let bridge = compiled.rule.bridgeProtocol {
                return bridgeDecision(url, bridge: bridge, compiled: compiled, explain: explain, notes: &notes)
            }
            let known = route ?? Self.routeRange(of: url)
            route = known
            if deepLinkRouteMatches(url, route: known, compiled: compiled, explain: explain, notes: &notes) {
                return deepLinkDecision(url, route: known, compiled: compiled, explain: explain, notes: &notes)
            }
        }
        // WebViewJavascriptBridge 5+ signals over https (https://__wvjb_queue_message__/, __bridge_loaded__):
        // with a wvjb rule in the file, they are that bridge's, whatever the scheme rules say of https.
        if schemes.hasWVJB && (url.component(.scheme, equals: "https") || url.component(.scheme, equals: "http")),
           url.component(.hostname, equals: WebViewJavascriptBridge.loadedHost) || url.component(.hostname, equals: WebViewJavascriptBridge.queueHost),
           let signal = WebViewJavascriptBridge.signal(url), let rule = rules.schemes.first(where: { $0.bridgeProtocol == .wvjb }) {
            if explain { notes.append(.matchedWVJBSignal(RuleReference(keyPath: rule.keyPath, name: rule.name), loadSignal: signal == .bridgeLoaded)) }
            return Decision(action: rule.action, kind: .bridge, rule: rule.name, url: url, parameters: empty,
                            interception: .bridge(signal), error: nil, explanation: notes)
        }

        // 4. Sentinels.
        // Found first, made into a decision here: a Decision is built once, in place, never passed out as an
        // Optional (a large optional struct is copied and cleared through memcpy and memset).
        // Most navigations are on no sentinel's host: then, unless explaining (which names near misses on
        // other hosts), the sentinel search is not entered at all.
        let sentinelGroup = url.firstIndex(of: .hostname, in: sentinels.hostKeys)
        if sentinelGroup != nil || explain {
            var match = SentinelMatch()
            findSentinel(url, hostGroup: sentinelGroup, request: request, explain: explain, notes: &notes, into: &match)
            if let compiled = match.compiled {
                // The parameters move into the decision (a copy would retain their text and spans here and
                // release them with `match`).
                var parameters = FormParameters()
                swap(&parameters, &match.parameters)
                if match.isFormPost {
                    return Decision(action: compiled.rule.action, kind: .sentinel, rule: compiled.rule.name, url: url, parameters: parameters,
                                    interception: .sentinel(.formPost(method: request.method)), error: nil, explanation: notes)
                }
                return sentinelDecision(url, rule: compiled.rule, action: match.isEndpointError ? .cancel : compiled.rule.action,
                                        parameters: parameters, fields: match.fields, how: match.how,
                                        expectedState: expectedState ?? rules.expectedState, explain: explain, notes: &notes)
            }
        }

        // 5. Allowed origins.
        if let schemeIndex, let index = origins.firstIndex(url, scheme: schemeIndex) {
            // The origin's fields read in place: a copy of the origin retained its every string.
            if explain { notes.append(.originAllowed(origin: url.origin, entry: RuleReference(keyPath: rules.allow[index].keyPath, name: rules.allow[index].text))) }
            return Decision(action: .allow, kind: .allowed, rule: rules.allow[index].text, url: url, parameters: empty,
                            interception: .allowedOrigin(origins.exactOrigins[index] ?? url.origin), error: nil, explanation: notes)
        }
        if explain && !rules.allow.isEmpty && url.isSpecial {
            notes.append(.originNotAllowed(url.origin))
        }

        // 6. The default.
        if explain { notes.append(.defaultAction(rules.defaultAction)) }
        return Decision(action: rules.defaultAction, kind: .default, rule: nil, url: url, parameters: empty,
                        interception: nil, error: nil, explanation: notes)
    }

    // MARK: Scheme rules

    // Each returns its Decision, built in place; none returns an optional Decision (see `findSentinel`).
    // They take the compiled rule (a reference), not a copy of the rule, which would retain its every string.

    private func bridgeDecision(_ url: BrowserURL, bridge: BridgeProtocol, compiled: CompiledSchemeRule, explain: Bool,
                                notes: inout [ExplanationStep]) -> Decision {
        // A message in an opaque path without a query (janrain:accessToken=…) carries its parameters there: read
        // once, for the decoder and the decision.
        let pathParameters = url.hasOpaquePath && !url.hasQuery ? url.pathParameters : nil
        let result = bridge == .janrain ? JanrainBridge.decode(url, pathParameters: pathParameters) : WebViewJavascriptBridge.decode(url)
        switch result {
        case .success(let message):
            if explain { notes.append(.matchedBridge(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), protocol: bridge.rawValue)) }
            return Decision(action: compiled.rule.action, kind: .bridge, rule: compiled.rule.name, url: url,
                            parameters: pathParameters ?? url.queryParameters,
                            interception: .bridge(message), error: nil, explanation: notes)
        case .failure(let error):
            if explain { notes.append(.bridgeUndecodable(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), error)) }
            return Decision(action: compiled.rule.action, kind: .bridge, rule: compiled.rule.name, url: url, parameters: url.queryParameters,
                            interception: nil, error: .bridgeMessageInvalid(error),
                            explanation: notes)
        }
    }

    /// Whether a deep-link rule takes `route` (the rule names none, or this one); when explaining, says why not.
    private func deepLinkRouteMatches(_ url: BrowserURL, route: Range<Int>, compiled: CompiledSchemeRule, explain: Bool,
                                      notes: inout [ExplanationStep]) -> Bool {
        guard let expected = compiled.rule.route, !url.bytes(route, equal: expected) else { return true }
        if explain { notes.append(.routeMismatch(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), route: url.string(inBytes: route), expected: expected)) }
        return false
    }

    private func deepLinkDecision(_ url: BrowserURL, route: Range<Int>, compiled: CompiledSchemeRule, explain: Bool,
                                  notes: inout [ExplanationStep]) -> Decision {
        let parameters = url.queryParameters
        var error: DecisionError? = nil
        // The list of missing names is made only when one is missing (a filter allocated on every deep link).
        if compiled.rule.require.contains(where: { !parameters.contains($0) }) {
            let missing = compiled.rule.require.filter { !parameters.contains($0) }
            error = .missingParameter(names: missing)
        } else if let repeated = compiled.rule.require.first(where: { parameters.count(of: $0) > 1 }) {
            error = .repeatedParameter(name: repeated, count: parameters.count(of: repeated), in: .deepLink)
        }
        if explain {
            notes.append(.matchedDeepLink(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), scheme: compiled.rule.scheme, route: compiled.rule.route))
        }
        return Decision(action: compiled.rule.action, kind: .deeplink, rule: compiled.rule.name, url: url, parameters: parameters,
                        interception: .deepLink(route: url.string(inBytes: route), parameters: parameters), error: error, explanation: notes)
    }

    /// A deep link's route as the engine matches it, or nil when the URL has none.
    public static func route(of url: BrowserURL) -> String? {
        let range = routeRange(of: url)
        return range.isEmpty ? nil : url.string(inBytes: range)
    }

    /// A deep link's route: the host (myapp://route) or the first path segment (myapp:route, myapp:///route),
    /// as UTF-8 offsets in the href, found on its bytes in place: no String is made unless a rule matches.
    static func routeRange(of url: BrowserURL) -> Range<Int> {
        let host = url.byteRange(of: .hostname)
        if !host.isEmpty { return host }
        let path = url.byteRange(of: .pathname)
        return url.withUTF8 { bytes in
            var start = path.lowerBound
            while start < path.upperBound && bytes[start] == UInt8(ascii: "/") { start += 1 }
            var end = start
            while end < path.upperBound && bytes[end] != UInt8(ascii: "/") { end += 1 }
            return start..<end
        }
    }

    // MARK: Sentinels

    /// The sentinel a URL answers, with the parameters it read (per its responseMode) and their fields.
    private struct SentinelMatch {
        var compiled: CompiledSentinel? = nil
        var parameters = FormParameters()
        var fields = ResponseFields()
        /// How the URL matched the sentinel's redirect URI: the comparison's own outcome, which explains it.
        var how = SentinelMatcher.Match()
        /// An OAuth error response at a sentinel's redirect URI that no rule there took: cancelled, whatever
        /// the rule's action.
        var isEndpointError = false
        /// A form posted to a cancelling sentinel's redirect URI: the result is in the body (form_post).
        var isFormPost = false
    }

    /// Finds the sentinel that decides `url`, if any, into `match` (left empty when none does). `hostGroup`:
    /// the URL's hostname among the sentinel index's host keys.
    private func findSentinel(_ url: BrowserURL, hostGroup: Int?, request: NavigationRequest, explain: Bool, notes: inout [ExplanationStep],
                              into match: inout SentinelMatch) {
        var candidates = 0..<0
        if let group = hostGroup {
            // Explaining names every sentinel on the host (why each did not match); deciding tries only those
            // with the URL's path.
            if !explain, let entries = sentinels.hostPaths[group] {
                if let path = url.firstIndex(of: .pathname, in: sentinels.pathKeys) {
                    if entries.count > SentinelIndex.scannedPaths {
                        if let entry = sentinels.entryByPath[group]?[path] { candidates = sentinels.pathEntries[entry].sentinels }
                    } else {
                        for entry in entries where sentinels.pathEntries[entry].path == path {
                            candidates = sentinels.pathEntries[entry].sentinels
                            break
                        }
                    }
                }
            } else {
                candidates = sentinels.hostRanges[group]
            }
        }
        // The first sentinel whose redirect URI this is and whose parameters (read per its responseMode)
        // carry `error`: an OAuth error response there is that redirect URI's result even when no rule names it.
        // Plain variables, not optional tuples: an optional tuple of these is destroyed through the generic
        // value witness on every decision.
        var endpoint: CompiledSentinel? = nil, endpointHow = SentinelMatcher.Match()
        var endpointParameters = FormParameters(), endpointFields = ResponseFields()
        // The parameters as read for `readMode` (read again only when a candidate's mode differs).
        var readMode: ResponseMode? = nil
        var parameters = FormParameters(), fields = ResponseFields()
        for candidate in candidates {
            let compiled = sentinels.list[candidate]
            let how: SentinelMatcher.Match
            switch SentinelMatcher.compare(url, compiled.key, trailingSlash: compiled.rule.trailingSlash, loopbackAnyPort: compiled.rule.loopbackAnyPort) {
            case .match(let match): how = match
            case .mismatch(let reason):
                if explain { notes.append(.sentinelMismatch(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), reason)) }
                continue
            }
            if compiled.rule.frames == .main && !request.isMainFrame || compiled.rule.frames == .sub && request.isMainFrame {
                if explain { notes.append(.wrongFrame(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), mainOnly: compiled.rule.frames == .main)) }
                continue
            }
            // OAuth 2.0 Form Post Response Mode: a POST to the redirect URI is the result (in the body); a GET is not.
            if compiled.rule.responseMode == .formPost {
                let posted = request.method == .post
                if explain { notes.append(.formPost(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), method: request.method)) }
                if !posted { continue }
                (match.compiled, match.how, match.isFormPost) = (compiled, how, true)
                return
            }
            // compiled.rule, not a copy of it: a copy retains every string of the rule. The parameters are
            // read again only when the response mode changes (sentinels on one redirect URI usually share it).
            let mode = compiled.rule.responseMode
            if readMode != mode {
                parameters = Self.parameters(of: url, mode: mode)
                fields = ResponseFields(parameters)
                readMode = mode
            }
            if endpoint == nil && fields[.error] != nil { (endpoint, endpointHow, endpointParameters, endpointFields) = (compiled, how, parameters, fields) }
            let place = compiled.rule.responseMode
            if let lacking = compiled.firstLacking(parameters, fields) {
                if explain { notes.append(.lacks(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), place: place, parameter: lacking)) }
                continue
            }
            if let forbidden = compiled.firstForbidden(parameters, fields) {
                if explain { notes.append(.forbids(RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name), place: place, parameter: forbidden)) }
                continue
            }
            // Moved, not copied: a copy retains the parameters' text and spans, and the locals then release them.
            swap(&match.parameters, &parameters)
            (match.compiled, match.how, match.fields) = (compiled, how, fields)
            return
        }
        // RFC 6749 §4.1.2.1, §4.2.2.1: an error response at a sentinel's redirect URI is the authorization
        // server's answer to the app; it never loads in the page, whatever the rules require.
        if let endpoint {
            if explain {
                notes.append(.endpointError(RuleReference(keyPath: endpoint.rule.keyPath, name: endpoint.rule.name)))
            }
            (match.compiled, match.how, match.parameters, match.fields, match.isEndpointError) = (endpoint, endpointHow, endpointParameters, endpointFields, true)
            return
        }

        if explain {
            // Near misses on other hosts: the sentinel's host appears in the URL but is not its host.
            for rule in rules.sentinels {
                if let reason = SentinelMatcher.nearMiss(url, rule) {
                    notes.append(.sentinelNearMiss(RuleReference(keyPath: rule.keyPath, name: rule.name), reason))
                }
            }
        }
    }

    /// `fields`: where the response's fields are among `parameters` (found in one pass, on bytes: no String
    /// is made for a parameter the result does not carry).
    private func sentinelDecision(_ url: BrowserURL, rule: SentinelRule, action: PolicyAction, parameters: consuming FormParameters, fields: ResponseFields,
                                  how: SentinelMatcher.Match,
                                  expectedState: String?, explain: Bool, notes: inout [ExplanationStep]) -> Decision {
        var error: DecisionError? = nil
        if let repeated = fields.repeatedCredential {
            let name = repeated.parameter
            error = .repeatedParameter(name: name, count: parameters.count(of: name), in: .response)
        }
        if error == nil, let expectedState {
            if let position = fields[.state] {
                if !parameters.value(at: position, equals: expectedState) {
                    let received = parameters.value(at: position)
                    error = .stateMismatch(received: received, sent: expectedState,
                                           difference: StateDifference.between(received: received, sent: expectedState))
                }
            } else {
                error = .stateMissing(sent: expectedState)
            }
        }
        if explain {
            let names = parameters.map(\.name)
            notes.append(.matchedSentinel(RuleReference(keyPath: rule.keyPath, name: rule.name), redirectURI: rule.redirectURI.href, how: how, parameters: names))
            if let e = fields.first(.error, in: parameters) { notes.append(.oauthError(e)) }
        }
        let result = fields.result(in: parameters)
        return Decision(action: action, kind: .sentinel, rule: rule.name, url: url, parameters: parameters, interception: .sentinel(result),
                        error: error, explanation: notes)
    }

    /// The parameters a sentinel reads, per its responseMode: query, fragment, or both (query first).
    static func parameters(of url: BrowserURL, mode: ResponseMode) -> FormParameters {
        switch mode {
        case .query: return url.queryParameters
        case .fragment: return url.fragmentParameters
        case .any: return url.queryAndFragmentParameters
        case .formPost: return FormParameters()
        }
    }
}
