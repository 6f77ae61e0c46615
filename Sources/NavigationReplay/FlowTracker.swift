// FlowTracker.swift: follows OAuth flows across a log. An authorization request (a navigation whose query
// carries redirect_uri with state, client_id or response_type) is remembered; the sentinel hit on that
// redirect_uri answers it, and its state must be the one sent. Reports a state mismatch or a missing state,
// a sentinel nobody asked for (and, when it carries a bare code, that it is likely a reset link), a reset
// link the app cancelled as a sign-in, and requests never answered. At most `maxPending` requests are held,
// so memory stays flat on any log; one pushed out is reported as unanswered then. A request whose
// redirect_uri is a provider's own (ProviderDirectory: Social Login's callback at *.rpxnow.com, asked for by
// the identity provider) is a leg between providers that loads in the view by design, not the app's result.
import BrowserURL
import Foundation
import NavigationPolicy
import SecretMasking
import ProviderDirectory

struct FlowTracker {
    struct Request {
        let redirect: BrowserURL
        let state: String?
        let location: RecordLocation
        let seq: Int
    }

    static let maxPending = 64
    private(set) var pending: [Request] = []
    let rules: Rules
    let engine: PolicyEngine
    let redactor: Redactor

    init(engine: PolicyEngine, redactor: Redactor) {
        self.engine = engine
        rules = engine.rules
        self.redactor = redactor
    }

    /// `interception`: the decision's, read once by the caller.
    mutating func observe(_ record: NavigationRecord, _ decision: Decision, _ interception: Interception?, seq: Int,
                          into findings: inout [ReplayFinding]) {
        guard let url = decision.url else { return }
        if decision.kind == .sentinel, case .sentinel(let result)? = interception {
            // A closure, not `engine.sentinelRule(named:)` partially applied: that copies the engine (every
            // reference it holds retained and released) on each sentinel.
            let rule = decision.rule.flatMap { engine.sentinelRule(named: $0) }
            if rule?.action == .allow {
                if record.recordedDecision == .cancel {
                    findings.append(ReplayFinding(.resetLinkAsSignIn(rule: decision.rule), at: record.location, seq: seq))
                }
                return
            }
            if let rule { answer(url, result, rule: rule, record: record, seq: seq, into: &findings) }
            return
        }
        guard decision.kind != .bridge, decision.kind != .deeplink, Self.mayCarryRedirectURI(url) else { return }
        let query = url.queryParameters
        guard let redirectText = query.first("redirect_uri"),
              query.contains("state") || query.contains("client_id") || query.contains("response_type") else { return }
        guard case .success(let redirect) = BrowserURL.parse(redirectText),
              ProviderDirectory.provider(forHost: redirect.hostname) == nil else { return }
        let state = query.first("state")
        if state == nil {
            findings.append(ReplayFinding(.requestWithoutState(origin: url.origin, redirectURI: redirect.hrefExcludingFragment), at: record.location, seq: seq))
        }
        if !rules.sentinels.contains(where: { $0.action == .cancel && SentinelMatcher.compare(redirect, $0).isMatch }) {
            let fallback = engine.decide(NavigationRequest(url: redirect.hrefExcludingFragment))
            findings.append(ReplayFinding(.requestNotIntercepted(redirectURI: redirect.hrefExcludingFragment, decided: fallback.action, kind: fallback.kind), at: record.location, seq: seq))
        }
        if pending.count == Self.maxPending {
            let dropped = pending.removeFirst()
            findings.append(unanswered(dropped, pendingLimit: Self.maxPending))
        }
        pending.append(Request(redirect: redirect, state: state, location: record.location, seq: seq))
    }

    private mutating func answer(_ url: BrowserURL, _ result: SentinelResult, rule: SentinelRule, record: NavigationRecord, seq: Int,
                                 into findings: inout [ReplayFinding]) {
        let hitState: String?
        var bareCode = false
        var isOAuthResponse = true
        switch result {
        case .authorization(let code, let token, let idToken, let state):
            hitState = state
            bareCode = code != nil && token == nil && idToken == nil && state == nil
            // A link with other parameters (Realm's token/tokenId, Kii's) is not an OAuth response.
            isOAuthResponse = code != nil || token != nil || idToken != nil || state != nil
        case .oauthError(_, _, _, let state): hitState = state
        case .formPost:
            // The state is in the body, which a navigation does not show: the latest request is answered, unchecked.
            hitState = nil
        }
        guard isOAuthResponse else { return }
        let candidates = pending.indices.filter { SentinelMatcher.answers(url, redirectURI: pending[$0].redirect, under: rule) }
        guard let latest = candidates.last else {
            if bareCode {
                findings.append(ReplayFinding(.possibleResetLink(origin: url.origin, path: url.pathname), at: record.location, seq: seq))
            } else {
                findings.append(ReplayFinding(.sentinelWithoutRequest(origin: url.origin, path: url.pathname), at: record.location, seq: seq))
            }
            return
        }
        if let hitState, let exact = candidates.last(where: { pending[$0].state == hitState }) {
            pending.remove(at: exact)
            return
        }
        let request = pending.remove(at: latest)
        if case .formPost = result { return }
        guard let sent = request.state else { return }
        if let hitState {
            findings.append(ReplayFinding(.stateMismatch(received: hitState, sent: sent, requestAt: request.location, requestSeq: request.seq,
                                                         difference: StateDifference.between(received: hitState, sent: sent)),
                                          at: record.location, seq: seq))
        } else {
            findings.append(ReplayFinding(.stateMissing(sent: sent, requestAt: request.location, requestSeq: request.seq), at: record.location, seq: seq))
        }
    }

    /// Requests still pending at the end of the log.
    mutating func finish() -> [ReplayFinding] {
        defer { pending = [] }
        return pending.map { unanswered($0, pendingLimit: nil) }
    }

    private func unanswered(_ request: Request, pendingLimit: Int?) -> ReplayFinding {
        ReplayFinding(.requestUnanswered(redirectURI: request.redirect.hrefExcludingFragment, pendingLimit: pendingLimit), at: request.location, seq: request.seq)
    }

    /// A cheap test before the query is decoded: does the href contain "redirect_uri" at all? Each "_"
    /// (rare in a URL, found with memchr) is checked for "redirect" before it and "uri" after it.
    static func mayCarryRedirectURI(_ url: BrowserURL) -> Bool {
        var href = url.href
        return href.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress, bytes.count >= 12 else { return false }
            var from = 8
            while from + 3 < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "_")), bytes.count - 3 - from) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at - 8, "redirect", 8) == 0 && memcmp(base + at + 1, "uri", 3) == 0 { return true }
                from = at + 1
            }
            return false
        }
    }
}
