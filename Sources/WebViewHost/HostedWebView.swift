// HostedWebView.swift: the WebKit/GLib edge of one hosted run: a real WebKitGTK web view in an offscreen
// window, on the stand-in network, its signals (C trampolines) handed to the run's HostSession, which
// decides every navigation with the engine as an app's native side would. Every `decide-policy`
// navigation or new-window action, and every `create` (window.open), becomes a HostNavigationAction: cancel
// is webkit_policy_decision_ignore, allow is use; with `--popups own-window`, `create` returns a view of its
// own (related to the opener, in an offscreen window) whose signals go to the same session. This file also
// carries out what the session asks (HostViewControl): evaluate-JavaScript (in the view being decided, else the
// app's own view; awaiting a promise for --eval, falling back to the app's own
// evaluation where a page's Content-Security-Policy refuses eval), snapshots, timers, leaving the loop.
//
// WebKitGTK is called through WebKitLibrary, loaded when the view is made (not linked: WebKitLibrary says
// why). The view lives on the GLib main loop of the calling (main) thread; everything here runs on it. The
// view is torn down and a Xvfb the host started is stopped, whatever ended the run.
//
// What can be said without WebKit lives beside it and is unit-tested: HostSession (the run's logic),
// HostNavigationAction (action → request and source), HostRunState (the stop state machine),
// CredentialHandOff (--until sentinel), HostDisplay (the display and signal mask) and StandInNetwork's
// context setup (proxy and TLS).
#if WebKit
import FlowInspector
import BrowserURL
import CSoup
import Foundation
import JSONText
import NavigationPolicy
import NavigationReplay
import SensitiveText

package final class HostedWebView: HostViewControl {
    private let options: HostOptions
    private let session: HostSession
    /// WebKitGTK, loaded when the first view is made (WebKitLibrary says why it is not linked).
    private let webkit: WebKitLibrary

    private var xvfb: XvfbDisplay?
    private var network: StandInNetwork?
    /// The GtkOffscreenWindow and the WebKitWebView in it.
    private var window: OpaquePointer?
    private var view: OpaquePointer?
    /// `--popups own-window`: the windows the page opened (each a view in an offscreen window of its own),
    /// and the URL each was opened onto, decided when it was opened and so not asked about again.
    private var popupWindows: [OpaquePointer] = []
    private var popupOpening: [OpaquePointer: String] = [:]
    /// The view whose navigation is being decided: what the session evaluates meanwhile (a bridge queue's
    /// drain, a look at the URL) runs in it, the view that signalled.
    private var decidingView: OpaquePointer?
    private var timers: [guint] = []
    /// The URL the view last showed (`notify::uri`): a URL it shows that no navigation it (or the stand-in
    /// network) asked about led to is a History API change (pushState, replaceState), which no delegate sees.
    private var shownURL: String?
    /// The URL of the document the view last committed: its URL coming back (a later load failed) is no
    /// navigation.
    private var committedURL: String?
    /// A load is provisional (started, not committed): the URLs the view shows then are its and its
    /// redirects', not the page's History API.
    private var provisional = false

    package init(engine: PolicyEngine, options: HostOptions, emit: @escaping (HostOutput) -> Void) throws {
        self.options = options
        webkit = try WebKitLibrary.load()
        session = try HostSession(engine: engine, options: options, emit: emit)
    }

    /// Runs the page until the stop condition, a failure or the timeout; always tears down.
    package func run() throws -> HostResult {
        defer { tearDown() }
        session.view = self
        try openDisplay()
        try startNetwork()
        makeView()
        installTimers()
        note(.loading(url: options.startURL, engine: .webkit))
        webkit.webkit_web_view_load_uri(view, options.startURL)
        webkit.gtk_main()
        return session.finish()
    }

    // MARK: Setting up

    private func openDisplay() throws {
        let display = try HostDisplay.open(options.display, launched: options.xvfbLaunch, webkit: webkit) { [unowned self] in self.note($0) }
        xvfb = display.xvfb
    }

    private func startNetwork() throws {
        let session = self.session
        let network = StandInNetwork(site: options.site ?? HostSite(origin: "https://invalid.invalid", routes: []),
                                     provider: options.provider, providerUnreachable: { why in
            // Said as the run's reason: the widget's own error (a TypeError in --eval, a spinner) would hide it.
            let base = session.options.provider?.base ?? "--provider"
            session.fail(HostError(.providerUnreachable(base: base, why: why)))
        }) { exchange in session.network(exchange) }
        try network.start()
        self.network = network
        note(.standInNetwork(proxy: network.proxyURI, routes: network.site.routes.count))
        if let failure = network.listenFailure { note(.connectionsClose(glibError: failure)) }
        if let provider = options.provider {
            note(provider.note)
        }
        if let directory = options.screenshotsDirectory {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw HostError(.screenshotsDirectory(path: directory, why: error.localizedDescription))
            }
        }
    }

    private func makeView() {
        let context = webkit.webkit_web_context_new_ephemeral()!
        network!.configure(context, webkit: webkit)

        let widget = webkit.webkit_web_view_new_with_context(context)!
        g_object_unref(UnsafeMutableRawPointer(context))
        view = widget
        window = webkit.gtk_offscreen_window_new()
        webkit.gtk_container_add(window, widget)
        webkit.gtk_widget_set_size_request(widget, 390, 844)

        let settings = webkit.webkit_web_view_get_settings(view)
        let agent = webkit.webkit_settings_get_user_agent(settings).map { String(cString: $0) } ?? ""
        webkit.webkit_settings_set_user_agent(settings, agent + " " + HostScripts.userAgentToken)
        // An app that handles window.open (createWebViewWith) lets script open windows unless its setting
        // opens only what a tap opened (WebKit's popup blocker then drops the rest).
        webkit.webkit_settings_set_javascript_can_open_windows_automatically(settings, options.popups == .sameView || options.popups == .ownWindow ? 1 : 0)

        let content = webkit.webkit_web_view_get_user_content_manager(view)
        _ = webkit.webkit_user_content_manager_register_script_message_handler(content, HostScripts.probeHandler)
        let probe = webkit.webkit_user_script_new(HostScripts.errorProbe + HostScripts.sandboxProbe, WebKitLibrary.WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                           WebKitLibrary.WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, nil, nil)
        webkit.webkit_user_content_manager_add_script(content, probe)
        webkit.webkit_user_script_unref(probe)
        if options.platform == .android, let source = HostScripts.javascriptInterfaces(session.engine.rules.javascriptInterfaces) {
            let interfaces = webkit.webkit_user_script_new(source, WebKitLibrary.WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WebKitLibrary.WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, nil, nil)
            webkit.webkit_user_content_manager_add_script(content, interfaces)
            webkit.webkit_user_script_unref(interfaces)
        }
        for source in options.frameScripts {
            let script = webkit.webkit_user_script_new(source, WebKitLibrary.WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WebKitLibrary.WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, nil, nil)
            webkit.webkit_user_content_manager_add_script(content, script)
            webkit.webkit_user_script_unref(script)
        }

        let me = Unmanaged.passUnretained(self).toOpaque()
        connectPolicy(widget)
        let changed: @convention(c) (OpaquePointer?, UInt32, gpointer?) -> Void = { _, event, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().loadChanged(event)
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "load-changed", unsafeBitCast(changed, to: GCallback.self), me)
        let uri: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, _, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().uriChanged()
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "notify::uri", unsafeBitCast(uri, to: GCallback.self), me)
        let failed: @convention(c) (OpaquePointer?, UInt32, UnsafePointer<gchar>?, UnsafeMutablePointer<GError>?, gpointer?) -> gboolean = { _, _, uri, error, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().loadFailed(uri.map { String(cString: $0) } ?? "", error)
            return 1
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "load-failed", unsafeBitCast(failed, to: GCallback.self), me)
        let terminated: @convention(c) (OpaquePointer?, UInt32, gpointer?) -> Void = { _, reason, context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().webProcessTerminated(reason)
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "web-process-terminated", unsafeBitCast(terminated, to: GCallback.self), me)
        let dialog: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, dialog, context in
            guard let dialog, let context else { return 0 }
            Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().answer(dialog)
            return 1
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "script-dialog", unsafeBitCast(dialog, to: GCallback.self), me)
        let message: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, result, context in
            guard let result, let context else { return }
            let host = Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue()
            host.session.probeMessage(host.webkit.json(host.webkit.webkit_javascript_result_get_js_value(result)))
        }
        GLibSignal.connect(UnsafeMutableRawPointer(content!), "script-message-received::\(HostScripts.probeHandler)", unsafeBitCast(message, to: GCallback.self), me)

        webkit.gtk_widget_show_all(window)
    }

    private func installTimers() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let tick: @convention(c) (gpointer?) -> gboolean = { context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().session.tick()
            return 1
        }
        timers.append(g_timeout_add(50, tick, me))
        let signal: @convention(c) (gpointer?) -> gboolean = { context in
            Unmanaged<HostedWebView>.fromOpaque(context!).takeUnretainedValue().session.fail(HostError(.interrupted))
            return 1
        }
        timers.append(g_unix_signal_add(SIGINT, signal, me))
        timers.append(g_unix_signal_add(SIGTERM, signal, me))
    }

    /// decide-policy and create on a view: the app's own, or a window the page opened (the same delegate).
    private func connectPolicy(_ widget: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let decide: @convention(c) (OpaquePointer?, OpaquePointer?, UInt32, gpointer?) -> gboolean = { webView, decision, type, context in
            guard let webView, let decision, let context else { return 0 }
            return Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().decidePolicy(decision, type, in: webView) ? 1 : 0
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "decide-policy", unsafeBitCast(decide, to: GCallback.self), me)
        let create: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> OpaquePointer? = { webView, action, context in
            guard let webView, let action, let context else { return nil }
            return Unmanaged<HostedWebView>.fromOpaque(context).takeUnretainedValue().createWindow(action, from: webView)
        }
        GLibSignal.connect(UnsafeMutableRawPointer(widget), "create", unsafeBitCast(create, to: GCallback.self), me)
    }

    private func tearDown() {
        for id in timers { g_source_remove(id) }
        timers.removeAll()
        for popup in popupWindows { webkit.gtk_widget_destroy(popup) }
        popupWindows.removeAll()
        popupOpening.removeAll()
        if let window { webkit.gtk_widget_destroy(window) }
        window = nil
        view = nil
        network?.stop()
        network = nil
        if let xvfb {
            xvfb.stop()
            note(.stoppedXvfb(display: xvfb.name))
        }
        xvfb = nil
    }

    // MARK: Navigations

    /// `decision`: a WebKitPolicyDecision; `type`, a WebKitPolicyDecisionType.
    private func decidePolicy(_ decision: OpaquePointer, _ type: UInt32, in webView: OpaquePointer) -> Bool {
        if type == WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_RESPONSE {
            return decideResponse(decision)
        }
        guard type == WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION || type == WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION else {
            return false
        }
        guard let action = webkit.webkit_navigation_policy_decision_get_navigation_action(decision) else { return false }
        // A window's first load, decided when the page opened it.
        if let opening = popupOpening[webView], opening == webkit.requestURI(action) {
            popupOpening[webView] = nil
            webkit.webkit_policy_decision_use(decision)
            return true
        }
        decidingView = webView
        defer { decidingView = nil }
        if session.decide(observed(action, newWindow: type == WebKitLibrary.WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION, in: webView)) {
            webkit.webkit_policy_decision_use(decision)
        } else {
            webkit.webkit_policy_decision_ignore(decision)
        }
        return true
    }

    /// A response a web view would not render (a MIME type it cannot show, or `Content-Disposition:
    /// attachment`): WebKit's default would start a download and leave the view on about:blank, which a
    /// run must not take for a page. Refused, and told to the session.
    private func decideResponse(_ decision: OpaquePointer) -> Bool {
        guard let response = webkit.webkit_response_policy_decision_get_response(decision) else { return false }
        var attachment = false
        if let headers = webkit.webkit_uri_response_get_http_headers(response) {
            var disposition: UnsafeMutablePointer<CChar>?
            if soup_message_headers_get_content_disposition(headers, &disposition, nil) != 0, let disposition {
                attachment = String(cString: disposition).lowercased() == "attachment"
                g_free(disposition)
            }
        }
        let supported = webkit.webkit_response_policy_decision_is_mime_type_supported(decision) != 0
        guard attachment || !supported else { return false }
        let type = webkit.webkit_uri_response_get_mime_type(response).map { String(cString: $0) } ?? "no type"
        let uri = webkit.webkit_uri_response_get_uri(response).map { String(cString: $0) } ?? ""
        let why = attachment ? "it is sent as an attachment (\(type)), which a web view downloads instead of showing"
                             : "it is sent as \(type), which a web view cannot show and would download"
        webkit.webkit_policy_decision_ignore(decision)
        session.responseRefused(uri, why: why, pageItself: webkit.webkit_response_policy_decision_is_main_frame_main_resource(decision) != 0)
        return true
    }

    /// The view's URL changed. To one it asked about: that navigation's (decided already). To another, with
    /// no navigation: the page's History API, reported as Chromium reports it, once made.
    private func uriChanged() {
        guard let uri = webkit.webkit_web_view_get_uri(view).map({ String(cString: $0) }) else { return }
        let previous = shownURL
        shownURL = uri
        if provisional { return }
        if session.wasDecided(uri) {
            // A fragment the view applied is its document's URL from now on.
            if SameDocumentNavigation.isFragment(from: previous, to: uri) { committedURL = uri }
            return
        }
        // An empty URI is no document's (WebKit clears it when the view's first load is cancelled).
        guard let previous, previous != uri, previous != "about:blank", !uri.isEmpty, uri != committedURL else { return }
        committedURL = uri
        session.navigatedWithinDocument(HostNavigationAction(url: uri, currentURL: previous, sameDocument: .historyAPI))
    }

    /// window.open and target=_blank: the app loads an allowed one in this view (createWebViewWith), or
    /// (`--popups own-window`) returns a view of its own for it, related to the opener, with the same
    /// delegate; WebKit then loads it there.
    private func createWindow(_ action: OpaquePointer, from opener: OpaquePointer) -> OpaquePointer? {
        if options.popups == .blocked {
            session.note(.popupBlocked(url: webkit.requestURI(action), setting: .blocked))
            return nil
        }
        guard session.createWindow(observed(action, newWindow: true, in: opener)) else { return nil }
        guard options.popups == .ownWindow else {
            webkit.webkit_web_view_load_request(view, webkit.webkit_navigation_action_get_request(action))
            return nil
        }
        guard let popup = webkit.webkit_web_view_new_with_related_view(opener), let window = webkit.gtk_offscreen_window_new() else { return nil }
        webkit.gtk_container_add(window, popup)
        webkit.gtk_widget_set_size_request(popup, 390, 844)
        connectPolicy(popup)
        webkit.gtk_widget_show_all(window)
        popupWindows.append(window)
        let url = webkit.requestURI(action)
        if !url.isEmpty { popupOpening[popup] = url }
        session.note(.popupOpened(url: url))
        return popup
    }

    /// What WebKit says of a navigation action, as the session reads it.
    private func observed(_ action: OpaquePointer, newWindow: Bool, in webView: OpaquePointer) -> HostNavigationAction {
        var observed = HostNavigationAction(
            url: webkit.requestURI(action),
            method: webkit.webkit_navigation_action_get_request(action).flatMap { webkit.webkit_uri_request_get_http_method($0) }.map { String(cString: $0) } ?? "GET",
            frameName: webkit.webkit_navigation_action_get_frame_name(action).map { String(cString: $0) },
            isRedirect: webkit.webkit_navigation_action_is_redirect(action) != 0,
            hasUserGesture: webkit.webkit_navigation_action_is_user_gesture(action) != 0,
            type: Self.navigationType(webkit.webkit_navigation_action_get_navigation_type(action)),
            newWindow: newWindow,
            currentURL: webkit.webkit_web_view_get_uri(webView).map { String(cString: $0) })
        // WebKit asks about a fragment navigation as about any other; its type is not in the action, so it is
        // told as WebKit's loader tells it: the same URL, a new fragment, a GET.
        if !newWindow, observed.type != .reload, observed.type != .backForward {
            observed.sameDocument = HostNavigationAction.fragmentNavigation(from: observed.currentURL, to: observed.url, method: observed.method)
        }
        return observed
    }

    // MARK: What the session asks

    func snapshot(to path: String, _ done: @escaping (SnapshotProblem?) -> Void) {
        guard let view else { done(.noView); return }
        let webkit = self.webkit
        let box = SnapshotCallback(webkit) { surface, message in
            guard let surface else { done(.webKitSnapshotFailed(message)); return }
            let status = webkit.cairo_surface_write_to_png(surface, path)
            webkit.cairo_surface_destroy(surface)
            done(status == WebKitLibrary.CAIRO_STATUS_SUCCESS ? nil : .notWritten(path: path, why: webkit.cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status)"))
        }
        let finished: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { object, result, context in
            let box = Unmanaged<SnapshotCallback>.fromOpaque(context!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let surface = box.webkit.webkit_web_view_get_snapshot_finish(OpaquePointer(object), result, &error)
            box.done(surface, surface == nil ? GLibError.take(error) : "")
        }
        webkit.webkit_web_view_get_snapshot(view, WebKitLibrary.WEBKIT_SNAPSHOT_REGION_VISIBLE, WebKitLibrary.WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, finished,
                                     Unmanaged.passRetained(box).toOpaque())
    }

    func after(seconds: Double, _ action: @escaping () -> Void) {
        let give: @convention(c) (gpointer?) -> gboolean = { context in
            let box = Unmanaged<Callback>.fromOpaque(context!).takeRetainedValue()
            box.run()
            return 0
        }
        g_timeout_add(guint(seconds * 1000), give, Unmanaged.passRetained(Callback(action)).toOpaque())
    }

    func quit() { webkit.gtk_main_quit() }

    var isGone: Bool { view == nil }

    // MARK: Loads, dialogs, failures

    /// `event`: a WebKitLoadEvent.
    private func loadChanged(_ event: UInt32) {
        if event == WebKitLibrary.WEBKIT_LOAD_STARTED { provisional = true }
        if event == WebKitLibrary.WEBKIT_LOAD_COMMITTED {
            provisional = false
            committedURL = webkit.webkit_web_view_get_uri(view).map { String(cString: $0) }
        }
        if event == WebKitLibrary.WEBKIT_LOAD_FINISHED { provisional = false }
        guard event == WebKitLibrary.WEBKIT_LOAD_FINISHED else { session.activity(); return }
        session.pageLoaded(webkit.webkit_web_view_get_uri(view).map { String(cString: $0) } ?? "")
    }

    private func loadFailed(_ uri: String, _ error: UnsafeMutablePointer<GError>?) {
        provisional = false
        guard let error else { return }
        let domain = error.pointee.domain, code = error.pointee.code
        // Our own cancellations, and a load replaced by another: not failures.
        if domain == webkit.webkit_policy_error_quark() && code == WebKitLibrary.WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE { return }
        if domain == webkit.webkit_network_error_quark() && code == WebKitLibrary.WEBKIT_NETWORK_ERROR_CANCELLED { return }
        session.loadFailed(uri, message: error.pointee.message.map { String(cString: $0) } ?? "unknown error")
    }

    /// `reason`: a WebKitWebProcessTerminationReason.
    private func webProcessTerminated(_ reason: UInt32) {
        switch reason {
        case WebKitLibrary.WEBKIT_WEB_PROCESS_CRASHED: session.webProcessTerminated("the web process crashed")
        case WebKitLibrary.WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: session.webProcessTerminated("the web process exceeded its memory limit")
        default: session.webProcessTerminated("the web process was terminated")
        }
    }

    /// A JavaScript dialog, answered as a WKWebView with no UI delegate answers it (HostDialogs).
    private func answer(_ dialog: OpaquePointer) {
        let kind: HostDialogKind
        switch webkit.webkit_script_dialog_get_dialog_type(dialog) {
        case WebKitLibrary.WEBKIT_SCRIPT_DIALOG_CONFIRM: kind = .confirm
        case WebKitLibrary.WEBKIT_SCRIPT_DIALOG_PROMPT: kind = .prompt
        case WebKitLibrary.WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM: kind = .beforeunload
        default: kind = .alert
        }
        if kind == .confirm || kind == .beforeunload {
            webkit.webkit_script_dialog_confirm_set_confirmed(dialog, HostDialogs.confirms(kind) ? 1 : 0)
        }
        session.dialog(kind, message: webkit.webkit_script_dialog_get_message(dialog).map { String(cString: $0) } ?? "")
    }

    // MARK: Helpers

    /// Runs a script in the main frame. `awaitingPromise`: a promise it evaluates to is awaited and its
    /// value (or rejection) is the result (--eval), through WebKit's async function call and the page's
    /// eval; a page whose Content-Security-Policy refuses eval (as providers' pages do) gets the script as
    /// the app's own evaluation instead, which no page policy restricts, and its value is not awaited.
    func evaluate(_ script: String, awaitingPromise: Bool, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) {
        guard let view = decidingView ?? view else { done(.failure(.noView)); return }
        if awaitingPromise {
            let retry: (Result<String?, HostScriptFailure>) -> Void = { [weak self] result in
                if case .failure(let failure) = result, let text = failure.engineText, text.hasPrefix("EvalError"), text.contains("Content Security Policy") {
                    self?.note(.evalRefusedByPagePolicy)
                    self?.evaluate(script, awaitingPromise: false, done)
                } else {
                    done(result)
                }
            }
            evaluateAwaiting(script, view: view, retry)
            return
        }
        let box = Unmanaged.passRetained(EvaluationCallback(webkit, done)).toOpaque()
        let finished: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { object, result, context in
            EvaluationCallback.finish(context) { $0.webkit_web_view_evaluate_javascript_finish(OpaquePointer(object), result, $1) }
        }
        webkit.webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, finished, box)
    }

    private func evaluateAwaiting(_ script: String, view: OpaquePointer, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) {
        let box = Unmanaged.passRetained(EvaluationCallback(webkit, done)).toOpaque()
        let called: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { object, result, context in
            EvaluationCallback.finish(context) { $0.webkit_web_view_call_async_javascript_function_finish(OpaquePointer(object), result, $1) }
        }
        // The script's completion value, as a global-scope eval gives it; a promise is awaited by WebKit.
        let body = "return (0, eval)(\(JSONValue.string(script).jsonText));"
        webkit.webkit_web_view_call_async_javascript_function(view, body, -1, nil, nil, nil, nil, called, box)
    }

    /// A WebKitNavigationType as the engine names it.
    static func navigationType(_ type: UInt32) -> NavigationType {
        switch type {
        case WebKitLibrary.WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: return .linkClicked
        case WebKitLibrary.WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: return .formSubmitted
        case WebKitLibrary.WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: return .backForward
        case WebKitLibrary.WEBKIT_NAVIGATION_TYPE_RELOAD: return .reload
        case WebKitLibrary.WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: return .formResubmitted
        default: return .other
        }
    }

    private func note(_ note: HostNote) { session.note(note) }
}

extension WebKitLibrary {
    /// A JSCValue as text: strings as they are, null/undefined as nil, anything else as JSON.
    func json(_ value: OpaquePointer?) -> String? {
        guard let v = value else { return nil }
        if jsc_value_is_undefined(v) != 0 || jsc_value_is_null(v) != 0 { return nil }
        let text = jsc_value_is_string(v) != 0 ? jsc_value_to_string(v) : jsc_value_to_json(v, 0)
        defer { g_free(text) }
        return text.map { String(cString: $0) }
    }

    /// A WebKitNavigationAction's request URI.
    func requestURI(_ action: OpaquePointer) -> String {
        webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
    }
}

/// An evaluation under way: the library its result is read with, and whom to tell.
private final class EvaluationCallback {
    let webkit: WebKitLibrary
    let done: (Result<String?, HostScriptFailure>) -> Void
    init(_ webkit: WebKitLibrary, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) { (self.webkit, self.done) = (webkit, done) }

    /// Ends an evaluation: the value as text, or the error's message, to the callback in `context`.
    /// `finish` reads the JSCValue (or the error) from the result.
    static func finish(_ context: gpointer?, _ finish: (WebKitLibrary, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> OpaquePointer?) {
        let box = Unmanaged<EvaluationCallback>.fromOpaque(context!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        guard let value = finish(box.webkit, &error) else {
            box.done(.failure(.threw(GLibError.take(error))))
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(value)) }
        box.done(.success(box.webkit.json(value)))
    }
}

/// A snapshot under way: the library its surface is read with, and whom to tell.
private final class SnapshotCallback {
    let webkit: WebKitLibrary
    let done: (OpaquePointer?, String) -> Void
    init(_ webkit: WebKitLibrary, _ done: @escaping (OpaquePointer?, String) -> Void) { (self.webkit, self.done) = (webkit, done) }
}

private final class Callback {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
#endif
