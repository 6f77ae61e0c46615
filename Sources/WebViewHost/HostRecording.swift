// HostRecording.swift: turns what the hosted view does into navlog records, in the order the view asked,
// and hands each to the same Replayer `bridge replay` uses, so the host prints replay's transcript and
// `--record` writes a navlog that replays to the same decisions and events. A bridge signal's record is
// complete only when its queue has been drained (an asynchronous evaluate-JavaScript); records after it
// wait, so the transcript keeps the view's order. No WebKit here: tested without the trait.
import JSONText
import OutputFiles
import Foundation
import NavigationPolicy
import SecretMasking
import NavigationReplay
import SensitiveText

/// What the host reports, in order: what the replayer made of each record (printed as `bridge replay`
/// prints it), the host's own events, and, for --verbose, notes on what the host did.
package enum HostOutput: Sendable {
    case navigation(ReplayedNavigation)
    case call(ReplayedCall)
    case rejected(RejectedRecord)
    case finding(ReplayFinding)
    case network(NetworkExchange)
    case scriptError(ScriptError)
    case dialog(DialogEvent)
    case console(ConsoleMessage)
    case eval(EvalResult)
    case screenshot(ScreenshotTaken)
    /// What the host did (--verbose).
    case note(HostNote)

    /// What one replayed item reports, in order.
    static func replayed(_ output: Replayer.Output) -> [HostOutput] {
        switch output {
        case .navigation(let n): [.navigation(n)]
        case .call(let c): [.call(c)]
        case .rejected(let r): [.rejected(r)]
        case .findings(let list): list.map(HostOutput.finding)
        case .none: []
        }
    }
}

/// What the host did, said with --verbose: values, worded by the output module (a URL masked as a URL).
package enum HostNote: Sendable, Hashable {
    /// The display given (--display, or DISPLAY).
    case usingDisplay(String)
    case startedXvfb(display: String, pid: Int32)
    /// The started Xvfb refused this many connections before the one that worked.
    case displayRetried(display: String, refusals: Int)
    case stoppedXvfb(display: String)
    /// The start URL, about to be loaded by `engine`.
    case loading(url: String, engine: HostEngineKind)
    /// The main frame's first load finished.
    case loaded(url: String)
    /// The provider the page reaches: the emulator in this process, or a `bridge serve` at `base`.
    case provider(base: String, inProcess: Bool)
    /// The emulator in this process answers the view, but its server (the dashboard) did not start.
    case providerServerDidNotStart(reason: String)
    case standInNetwork(proxy: String, routes: Int)
    /// libsoup could not listen on loopback (GLib's words): each connection closes after one answer.
    case connectionsClose(glibError: String)
    /// The page's Content-Security-Policy refuses eval: --eval runs as the app's own script, not awaited.
    case evalRefusedByPagePolicy
    /// Chromium refused a DevTools command (`message`: its words).
    case devToolsRefused(method: String, message: String?)
    /// Chromium reports a same-document navigation only once it is made: under iOS's rules (WKWebView
    /// asks first) its decision is the phone's, and the WebKit engine shows what a view does with it.
    case sameDocumentAfterTheFact(url: String)
    /// A window the page opened that the app's setting (`--popups`) does not open: nothing loads.
    case popupBlocked(url: String, setting: PopupSetting)
    /// The popup setting the host emulates.
    case popups(PopupSetting)
    /// A window the page opened in a view of its own (`--popups own-window`); its navigations follow as
    /// that view's.
    case popupOpened(url: String)
}

package final class HostRecording {
    package let replayer: Replayer
    private let emit: (HostOutput) -> Void
    private let redactor: Redactor
    /// The recording's own redactor: masks carry a keyed digest (RecordingFingerprint), so equal stays equal.
    private let recordRedactor: Redactor
    private let writer = NavlogWriter()
    private var recordFile: OutputFile?
    /// Why the recording could not be put in place at the end, if it could not.
    package private(set) var recordProblem: OutputFileProblem?
    /// A record waiting to be written and replayed, in the view's order.
    private enum Pending {
        case navigation(NavigationRecord)
        case call(InterfaceCall)
    }
    private var waiting: [(id: Int, item: Pending, complete: Bool)] = []
    private var nextID = 0
    private var seq = 0
    private let started = Date()

    /// - recordPath: where to write the navlog (secrets masked unless the redactor is off, each mask with
    ///   this run's keyed digest, so the replay compares them as the live run compared the values), through
    ///   OutputFile: never over an input, nor over an existing file unless `outputPolicy` has --force; in place
    ///   when the recording finishes.
    /// - framesKnown: false when the engine does not say a navigation's frame (WebKitGTK): a navigation taken
    ///   for the top frame's says so (`FrameEvidence.engineCannotTell`), and the replay says what an
    ///   iframe's answer would be.
    private let framesKnown: Bool

    package init(engine: PolicyEngine, explain: Bool, redactor: Redactor, platform: Platform = .ios, recorder: String = "WebKitGTK", framesKnown: Bool = true,
                recordPath: String?, outputPolicy: OutputFilePolicy = OutputFilePolicy(force: false, inputs: []), emit: @escaping (HostOutput) -> Void) throws {
        self.framesKnown = framesKnown
        replayer = Replayer(engine: engine, explain: explain, redactor: redactor, platform: platform)
        self.redactor = redactor
        recordRedactor = Redactor(secrets: redactor.secrets, isEnabled: redactor.isEnabled, fingerprint: RecordingFingerprint())
        self.emit = emit
        if let recordPath {
            do {
                recordFile = try OutputFile(recordPath, policy: outputPolicy)
            } catch {
                throw HostError(.recordFile(error))
            }
            let iso = ISO8601DateFormatter()
            iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let header = NavlogHeader(version: 1, platform: platform.navlogName, recorder: NavlogHeader.hostRecorder(engineName: recorder),
                                      startedAt: iso.string(from: started), origin: "native-hook",
                                      handlers: engine.rules.handlers.isEmpty ? nil
                                          : engine.rules.handlers.map { RecordedHandlers(event: $0.event, handlers: $0.handlers) })
            write(writer.header(header))
        }
    }

    /// Milliseconds since the host started (the records' `time`).
    package var elapsedMilliseconds: Double { (Date().timeIntervalSince(started) * 1000).rounded() }

    /// Adds a navigation the view asked about. A bridge signal passes `awaitingDrain`, then `drained(…)`.
    @discardableResult
    package func navigation(_ request: NavigationRequest, source: NavigationSource, decided action: PolicyAction,
                           loaded: Bool? = nil, awaitingDrain: Bool = false) -> Int {
        var record = NavigationRecord(url: request.url, location: .line(0))
        record.seq = seq
        record.time = .milliseconds(elapsedMilliseconds)
        record.method = request.method
        record.navigationType = request.type
        record.isMainFrame = request.isMainFrame
        record.targetFrame = request.targetFrame
        record.source = source
        record.sourceURL = request.sourceURL
        record.hasUserGesture = request.hasUserGesture
        record.recordedDecision = action
        record.sameDocument = request.sameDocument
        record.sandbox = request.sandbox
        record.loaded = loaded
        // The view's own load, a new window's first and a change of the view's URL are the top frame's;
        // any other navigation the engine did not place is a guess.
        if !framesKnown, request.isMainFrame, request.targetFrame != nil, source != .app, request.sameDocument == nil {
            record.frameEvidence = .engineCannotTell
        }
        seq += 1
        let id = nextID
        nextID += 1
        waiting.append((id, .navigation(record), !awaitingDrain))
        flush()
        return id
    }

    /// Adds a call the page made to one of the app's JavaScript interfaces; it waits behind a drain as a
    /// navigation would.
    package func call(interface: String, method: String, arguments: [JSONValue]) {
        var call = InterfaceCall(interface: interface, method: method, arguments: arguments, location: .line(0))
        call.seq = seq
        call.time = .milliseconds(elapsedMilliseconds)
        seq += 1
        waiting.append((nextID, .call(call), true))
        nextID += 1
        flush()
    }

    /// The queue drained after a bridge signal (nil: the page had no queue to drain).
    package func drained(_ id: Int, entries: [String]?, note: RecordNote? = nil) {
        guard let at = waiting.firstIndex(where: { $0.id == id }), case .navigation(var record) = waiting[at].item else { return }
        record.drained = entries
        if let note { record.note = note }
        waiting[at].item = .navigation(record)
        waiting[at].complete = true
        flush()
    }

    /// What the view did after a navigation held with `awaitingDrain` for its outcome: the record is
    /// written with `loaded` (a cancel the view did not honour is then cancel-ignored).
    package func settled(_ id: Int, loaded: Bool) {
        guard let at = waiting.firstIndex(where: { $0.id == id }), case .navigation(var record) = waiting[at].item else { return }
        record.loaded = loaded
        waiting[at].item = .navigation(record)
        waiting[at].complete = true
        flush()
    }

    /// Whether a drain is still outstanding.
    package var isWaiting: Bool { !waiting.isEmpty }

    /// Ends the recording: outstanding records are written as they are, then replay's late findings.
    package func finish() -> ReplaySummary {
        for index in waiting.indices where !waiting[index].complete {
            waiting[index].complete = true
            if case .navigation(var record) = waiting[index].item {
                record.note = .stoppedBeforeDrained
                waiting[index].item = .navigation(record)
            }
        }
        flush()
        for finding in replayer.finish() { emit(.finding(finding)) }
        if recordProblem == nil { do { try recordFile?.commit() } catch { recordProblem = error } }
        recordFile = nil
        return replayer.summary
    }

    private func flush() {
        while let first = waiting.first, first.complete {
            waiting.removeFirst()
            guard case .navigation(var record) = first.item else {
                guard case .call(var call) = first.item else { continue }
                call.location = .line(call.seq! + (recordFile == nil ? 1 : 2))
                if recordFile != nil {
                    var written = call
                    written.arguments = recordRedactor.interfaceArguments(call.arguments)
                    write(writer.line(written))
                }
                HostOutput.replayed(replayer.replay(.call(call))).forEach(emit)
                continue
            }
            // The line number the record has in the navlog being written (header is line 1).
            record.location = .line(record.seq! + (recordFile == nil ? 1 : 2))
            if recordFile != nil {
                write(writer.line(record.masked(by: recordRedactor)))
            }
            HostOutput.replayed(replayer.replay(.record(record))).forEach(emit)
        }
    }

    private func write(_ line: String) {
        guard let file = recordFile, recordProblem == nil else { return }
        do { try file.write(line + "\n") } catch { recordProblem = error }
    }
}
