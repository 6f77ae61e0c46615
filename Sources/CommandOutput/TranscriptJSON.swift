// TranscriptJSON.swift: the JSON-lines form of output events, one object per line, keys in a fixed order
// (saved transcripts are compared line by line), and the decision object every command that decides
// shares: `bridge check` prints it as it is, a navigation adds seq, at, time, recorded, mismatch, events
// and findings to it. The other events are one-member objects named by their kind ({"rejected": …},
// {"summary": …}, {"network": …}, …). Every string comes from the Redactor.
import JSONText
import NavigationPolicy
import SecretMasking

public struct TranscriptJSON: Sendable {
    public let redactor: Redactor
    public let explain: Bool

    public init(redactor: Redactor, explain: Bool) {
        self.redactor = redactor
        self.explain = explain
    }

    /// The event's line, or nil for events that have no JSON form (a log's heading).
    public func line(_ event: some OutputEvent) -> String? {
        event.jsonObject(self)?.line
    }

    /// The event's object, or nil.
    public func object(_ event: some OutputEvent) -> JSONFields? { event.jsonObject(self) }

    /// JSON text (what --eval returned) with secret keys masked; other text as free text.
    public func redactJSONText(_ text: String) -> String {
        guard redactor.isEnabled else { return text }
        if let value = JSONValue.parse(text) {
            if case .string(let s) = value { return JSONWriter.quoted(redactor.foreignText(s)) }
            return redactor.json(value).jsonText
        }
        return redactor.foreignText(text)
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
            object.add("error", .object(JSONFields([("code", .string(error.code)), ("message", .string(error.message(masking: redactor)))])))
        } else {
            object.add("error", .null)
        }
        if let interception = d.interception { object.add("intercepted", .object(self.interception(interception))) }
        if explain { object.add("explanation", .array(d.explanationLines(masking: redactor).map { .string($0) })) }
        return object
    }

    public func interception(_ i: Interception) -> JSONFields {
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
            o.add("error", redactor.foreignText(error))
            if let description { o.add("error_description", redactor.foreignText(description)) }
            if let uri { o.add("error_uri", redactor.rawURL(uri)) }
        case .sentinel(.formPost(let method)):
            o.add("type", "form-post")
            o.add("method", method)
        case .bridge(let message):
            o.add("type", "bridge")
            switch message {
            case .drainRequest(let p): o.add("message", "drain-request"); o.add("protocol", p.rawValue)
            case .bridgeLoaded: o.add("message", "bridge-loaded")
            case .event(let name, let arguments): o.add("message", "event"); o.add("event", name); o.add("arguments", arguments.count)
            case .eventFailed(let name, let error): o.add("message", "event-failed"); o.add("event", name); o.add("error", redactor.foreignText(error))
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

    /// `{"name": count, …}` in the pairs' order.
    public func counts(_ pairs: [(String, Int)]) -> JSONOutput {
        .object(JSONFields(pairs.map { ($0.0, .int($0.1)) }))
    }
}
