// TranscriptEvent.swift: everything `check`, `replay` and `host` report, as one typed stream. Producers
// (the CLI for check, Replayer for replay, HostedWebView for host) emit events; TranscriptRenderer turns
// each into text or JSON lines through the Redactor. A new kind of output is a new case here, never a
// new writer.
import NavigationPolicy
import RulesAudit

public enum TranscriptEvent: Sendable {
    /// One URL decided by `bridge check` (no log, no sequence).
    case decision(url: String, Decision)
    /// A navigation replayed (or seen by the hosted view) and everything said about it.
    case navigation(ReplayedNavigation)
    /// A record that could not be replayed.
    case rejected(RejectedRecord)
    /// A finding not tied to the navigation being reported now (requests never answered).
    case finding(ReplayFinding)
    /// Text output only: the log that follows, when several are replayed.
    case logStart(name: String)
    /// The counts a log (or a hosted run) ends with.
    case summary(ReplaySummary, log: String, format: LogFormat)
    /// A request the hosted view's stand-in network answered or refused.
    case network(NetworkExchange)
    /// Script in the page failed (an uncaught error, a rejected promise, --eval throwing).
    case scriptError(String)
    /// A JavaScript dialog the page opened, and how the host answered it.
    case dialog(DialogEvent)
    /// What --eval returned (JSON text).
    case evalResult(String)
    /// How a hosted run ended.
    case hostResult(HostReport)
    /// `bridge serve` listens at this base URL (its first line).
    case listening(String)
    /// A request `bridge serve` answered.
    case served(ServedRequest)
    /// `bridge host --screenshots`: a PNG of the view was written.
    case screenshot(ScreenshotTaken)
    /// `bridge test`: a case, or a variant of the attack, decided and judged.
    case audit(AuditOutcome)
    /// `bridge test`: a case-file line that is not a case (skipped and counted).
    case caseFileError(CaseFileError)
    /// `bridge test`: the counts a run ends with.
    case auditSummary(AuditSummary)
}

/// A picture of the hosted view, named by the transcript sequence it follows.
public struct ScreenshotTaken: Sendable, Hashable {
    /// The file written.
    public var path: String
    /// The sequence number of the navigation it follows (the last one, at the end).
    public var seq: Int
    /// Why it was taken: "intercepted RULE" or "end".
    public var after: String
    public init(path: String, seq: Int, after: String) { self.path = path; self.seq = seq; self.after = after }
}

/// One request the provider emulator answered (its target's secrets are masked when rendered).
public struct ServedRequest: Sendable, Hashable {
    public var method: String
    /// The path and query.
    public var target: String
    public var status: Int
    public init(method: String, target: String, status: Int) {
        self.method = method; self.target = target; self.status = status
    }
}

/// One request through the stand-in network.
public struct NetworkExchange: Sendable, Hashable {
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
}

/// A JavaScript dialog (alert, confirm, prompt, beforeunload) and the answer it was given.
public struct DialogEvent: Sendable, Hashable {
    public var kind: String
    public var message: String
    /// What the page got back: "undefined", "false", "null", …
    public var answer: String
    public init(kind: String, message: String, answer: String) {
        self.kind = kind; self.message = message; self.answer = answer
    }
}

/// How a hosted run ended, as the transcript reports it.
public struct HostReport: Sendable, Hashable {
    public var until: String
    public var reached: Bool
    public var stopReason: String
    /// The main frame's URL at the end (the page was still answering), or nil.
    public var finalURL: String?
    /// Seconds from start to the first interception.
    public var firstInterception: Double?
    /// What failed, as `kind: message`.
    public var failures: [String]
    public init(until: String, reached: Bool, stopReason: String, finalURL: String?, firstInterception: Double?, failures: [String]) {
        self.until = until; self.reached = reached; self.stopReason = stopReason; self.finalURL = finalURL
        self.firstInterception = firstInterception; self.failures = failures
    }
}
