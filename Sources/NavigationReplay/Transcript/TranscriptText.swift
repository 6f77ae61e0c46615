// TranscriptText.swift: the text form of transcript events, for people: one line per decision or
// navigation (sequence, time, decision, kind, rule, URL and parameters, events), findings, explanations
// and rejected records indented under it, and a summary per log. Every string comes from the Redactor and
// is escaped for the terminal before any colour is added.
import NavigationPolicy
import RulesAudit

public struct TranscriptText: Sendable {
    public let redactor: Redactor
    public let style: TerminalStyle
    public let explain: Bool

    static let kinds: [DecisionKind] = [.sentinel, .bridge, .deeplink, .blocked, .allowed, .default]
    static let eventStatuses: [DispatchedEvent.Status] = [.delivered, .unhandled, .undispatched, .repeated, .failed, .invalid, .reply]
    static let indent = String(repeating: " ", count: 16)

    public init(redactor: Redactor, style: TerminalStyle = .plain, explain: Bool) {
        self.redactor = redactor
        self.style = style
        self.explain = explain
    }

    /// Escaped for the terminal.
    func safe(_ text: String) -> String { Redactor.terminalSafe(text) }

    public func lines(_ event: TranscriptEvent) -> [String] {
        switch event {
        case .decision(let url, let d):
            let line = decisionLine(url: url, d)
            return [d.action == .cancel ? style.cyan(line) : line] + (explain ? d.explanationLines(masking: redactor).map { "    " + safe(redactor.message($0)) } : [])
        case .navigation(let n):
            var lines = [navigation(n)]
            if explain { lines += n.decision.explanationLines(masking: redactor).map { Self.indent + safe(redactor.message($0)) } }
            lines += n.findings.map(finding)
            return lines
        case .rejected(let r):
            return [Self.indent + style.red("rejected") + " \(r.location): " + safe(redactor.message(r.reason))]
        case .finding(let f): return [finding(f)]
        case .logStart(let name): return [style.bold("== " + safe(redactor.message(name)))]
        case .summary(let s, let log, let format): return summary(s, log: log, format: format)
        case .network(let exchange):
            let status = exchange.status.map(String.init) ?? "---"
            let text = "       net  \(safe(exchange.method)) \(safe(redactor.rawURL(exchange.url))) \(status)"
                + (exchange.detail.map { "  " + safe(redactor.message($0)) } ?? "")
            return [exchange.refused ? style.yellow(text + "  (refused)") : style.dim(text)]
        case .scriptError(let message):
            return [Self.indent + style.red("script error") + " " + safe(redactor.message(message))]
        case .dialog(let dialog):
            return ["    dialog  \(safe(dialog.kind)) " + safe(redactor.message(dialog.message).debugDescription) + " → \(safe(dialog.answer))"]
        case .evalResult(let result):
            return ["      eval  → " + safe(TranscriptJSON(redactor: redactor, explain: false).redactJSONText(result))]
        case .hostResult(let report):
            let alive = report.finalURL.map { "the page still answers at " + safe(redactor.rawURL($0)) } ?? "the page did not answer at the end"
            let first = report.firstInterception.map { "first interception at " + Self.seconds($0) } ?? "nothing intercepted"
            let reason = safe(redactor.message(report.stopReason))
            let stop = report.reached ? style.green("stopped: \(reason)") : style.red("failed: \(reason)")
            return ["  \(stop); \(first); \(alive)"]
        case .listening(let base): return [safe(base)]
        case .screenshot(let shot):
            return [style.dim("  screenshot  after \(safe(shot.after)) (seq \(shot.seq)) → \(safe(shot.path))")]
        case .served(let request):
            let line = "serve  \(safe(request.method)) \(safe(redactor.rawURL(request.target))) \(request.status)"
            return [request.status >= 400 ? style.yellow(line) : line]
        case .audit(let outcome): return audit(outcome)
        case .caseFileError(let error):
            return [style.red("bad ") + "  " + safe(redactor.message(error.description))]
        case .auditSummary(let summary): return [auditSummary(summary)]
        }
    }

    /// Seconds with three decimals, without Foundation's formatter.
    static func seconds(_ value: Double) -> String {
        let ms = Int((value * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
    }

    /// `cancel  sentinel  signin          https://…  code=abcd…(16) …`.
    public func decisionLine(url: String, _ d: Decision) -> String {
        var parts = [d.action.rawValue.padded(6), d.kind.rawValue.padded(8), safe(d.rule ?? "-").padded(14),
                     safe(redactor.rawURL(url))]
        if !d.parameters.isEmpty {
            parts.append(d.parameters.map { safe("\($0.name)=\(redactor.value($0.value, forParameter: $0.name))") }.joined(separator: " "))
        }
        if let error = d.error { parts.append("error: \(error.code): " + safe(redactor.message(error.message(masking: redactor)))) }
        return parts.joined(separator: "  ")
    }

    func navigation(_ n: ReplayedNavigation) -> String {
        var line = String(n.seq).leftPadded(4) + "  " + safe(n.record.time?.text ?? "-").leftPadded(8) + "  "
        let decision = decisionLine(url: n.record.url, n.decision)
        line += n.decision.action == .cancel ? style.cyan(decision) : decision
        if !n.events.isEmpty {
            line += "  events: " + n.events.map(event).joined(separator: ", ")
        }
        if n.mismatch, let recorded = n.record.recordedDecision {
            line += "  " + style.red(style.bold("MISMATCH: recorded \(recorded.rawValue)"))
        }
        return line
    }

    func event(_ e: DispatchedEvent) -> String {
        switch e.status {
        case .delivered: return safe("\(e.event) → \(e.handlers.joined(separator: ", "))")
        case .undispatched: return safe(e.event)
        default: return safe("\(e.event) (\(e.status.rawValue))")
        }
    }

    func finding(_ f: ReplayFinding) -> String {
        let label = "\(f.severity.rawValue) \(f.code)"
        return Self.indent + (f.severity == .error ? style.red(label) : style.yellow(label)) + " (\(f.location)): " + safe(redactor.message(f.message))
    }

    func summary(_ s: ReplaySummary, log: String, format: LogFormat) -> [String] {
        var lines = [style.bold("summary: " + safe(redactor.message(log)) + " (\(format.rawValue))")]
        lines.append("  records read \(s.recordsRead): \(s.replayed) replayed, \(s.rejected) rejected"
                     + (s.synthetic > 0 ? " (\(s.synthetic) of the replayed made by the reader: redirects to custom schemes)" : ""))
        lines.append("  decisions: \(s.byDecision[.allow, default: 0]) allow, \(s.byDecision[.cancel, default: 0]) cancel; "
                     + Self.kinds.map { "\($0.rawValue) \(s.byKind[$0, default: 0])" }.joined(separator: ", "))
        lines.append("  sentinel hits: \(s.sentinelResults) results, \(s.sentinelErrors) OAuth errors, \(s.sentinelPassThrough) passed through")
        let events = Self.eventStatuses.compactMap { st in s.events[st].map { "\($0) \(st.rawValue)" } }
        lines.append("  events: " + (events.isEmpty ? "none" : events.joined(separator: ", ")))
        lines.append("  mismatches: \(s.mismatches)")
        lines.append("  findings: \(s.findings[.error, default: 0]) errors, \(s.findings[.warning, default: 0]) warnings")
        for (reason, count) in s.skipped.sorted(by: { $0.key < $1.key }) {
            lines.append("  not replayed: \(count) " + safe(reason))
        }
        return lines
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
