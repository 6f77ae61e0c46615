// TranscriptJSON.swift: the JSON-lines form of transcript events, one object per line, keys in a fixed
// order (saved transcripts are compared line by line). A navigation is `bridge check`'s decision object
// plus seq, at, time, recorded, mismatch, events and findings; the other events are one-member objects
// named by their kind ({"rejected": …}, {"summary": …}, {"network": …}, …). Every string comes from the
// Redactor.
import NavigationPolicy
import RulesAudit

public struct TranscriptJSON: Sendable {
    public let redactor: Redactor
    public let explain: Bool

    public init(redactor: Redactor, explain: Bool) {
        self.redactor = redactor
        self.explain = explain
    }

    /// The event's line, or nil for events that have no JSON form (a log's heading).
    public func line(_ event: TranscriptEvent) -> String? {
        object(event)?.line
    }

    public func object(_ event: TranscriptEvent) -> JSONFields? {
        switch event {
        case .decision(let url, let decision): return self.decision(url: url, decision)
        case .navigation(let n): return navigation(n)
        case .rejected(let r):
            return .single("rejected", .object(JSONFields([("at", .string(r.location.description)), ("reason", .string(redactor.message(r.reason)))])))
        case .finding(let f): return .single("finding", .object(finding(f)))
        case .logStart: return nil
        case .summary(let s, let log, let format): return .single("summary", .object(summary(s, log: log, format: format)))
        case .network(let exchange):
            var o = JSONFields()
            o.add("method", exchange.method)
            o.add("url", redactor.rawURL(exchange.url))
            o.add("status", .int(exchange.status))
            o.add("refused", exchange.refused)
            if let detail = exchange.detail { o.add("detail", redactor.message(detail)) }
            return .single("network", .object(o))
        case .scriptError(let message): return .single("scriptError", .string(redactor.message(message)))
        case .dialog(let dialog):
            return .single("dialog", .object(JSONFields([("kind", .string(dialog.kind)), ("message", .string(redactor.message(dialog.message))),
                                                          ("answer", .string(dialog.answer))])))
        case .evalResult(let result): return .single("eval", .string(redactJSONText(result)))
        case .hostResult(let report):
            var o = JSONFields()
            o.add("until", report.until)
            o.add("reached", report.reached)
            o.add("stop", redactor.message(report.stopReason))
            o.add("finalURL", .string(report.finalURL.map(redactor.rawURL)))
            o.add("firstInterceptionMs", .int(report.firstInterception.map { Int(($0 * 1000).rounded()) }))
            o.add("failures", .array(report.failures.map { .string(redactor.message($0)) }))
            return .single("host", .object(o))
        case .listening(let base): return .single("listening", .string(base))
        case .screenshot(let shot):
            return .single("screenshot", .object(JSONFields([("path", .string(shot.path)), ("seq", .int(shot.seq)), ("after", .string(shot.after))])))
        case .audit(let outcome): return .single("test", .object(audit(outcome)))
        case .caseFileError(let error): return .single("badLine", .object(caseFileError(error)))
        case .auditSummary(let summary): return .single("testSummary", .object(auditSummary(summary)))
        case .served(let request):
            return .single("served", .object(JSONFields([("method", .string(request.method)), ("target", .string(redactor.rawURL(request.target))),
                                                        ("status", .int(request.status))])))
        }
    }

    /// JSON text (what --eval returned) with secret keys masked; other text as free text.
    func redactJSONText(_ text: String) -> String {
        guard redactor.isEnabled else { return text }
        if let value = JSONValue.parse(text) {
            if case .string(let s) = value { return JSONWriter.quoted(redactor.message(s)) }
            return redactor.json(value).jsonText
        }
        return redactor.message(text)
    }

    // MARK: Decisions and navigations

    public func decision(url: String, _ d: Decision) -> JSONFields {
        var object = JSONFields()
        object.add("url", d.url.map(redactor.href) ?? redactor.rawURL(url))
        object.add("decision", d.action.rawValue)
        object.add("kind", d.kind.rawValue)
        object.add("rule", .string(d.rule))
        var params = JSONFields()
        for p in d.parameters { params.add(p.name, redactor.value(p.value, forParameter: p.name)) }
        object.add("params", .object(params))
        if let error = d.error {
            object.add("error", .object(JSONFields([("code", .string(error.code)), ("message", .string(redactor.message(error.message(masking: redactor))))])))
        } else {
            object.add("error", .null)
        }
        if let interception = d.interception { object.add("intercepted", .object(self.interception(interception))) }
        if explain { object.add("explanation", .array(d.explanationLines(masking: redactor).map { .string(redactor.message($0)) })) }
        return object
    }

    func interception(_ i: Interception) -> JSONFields {
        var o = JSONFields()
        switch i {
        case .sentinel(.authorization(let code, let token, let idToken, let state)):
            o.add("type", "authorization")
            if let code { o.add("code", redactor.mask(code)) }
            if let token { o.add("access_token", redactor.mask(token)) }
            if let idToken { o.add("id_token", redactor.mask(idToken)) }
            if let state { o.add("state", redactor.mask(state)) }
        case .sentinel(.oauthError(let error, let description, let uri, _)):
            o.add("type", "oauth-error")
            o.add("error", redactor.message(error))
            if let description { o.add("error_description", redactor.message(description)) }
            if let uri { o.add("error_uri", redactor.rawURL(uri)) }
        case .bridge(let message):
            o.add("type", "bridge")
            switch message {
            case .drainRequest(let p): o.add("message", "drain-request"); o.add("protocol", p.rawValue)
            case .bridgeLoaded: o.add("message", "bridge-loaded")
            case .event(let name, let arguments): o.add("message", "event"); o.add("event", name); o.add("arguments", arguments.count)
            case .eventFailed(let name, let error): o.add("message", "event-failed"); o.add("event", name); o.add("error", redactor.message(error))
            case .legacyAccessToken(let token): o.add("message", "legacy-access-token"); o.add("accessToken", redactor.mask(token))
            case .wvjbMessage(let handler, _, _): o.add("message", "wvjb-message"); o.add("handler", handler)
            case .wvjbReply(let id, _): o.add("message", "wvjb-reply"); o.add("responseId", id)
            }
        case .deepLink(let route, _):
            o.add("type", "deeplink")
            o.add("route", .string(route))
        case .blockedScheme(let scheme):
            o.add("type", "blocked-scheme")
            o.add("scheme", scheme)
        case .allowedOrigin(let origin):
            o.add("type", "allowed-origin")
            o.add("origin", origin)
        }
        return o
    }

    public func navigation(_ n: ReplayedNavigation) -> JSONFields {
        var object = JSONFields()
        object.add("seq", n.seq)
        object.add("at", n.record.location.description)
        object.add("time", n.record.time?.json ?? .null)
        object.add(contentsOf: decision(url: n.record.url, n.decision))
        object.add("recorded", .string(n.record.recordedDecision?.rawValue))
        object.add("mismatch", n.mismatch)
        object.add("events", .array(n.events.map { .object(event($0)) }))
        if !n.findings.isEmpty { object.add("findings", .array(n.findings.map { .object(finding($0)) })) }
        return object
    }

    func event(_ e: DispatchedEvent) -> JSONFields {
        var o = JSONFields()
        o.add("event", e.event)
        o.add("status", e.status.rawValue)
        o.add("handlers", .array(e.handlers.map { .string($0) }))
        if let detail = e.detail { o.add("detail", redactor.message(detail)) }
        return o
    }

    func finding(_ f: ReplayFinding) -> JSONFields {
        JSONFields([("code", .string(f.code)), ("severity", .string(f.severity.rawValue)), ("at", .string(f.location.description)),
                    ("seq", .int(f.seq)), ("message", .string(redactor.message(f.message)))])
    }

    func summary(_ s: ReplaySummary, log: String, format: LogFormat) -> JSONFields {
        var o = JSONFields()
        o.add("log", redactor.message(log))
        o.add("format", format.rawValue)
        o.add("records", s.recordsRead)
        o.add("replayed", s.replayed)
        o.add("rejected", s.rejected)
        o.add("synthetic", s.synthetic)
        o.add("skipped", counts(s.skipped.sorted { $0.key < $1.key }))
        o.add("decisions", counts([PolicyAction.allow, .cancel].map { ($0.rawValue, s.byDecision[$0, default: 0]) }))
        o.add("kinds", counts(TranscriptText.kinds.map { ($0.rawValue, s.byKind[$0, default: 0]) }))
        o.add("sentinelHits", counts([("results", s.sentinelResults), ("oauthErrors", s.sentinelErrors), ("passThrough", s.sentinelPassThrough)]))
        o.add("events", counts(TranscriptText.eventStatuses.map { ($0.rawValue, s.events[$0, default: 0]) }))
        o.add("mismatches", s.mismatches)
        o.add("findings", counts([("error", s.findings[.error, default: 0]), ("warning", s.findings[.warning, default: 0])]))
        return o
    }

    func counts(_ pairs: [(String, Int)]) -> JSONOutput {
        .object(JSONFields(pairs.map { ($0.0, .int($0.1)) }))
    }
}
