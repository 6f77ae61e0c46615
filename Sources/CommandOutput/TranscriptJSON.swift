// TranscriptJSON.swift: the JSON Lines form of output events (OutputLine: the schema's `type` first, keys in
// a fixed order, since saved transcripts are compared line by line), and the decision members every line
// that decides shares (`check`'s decision, a navigation, a test): the input as given, the URL as parsed,
// decision, kind, rule, params, error and what was intercepted. `file` is the input the events come from
// (a log being replayed), for the lines that say where they were read. Every string comes from the Redactor.
import JSONText
import NavigationPolicy
import NavigationReplay
import SecretMasking

package struct TranscriptJSON: Sendable {
    package let redactor: Redactor
    package let explain: Bool
    /// The file (as named on the command line) the events being written were read from: a log.
    package var file: String?
    /// The engine that ran the page the events come from (`bridge host`: webkit, chromium); nil otherwise.
    package var engine: String?

    package init(redactor: Redactor, explain: Bool, file: String? = nil) {
        self.redactor = redactor
        self.explain = explain
        self.file = file
    }

    /// The event's lines: none for an event that has no JSON form (a log's heading), one for most, and for
    /// a navigation its line and then its findings'.
    package func lines(_ event: some OutputEvent) -> [String] {
        objects(event).map(\.line)
    }

    /// The event's objects (each with its `type` first), as `lines` writes them.
    package func objects(_ event: some OutputEvent) -> [JSONFields] { event.jsonLines(self).map { $0.line(engine: engine) } }

    /// The event's own object (the first of `objects`), or nil.
    package func object(_ event: some OutputEvent) -> JSONFields? { objects(event).first }

    /// JSON text (what --eval returned) with secret keys masked; other text as free text.
    package func redactJSONText(_ text: String) -> String {
        guard redactor.isEnabled else { return text }
        if let value = JSONValue.parse(text) {
            if case .string(let s) = value { return JSONWriter.quoted(redactor.foreignText(s)) }
            return redactor.json(value).jsonText
        }
        return redactor.foreignText(text)
    }

    // MARK: Decisions and navigations

    /// `input` (the URL as given), `url` (as parsed; null when it does not parse), `decision`, `kind`,
    /// `rule`, `params`, `error` and `intercepted`.
    package func decision(input: String, _ d: Decision) -> JSONFields {
        var object = JSONFields()
        object.add("input", redactor.rawURL(input))
        object.add("url", .string(d.url.map(redactor.href)))
        object.add("decision", d.action.rawValue)
        object.add("kind", d.kind.rawValue)
        object.add("rule", .string(d.rule))
        var params = JSONFields()
        for p in d.parameters { params.add(p.name, redactor.value(p.value, forParameter: p.name)) }
        object.add("params", .object(params))
        object.add("error", d.error.map { error in
            var detail = JSONOutput.null
            if case .invalidURL(let urlError) = error { detail = urlError.json(message: redactor.text(urlError.words)) }
            return self.error(code: error.code, message: error.message(masking: redactor), detail: detail)
        } ?? .null)
        object.add("intercepted", d.interception.map { .object(self.interception($0)) } ?? .null)
        return object
    }

    /// A frame as every line names it: `main`, `sub`, or, for a navigation, `unknown` where the log or the
    /// engine could not tell and the top frame's was taken (`frameFrom` says why; the decision is the top
    /// frame's, and a `frame-unknown` finding says what an iframe's answer would be).
    package static func frame(isMain: Bool, evidence: FrameEvidence? = nil) -> String {
        evidence?.isGuess == true ? "unknown" : isMain ? "main" : "sub"
    }

    /// The schema's error object: `{"code", "message", "detail"}`.
    package func error(code: String, message: String, detail: JSONOutput = .null) -> JSONOutput {
        .object(JSONFields([("code", .string(code)), ("message", .string(message)), ("detail", detail)]))
    }

    /// `--explain`'s steps, or null when they were not asked for.
    package func explanation(_ d: Decision) -> JSONOutput {
        explain ? .array(d.explanationLines(masking: redactor).map { .string($0) }) : .null
    }

    package func interception(_ i: Interception) -> JSONFields {
        var o = JSONFields()
        switch i {
        case .sentinel(.authorization(let code, let token, let idToken, let state)):
            o.add("type", "authorization")
            o.add("code", .string(code.map(redactor.mask)))
            o.add("access_token", .string(token.map(redactor.mask)))
            o.add("id_token", .string(idToken.map(redactor.mask)))
            o.add("state", .string(state.map(redactor.mask)))
        case .sentinel(.oauthError(let error, let description, let uri, _)):
            o.add("type", "oauth-error")
            o.add("error", redactor.foreignText(error))
            o.add("error_description", .string(description.map(redactor.foreignText)))
            o.add("error_uri", .string(uri.map(redactor.rawURL)))
        case .sentinel(.formPost(let method)):
            o.add("type", "form-post")
            o.add("method", method.name)
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
    package func counts(_ pairs: [(String, Int)]) -> JSONOutput {
        .object(JSONFields(pairs.map { ($0.0, .int($0.1)) }))
    }
}
