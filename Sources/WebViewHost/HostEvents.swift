// HostEvents.swift: what `bridge host` prints beside the replayed navigations: the stand-in network's
// requests, the page's script errors and dialogs, --eval's result, the screenshots, and how the run
// ended. Each is an OutputEvent owned here (its text line and its JSON line), built with or without the
// WebKit trait so that the transcript's forms are the same everywhere.
import CommandOutput
import JSONText
import NavigationPolicy
import SensitiveText

/// One request through the stand-in network.
public struct NetworkExchange: OutputEvent, Hashable {
    public var method: String
    public var url: String
    /// The HTTP status answered; nil when refused before any HTTP (a CONNECT to a host not in the site).
    public var status: Int?
    /// The file served, or the redirect's location.
    public var detail: String?
    public var refused: Bool
    public init(method: String, url: String, status: Int?, detail: String?, refused: Bool) {
        self.method = method; self.url = url; self.status = status; self.detail = detail; self.refused = refused
    }
    /// Refused, or an error status: shown without --verbose.
    public var isNoteworthy: Bool { refused || (status ?? 0) >= 400 }

    public func textLines(_ text: TranscriptText) -> [String] {
        let shown = "       net  \(text.safe(method)) \(text.url(url)) \(status.map(String.init) ?? "---")"
            + (detail.map { "  " + text.foreign($0) } ?? "")
        return [refused ? text.style.yellow(shown + "  (refused)") : text.style.dim(shown)]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        var o = JSONFields()
        o.add("method", method)
        o.add("url", json.redactor.rawURL(url))
        o.add("status", .int(status))
        o.add("refused", refused)
        if let detail { o.add("detail", json.redactor.foreignText(detail)) }
        return .single("network", .object(o))
    }
}

/// Script in the page failed (an uncaught error, a rejected promise, a load not rendered).
public struct ScriptError: OutputEvent, Hashable {
    public var message: MessageText
    /// The page's own error text: foreign, read for the shapes of credentials.
    public init(_ message: String) { self.message = "\(foreign: message)" }
    /// bridge's words about a failure, with the values they quote.
    public init(words: MessageText) { self.message = words }

    public func textLines(_ text: TranscriptText) -> [String] {
        [TranscriptText.indent + text.style.red("script error") + " " + text.safe(text.redactor.text(message))]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? { .single("scriptError", .string(json.redactor.text(message))) }
}

/// A JavaScript dialog (alert, confirm, prompt, beforeunload) and the answer it was given.
public struct DialogEvent: OutputEvent, Hashable {
    public var kind: String
    public var message: String
    /// What the page got back: "undefined", "false", "null", …
    public var answer: String
    public init(kind: String, message: String, answer: String) {
        self.kind = kind; self.message = message; self.answer = answer
    }

    public func textLines(_ text: TranscriptText) -> [String] {
        ["    dialog  \(text.safe(kind)) " + text.safe(text.redactor.foreignText(message).debugDescription) + " → \(text.safe(answer))"]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        .single("dialog", .object(JSONFields([("kind", .string(kind)), ("message", .string(json.redactor.foreignText(message))),
                                              ("answer", .string(answer))])))
    }
}

/// What --eval returned (JSON text).
public struct EvalResult: OutputEvent, Hashable {
    public var json: String
    public init(_ json: String) { self.json = json }

    public func textLines(_ text: TranscriptText) -> [String] {
        ["      eval  → " + text.safe(TranscriptJSON(redactor: text.redactor, explain: false).redactJSONText(json))]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? { .single("eval", .string(json.redactJSONText(self.json))) }
}

/// A picture of the hosted view, named by the transcript sequence it follows.
public struct ScreenshotTaken: OutputEvent, Hashable {
    /// The file written.
    public var path: String
    /// The sequence number of the navigation it follows (the last one, at the end).
    public var seq: Int
    /// Why it was taken: "intercepted RULE" or "end".
    public var after: String
    public init(path: String, seq: Int, after: String) { self.path = path; self.seq = seq; self.after = after }

    public func textLines(_ text: TranscriptText) -> [String] {
        [text.style.dim("  screenshot  after \(text.safe(after)) (seq \(seq)) → \(text.safe(path))")]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        .single("screenshot", .object(JSONFields([("path", .string(path)), ("seq", .int(seq)), ("after", .string(after))])))
    }
}

/// How a hosted run ended, as the transcript reports it.
public struct HostReport: OutputEvent, Hashable {
    public var until: String
    public var reached: Bool
    public var stopReason: MessageText
    /// The main frame's URL at the end (the page was still answering), or nil.
    public var finalURL: String?
    /// Seconds from start to the first interception.
    public var firstInterception: Double?
    /// What failed, as `kind: message`.
    public var failures: [MessageText]
    public init(until: String, reached: Bool, stopReason: MessageText, finalURL: String?, firstInterception: Double?, failures: [MessageText]) {
        self.until = until; self.reached = reached; self.stopReason = stopReason; self.finalURL = finalURL
        self.firstInterception = firstInterception; self.failures = failures
    }

    public func textLines(_ text: TranscriptText) -> [String] {
        let alive = finalURL.map { "the page still answers at " + text.url($0) } ?? "the page did not answer at the end"
        let first = firstInterception.map { "first interception at " + TranscriptText.seconds($0) } ?? "nothing intercepted"
        let reason = text.safe(text.redactor.text(stopReason))
        let stop = reached ? text.style.green("stopped: \(reason)") : text.style.red("failed: \(reason)")
        return ["  \(stop); \(first); \(alive)"]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        let redactor = json.redactor
        var o = JSONFields()
        o.add("until", until)
        o.add("reached", reached)
        o.add("stop", redactor.text(stopReason))
        o.add("finalURL", .string(finalURL.map(redactor.rawURL)))
        o.add("firstInterceptionMs", .int(firstInterception.map { Int(($0 * 1000).rounded()) }))
        o.add("failures", .array(failures.map { .string(redactor.text($0)) }))
        return .single("host", .object(o))
    }
}
