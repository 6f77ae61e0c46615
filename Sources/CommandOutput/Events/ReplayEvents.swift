// ReplayEvents.swift: what `bridge replay` (and `bridge host`, which replays as the page runs) prints: a
// navigation with its decision, events and findings; a record that could not be replayed; a finding not
// tied to the navigation being printed; a log's heading (text only) and the counts it ends with. Each is
// an OutputEvent: its text line and its JSON line, through the renderer's Redactor.
import FindingSeverity
import NavigationReplay
import JSONText
import NavigationPolicy
import SecretMasking
import SensitiveText

extension ReplayedNavigation: OutputEvent {
    public func textLines(_ text: TranscriptText) -> [String] {
        var line = TranscriptText.leftPadded(String(seq), 4) + "  " + TranscriptText.leftPadded(text.safe(record.time?.text ?? "-"), 8) + "  "
        line += text.decisionLine(url: record.url, decision)
        if let sameDocument = record.sameDocument { line += "  (same document: \(sameDocument.rawValue))" }
        if let evidence = record.frameEvidence { line += "  (\(record.isMainFrame ? "main frame" : "subframe"), from \(evidence.words))" }
        if !events.isEmpty {
            line += "  events: " + events.map { Self.eventText($0, text) }.joined(separator: ", ")
        }
        if mismatch, let recorded = record.recordedDecision {
            line += "  " + text.style.red(text.style.bold("MISMATCH: recorded \(recorded.rawValue)"))
        }
        return [line] + text.explanation(decision, indent: TranscriptText.indent) + findings.map { $0.line(text) }
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        var object = JSONFields()
        object.add("seq", seq)
        object.add("at", record.location.description)
        object.add("time", record.time?.json ?? .null)
        object.add(contentsOf: json.decision(url: record.url, decision))
        object.add("recorded", .string(record.recordedDecision?.rawValue))
        object.add("mismatch", mismatch)
        if let sameDocument = record.sameDocument { object.add("sameDocument", sameDocument.rawValue) }
        if let evidence = record.frameEvidence {
            object.add("frame", record.isMainFrame ? "main" : "sub")
            object.add("frameFrom", evidence.rawValue)
        }
        object.add("events", .array(events.map { .object(Self.eventObject($0, json)) }))
        if !findings.isEmpty { object.add("findings", .array(findings.map { .object($0.fields(json)) })) }
        return object
    }

    static func eventText(_ e: DispatchedEvent, _ text: TranscriptText) -> String {
        switch e.status {
        case .delivered: return text.safe("\(e.event) → \(e.handlers.joined(separator: ", "))")
        case .undispatched: return text.safe(e.event)
        default: return text.safe("\(e.event) (\(e.status.rawValue))")
        }
    }

    static func eventObject(_ e: DispatchedEvent, _ json: TranscriptJSON) -> JSONFields {
        var o = JSONFields()
        o.add("event", e.event)
        o.add("status", e.status.rawValue)
        o.add("handlers", .array(e.handlers.map { .string($0) }))
        if let detail = e.detail { o.add("detail", json.redactor.text(detail.words)) }
        return o
    }
}

extension ReplayedCall: OutputEvent {
    public func textLines(_ text: TranscriptText) -> [String] {
        var line = TranscriptText.leftPadded(String(seq), 4) + "  " + TranscriptText.leftPadded(text.safe(call.time?.text ?? "-"), 8) + "  "
        line += text.style.cyan("call") + "    " + text.safe(call.name) + "(" + text.redactor.interfaceArguments(call.arguments).map { text.safe($0.jsonText) }.joined(separator: ", ") + ")"
        if !events.isEmpty {
            line += "  events: " + events.map { ReplayedNavigation.eventText($0, text) }.joined(separator: ", ")
        }
        return [line] + findings.map { $0.line(text) }
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        var object = JSONFields()
        object.add("seq", seq)
        object.add("at", call.location.description)
        object.add("time", call.time?.json ?? .null)
        object.add("call", call.name)
        object.add("arguments", .array(json.redactor.interfaceArguments(call.arguments).map(\.output)))
        object.add("events", .array(events.map { .object(ReplayedNavigation.eventObject($0, json)) }))
        if !findings.isEmpty { object.add("findings", .array(findings.map { .object($0.fields(json)) })) }
        return object
    }
}

extension RejectedRecord: OutputEvent {
    public func textLines(_ text: TranscriptText) -> [String] {
        [TranscriptText.indent + text.style.red("rejected") + " \(location): " + text.safe(text.redactor.text(reason.words))]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        .single("rejected", .object(JSONFields([("at", .string(location.description)), ("reason", .string(json.redactor.text(reason.words)))])))
    }
}

extension ReplayFinding: OutputEvent {
    public func textLines(_ text: TranscriptText) -> [String] { [line(text)] }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? { .single("finding", .object(fields(json))) }

    func line(_ text: TranscriptText) -> String {
        let label = "\(severity.rawValue) \(code)"
        return TranscriptText.indent + (severity == .error ? text.style.red(label) : text.style.yellow(label)) + " (\(location)): " + text.safe(text.redactor.text(words))
    }

    func fields(_ json: TranscriptJSON) -> JSONFields {
        JSONFields([("code", .string(code)), ("severity", .string(severity.rawValue)), ("at", .string(location.description)),
                    ("seq", .int(seq)), ("message", .string(json.redactor.text(words)))])
    }
}

/// Text output only: the log that follows, when several are replayed.
public struct LogStart: OutputEvent, Hashable {
    public var name: String
    public init(name: String) { self.name = name }

    public func textLines(_ text: TranscriptText) -> [String] { [text.style.bold("== " + text.foreign(name))] }
    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? { nil }
}

/// The counts a log (or a hosted run) ends with.
public struct LogSummary: OutputEvent {
    public var summary: ReplaySummary
    public var log: String
    public var format: LogFormat

    public init(_ summary: ReplaySummary, log: String, format: LogFormat) {
        self.summary = summary
        self.log = log
        self.format = format
    }

    static let eventStatuses: [DispatchedEvent.Status] = [.delivered, .unhandled, .undispatched, .repeated, .failed, .invalid, .reply]

    /// What was not replayed, in words, in the order of the words.
    static func skipped(_ summary: ReplaySummary) -> [(String, Int)] {
        summary.skipped.map { ($0.key.message, $0.value) }.sorted { $0.0 < $1.0 }
    }

    public func textLines(_ text: TranscriptText) -> [String] {
        let s = summary
        var lines = [text.style.bold("summary: " + text.foreign(log) + " (\(format.rawValue))")]
        lines.append("  records read \(s.recordsRead): \(s.replayed) replayed, \(s.rejected) rejected"
                     + (s.synthetic > 0 ? " (\(s.synthetic) of the replayed made by the reader: redirects the browser did not follow)" : ""))
        lines.append("  decisions: \(s.byDecision[.allow, default: 0]) allow, \(s.byDecision[.cancel, default: 0]) cancel; "
                     + DecisionKind.allCases.map { "\($0.rawValue) \(s.byKind[$0, default: 0])" }.joined(separator: ", "))
        lines.append("  sentinel hits: \(s.sentinelResults) results, \(s.sentinelErrors) OAuth errors, \(s.sentinelPassThrough) passed through")
        let events = Self.eventStatuses.compactMap { st in s.events[st].map { "\($0) \(st.rawValue)" } }
        lines.append("  events: " + (events.isEmpty ? "none" : events.joined(separator: ", ")))
        if s.calls > 0 { lines.append("  interface calls: \(s.calls)") }
        lines.append("  mismatches: \(s.mismatches)")
        lines.append("  findings: \(s.findings[.error, default: 0]) errors, \(s.findings[.warning, default: 0]) warnings")
        for (reason, count) in Self.skipped(s) {
            lines.append("  not replayed: \(count) " + text.safe(reason))
        }
        return lines
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        let s = summary
        var o = JSONFields()
        o.add("log", json.redactor.foreignText(log))
        o.add("format", format.rawValue)
        o.add("records", s.recordsRead)
        o.add("replayed", s.replayed)
        o.add("rejected", s.rejected)
        o.add("synthetic", s.synthetic)
        o.add("skipped", json.counts(Self.skipped(s)))
        o.add("decisions", json.counts([PolicyAction.allow, .cancel].map { ($0.rawValue, s.byDecision[$0, default: 0]) }))
        o.add("kinds", json.counts(DecisionKind.allCases.map { ($0.rawValue, s.byKind[$0, default: 0]) }))
        o.add("sentinelHits", json.counts([("results", s.sentinelResults), ("oauthErrors", s.sentinelErrors), ("passThrough", s.sentinelPassThrough)]))
        o.add("events", json.counts(Self.eventStatuses.map { ($0.rawValue, s.events[$0, default: 0]) }))
        if s.calls > 0 { o.add("calls", s.calls) }
        o.add("mismatches", s.mismatches)
        o.add("findings", json.counts([("error", s.findings[.error, default: 0]), ("warning", s.findings[.warning, default: 0])]))
        return .single("summary", .object(o))
    }
}

extension DispatchedEvent.Detail {
    /// The detail: the page's own error text (foreign), or why the entry is not an event.
    var words: MessageText {
        switch self {
        case .pageError(let error): return "\(foreign: error)"
        case .invalidEntry(let problem): return problem.words
        }
    }
}
