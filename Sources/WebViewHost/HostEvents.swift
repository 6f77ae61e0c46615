// HostEvents.swift: what `bridge host` prints beside the replayed navigations: the stand-in network's
// requests, the page's script errors and dialogs, --eval's result, the screenshots, and how the run
// ended, as values, built with or without the WebKit trait; the output module words them.
import FlowInspector
import JSONText
import NavigationPolicy
import OutputFiles

/// One request through the stand-in network.
package struct NetworkExchange: Sendable, Hashable {
    package var method: String
    package var url: String
    /// The HTTP status answered; nil when refused before any HTTP (a CONNECT to a host not in the site).
    package var status: Int?
    /// Where the answer came from (a site file, the emulator, a refusal and why).
    package var detail: NetworkDetail?
    package var refused: Bool
    package init(method: String, url: String, status: Int?, detail: NetworkDetail?, refused: Bool) {
        self.method = method; self.url = url; self.status = status; self.detail = detail; self.refused = refused
    }
    /// Refused, or an error status: shown without --verbose.
    package var isNoteworthy: Bool { refused || (status ?? 0) >= 400 }

}

/// Where the stand-in network's answer to a request came from, or why there was none: a value the output
/// module words.
package enum NetworkDetail: Sendable, Hashable {
    /// A site file served (its path relative to the working directory when under it).
    case file(path: String)
    /// A site file that could not be read.
    case unreadable(path: String)
    /// The site's redirect.
    case redirect(location: String)
    /// The site has nothing for it.
    case notInSite(SiteRefusal)
    /// A CONNECT to a host the site does not serve (`providerHost`: one --provider would send to the emulator).
    case hostNotInSite(providerHost: Bool)
    /// Answered by the emulator (in this process or a `bridge serve`), and its redirect's target if any.
    case provider(location: String?)
    /// The emulator's answer a page on `origin` may not read (no CORS grant): the origin to allow.
    case providerWithoutCORS(origin: String, location: String?)
    /// The emulator did not answer: the library's words.
    case providerUnanswered(why: String)
    /// The provider address is not a URL.
    case badProviderURL(String)
    /// Plain http to a provider, sent on as https.
    case upgradedToHTTPS
    /// The tunnel's TLS could not be set up: GLib's words.
    case tlsFailed(why: String)
    /// The stand-in server would not take the tunnel: GLib's words.
    case standInServerRefused(why: String)
}

/// Script in the page failed (an uncaught error, a rejected promise, a load not rendered), or the host
/// could not do what the page's run asked (a screenshot).
package enum ScriptError: Sendable, Hashable {
    /// The page's uncaught error or rejected promise: where (the script's URL, a line and column when
    /// known), in which frame, and the page's own text.
    /// `context`: where the error was caught, when the page's own reporter says (the widget stand-in: "janrain
    /// widget: a handler of onCaptureLoginStart"), as the page wrote it.
    case page(source: String, line: Int, column: Int, isMainFrame: Bool, context: String?, message: String)
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

    /// Its stable code (the JSON line's `code`).
    package var code: String {
        switch self {
        case .page: "page-error"
        case .wvjbPageHalf: "wvjb-page-half"
        case .drainFailed: "drain-failed"
        case .loadFailed: "load-failed"
        case .loadNotRendered: "load-not-rendered"
        case .screenshotFile: "screenshot-file"
        case .screenshotNotTaken: "screenshot-not-taken"
        }
    }
}

/// A JavaScript dialog (alert, confirm, prompt, beforeunload) and the answer it was given.
package struct DialogEvent: Sendable, Hashable {
    package var kind: HostDialogKind
    package var message: String
    package init(kind: HostDialogKind, message: String) {
        self.kind = kind; self.message = message
    }

    /// What the page got back (`HostDialogs.answer`).
    package var answer: HostDialogAnswer { HostDialogs.answer(kind) }
}

/// What the page wrote to its console (`console.log`, `info`, `warn`, `error`, `debug`), in any frame.
package struct ConsoleMessage: Sendable, Hashable {
    package enum Level: String, Sendable, CaseIterable {
        case log, info, warn, error, debug
    }
    package var level: Level
    /// The call's arguments as the console shows them, cut at `longestMessage` characters.
    package var message: String
    /// How many more characters (UTF-16 code units, as JavaScript counts) the message had past the cut.
    package var charactersLeftOut: Int
    package var isMainFrame: Bool
    package init(level: Level, message: String, charactersLeftOut: Int = 0, isMainFrame: Bool) {
        self.level = level; self.message = message; self.charactersLeftOut = charactersLeftOut; self.isMainFrame = isMainFrame
    }

    /// The longest message the page's probe sends whole.
    package static let longestMessage = 2_000

    /// Printed without --verbose: a warning or an error.
    package var isNoteworthy: Bool { level == .warn || level == .error }
}

/// What --eval returned (JSON text).
package struct EvalResult: Sendable, Hashable {
    package var json: String
    package init(_ json: String) { self.json = json }

}

/// A picture of the hosted view, named by the transcript sequence it follows.
package struct ScreenshotTaken: Sendable, Hashable {
    /// The file written.
    package var path: String
    /// The sequence number of the navigation it follows (the last one, at the end).
    package var seq: Int
    /// Why it was taken: "intercepted RULE" or "end".
    package var after: String
    package init(path: String, seq: Int, after: String) { self.path = path; self.seq = seq; self.after = after }

}

/// How a hosted run ended, as the transcript reports it.
package struct HostReport: Sendable, Hashable {
    package var until: String
    package var reached: Bool
    package var stopReason: HostStopReason
    /// The main frame's URL at the end (the page was still answering), or nil.
    package var finalURL: String?
    /// Seconds from start to the first interception.
    package var firstInterception: Double?
    /// What failed, in order.
    package var failures: [HostError]
    package init(until: String, reached: Bool, stopReason: HostStopReason, finalURL: String?, firstInterception: Double?, failures: [HostError]) {
        self.until = until; self.reached = reached; self.stopReason = stopReason; self.finalURL = finalURL
        self.firstInterception = firstInterception; self.failures = failures
    }

}
