// HostSession.swift: one hosted run's logic, apart from WebKit: each navigation decided by the engine and
// recorded (a bridge signal's queue drained first, the WebViewJavascriptBridge page half answered), the
// transcript reported as it comes, the stop state fed (loads, dialogs, script errors, the network), --eval
// run once the page has loaded, screenshots named and reported, and the end (ask the page where it is,
// then leave). It asks the view it runs (HostViewControl: HostedWebView on WebKitGTK, a fake in tests) to
// evaluate scripts, take snapshots, wait and quit; it never touches WebKit, so it is tested without it.
import JSONText
import OutputFiles
import Foundation
import NavigationPolicy
import NavigationReplay
import SensitiveText

/// What a session asks of the web view it runs.
protocol HostViewControl: AnyObject {
    /// Runs a script in the main frame; `awaitingPromise`: a promise it evaluates to is awaited (--eval).
    func evaluate(_ script: String, awaitingPromise: Bool, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void)
    /// Writes a PNG of the visible view to `path`; then `done` with nil, or with why not.
    func snapshot(to path: String, _ done: @escaping (SnapshotProblem?) -> Void)
    /// Runs `action` after `seconds` on the view's loop.
    func after(seconds: Double, _ action: @escaping () -> Void)
    /// Leaves the view's loop: the run ends.
    func quit()
    /// The view is gone (never made, or its web process died).
    var isGone: Bool { get }
}

/// Why a script the host ran in the page gave no value.
package enum HostScriptFailure: Error, Sendable, Hashable {
    /// The script threw: what the engine says it threw, when it says.
    case threw(String?)
    /// The engine refused to run it, in its words when it gave them.
    case refused(String?)
    /// There is no view to run it in.
    case noView

    /// The engine's own text, if any.
    package var engineText: String? {
        switch self {
        case .threw(let text), .refused(let text): text
        case .noView: nil
        }
    }
}

/// Why a screenshot was not taken.
package enum SnapshotProblem: Sendable, Hashable {
    case noView
    /// WebKit made no snapshot of the view (its error's text).
    case webKitSnapshotFailed(String)
    /// Chromium answered without a screenshot.
    case chromiumTookNone
    /// The PNG could not be written (cairo's or the system's words, when there are any).
    case notWritten(path: String, why: String?)
}

final class HostSession {
    let engine: PolicyEngine
    let options: HostOptions
    private let emit: (HostOutput) -> Void
    weak var view: (any HostViewControl)?

    /// Made in `init`; implicitly unwrapped only because its closure refers to the session.
    private var recording: HostRecording!
    private(set) var state: HostRunState
    private var navigations = 0
    private var finalURL: String?
    private var lastSeq = 0
    /// A new-window action allowed in decide-policy, expected next on `create`.
    private var allowedNewWindow: String?
    /// The top document's sandboxed iframes, by address (the sandbox probe).
    private var sandboxedFrames: [String: FrameSandbox] = [:]
    /// Navigations a subframe said it is starting, by URL: its sandbox (nil: none known) and whether a
    /// user's tap started it.
    private var framesStarting: [String: (sandbox: FrameSandbox?, gesture: Bool)] = [:]
    /// The URLs of the latest decisions, for a view that must tell a URL it shows from one nothing asked
    /// about (WebKit's History API).
    private var decidedURLs: [String] = []

    /// Whether a navigation to `url` was decided (by the view's delegate or the stand-in network): taken
    /// once, so the URL coming again later is told apart.
    func wasDecided(_ url: String) -> Bool {
        guard let at = decidedURLs.lastIndex(of: url) else { return false }
        decidedURLs.remove(at: at)
        return true
    }

    /// Opens the recording (and its --record file).
    init(engine: PolicyEngine, options: HostOptions, emit: @escaping (HostOutput) -> Void) throws {
        self.engine = engine
        self.options = options
        self.emit = emit
        state = HostRunState(until: options.until, timeout: options.timeout, idle: options.idle)
        recording = try HostRecording(engine: engine, explain: options.explain, redactor: options.redactor, platform: options.platform,
                                      recorder: options.engineName, framesKnown: options.framesKnown, recordPath: options.recordPath, outputPolicy: options.outputPolicy) { [unowned self] output in
            self.handle(output)
        }
    }

    /// How the run ended, once the view's loop has been left.
    func finish() -> HostResult {
        let summary = recording.finish()
        if let problem = recording.recordProblem { _ = state.fail(HostError(.recordFile(problem))) }
        return HostResult(summary: summary, reached: state.succeeded, stopReason: state.stopReason, failures: state.failures,
                          finalURL: finalURL, firstInterception: state.firstInterception)
    }

    // MARK: Navigations

    /// Decides one navigation and records it; true to allow. A new-window action allowed here is expected
    /// once more when the view asks to create the window (`createWindow`).
    func decide(_ observed: HostNavigationAction) -> Bool {
        let allowed = decideAndRecord(observed)
        if allowed && observed.newWindow { allowedNewWindow = observed.url }
        return allowed
    }

    /// window.open and target=_blank: whether the app loads it in this view (createWebViewWith). One its
    /// policy decision allowed is not decided twice.
    func createWindow(_ observed: HostNavigationAction) -> Bool {
        if allowedNewWindow == observed.url {
            allowedNewWindow = nil
            return true
        }
        return decideAndRecord(observed)
    }

    /// A navigation the view made within its document before it could be asked (Chromium reports a
    /// fragment or a History API change once made): decided as the platform's delegate would be, and
    /// recorded with what the view did. Android never asks about one, so a result in it is not-asked; under
    /// iOS's rules WKWebView would have asked first, so the decision stands as the phone's and the host
    /// says the engine could not apply it.
    func navigatedWithinDocument(_ observed: HostNavigationAction) {
        var request = observed.request
        request.isAppInitiated = false
        navigations += 1
        let decision = engine.decide(request)
        let source = observed.source(isFirst: false)
        if options.platform.unasked(request) != nil {
            state.activity()
            recording.navigation(request, source: source, decided: .allow, loaded: true)
            return
        }
        state.decided(decision)
        if decision.action == .cancel { note(.sameDocumentAfterTheFact(url: observed.url)) }
        recording.navigation(request, source: source, decided: decision.action)
    }

    private func decideAndRecord(_ observed: HostNavigationAction) -> Bool {
        var observed = observed
        // A subframe said it starts this navigation (the sandbox probe): its frame and sandbox are the
        // request's, which neither engine's navigation action carries.
        let starting = framesStarting.removeValue(forKey: observed.url)
        if let starting {
            observed.isMainFrame = false
            if starting.gesture { observed.hasUserGesture = true }
        }
        let source = observed.source(isFirst: navigations == 0)
        var request = observed.request
        request.sandbox = starting?.sandbox
        decidedURLs.append(observed.url)
        if decidedURLs.count > 64 { decidedURLs.removeFirst() }
        request.isAppInitiated = source == .app
        navigations += 1

        let decision = engine.decide(request)
        // A navigation the platform never shows the app (Android: a POST, the app's own load) loads whatever
        // the rules say; the recording's replay reports it (not-asked-on-android).
        if let unasked = options.platform.unaskedInterception(request, decision) {
            state.activity()
            // WKWebView drops a custom scheme leaving a sandboxed frame: nothing loads, the app never hears.
            if case .sandboxedFrame = unasked.reason {
                recording.navigation(request, source: source, decided: .allow, loaded: false)
                return false
            }
            recording.navigation(request, source: source, decided: .allow)
            return true
        }
        state.decided(decision)
        if source == .app, decision.action == .cancel {
            recording.navigation(request, source: source, decided: decision.action)
            fail(HostError(.pageCancelled(url: observed.url, rule: decision.rule, kind: decision.kind)))
            return false
        }
        // A cancelled fragment navigation: held until the view says whether it went there anyway.
        if decision.action == .cancel, observed.sameDocument != nil, let view {
            let id = recording.navigation(request, source: source, decided: decision.action, awaitingDrain: true)
            // The engine applies or drops a fragment at once; a moment later the page's URL says which.
            view.after(seconds: 0.25) { [unowned self] in
                self.view?.evaluate("location.href", awaitingPromise: false) { [unowned self] result in
                    guard case .success(let text?) = result else { return self.recording.settled(id, loaded: false) }
                    self.recording.settled(id, loaded: (JSONValue.parse(text)?.stringValue ?? text) == observed.url)
                }
            }
            return false
        }
        switch decision.interception {
        case .bridge(.drainRequest(let bridge))?:
            let id = recording.navigation(request, source: source, decided: decision.action, awaitingDrain: true)
            drain(bridge, record: id)
        case .bridge(.bridgeLoaded)?:
            recording.navigation(request, source: source, decided: decision.action)
            view?.evaluate(HostScripts.wvjbPageBridge, awaitingPromise: false) { [unowned self] result in
                if case .failure(let failure) = result { self.scriptError(.wvjbPageHalf(failure)) }
            }
        default:
            recording.navigation(request, source: source, decided: decision.action)
        }
        return decision.action == .allow
    }

    private func drain(_ bridge: BridgeProtocol, record id: Int) {
        let script = bridge == .janrain ? HostScripts.janrainDrain : HostScripts.wvjbFetch
        view?.evaluate(script, awaitingPromise: false) { [unowned self] result in
            self.state.activity()
            let recording: HostRecording = self.recording
            switch result {
            case .success(let text?):
                if bridge == .wvjb {
                    recording.drained(id, entries: [text])
                } else if case .array(let items)? = JSONValue.parse(text) {
                    recording.drained(id, entries: items.map { $0.stringValue ?? $0.jsonText })
                } else {
                    recording.drained(id, entries: nil, note: .drainedQueueNotArray)
                }
            case .success(nil):
                recording.drained(id, entries: nil, note: .noQueueToDrain(bridge))
            case .failure(let failure):
                recording.drained(id, entries: nil, note: .drainFailed(failure.engineText))
                self.scriptError(.drainFailed(bridge: bridge.rawValue, failure))
            }
        }
    }

    // MARK: What the transcript says

    private func handle(_ output: HostOutput) {
        emit(output)
        if case .call(let call) = output {
            if state.reported(call) == .stop { stop() }
            return
        }
        guard case .navigation(let n) = output else { return }
        lastSeq = n.seq
        if case .bridge(.drainRequest(.wvjb))? = n.decision.interception, let drained = n.record.drained {
            replyToWVJB(drained, events: n.events)
        }
        if let after = HostScreenshots.trigger(n) { screenshot(seq: n.seq, after: after) { } }
        if state.reported(n) == .stop { stop() }
    }

    /// Writes a PNG of the visible view as DIR/NNNN-what.png (with --screenshots), then reports it.
    func screenshot(seq: Int, after: String, then done: @escaping () -> Void) {
        guard let directory = options.screenshotsDirectory, let view, !view.isGone else { done(); return }
        let path = (directory as NSString).appendingPathComponent(HostScreenshots.fileName(seq: seq, after: after))
        let file: OutputFile
        do { file = try OutputFile(path, policy: options.outputPolicy) } catch {
            scriptError(.screenshotFile(error))
            done()
            return
        }
        view.snapshot(to: file.temporaryPath) { [unowned self] problem in
            if let problem {
                self.scriptError(.screenshotNotTaken(problem))
            } else {
                do throws(OutputFileProblem) {
                    try file.commit()
                    self.emit(.screenshot(ScreenshotTaken(path: path, seq: seq, after: after)))
                } catch {
                    self.scriptError(.screenshotFile(error))
                }
            }
            done()
        }
    }

    private func replyToWVJB(_ drained: [String], events: [DispatchedEvent]) {
        for (callbackID, data) in Self.wvjbReplies(drained, events: events) {
            view?.evaluate(HostScripts.wvjbReply(callbackID: callbackID, data: data), awaitingPromise: false) { _ in }
        }
    }

    /// The replies the page's callbacks get: each message with a callbackId, with what became of it. The
    /// replay made one event per decoded message and one per entry that did not decode, in order, so an entry
    /// that does not decode stands for one event here too, and the messages after it keep their own.
    static func wvjbReplies(_ drained: [String], events: [DispatchedEvent]) -> [(callbackID: String, data: JSONValue)] {
        var messages: [BridgeMessage?] = []
        for text in drained {
            switch WebViewJavascriptBridge.decodeDrained(text) {
            case .success(let list): messages += list.map(Optional.some)
            case .failure: messages.append(nil)
            }
        }
        return zip(messages, events).compactMap { message, event in
            guard case .wvjbMessage(_, _, let callbackID?)? = message else { return nil }
            return (callbackID, .object(["status": .string(event.status.rawValue), "handlers": .array(event.handlers.map(JSONValue.string))]))
        }
    }

    // MARK: Loads, scripts, failures

    /// Anything the page did (a load event, a request, a dialog): the run is not idle.
    func activity() { state.activity() }

    /// The main frame finished loading (the first time): --eval runs.
    func pageLoaded(_ url: String) {
        state.activity()
        guard !state.mainLoaded else { return }
        state.pageLoaded()
        note(.loaded(url: url))
        runEvals(options.eval[...])
    }

    private func runEvals(_ scripts: ArraySlice<String>) {
        guard let script = scripts.first, let view else { state.evalsFinished(); return }
        view.evaluate(script, awaitingPromise: true) { [unowned self] result in
            self.state.activity()
            switch result {
            case .success(let text): self.emit(.eval(EvalResult(text ?? "undefined")))
            case .failure(let failure):
                self.fail(HostError(.evalThrew(failure)))
                return
            }
            self.runEvals(scripts.dropFirst())
        }
    }

    /// A load that failed (not one the app cancelled, nor one replaced by another): the page's own is a
    /// failure, a frame's or a later one is reported.
    func loadFailed(_ uri: String, message: String) {
        // The rules cancelling the page itself is why its load did not finish: one cause, said once.
        let cancelled = state.failures.contains { if case .pageCancelled(let url, _, _) = $0.reason { url == uri } else { false } }
        if cancelled { return }
        if !state.mainLoaded {
            fail(HostError(.pageNotLoaded(url: uri, why: message)))
        } else {
            scriptError(.loadFailed(url: uri, why: message))
        }
    }

    /// A response a web view would not render (refused): the page's own is a failure, a frame's reported.
    func responseRefused(_ uri: String, why: String, pageItself: Bool) {
        if !state.mainLoaded && pageItself {
            fail(HostError(.pageNotRendered(url: uri, why: why)))
        } else {
            scriptError(.loadNotRendered(url: uri, why: why))
        }
    }

    func webProcessTerminated(_ why: String) { fail(HostError(.webProcessTerminated(why))) }

    /// A JavaScript dialog, answered by the view as a WKWebView with no UI delegate answers it, reported.
    func dialog(_ kind: HostDialogKind, message: String) {
        state.activity()
        emit(.dialog(HostDialogs.event(kind, message: message)))
    }

    /// What the page's error probe posted (an uncaught error or a rejected promise, a console message, in any
    /// frame).
    func probeMessage(_ text: String?) {
        guard let text, case .object(let o)? = JSONValue.parse(text) else { return }
        if let name = o["call"]?.stringValue {
            interfaceCalled(name, arguments: o["arguments"].flatMap { if case .array(let a) = $0 { a } else { nil } } ?? [])
            return
        }
        // A console message is not activity: a page that logs on a timer still goes idle.
        if let level = o["console"]?.stringValue.flatMap(ConsoleMessage.Level.init(rawValue:)) {
            var leftOut = 0
            if case .number(let n)? = o["leftOut"], n > 0 { leftOut = Int(exactly: n.rounded()) ?? 0 }
            emit(.console(ConsoleMessage(level: level, message: o["message"]?.stringValue ?? "", charactersLeftOut: leftOut,
                                         isMainFrame: o["mainFrame"]?.boolValue ?? false)))
            return
        }
        if let address = o["popupBlocked"]?.stringValue {
            state.activity()
            note(.popupBlocked(url: address, setting: options.popups))
            return
        }
        if let address = o["sandboxedFrame"]?.stringValue, let attribute = o["sandbox"]?.stringValue {
            sandboxedFrames[address] = FrameSandbox(attribute: attribute)
            return
        }
        if let url = o["frameNavigation"]?.stringValue {
            let own = o["sandbox"]?.stringValue.map(FrameSandbox.init(attribute:))
            let opaque = o["opaque"]?.boolValue == true
            let sandbox = own ?? (opaque ? o["frame"]?.stringValue.flatMap { sandboxedFrames[$0] } : nil)
            framesStarting[url] = (sandbox, o["gesture"]?.boolValue == true)
            return
        }
        let message = o["message"]?.stringValue ?? "script error"
        var line = 0, column = 0
        if case .number(let n)? = o["line"] { line = Int(n) }
        if case .number(let n)? = o["column"] { column = Int(n) }
        scriptError(.page(source: o["source"]?.stringValue ?? "", line: line, column: column, isMainFrame: o["mainFrame"]?.boolValue ?? false,
                          context: o["context"]?.stringValue, message: message))
    }

    /// The page called one of the app's JavaScript interfaces (`NAME.METHOD`): recorded and replayed as a call.
    func interfaceCalled(_ name: String, arguments: [JSONValue]) {
        state.activity()
        guard let dot = name.firstIndex(of: ".") else { return }
        recording.call(interface: String(name[..<dot]), method: String(name[name.index(after: dot)...]), arguments: arguments)
    }

    func scriptError(_ error: ScriptError) {
        state.activity()
        emit(.scriptError(error))
    }

    /// A request through the stand-in network.
    func network(_ exchange: NetworkExchange) {
        state.activity()
        emit(.network(exchange))
    }

    // MARK: Stopping

    /// The view's periodic check: the timeout, idleness, a recording still waiting for a drain, a command
    /// the engine has not answered yet.
    /// The run's timeout has passed: what a timeout's failure names is worth gathering now.
    var timeoutPassed: Bool { state.timeoutPassed() }

    func tick(unanswered: UnansweredCommand? = nil) {
        if HostInterruption.isRequested, !state.stopping { return fail(HostError(.interrupted)) }
        if state.tick(recordingWaits: recording.isWaiting, unanswered: unanswered) == .stop { stop() }
    }

    func fail(_ error: HostError) {
        if state.fail(error) == .stop { stop() }
    }

    /// Asks the page where it is (is it still answering?), takes the last screenshot, then leaves the
    /// view's loop. A page that does not answer within a second is reported as not answering.
    func stop() {
        guard let view else { return }
        if state.webProcessDied || view.isGone { view.quit(); return }
        var answered = false
        view.evaluate("location.href", awaitingPromise: false) { [unowned self] result in
            guard !answered else { return }
            answered = true
            if case .success(let href?) = result { self.finalURL = self.options.redactor.rawURL(href) }
            self.screenshot(seq: self.lastSeq, after: "end") { view.quit() }
        }
        view.after(seconds: 1) { if !answered { answered = true; view.quit() } }
    }

    func note(_ note: HostNote) { emit(.note(note)) }
}
