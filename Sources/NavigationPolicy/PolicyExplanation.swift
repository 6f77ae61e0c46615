// PolicyExplanation.swift: why the engine decided as it did (`--explain`), a pass of its own after the
// decision. It walks the contract's order as `decision(for:)` does, through the same tests (the scheme
// index, `routeMatches`, `wvjbSignal`, `sentinelOutcome` and so `SentinelMatcher.compare`, the origin
// index), and says at each stage what it found; where the decision already read something once (a bridge
// message's decoding error) it reads the decision. It tries every sentinel on the URL's host, where deciding
// tries only those with its path, to say why each other did not match, and names near misses on other
// hosts when no sentinel took the URL. ExplanationAgreementTests holds the two passes to each other.
import BrowserURL

extension PolicyEngine {
    /// The steps that led to `decision`, made of `request`.
    func explanation(of request: NavigationRequest, _ decision: Decision) -> [ExplanationStep] {
        guard let url = decision.url else {
            if case .invalidURL(let error)? = decision.error { return [.unparseable(error.code)] }
            return []
        }
        let schemeIndex = schemes.firstIndex(url)
        let role = schemeIndex.map { schemes.roles[$0] } ?? SchemeRole()
        if isAboutPage(url, role) { return [.aboutPageAllowed(path: url.pathname)] }
        let rulesForScheme = role.ruleGroup.map { schemes.rules[$0].rules } ?? []
        if rulesForScheme.isEmpty && role.alwaysBlocked { return [.schemeAlwaysBlocked(url.scheme)] }

        var steps: [ExplanationStep] = []
        // Read once for every deep-link rule, as deciding reads it (and only when there is a scheme rule).
        let route = rulesForScheme.isEmpty ? 0..<0 : Self.routeRange(of: url)
        for compiled in rulesForScheme {
            let rule = compiled.rule, reference = RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name)
            if let bridge = rule.bridgeProtocol {
                if case .bridgeMessageInvalid(let error)? = decision.error {
                    return steps + [.bridgeUndecodable(reference, error)]
                }
                return steps + [.matchedBridge(reference, protocol: bridge.rawValue)]
            }
            guard Self.routeMatches(url, route: route, rule) else {
                steps.append(.routeMismatch(reference, route: url.string(inBytes: route), expected: rule.route ?? ""))
                continue
            }
            return steps + [.matchedDeepLink(reference, scheme: rule.scheme, route: rule.route)]
        }
        if let (signal, rule) = wvjbSignal(url) {
            return steps + [.matchedWVJBSignal(RuleReference(keyPath: rule.keyPath, name: rule.name), loadSignal: signal == .bridgeLoaded)]
        }
        let (sentinelSteps, tookIt) = self.sentinelSteps(url, request)
        steps += sentinelSteps
        if tookIt { return steps }
        for rule in rules.sentinels {
            if let reason = SentinelMatcher.nearMiss(url, rule) { steps.append(.sentinelNearMiss(RuleReference(keyPath: rule.keyPath, name: rule.name), reason)) }
        }
        if let schemeIndex, let index = origins.firstIndex(url, scheme: schemeIndex) {
            let entry = rules.allow[index]
            return steps + [.originAllowed(origin: url.origin, entry: RuleReference(keyPath: entry.keyPath, name: entry.text))]
        }
        if !rules.allow.isEmpty && url.isSpecial { steps.append(.originNotAllowed(url.origin)) }
        return steps + [.defaultAction(rules.defaultAction)]
    }

    /// Every sentinel on the URL's host, in file order, until one takes it: why each did not, and the one that
    /// did (or the redirect URI whose OAuth error response no rule took), and whether one took it.
    private func sentinelSteps(_ url: BrowserURL, _ request: NavigationRequest) -> (steps: [ExplanationStep], tookIt: Bool) {
        guard let group = url.firstIndex(of: .hostname, in: sentinels.hostKeys) else { return ([], false) }
        var steps: [ExplanationStep] = []
        var reading = ResponseReading()
        var endpoint: (rule: SentinelRule, how: SentinelMatcher.Match, reading: ResponseReading)? = nil
        for candidate in sentinels.hostRanges[group] {
            let compiled = sentinels.list[candidate]
            let reference = RuleReference(keyPath: compiled.rule.keyPath, name: compiled.rule.name)
            switch sentinelOutcome(compiled, url, request, reading: &reading) {
            case .mismatch(let reason):
                steps.append(.sentinelMismatch(reference, reason))
            case .wrongFrame(let mainOnly):
                steps.append(.wrongFrame(reference, mainOnly: mainOnly))
            case .formPost(let posted):
                steps.append(.formPost(reference, method: request.method))
                if posted { return (steps, true) }
            case .read(let how, unmet: .none):
                return (steps + matched(compiled.rule, how: how, reading), true)
            case .read(let how, unmet: .some(let unmet)):
                if endpoint == nil && reading.fields[.error] != nil { endpoint = (compiled.rule, how, reading) }
                switch unmet {
                case .lacks(let parameter): steps.append(.lacks(reference, place: compiled.rule.responseMode, parameter: parameter))
                case .forbids(let parameter): steps.append(.forbids(reference, place: compiled.rule.responseMode, parameter: parameter))
                }
            }
        }
        guard let endpoint else { return (steps, false) }
        return (steps + [.endpointError(RuleReference(keyPath: endpoint.rule.keyPath, name: endpoint.rule.name))]
                + matched(endpoint.rule, how: endpoint.how, endpoint.reading), true)
    }

    /// The sentinel that took the URL: its redirect URI, how it matched, the parameters read, and the OAuth
    /// error the response carries, if any.
    private func matched(_ rule: SentinelRule, how: SentinelMatcher.Match, _ reading: ResponseReading) -> [ExplanationStep] {
        let matched = ExplanationStep.matchedSentinel(RuleReference(keyPath: rule.keyPath, name: rule.name), redirectURI: rule.redirectURI.href,
                                                      how: how, parameters: reading.parameters.map(\.name))
        guard let error = reading.fields.first(.error, in: reading.parameters) else { return [matched] }
        return [matched, .oauthError(error)]
    }
}
