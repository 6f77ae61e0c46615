// PolicyEngine.swift: decides navigations from compiled rules. The order is the contract in
// NavigationPolicy.docc/RulesFile.md ("How a navigation is decided"): a URL that does not parse is cancelled (fail closed);
// then always-blocked schemes → bridge schemes → deep-link routes → sentinels → allowed origins → the
// default; first match in file order within a group. Rules are compiled once into three indexes (the
// sentinels by host and path, the schemes, the allowed origins), so a decision never re-reads the rules file.
import BrowserURL

public struct PolicyEngine: Sendable {
    public let rules: Rules
    /// The sentinels by redirect-URI host and path.
    let sentinels: SentinelIndex
    /// Every scheme the engine or the rules name, and the scheme rules by scheme.
    let schemes: SchemeIndex
    /// The allowed origins, by host, scheme and port.
    let origins: OriginIndex

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
    /// `explain` adds the steps that led there, found by a pass of their own (`explanation(of:_:)`) after
    /// the decision is made, so deciding never pays for explaining. An error is a value; whoever prints it
    /// masks the states it carries.
    public func decide(_ request: NavigationRequest, expectedState: String? = nil, explain: Bool = false) -> Decision {
        // Returned as the call's result, not through a local: the Decision is then built in the caller's place.
        guard explain else { return decision(for: request, expectedState: expectedState ?? rules.expectedState) }
        let decision = decision(for: request, expectedState: expectedState ?? rules.expectedState)
        return decision.explained(by: explanation(of: request, decision))
    }

    /// The decision, in the contract's order: each stage returns its Decision, built in place (never an
    /// optional Decision: a large optional struct is copied and cleared through memcpy and memset).
    private func decision(for request: NavigationRequest, expectedState: String?) -> Decision {
        let empty = FormParameters()
        let url: BrowserURL
        switch BrowserURL.parse(request.url) {
        case .success(let parsed): url = parsed
        case .failure(let error):
            return Decision(action: .cancel, kind: .blocked, rule: nil, url: nil, parameters: empty, interception: nil, error: .invalidURL(error))
        }
        // What the scheme is to the engine, looked up once.
        let schemeIndex = schemes.firstIndex(url)
        let role = schemeIndex.map { schemes.roles[$0] } ?? SchemeRole()
        if isAboutPage(url, role) {
            return Decision(action: .allow, kind: .allowed, rule: nil, url: url, parameters: empty,
                            interception: .allowedOrigin("about:\(url.pathname)"), error: nil)
        }
        // 1. Always-blocked schemes, unless a scheme rule names them.
        let rulesForScheme = role.ruleGroup.map { schemes.rules[$0].rules } ?? []
        if rulesForScheme.isEmpty && role.alwaysBlocked {
            return Decision(action: .cancel, kind: .blocked, rule: nil, url: url, parameters: empty,
                            interception: .blockedScheme(url.scheme), error: nil)
        }
        // 2–3. Bridge schemes, then deep-link routes (the route is read once, for all of them, when the
        // first deep-link rule needs it: a bridge message's long opaque path is never scanned for one).
        var route: Range<Int>? = nil
        for compiled in rulesForScheme {
            if let bridge = compiled.rule.bridgeProtocol { return bridgeDecision(url, bridge: bridge, compiled: compiled) }
            let known = route ?? Self.routeRange(of: url)
            route = known
            if Self.routeMatches(url, route: known, compiled.rule) { return deepLinkDecision(url, route: known, compiled: compiled) }
        }
        if let (signal, rule) = wvjbSignal(url) {
            return Decision(action: rule.action, kind: .bridge, rule: rule.name, url: url, parameters: empty,
                            interception: .bridge(signal), error: nil)
        }
        // 4. Sentinels. Most navigations are on no sentinel's host, and the search is not entered.
        if let group = url.firstIndex(of: .hostname, in: sentinels.hostKeys) {
            var endpoint: CompiledSentinel? = nil, endpointHow = SentinelMatcher.Match(), endpointReading = ResponseReading()
            var reading = ResponseReading()
            for candidate in pathCandidates(url, hostGroup: group) {
                let compiled = sentinels.list[candidate]
                switch sentinelOutcome(compiled, url, request, reading: &reading) {
                case .mismatch, .wrongFrame, .formPost(posted: false):
                    continue
                case .formPost(posted: true):
                    return Decision(action: compiled.rule.action, kind: .sentinel, rule: compiled.rule.name, url: url, parameters: empty,
                                    interception: .sentinel(.formPost(method: request.method)), error: nil)
                case .read(let how, unmet: .none):
                    return sentinelDecision(url, rule: compiled.rule, action: compiled.rule.action, reading: reading.take(), how: how,
                                            expectedState: expectedState)
                case .read(let how, unmet: .some):
                    if endpoint == nil && reading.fields[.error] != nil { (endpoint, endpointHow, endpointReading) = (compiled, how, reading) }
                }
            }
            // RFC 6749 §4.1.2.1, §4.2.2.1: an error response at a sentinel's redirect URI is the authorization
            // server's answer to the app; it never loads in the page, whatever the rules require.
            if let endpoint {
                return sentinelDecision(url, rule: endpoint.rule, action: .cancel, reading: endpointReading.take(), how: endpointHow,
                                        expectedState: expectedState)
            }
        }
        // 5. Allowed origins.
        if let schemeIndex, let index = origins.firstIndex(url, scheme: schemeIndex) {
            // The origin's fields read in place: a copy of the origin retained its every string.
            return Decision(action: .allow, kind: .allowed, rule: rules.allow[index].text, url: url, parameters: empty,
                            interception: .allowedOrigin(origins.exactOrigins[index] ?? url.origin), error: nil)
        }
        // 6. The default.
        return Decision(action: rules.defaultAction, kind: .default, rule: nil, url: url, parameters: empty, interception: nil, error: nil)
    }

    /// about:blank and about:srcdoc, always allowed: WebKit reports them for bridge iframes.
    func isAboutPage(_ url: BrowserURL, _ role: SchemeRole) -> Bool {
        role.isAbout && url.firstIndex(of: .pathname, in: Self.aboutPageKeys) != nil
    }

    /// WebViewJavascriptBridge 5+ signals over https (https://__wvjb_queue_message__/, __bridge_loaded__):
    /// with a wvjb rule in the file, they are that bridge's, whatever the scheme rules say of https.
    func wvjbSignal(_ url: BrowserURL) -> (BridgeMessage, SchemeRule)? {
        guard schemes.hasWVJB, url.component(.scheme, equals: "https") || url.component(.scheme, equals: "http"),
              url.component(.hostname, equals: WebViewJavascriptBridge.loadedHost) || url.component(.hostname, equals: WebViewJavascriptBridge.queueHost),
              let signal = WebViewJavascriptBridge.signal(url), let rule = rules.schemes.first(where: { $0.bridgeProtocol == .wvjb }) else { return nil }
        return (signal, rule)
    }

    // MARK: Scheme rules

    // Each returns its Decision, built in place; none returns an optional Decision (see `decision(for:)`).
    // They take the compiled rule (a reference), not a copy of the rule, which would retain its every string.

    private func bridgeDecision(_ url: BrowserURL, bridge: BridgeProtocol, compiled: CompiledSchemeRule) -> Decision {
        // A message in an opaque path without a query (janrain:accessToken=…) carries its parameters there: read
        // once, for the decoder and the decision.
        let pathParameters = url.hasOpaquePath && !url.hasQuery ? url.pathParameters : nil
        let result = bridge == .janrain ? JanrainBridge.decode(url, pathParameters: pathParameters) : WebViewJavascriptBridge.decode(url)
        switch result {
        case .success(let message):
            return Decision(action: compiled.rule.action, kind: .bridge, rule: compiled.rule.name, url: url,
                            parameters: pathParameters ?? url.queryParameters, interception: .bridge(message), error: nil)
        case .failure(let error):
            return Decision(action: compiled.rule.action, kind: .bridge, rule: compiled.rule.name, url: url, parameters: url.queryParameters,
                            interception: nil, error: .bridgeMessageInvalid(error))
        }
    }

    /// Whether a deep-link rule takes `route` (the rule names none, or this one).
    static func routeMatches(_ url: BrowserURL, route: Range<Int>, _ rule: SchemeRule) -> Bool {
        guard let expected = rule.route else { return true }
        return url.bytes(route, equal: expected)
    }

    private func deepLinkDecision(_ url: BrowserURL, route: Range<Int>, compiled: CompiledSchemeRule) -> Decision {
        let parameters = url.queryParameters
        var error: DecisionError? = nil
        // The list of missing names is made only when one is missing (a filter allocated on every deep link).
        if compiled.rule.require.contains(where: { !parameters.contains($0) }) {
            let missing = compiled.rule.require.filter { !parameters.contains($0) }
            error = .missingParameter(names: missing)
        } else if let repeated = compiled.rule.require.first(where: { parameters.count(of: $0) > 1 }) {
            error = .repeatedParameter(name: repeated, count: parameters.count(of: repeated), in: .deepLink)
        }
        return Decision(action: compiled.rule.action, kind: .deeplink, rule: compiled.rule.name, url: url, parameters: parameters,
                        interception: .deepLink(route: url.string(inBytes: route), parameters: parameters), error: error)
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

    /// A response's parameters as one sentinel's responseMode reads them, with their fields; read again only
    /// when a candidate's mode differs (sentinels on one redirect URI usually share it).
    struct ResponseReading {
        private(set) var mode: ResponseMode? = nil
        private(set) var parameters = FormParameters()
        private(set) var fields = ResponseFields()

        mutating func read(_ url: BrowserURL, mode: ResponseMode) {
            guard self.mode != mode else { return }
            parameters = PolicyEngine.parameters(of: url, mode: mode)
            fields = ResponseFields(parameters)
            self.mode = mode
        }

        /// The parameters moved out, not copied: a copy retains their text and spans, and the reading then
        /// releases them.
        mutating func take() -> (parameters: FormParameters, fields: ResponseFields) {
            var taken = FormParameters()
            swap(&taken, &parameters)
            mode = nil
            return (taken, fields)
        }
    }

    /// What one sentinel makes of a URL on its host: the one test that deciding and explaining both read.
    enum SentinelOutcome {
        /// The URL is not at its redirect URI: how they differ.
        case mismatch(SentinelMatcher.MismatchReason)
        /// Its redirect URI, in a frame it does not apply to.
        case wrongFrame(mainOnly: Bool)
        /// A form_post sentinel: `posted`, a POST to its redirect URI (the result is in the body); else not its.
        case formPost(posted: Bool)
        /// Its redirect URI: the parameters read (into the reading), and the first required one lacking or
        /// forbidden one present, if any.
        case read(SentinelMatcher.Match, unmet: Unmet?)

        enum Unmet { case lacks(String), forbids(String) }
    }

    /// One sentinel's outcome for `url`; reads the response's parameters into `reading` when it gets as far.
    func sentinelOutcome(_ compiled: CompiledSentinel, _ url: BrowserURL, _ request: NavigationRequest,
                         reading: inout ResponseReading) -> SentinelOutcome {
        let how: SentinelMatcher.Match
        switch SentinelMatcher.compare(url, compiled.key, trailingSlash: compiled.rule.trailingSlash, loopbackAnyPort: compiled.rule.loopbackAnyPort) {
        case .match(let match): how = match
        case .mismatch(let reason): return .mismatch(reason)
        }
        if compiled.rule.frames == .main && !request.isMainFrame || compiled.rule.frames == .sub && request.isMainFrame {
            return .wrongFrame(mainOnly: compiled.rule.frames == .main)
        }
        // OAuth 2.0 Form Post Response Mode: a POST to the redirect URI is the result (in the body); a GET is not.
        if compiled.rule.responseMode == .formPost { return .formPost(posted: request.method == .post) }
        // compiled.rule, not a copy of it: a copy retains every string of the rule.
        reading.read(url, mode: compiled.rule.responseMode)
        if let lacking = compiled.firstLacking(reading.parameters, reading.fields) { return .read(how, unmet: .lacks(lacking)) }
        if let forbidden = compiled.firstForbidden(reading.parameters, reading.fields) { return .read(how, unmet: .forbids(forbidden)) }
        return .read(how, unmet: nil)
    }

    /// The sentinels a decision tries on the URL's host (`hostGroup`, among the index's host keys): those
    /// with the URL's path. (Explaining tries every one on the host, to say why each did not match.)
    private func pathCandidates(_ url: BrowserURL, hostGroup group: Int) -> Range<Int> {
        guard let entries = sentinels.hostPaths[group] else { return sentinels.hostRanges[group] }
        guard let path = url.firstIndex(of: .pathname, in: sentinels.pathKeys) else { return 0..<0 }
        if entries.count > SentinelIndex.scannedPaths { return sentinels.entryByPath[group]?[path].map { sentinels.pathEntries[$0].sentinels } ?? 0..<0 }
        for entry in entries where sentinels.pathEntries[entry].path == path { return sentinels.pathEntries[entry].sentinels }
        return 0..<0
    }

    /// `fields`: where the response's fields are among `parameters` (found in one pass, on bytes: no String
    /// is made for a parameter the result does not carry).
    private func sentinelDecision(_ url: BrowserURL, rule: SentinelRule, action: PolicyAction,
                                  reading: consuming (parameters: FormParameters, fields: ResponseFields),
                                  how: SentinelMatcher.Match, expectedState: String?) -> Decision {
        let (parameters, fields) = reading
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
        let result = fields.result(in: parameters)
        return Decision(action: action, kind: .sentinel, rule: rule.name, url: url, parameters: parameters, interception: .sentinel(result),
                        error: error)
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
