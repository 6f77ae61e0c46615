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
    package func textLines(_ text: TranscriptText) -> [String] {
        var line = TranscriptText.leftPadded(String(seq), 4) + "  " + TranscriptText.leftPadded(text.safe(record.time?.text ?? "-"), 8) + "  "
        line += text.decisionLine(url: record.url, decision)
        if let sameDocument = record.sameDocument { line += "  (same document: \(sameDocument.rawValue))" }
        if let evidence = record.frameEvidence {
            let frame = evidence.isGuess ? "frame unknown, decided as the main frame's" : record.isMainFrame ? "main frame" : "subframe"
            line += "  (\(frame), from \(evidence.words))"
        }
        if !events.isEmpty {
            line += "  events: " + events.map { Self.eventText($0, text) }.joined(separator: ", ")
        }
        if mismatch, let recorded = record.recordedDecision {
            line += "  " + text.style.red(text.style.bold("MISMATCH: recorded \(recorded.rawValue)"))
        }
        return [line] + text.explanation(decision, indent: TranscriptText.indent) + findings.map { $0.line(text) }
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var object = JSONFields()
        json.location(record.location).add(to: &object, path: true, masking: json.redactor)
        object.add("seq", seq)
        object.add("time", record.time?.json ?? .null)
        object.add(contentsOf: json.decision(input: record.url, decision))
        object.add("recorded", .string(record.recordedDecision?.rawValue))
        object.add("mismatch", mismatch)
        object.add("sameDocument", .string(record.sameDocument?.rawValue))
        object.add("frame", TranscriptJSON.frame(isMain: record.isMainFrame, evidence: record.frameEvidence))
        object.add("frameFrom", .string(record.frameEvidence?.rawValue))
        object.add("events", .array(events.map { .object(Self.eventObject($0, json)) }))
        object.add("findings", ReplayFinding.ids(findings, seq: seq))
        object.add("explanation", json.explanation(decision))
        return OutputLine(.navigation, object)
    }

    /// The navigation's line, then a line for each of its findings.
    package func jsonLines(_ json: TranscriptJSON) -> [OutputLine] {
        (jsonLine(json).map { [$0] } ?? []) + ReplayFinding.lines(findings, seq: seq, json)
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
        o.add("detail", .string(e.detail.map { json.redactor.text($0.words) }))
        return o
    }
}

extension ReplayedCall: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        var line = TranscriptText.leftPadded(String(seq), 4) + "  " + TranscriptText.leftPadded(text.safe(call.time?.text ?? "-"), 8) + "  "
        line += text.style.cyan("call") + "    " + text.safe(call.name) + "(" + text.redactor.interfaceArguments(call.arguments).map { text.safe($0.jsonText) }.joined(separator: ", ") + ")"
        if !events.isEmpty {
            line += "  events: " + events.map { ReplayedNavigation.eventText($0, text) }.joined(separator: ", ")
        }
        return [line] + findings.map { $0.line(text) }
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var object = JSONFields()
        json.location(call.location).add(to: &object, path: true, masking: json.redactor)
        object.add("seq", seq)
        object.add("time", call.time?.json ?? .null)
        object.add("name", call.name)
        object.add("arguments", .array(json.redactor.interfaceArguments(call.arguments).map(\.output)))
        object.add("events", .array(events.map { .object(ReplayedNavigation.eventObject($0, json)) }))
        object.add("findings", ReplayFinding.ids(findings, seq: seq))
        return OutputLine(.call, object)
    }

    /// The call's line, then a line for each of its findings.
    package func jsonLines(_ json: TranscriptJSON) -> [OutputLine] {
        (jsonLine(json).map { [$0] } ?? []) + ReplayFinding.lines(findings, seq: seq, json)
    }
}

extension RejectedRecord: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        [TranscriptText.indent + text.style.red("rejected") + " \(location): " + text.safe(text.redactor.text(reason.words))]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var object = JSONFields()
        var place = json.location(location)
        // Where in the record (or the document) the reader stopped, when it says.
        switch reason {
        case .notJSON(let column, _), .incompleteJSON(let column, _): place.column = column
        case .documentNotJSON(_, _, let line, let column), .har(.cut(_, let line, let column)): place.line = line; place.column = column
        default: break
        }
        place.add(to: &object, path: true, masking: json.redactor)
        object.add("code", reason.code)
        object.add("message", json.redactor.text(reason.words))
        return OutputLine(.rejected, object)
    }
}

extension ReplayFinding: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] { [line(text)] }

    /// A finding printed on its own (one no navigation carries: a request never answered, found when the
    /// log ends): no line names it, and its `id` is null.
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? { OutputLine(.finding, fields(json, id: nil)) }

    /// The id of a navigation's (or call's) finding: `SEQ.N`, its Nth finding (from 0). Unique in a log's
    /// lines (and an engine's, under `host --engine both`), and the same in every run of the same log.
    static func id(seq: Int, index: Int) -> String { "\(seq).\(index)" }

    /// The `findings` member of a navigation or call line: its findings' ids, in order.
    static func ids(_ findings: [ReplayFinding], seq: Int) -> JSONOutput {
        .array(findings.indices.map { .string(id(seq: seq, index: $0)) })
    }

    /// The finding lines that follow a navigation's or call's line.
    static func lines(_ findings: [ReplayFinding], seq: Int, _ json: TranscriptJSON) -> [OutputLine] {
        findings.enumerated().map { OutputLine(.finding, $1.fields(json, id: id(seq: seq, index: $0))) }
    }

    func line(_ text: TranscriptText) -> String {
        let label = "\(severity.rawValue) \(code)"
        return TranscriptText.indent + (severity == .error ? text.style.red(label) : text.style.yellow(label)) + " (\(location)): " + text.safe(text.redactor.text(words))
    }

    /// The finding's members: the schema's finding line.
    func fields(_ json: TranscriptJSON, id: String?) -> JSONFields {
        var object = JSONFields()
        object.add("id", .string(id))
        json.location(location).add(to: &object, path: true, masking: json.redactor)
        object.add("seq", .int(seq))
        object.add("code", code)
        object.add("severity", severity.rawValue)
        object.add("message", json.redactor.text(words))
        return object
    }
}

/// Text output only: the log that follows, when several are replayed.
package struct LogStart: OutputEvent, Hashable {
    package var name: String
    package init(name: String) { self.name = name }

    package func textLines(_ text: TranscriptText) -> [String] { [text.style.bold("== " + text.foreign(name))] }
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? { nil }
}

/// The counts a log (or a hosted run) ends with.
package struct LogSummary: OutputEvent {
    package var summary: ReplaySummary
    package var log: String
    package var format: LogFormat

    package init(_ summary: ReplaySummary, log: String, format: LogFormat) {
        self.summary = summary
        self.log = log
        self.format = format
    }

    static let eventStatuses: [DispatchedEvent.Status] = [.delivered, .unhandled, .undispatched, .repeated, .failed, .invalid, .reply]

    /// What was not replayed, in words, in the order of the words.
    static func skipped(_ summary: ReplaySummary) -> [(String, Int)] {
        summary.skipped.map { ($0.key.message, $0.value) }.sorted { $0.0 < $1.0 }
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        let s = summary
        var lines = [text.style.bold("summary: " + text.file(log) + " (\(format.rawValue))")]
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

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        let s = summary
        var o = JSONFields()
        o.add("file", json.redactor.fileName(log))
        o.add("format", format.rawValue)
        o.add("records", s.recordsRead)
        o.add("replayed", s.replayed)
        o.add("unread", s.rejected)
        o.add("synthetic", s.synthetic)
        o.add("skipped", json.counts(Self.skipped(s)))
        o.add("decisions", json.counts([PolicyAction.allow, .cancel].map { ($0.rawValue, s.byDecision[$0, default: 0]) }))
        o.add("kinds", json.counts(DecisionKind.allCases.map { ($0.rawValue, s.byKind[$0, default: 0]) }))
        o.add("sentinelHits", json.counts([("results", s.sentinelResults), ("oauthErrors", s.sentinelErrors), ("passThrough", s.sentinelPassThrough)]))
        o.add("eventCounts", json.counts(Self.eventStatuses.map { ($0.rawValue, s.events[$0, default: 0]) }))
        o.add("calls", s.calls)
        o.add("mismatches", s.mismatches)
        o.add("findingCounts", json.counts(Severity.allCases.map { ($0.rawValue, s.findings[$0, default: 0]) }))
        return OutputLine(.logSummary, o)
    }
}

extension TranscriptJSON {
    /// A record's place in the log being written: its line in a navlog, its key path in a JSON document.
    /// A line of no file (a hosted run that writes no recording) is no place, and is null.
    func location(_ location: RecordLocation) -> OutputLocation {
        switch location.place {
        case .line(let n): OutputLocation(file: file, line: file == nil ? nil : n)
        case .path(let p): OutputLocation(file: file, path: p)
        case .file: OutputLocation(file: file)
        }
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
