// HostedWebView.swift: one run of a real WebKitGTK web view whose navigations the engine decides, as an
// app's native side would. Every `decide-policy` navigation or new-window action, and every `create`
// (window.open), becomes a NavigationRequest and is decided by the rules: cancel is
// webkit_policy_decision_ignore, allow is use. Bridge signals are answered as the native side answers them:
// janrain:eventsAvailable drains createJanrainBridge's queue with evaluate-JavaScript (in one step, so no
// entry is dispatched twice), WebViewJavascriptBridge's queue likewise with replies sent back, and
// https://__bridge_loaded__ gets that bridge's page half. What happened goes through HostRecording, so the
// transcript is `bridge replay`'s and --record writes a navlog that replays to the same decisions.
//
// The view lives on the GLib main loop of the calling (main) thread; everything here runs on it.
// Failures end the run, never hang it: a page that does not load, a web process that dies, a script error
// (reported; fatal for --eval), the timeout. The view is torn down and a Xvfb the host started is stopped.
//
// This file is the WebKit edge only: the view, its signals (C trampolines) and evaluate-JavaScript. What
// can be said without WebKit lives beside it and is unit-tested: HostNavigationAction (action → request
// and source), HostRunState (the stop state machine), CredentialHandOff (--until sentinel),
// HostDisplay (the display and signal mask) and StandInNetwork's context setup (proxy and TLS).
#if WebKit
import FlowInspector
import BrowserURL
import CWebKit
import Foundation
import NavigationPolicy
import NavigationReplay

public final class HostedWebView {
    private let engine: PolicyEngine
    private let options: HostOptions
    private let emit: (HostOutput) -> Void

    private var xvfb: XvfbDisplay?
    private var network: StandInNetwork?
    private var recording: HostRecording!
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var view: UnsafeMutablePointer<WebKitWebView>?
    private var timers: [guint] = []

    private var state: HostRunState
    private var navigations = 0
    private var finalURL: String?
    /// A new-window action allowed in decide-policy, expected next on `create`.
    private var allowedNewWindow: String?

    public init(engine: PolicyEngine, options: HostOptions, emit: @escaping (HostOutput) -> Void) {
        self.engine = engine
        self.options = options
        self.emit = emit
        state = HostRunState(until: options.until, timeout: options.timeout, idle: options.idle)
    }

    /// Runs the page until the stop condition, a failure or the timeout; always tears down.
    public func run() throws -> HostResult {
        defer { tearDown() }
        recording = try HostRecording(engine: engine, explain: options.explain, redactor: options.redactor,
                                      recordPath: options.recordPath) { [unowned self] output in self.handle(output) }
        try openDisplay()
        try startNetwork()
        makeView()
        installTimers()
        note("loading \(options.redactor.rawURL(options.startURL))")
        webkit_web_view_load_uri(view, options.startURL)
        gtk_main()
        let summary = recording.finish()
        return HostResult(summary: summary, reached: state.succeeded, stopReason: state.stopReason, failures: state.failures,
                          finalURL: finalURL, firstInterception: state.firstInterception)
    }

    // MARK: Setting up

    private func openDisplay() throws {
        let display = try HostDisplay.open(options.display) { [unowned self] in self.note($0) }
        xvfb = display.xvfb
    }

    private func startNetwork() throws {
        let network = StandInNetwork(site: options.site ?? HostSite(origin: "https://invalid.invalid", routes: []),
                                     provider: options.provider, providerUnreachable: { [unowned self] why in
            // Said as the run's reason: the widget's own error (a TypeError in --eval, a spinner) would hide it.
            let base = self.options.provider?.base ?? "--provider"
            self.fail(HostError(.providerUnreachable, "the provider at \(base) does not answer (\(why)); is bridge serve running there?"))
        }) { [unowned self] exchange in
            self.state.activity()
            self.emit(.transcript(exchange))
        }
        try network.start()
        self.network = network
        note("stand-in network on \(network.proxyURI): \(network.site.routes.count) route(s); loopback hosts are reached directly")
        if let why = network.connectionsClose { note("stand-in network: " + why) }
        if let provider = options.provider {
            note(provider.isInProcess ? "provider: the emulator, in this process, at \(provider.base)" : "provider: bridge serve at \(provider.base)")
        }
        if let directory = options.screenshotsDirectory {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw HostError(.setup, "--screenshots: cannot create \(directory): \(error.localizedDescription)")
            }
        }
    }

    private func makeView() {
        let context = webkit_web_context_new_ephemeral()!
        network!.configure(context)

        let widget = webkit_web_view_new_with_context(context)!
        g_object_unref(context)
        view = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: WebKitWebView.self)
        window = gtk_offscreen_window_new()
        gtk_container_add(UnsafeMutableRawPointer(window!).assumingMemoryBound(to: GtkContainer.self), widget)
        gtk_widget_set_size_request(widget, 390, 844)

        let settings = webkit_web_view_get_settings(view)
        let agent = webkit_settings_get_user_agent(settings).map { String(cString: $0) } ?? ""
        webkit_settings_set_user_agent(settings, agent + " " + HostScripts.userAgentToken)
        // An app that handles window.open (createWebViewWith) lets script open windows.
        webkit_settings_set_javascript_can_open_windows_automatically(settings, 1)

        let content = webkit_web_view_get_user_content_manager(view)
        webkit_user_content_manager_register_script_message_handler(content, HostScripts.probeHandler)
        let probe = webkit_user_script_new(HostScripts.errorProbe, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                           WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, nil, nil)
        webkit_user_content_manager_add_script(content, probe)
        webkit_user_script_unref(probe)
        for source in options.frameScripts {
            let script = webkit_user_script_new(source, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, nil, nil)
            webkit_user_content_manager_add_script(content, script)
            webkit_user_script_unref(script)
        }

        let me = Unmanaged.passUnretained(self).toOpaque()
        let decide: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType, gpointer?) -> gboolean = { _, decision, type, context in
            guard let decision, let context else { return 0 }
            return Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().decidePolicy(decision, type) ? 1 : 0
        }
        GLibSignal.connect(widget, "decide-policy", unsafeBitCast(decide, to: GCallback.self), me)
        let create: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, OpaquePointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>? = { _, action, context in
            guard let action, let context else { return nil }
            Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().createWindow(action)
            return nil
        }
        GLibSignal.connect(widget, "create", unsafeBitCast(create, to: GCallback.self), me)
        let changed: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, WebKitLoadEvent, gpointer?) -> Void = { _, event, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().loadChanged(event)
        }
        GLibSignal.connect(widget, "load-changed", unsafeBitCast(changed, to: GCallback.self), me)
        let failed: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, WebKitLoadEvent, UnsafePointer<gchar>?, UnsafeMutablePointer<GError>?, gpointer?) -> gboolean = { _, _, uri, error, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().loadFailed(uri.map { String(cString: $0) } ?? "", error)
            return 1
        }
        GLibSignal.connect(widget, "load-failed", unsafeBitCast(failed, to: GCallback.self), me)
        let terminated: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, WebKitWebProcessTerminationReason, gpointer?) -> Void = { _, reason, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().webProcessTerminated(reason)
        }
        GLibSignal.connect(widget, "web-process-terminated", unsafeBitCast(terminated, to: GCallback.self), me)
        let dialog: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, OpaquePointer?, gpointer?) -> gboolean = { _, dialog, context in
            guard let dialog, let context else { return 0 }
            Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().answer(dialog)
            return 1
        }
        GLibSignal.connect(widget, "script-dialog", unsafeBitCast(dialog, to: GCallback.self), me)
        let message: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, result, context in
            guard let result, let context else { return }
            let value = webkit_javascript_result_get_js_value(result)
            Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().probeMessage(HostedWebView.json(value))
        }
        GLibSignal.connect(content!, "script-message-received::\(HostScripts.probeHandler)", unsafeBitCast(message, to: GCallback.self), me)

        gtk_widget_show_all(window)
    }

    private func installTimers() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let tick: @convention(c) (gpointer?) -> gboolean = { context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().tick()
            return 1
        }
        timers.append(g_timeout_add(50, tick, me))
        let signal: @convention(c) (gpointer?) -> gboolean = { context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().fail(HostError(.setup, "interrupted"))
            return 1
        }
        timers.append(g_unix_signal_add(SIGINT, signal, me))
        timers.append(g_unix_signal_add(SIGTERM, signal, me))
    }

    private func tearDown() {
        for id in timers { g_source_remove(id) }
        timers.removeAll()
        if let window { gtk_widget_destroy(window) }
        window = nil
        view = nil
        network?.stop()
        network = nil
        if let xvfb {
            xvfb.stop()
            note("stopped Xvfb on display \(xvfb.name)")
        }
        xvfb = nil
    }

    // MARK: Navigations

    private func decidePolicy(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, _ type: WebKitPolicyDecisionType) -> Bool {
        if type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE {
            return decideResponse(UnsafeMutableRawPointer(decision).assumingMemoryBound(to: WebKitResponsePolicyDecision.self))
        }
        guard type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION else {
            return false
        }
        let navigation = UnsafeMutableRawPointer(decision).assumingMemoryBound(to: WebKitNavigationPolicyDecision.self)
        guard let action = webkit_navigation_policy_decision_get_navigation_action(navigation) else { return false }
        let newWindow = type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION
        let allowed = navigate(action, newWindow: newWindow)
        if allowed {
            if newWindow { allowedNewWindow = Self.requestURI(action) }
            webkit_policy_decision_use(decision)
        } else {
            webkit_policy_decision_ignore(decision)
        }
        return true
    }

    /// A response a web view would not render (a MIME type it cannot show, or `Content-Disposition:
    /// attachment`): WebKit's default would start a download and leave the view on about:blank, which a
    /// run must not take for a page. Refused; the page's own is a failure, a frame's is reported.
    private func decideResponse(_ decision: UnsafeMutablePointer<WebKitResponsePolicyDecision>) -> Bool {
        guard let response = webkit_response_policy_decision_get_response(decision) else { return false }
        var attachment = false
        if let headers = webkit_uri_response_get_http_headers(response) {
            var disposition: UnsafeMutablePointer<CChar>?
            if soup_message_headers_get_content_disposition(headers, &disposition, nil) != 0, let disposition {
                attachment = String(cString: disposition).lowercased() == "attachment"
                g_free(disposition)
            }
        }
        let supported = webkit_response_policy_decision_is_mime_type_supported(decision) != 0
        guard attachment || !supported else { return false }
        let type = webkit_uri_response_get_mime_type(response).map { String(cString: $0) } ?? "no type"
        let uri = options.redactor.rawURL(webkit_uri_response_get_uri(response).map { String(cString: $0) } ?? "")
        let why = attachment ? "it is sent as an attachment (\(type)), which a web view downloads instead of showing"
                             : "it is sent as \(type), which a web view cannot show and would download"
        webkit_policy_decision_ignore(UnsafeMutableRawPointer(decision).assumingMemoryBound(to: WebKitPolicyDecision.self))
        if !state.mainLoaded && webkit_response_policy_decision_is_main_frame_main_resource(decision) != 0 {
            fail(HostError(.pageNotLoaded, "the page was not rendered: \(uri): \(why)"))
        } else {
            emit(.transcript(ScriptError("a load was not rendered: \(uri): \(why)")))
        }
        return true
    }

    /// window.open and target=_blank: the app loads an allowed one in this view (createWebViewWith).
    private func createWindow(_ action: OpaquePointer) {
        let navigationAction = action
        let uri = Self.requestURI(navigationAction)
        if allowedNewWindow == uri {
            allowedNewWindow = nil
        } else if !navigate(navigationAction, newWindow: true) {
            return
        }
        webkit_web_view_load_request(view, webkit_navigation_action_get_request(navigationAction))
    }

    /// Decides one navigation and records it; true to allow.
    private func navigate(_ action: OpaquePointer, newWindow: Bool) -> Bool {
        let observed = HostNavigationAction(
            url: Self.requestURI(action),
            method: webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_http_method($0) }.map { String(cString: $0) } ?? "GET",
            frameName: webkit_navigation_action_get_frame_name(action).map { String(cString: $0) },
            isRedirect: webkit_navigation_action_is_redirect(action) != 0,
            hasUserGesture: webkit_navigation_action_is_user_gesture(action) != 0,
            type: Self.navigationType(webkit_navigation_action_get_navigation_type(action)),
            newWindow: newWindow,
            currentURL: webkit_web_view_get_uri(view).map { String(cString: $0) })
        let request = observed.request
        let source = observed.source(isFirst: navigations == 0)
        navigations += 1

        let decision = engine.decide(request)
        state.decided(decision)
        if source == .app, decision.action == .cancel {
            let rule = decision.rule.map { " (rule \($0))" } ?? " (\(decision.kind.rawValue))"
            recording.navigation(request, source: source, decided: decision.action)
            fail(HostError(.pageCancelled, "the rules cancel the page itself: \(options.redactor.rawURL(observed.url))\(rule); serve it under an origin the rules allow"))
            return false
        }
        switch decision.interception {
        case .bridge(.drainRequest(let bridge))?:
            let id = recording.navigation(request, source: source, decided: decision.action, awaitingDrain: true)
            drain(bridge, record: id)
        case .bridge(.bridgeLoaded)?:
            recording.navigation(request, source: source, decided: decision.action)
            evaluate(HostScripts.wvjbPageBridge) { [unowned self] result in
                if case .failure(let message) = result { self.scriptError("WebViewJavascriptBridge page half: \(message)") }
            }
        default:
            recording.navigation(request, source: source, decided: decision.action)
        }
        return decision.action == .allow
    }

    private func drain(_ bridge: BridgeProtocol, record id: Int) {
        let script = bridge == .janrain ? HostScripts.janrainDrain : HostScripts.wvjbFetch
        evaluate(script) { [unowned self] result in
            self.state.activity()
            switch result {
            case .success(let text?):
                if bridge == .wvjb {
                    self.recording.drained(id, entries: [text])
                } else if case .array(let items)? = JSONValue.parse(text) {
                    self.recording.drained(id, entries: items.map { $0.stringValue ?? $0.jsonText })
                } else {
                    self.recording.drained(id, entries: nil, note: "the drained queue was not a JSON array")
                }
            case .success(nil):
                self.recording.drained(id, entries: nil, note: "the page has no \(bridge == .janrain ? "createJanrainBridge" : "WebViewJavascriptBridge") queue to drain")
            case .failure(let message):
                self.recording.drained(id, entries: nil, note: "draining failed: \(message)")
                self.scriptError("draining the \(bridge.rawValue) queue: \(message)")
            }
        }
    }

    // MARK: What the transcript says

    private func handle(_ output: HostOutput) {
        emit(output)
        guard case .transcript(let event) = output, let n = event as? ReplayedNavigation else { return }
        lastSeq = n.seq
        if case .bridge(.drainRequest(.wvjb))? = n.decision.interception, let drained = n.record.drained {
            replyToWVJB(drained, events: n.events)
        }
        if let after = HostScreenshots.trigger(n) { screenshot(seq: n.seq, after: after) { } }
        if state.reported(n) == .stop { stop() }
    }

    // MARK: Screenshots

    private var lastSeq = 0

    /// Writes a PNG of the visible view (WebKitGTK's snapshot) as DIR/NNNN-what.png, then reports it.
    private func screenshot(seq: Int, after: String, then done: @escaping () -> Void) {
        guard let directory = options.screenshotsDirectory, let view else { done(); return }
        let path = (directory as NSString).appendingPathComponent(HostScreenshots.fileName(seq: seq, after: after))
        let box = SnapshotCallback { [unowned self] surface, message in
            if let surface {
                let status = cairo_surface_write_to_png(surface, path)
                cairo_surface_destroy(surface)
                if status == CAIRO_STATUS_SUCCESS {
                    self.emit(.transcript(ScreenshotTaken(path: path, seq: seq, after: after)))
                } else {
                    self.scriptError("--screenshots: cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
                }
            } else {
                self.scriptError("--screenshots: no snapshot of the view after \(after): \(message)")
            }
            done()
        }
        let finished: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { object, result, context in
            let box = Unmanaged<SnapshotCallback>.fromOpaque(context!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let webView = UnsafeMutableRawPointer(object!).assumingMemoryBound(to: WebKitWebView.self)
            let surface = webkit_web_view_get_snapshot_finish(webView, result, &error)
            box.done(surface, surface == nil ? GLibError.take(error) : "")
        }
        webkit_web_view_get_snapshot(view, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, finished,
                                     Unmanaged.passRetained(box).toOpaque())
    }

    private func replyToWVJB(_ drained: [String], events: [DispatchedEvent]) {
        var messages: [BridgeMessage] = []
        for text in drained {
            if case .success(let list) = WebViewJavascriptBridge.decodeQueue(text.hasPrefix("[") ? text : "[\(text)]") { messages += list }
        }
        for (message, event) in zip(messages, events) {
            guard case .wvjbMessage(_, _, let callbackID?) = message else { continue }
            let data: JSONValue = .object(["status": .string(event.status.rawValue), "handlers": .array(event.handlers.map(JSONValue.string))])
            evaluate(HostScripts.wvjbReply(callbackID: callbackID, data: data)) { _ in }
        }
    }

    // MARK: Loads, scripts, failures

    private func loadChanged(_ event: WebKitLoadEvent) {
        state.activity()
        guard event == WEBKIT_LOAD_FINISHED, !state.mainLoaded else { return }
        state.pageLoaded()
        note("loaded \(options.redactor.rawURL(webkit_web_view_get_uri(view).map { String(cString: $0) } ?? ""))")
        runEvals(options.eval[...])
    }

    private func runEvals(_ scripts: ArraySlice<String>) {
        guard let script = scripts.first else { state.evalsFinished(); return }
        evaluate(script, awaitingPromise: true) { [unowned self] result in
            self.state.activity()
            switch result {
            case .success(let text): self.emit(.transcript(EvalResult(text ?? "undefined")))
            case .failure(let message):
                self.fail(HostError(.scriptError, "--eval threw: \(message)"))
                return
            }
            self.runEvals(scripts.dropFirst())
        }
    }

    private func loadFailed(_ uri: String, _ error: UnsafeMutablePointer<GError>?) {
        guard let error else { return }
        let domain = error.pointee.domain, code = error.pointee.code
        // Our own cancellations, and a load replaced by another: not failures.
        if domain == webkit_policy_error_quark() && code == Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue) { return }
        if domain == webkit_network_error_quark() && code == Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue) { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        let shown = options.redactor.rawURL(uri)
        if !state.mainLoaded {
            fail(HostError(.pageNotLoaded, "the page did not load: \(shown): \(message)"))
        } else {
            emit(.transcript(ScriptError("a load failed: \(shown): \(message)")))
        }
    }

    private func webProcessTerminated(_ reason: WebKitWebProcessTerminationReason) {
        let why: String
        switch reason {
        case WEBKIT_WEB_PROCESS_CRASHED: why = "the web process crashed"
        case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: why = "the web process exceeded its memory limit"
        default: why = "the web process was terminated"
        }
        fail(HostError(.webProcessTerminated, why))
    }

    /// A JavaScript dialog, answered as a WKWebView with no UI delegate answers it (HostDialogs), reported.
    private func answer(_ dialog: OpaquePointer) {
        state.activity()
        let kind: HostDialogKind
        switch webkit_script_dialog_get_dialog_type(dialog) {
        case WEBKIT_SCRIPT_DIALOG_CONFIRM: kind = .confirm
        case WEBKIT_SCRIPT_DIALOG_PROMPT: kind = .prompt
        case WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: kind = .beforeunload
        default: kind = .alert
        }
        if kind == .confirm || kind == .beforeunload {
            webkit_script_dialog_confirm_set_confirmed(dialog, HostDialogs.confirms(kind) ? 1 : 0)
        }
        let message = webkit_script_dialog_get_message(dialog).map { String(cString: $0) } ?? ""
        emit(.transcript(HostDialogs.event(kind, message: message)))
    }

    private func probeMessage(_ text: String?) {
        guard let text, case .object(let o)? = JSONValue.parse(text) else { return }
        let message = o["message"]?.stringValue ?? "script error"
        let source = options.redactor.rawURL(o["source"]?.stringValue ?? "")
        var line = 0, column = 0
        if case .number(let n)? = o["line"] { line = Int(n) }
        if case .number(let n)? = o["column"] { column = Int(n) }
        let place = line > 0 ? "\(source):\(line):\(column)" : source
        scriptError("\(place) (\(o["frame"]?.stringValue ?? "frame")): \(message)")
    }

    private func scriptError(_ message: String) {
        state.activity()
        emit(.transcript(ScriptError(message)))
    }

    // MARK: Stopping

    private func tick() {
        if state.tick(recordingWaits: recording.isWaiting) == .stop { stop() }
    }

    private func fail(_ error: HostError) {
        if state.fail(error) == .stop { stop() }
    }

    /// Asks the page where it is (is it still answering?), then leaves the main loop.
    private func stop() {
        if state.webProcessDied || view == nil { gtk_main_quit(); return }
        var answered = false
        evaluate("location.href") { [unowned self] result in
            guard !answered else { return }
            answered = true
            if case .success(let href?) = result { self.finalURL = self.options.redactor.rawURL(href) }
            self.screenshot(seq: self.lastSeq, after: "end") { gtk_main_quit() }
        }
        // A page that does not answer within a second is reported as not answering.
        let give: @convention(c) (gpointer?) -> gboolean = { context in
            let box = Unmanaged<Callback>.fromOpaque(context!).takeRetainedValue()
            box.run()
            return 0
        }
        let fallback = Callback { if !answered { answered = true; gtk_main_quit() } }
        g_timeout_add(1000, give, Unmanaged.passRetained(fallback).toOpaque())
    }

    // MARK: Helpers

    /// Runs a script in the main frame. `awaitingPromise`: a promise it evaluates to is awaited and its
    /// value (or rejection) is the result (--eval), through WebKit's async function call and the page's
    /// eval; a page whose Content-Security-Policy refuses eval (as providers' pages do) gets the script as
    /// the app's own evaluation instead, which no page policy restricts, and its value is not awaited.
    private func evaluate(_ script: String, awaitingPromise: Bool = false, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) {
        guard let view else { done(.failure(HostScriptFailure(message: "no view"))); return }
        if awaitingPromise {
            let retry: (Result<String?, HostScriptFailure>) -> Void = { [weak self] result in
                if case .failure(let failure) = result, failure.message.hasPrefix("EvalError"), failure.message.contains("Content Security Policy") {
                    self?.note("the page's Content-Security-Policy refuses eval: --eval runs as the app's own script, its value not awaited")
                    self?.evaluate(script, done)
                } else {
                    done(result)
                }
            }
            evaluateAwaiting(script, view: view, retry)
            return
        }
        let box = Unmanaged.passRetained(EvaluationCallback(done)).toOpaque()
        let finished: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { object, result, context in
            HostedWebView.finishEvaluation(context) { webkit_web_view_evaluate_javascript_finish(HostedWebView.webView(object), result, $0) }
        }
        webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, finished, box)
    }

    private func evaluateAwaiting(_ script: String, view: UnsafeMutablePointer<WebKitWebView>, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) {
        let box = Unmanaged.passRetained(EvaluationCallback(done)).toOpaque()
        let called: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { object, result, context in
            HostedWebView.finishEvaluation(context) { webkit_web_view_call_async_javascript_function_finish(HostedWebView.webView(object), result, $0) }
        }
        // The script's completion value, as a global-scope eval gives it; a promise is awaited by WebKit.
        let body = "return (0, eval)(\(JSONValue.string(script).jsonText));"
        webkit_web_view_call_async_javascript_function(view, body, -1, nil, nil, nil, nil, called, box)
    }

    static func webView(_ object: UnsafeMutablePointer<GObject>?) -> UnsafeMutablePointer<WebKitWebView> {
        UnsafeMutableRawPointer(object!).assumingMemoryBound(to: WebKitWebView.self)
    }

    /// Ends an evaluation: the value as text, or the error's message, to the callback in `context`.
    static func finishEvaluation(_ context: gpointer?, _ finish: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutablePointer<JSCValue>?) {
        let box = Unmanaged<EvaluationCallback>.fromOpaque(context!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        guard let value = finish(&error) else {
            box.done(.failure(HostScriptFailure(message: GLibError.take(error))))
            return
        }
        defer { g_object_unref(value) }
        box.done(.success(HostedWebView.json(value)))
    }

    /// A JSC value as text: strings as they are, null/undefined as nil, anything else as JSON.
    static func json(_ value: UnsafeMutablePointer<JSCValue>?) -> String? {
        guard let v = value else { return nil }
        if jsc_value_is_undefined(v) != 0 || jsc_value_is_null(v) != 0 { return nil }
        let text = jsc_value_is_string(v) != 0 ? jsc_value_to_string(v) : jsc_value_to_json(v, 0)
        defer { g_free(text) }
        return text.map { String(cString: $0) }
    }

    static func requestURI(_ action: OpaquePointer) -> String {
        webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
    }

    static func navigationType(_ type: WebKitNavigationType) -> NavigationType {
        switch type {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: return .linkClicked
        case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: return .formSubmitted
        case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: return .backForward
        case WEBKIT_NAVIGATION_TYPE_RELOAD: return .reload
        case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: return .formResubmitted
        default: return .other
        }
    }

    private func note(_ text: String) { emit(.note(text)) }
}

struct HostScriptFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

private final class EvaluationCallback {
    let done: (Result<String?, HostScriptFailure>) -> Void
    init(_ done: @escaping (Result<String?, HostScriptFailure>) -> Void) { self.done = done }
}

private final class SnapshotCallback {
    let done: (OpaquePointer?, String) -> Void
    init(_ done: @escaping (OpaquePointer?, String) -> Void) { self.done = done }
}

private final class Callback {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
#endif
