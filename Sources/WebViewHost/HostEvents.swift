// HostEvents.swift: what `bridge host` prints beside the replayed navigations: the stand-in network's
// requests, the page's script errors and dialogs, --eval's result, the screenshots, and how the run
// ended, as values, built with or without the WebKit trait; the output module words them.
import JSONText
import NavigationPolicy
import OutputFiles

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

/// Script in the page failed (an uncaught error, a rejected promise, a load not rendered), or the host
/// could not do what the page's run asked (a screenshot).
public enum ScriptError: Sendable, Hashable {
    /// The page's uncaught error or rejected promise: where (the script's URL, a line and column when
    /// known), in which frame, and the page's own text.
    case page(source: String, line: Int, column: Int, frame: String, message: String)
    /// WebViewJavascriptBridge's page half could not be installed.
    case wvjbPageHalf(HostScriptFailure)
    /// A bridge's queue could not be drained.
    case drainFailed(bridge: String, HostScriptFailure)
    /// A load that is not the page's own failed, or was not rendered.
    case loadFailed(url: String, why: String)
    case loadNotRendered(url: String, why: String)
    /// A screenshot's file could not be written, or the view took none.
    case screenshotFile(OutputFileProblem)
    case screenshotNotTaken(SnapshotProblem)
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

/// What --eval returned (JSON text).
public struct EvalResult: Sendable, Hashable {
    public var json: String
    public init(_ json: String) { self.json = json }

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

/// How a hosted run ended, as the transcript reports it.
public struct HostReport: Sendable, Hashable {
    public var until: String
    public var reached: Bool
    public var stopReason: HostStopReason
    /// The main frame's URL at the end (the page was still answering), or nil.
    public var finalURL: String?
    /// Seconds from start to the first interception.
    public var firstInterception: Double?
    /// What failed, in order.
    public var failures: [HostError]
    public init(until: String, reached: Bool, stopReason: HostStopReason, finalURL: String?, firstInterception: Double?, failures: [HostError]) {
        self.until = until; self.reached = reached; self.stopReason = stopReason; self.finalURL = finalURL
        self.firstInterception = firstInterception; self.failures = failures
    }

}
