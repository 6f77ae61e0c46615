// ReplayTranscript.swift: how `bridge replay` writes what it replays. Text: one line per navigation
// (sequence, time, decision, kind, rule, redacted URL and parameters, events), findings and rejected
// records indented under the navigation they concern, and a summary. JSON: one object per navigation with
// `bridge check`'s fields plus seq, at, time, recorded, mismatch, events and findings; rejected records
// and end-of-log findings as their own objects; one summary object last. Secrets are masked unless --reveal.
import NavigationPolicy
import NavigationReplay

enum ReplayJSON {
    static func navigation(_ n: ReplayedNavigation, redactor: Redactor, explain: Bool) -> JSONObject {
        var object = JSONObject()
        object.add("seq", .int(n.seq))
        object.add("at", n.record.location.description)
        object.add("time", time(n.record.time))
        let d: Decision = n.decision
        let decisionObject: JSONObject = DecisionJSON.object(url: n.record.url, d, redactor: redactor, explain: explain)
        object.add(contentsOf: decisionObject)
        let recorded: JSONLineValue = n.record.recordedDecision.map { JSONLineValue.string($0.rawValue) } ?? JSONLineValue.null
        object.add("recorded", recorded)
        object.add("mismatch", n.mismatch)
        var events: [JSONLineValue] = []
        for e in n.events { events.append(event(e)) }
        object.add("events", .array(events))
        if !n.findings.isEmpty {
            var findings: [JSONLineValue] = []
            for f in n.findings { findings.append(.object(finding(f))) }
            object.add("findings", .array(findings))
        }
        return object
    }

    static func time(_ t: RecordTime?) -> JSONLineValue {
        switch t {
        case .milliseconds(let ms)?: return ms == ms.rounded() && abs(ms) < 1e15 ? .int(Int(ms)) : .string(String(ms))
        case .timestamp(let s)?: return .string(s)
        case nil: return .null
        }
    }

    static func event(_ e: DispatchedEvent) -> JSONLineValue {
        var o = JSONObject()
        o.add("event", e.event)
        o.add("status", e.status.rawValue)
        o.add("handlers", .array(e.handlers.map { .string($0) }))
        if let detail = e.detail { o.add("detail", detail) }
        return .object(o)
    }

    static func finding(_ f: ReplayFinding) -> JSONObject {
        var o = JSONObject()
        o.add("code", f.code)
        o.add("severity", f.severity.rawValue)
        o.add("at", f.location.description)
        o.add("seq", f.seq.map { .int($0) } ?? .null)
        o.add("message", f.message)
        return o
    }

    static func rejected(_ r: RejectedRecord) -> JSONObject {
        var inner = JSONObject()
        inner.add("at", r.location.description)
        inner.add("reason", r.reason)
        var o = JSONObject()
        o.add("rejected", .object(inner))
        return o
    }

    static func lateFinding(_ f: ReplayFinding) -> JSONObject {
        var o = JSONObject()
        o.add("finding", .object(finding(f)))
        return o
    }

    static func summary(_ s: ReplaySummary, log: String, format: LogFormat) -> JSONObject {
        var o = JSONObject()
        o.add("log", log)
        o.add("format", format.rawValue)
        o.add("records", .int(s.recordsRead))
        o.add("replayed", .int(s.replayed))
        o.add("rejected", .int(s.rejected))
        o.add("synthetic", .int(s.synthetic))
        o.add("skipped", counts(s.skipped.sorted { $0.key < $1.key }))
        o.add("decisions", counts([PolicyAction.allow, .cancel].map { ($0.rawValue, s.byDecision[$0, default: 0]) }))
        o.add("kinds", counts(ReplayText.kinds.map { ($0.rawValue, s.byKind[$0, default: 0]) }))
        o.add("sentinelHits", counts([("results", s.sentinelResults), ("oauthErrors", s.sentinelErrors), ("passThrough", s.sentinelPassThrough)]))
        o.add("events", counts(ReplayText.eventStatuses.map { ($0.rawValue, s.events[$0, default: 0]) }))
        o.add("mismatches", .int(s.mismatches))
        o.add("findings", counts([("error", s.findings[.error, default: 0]), ("warning", s.findings[.warning, default: 0])]))
        var top = JSONObject()
        top.add("summary", .object(o))
        return top
    }

    static func counts(_ pairs: [(String, Int)]) -> JSONLineValue {
        var o = JSONObject()
        for (k, v) in pairs { o.add(k, .int(v)) }
        return .object(o)
    }
}

enum ReplayText {
    static let kinds: [DecisionKind] = [.sentinel, .bridge, .deeplink, .blocked, .allowed, .default]
    static let eventStatuses: [DispatchedEvent.Status] = [.delivered, .unhandled, .undispatched, .repeated, .failed, .invalid, .reply]

    static func navigation(_ n: ReplayedNavigation, redactor: Redactor, style: TerminalStyle) -> String {
        var line = String(n.seq).leftPadded(4) + "  " + (n.record.time?.text ?? "-").leftPadded(8) + "  "
        let decision = DecisionText.line(url: n.record.url, n.decision, redactor: redactor)
        line += n.decision.action == .cancel ? style.cyan(decision) : decision
        if !n.events.isEmpty {
            line += "  events: " + n.events.map(event).joined(separator: ", ")
        }
        if n.mismatch, let recorded = n.record.recordedDecision {
            line += "  " + style.red(style.bold("MISMATCH: recorded \(recorded.rawValue)"))
        }
        return line
    }

    static func event(_ e: DispatchedEvent) -> String {
        switch e.status {
        case .delivered: return "\(e.event) → \(e.handlers.joined(separator: ", "))"
        case .undispatched: return e.event
        default: return "\(e.event) (\(e.status.rawValue))"
        }
    }

    static func finding(_ f: ReplayFinding, style: TerminalStyle) -> String {
        let label = "\(f.severity.rawValue) \(f.code)"
        return "                " + (f.severity == .error ? style.red(label) : style.yellow(label)) + " (\(f.location)): \(f.message)"
    }

    static func rejected(_ r: RejectedRecord, style: TerminalStyle) -> String {
        "                " + style.red("rejected") + " \(r.location): \(r.reason)"
    }

    static func summary(_ s: ReplaySummary, log: String, format: LogFormat, style: TerminalStyle) -> [String] {
        var lines = [style.bold("summary: \(log) (\(format.rawValue))")]
        lines.append("  records read \(s.recordsRead): \(s.replayed) replayed, \(s.rejected) rejected"
                     + (s.synthetic > 0 ? " (\(s.synthetic) of the replayed made by the reader: redirects to custom schemes)" : ""))
        lines.append("  decisions: \(s.byDecision[.allow, default: 0]) allow, \(s.byDecision[.cancel, default: 0]) cancel; "
                     + kinds.map { "\($0.rawValue) \(s.byKind[$0, default: 0])" }.joined(separator: ", "))
        lines.append("  sentinel hits: \(s.sentinelResults) results, \(s.sentinelErrors) OAuth errors, \(s.sentinelPassThrough) passed through")
        let events = eventStatuses.compactMap { st in s.events[st].map { "\($0) \(st.rawValue)" } }
        lines.append("  events: " + (events.isEmpty ? "none" : events.joined(separator: ", ")))
        lines.append("  mismatches: \(s.mismatches)")
        lines.append("  findings: \(s.findings[.error, default: 0]) errors, \(s.findings[.warning, default: 0]) warnings")
        for (reason, count) in s.skipped.sorted(by: { $0.key < $1.key }) {
            lines.append("  not replayed: \(count) \(reason)")
        }
        return lines
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
