// ChromiumView.swift: the Chromium edge of one hosted run (`bridge host --engine chromium`): Debian's
// Chromium, headless, driven over the DevTools pipe (ChromiumPipe), as Android's WebView would show the
// app its navigations. The same HostSession decides every navigation with the engine and writes the same
// transcript as the WebKit host; this file carries out what the session asks (HostViewControl) and turns
// the browser's events into the session's calls:
//   - Fetch.requestPaused for a document is a navigation: decided, then failed (cancel) or served; every
//     other request is served. Served means, as the WebKit host's stand-in network does: a provider host or
//     app-backend path is forwarded to the emulator (Fetch.fulfillRequest with its answer, redirects not
//     followed here), a site file from the site, loopback reached directly (Fetch.continueRequest). No
//     proxy and no certificates: the browser is answered in place.
//   - Page.frameRequestedNavigation (or frameStartedNavigating, sent instead when the navigation is not
//     scheduled) to a custom scheme (janrain:, myapp://, intent://) is a navigation no request follows:
//     decided once (a bridge signal's queue drained with Runtime.evaluate).
//   - Page.frameAttached names the subframes, whose navigations are decided as a subframe's (WebKitGTK's
//     UI process cannot tell, so the WebKit host decides every navigation as the main frame's);
//   - Page.navigatedWithinDocument is a fragment or History API navigation, reported once made: decided
//     as the platform would ask, and recorded as made (HostSession.navigatedWithinDocument);
//   - with `--popups own-window`, Target.attachedToTarget is a window the page opened, attached before it
//     loads (auto-attach, held until it runs on) and set up as the view's page is: a PageTarget of its own,
//     whose events and commands use its own session;
//   - Page.frameNavigated and loadEventFired are loads; javascriptDialogOpening a dialog, answered as a
//     web view with no UI delegate answers it; the error probe, and under Android's rules the app's
//     JavaScript interfaces (window.NAME.METHOD(…)), post through a Runtime binding.
// Everything runs on one serial queue; run() waits for the session to end (or for SIGINT or SIGTERM, which
// end it as they end the WebKit host's run), then ends the browser and removes its profile.
#if WebKit
import BrowserURL
import FlowInspector
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JSONText
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NavigationPolicy
import NavigationReplay
import SensitiveText

package final class ChromiumView: HostViewControl, @unchecked Sendable {
    private let options: HostOptions
    private let session: HostSession
    private let queue = DispatchQueue(label: "bridge.host.chromium")
    private var pipe: ChromiumPipe?
    /// The view's own page; with `--popups own-window`, the windows it opened, by DevTools session.
    private let main = PageTarget()
    private var popups: [String: PageTarget] = [:]
    private var gone = false
    private var ended = false
    private let finished = DispatchSemaphore(value: 0)
    /// Documents a served answer redirected to: their navigation is a redirect.
    private var redirectTargets: Set<String> = []
    private var toldUnreachable = false
    /// Custom-scheme navigations just decided, by frame and URL: when, and whether the app let them through.
    /// The browser reports one navigation by up to two events, and the page's hold (HostScripts.customSchemeHold)
    /// by a message: the first decides, the others read the decision.
    private var recentCustom: [String: (at: Date, allowed: Bool)] = [:]
    /// The frame each of the view's script contexts belongs to (Runtime.executionContextCreated).
    private var contextFrames: [Int: String] = [:]
    private let forwarding = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
    /// The browser's profile for the run (made by `run`), removed when it ends.
    private var profile = ""

    package init(engine: PolicyEngine, options: HostOptions, emit: @escaping (HostOutput) -> Void) throws {
        self.options = options
        session = try HostSession(engine: engine, options: options, emit: emit)
    }

    /// Where Chromium is, or nil (then `bridge host --engine chromium` says how to get it).
    package static var executable: String? { ChromiumPipe.executable }

    /// Runs the page until the stop condition, a failure or the timeout; always ends the browser.
    package func run() throws -> HostResult {
        guard let executable = ChromiumPipe.executable else {
            throw HostError(.chromiumNotInstalled)
        }
        if let directory = options.screenshotsDirectory {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw HostError(.screenshotsDirectory(path: directory, why: error.localizedDescription))
            }
        }
        session.view = self
        var template = Array((FileManager.default.temporaryDirectory.path + "/bridge-chromium-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template).map({ String(cString: $0) }) else {
            throw HostError(.processNotStarted(executable: executable, why: String(cString: strerror(errno))))
        }
        profile = made
        defer { Self.removeProfile(made) }
        let pipe = try ChromiumPipe(executable: executable, arguments: [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
            "--user-data-dir=" + profile, "--window-size=390,844",
            // Every frame in the page's own renderer, as in Android's WebView (no out-of-process iframes): the
            // page's session then sees, intercepts and scripts a cross-origin iframe too.
            // No back-forward cache, as Android's view keeps none unless the app turns it on
            // (android_webview/common/aw_features.cc: kWebViewBackForwardCache, disabled by default): a page
            // the view goes back to is requested again, so the history navigation is seen and decided.
            "--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process,BackForwardCache",
        ]
        // With own-window, which windows open is --popups' to say, as an app's javaScriptCanOpenWindowsAutomatically
        // says it, not the browser's popup blocker: every window is attached and watched. The other settings
        // attach no window, so one the page's script cannot see opening (form.submit() onto target=_blank, which
        // fires no submit event) stays with the blocker rather than opening unwatched without a tap.
        + (options.popups == .ownWindow ? ["--disable-popup-blocking"] : []) + ["about:blank"], queue: queue)
        self.pipe = pipe
        pipe.onEvent = { [unowned self] method, params, sessionID in self.event(method, params, sessionID) }
        pipe.onClose = { [unowned self] in
            self.gone = true
            if !self.ended { self.session.webProcessTerminated("Chromium closed its DevTools pipe") }
        }
        let stops = stopOnSignals()
        queue.async { [self] in start() }
        finished.wait()
        for (signal, source) in stops {
            source.cancel()
            Glibc.signal(signal, SIG_DFL)
        }
        queue.sync { pipe.close() }
        forwarding.invalidateAndCancel()
        return queue.sync { session.finish() }
    }

    // MARK: Setting up

    /// A profile, once its browser has ended, and the folder its lock's socket is in: Chromium makes that
    /// folder in the temporary folder (a socket's address is short), names it in the profile's
    /// SingletonSocket link, and leaves it when stopped by a signal.
    private static func removeProfile(_ profile: String) {
        if let socket = try? FileManager.default.destinationOfSymbolicLink(atPath: profile + "/SingletonSocket") {
            let folder = (socket as NSString).deletingLastPathComponent
            if (folder as NSString).lastPathComponent.hasPrefix("org.chromium.Chromium.") { try? FileManager.default.removeItem(atPath: folder) }
        }
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// SIGINT and SIGTERM end the run as they end the WebKit host's: said as an interruption, the browser
    /// ended and its profile removed. Taken on the queue (ignored as signals meanwhile, so that only the
    /// sources see them); the browser, already started, keeps its default action (ChromiumPipe).
    private func stopOnSignals() -> [(Int32, DispatchSourceSignal)] {
        StopSignals.unblock()
        return [SIGINT, SIGTERM].map { signal in
            Glibc.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [unowned self] in session.fail(HostError(.interrupted)) }
            source.resume()
            return (signal, source)
        }
    }

    private func start() {
        note(.loading(url: options.startURL, engine: .chromium))
        note(.popups(options.popups))
        // The browser's user agent and the view's page asked for together; the page is set up once both are in.
        var agent: String?, attached = false
        command("Browser.getVersion") { [self] version in
            // Said once the browser answers: by then the emulator's server, started beside it, listens.
            if let provider = options.provider { note(provider.note) }
            agent = (version["userAgent"]?.stringValue ?? "").replacingOccurrences(of: "HeadlessChrome", with: "Chrome")
            if attached { configureMain(agent: agent ?? "") }
        }
        command("Target.createTarget", [("url", .string("about:blank"))]) { [self] created in
            guard let id = created["targetId"]?.stringValue else { return fail(.chromiumNoPage) }
            main.targetID = id
            command("Target.attachToTarget", [("targetId", .string(id)), ("flatten", .bool(true))]) { [self] reply in
                guard let sessionID = reply["sessionId"]?.stringValue else { return fail(.chromiumNotAttached) }
                main.session = sessionID
                attached = true
                if let agent { configureMain(agent: agent) }
            }
        }
        tick()
    }

    private func configureMain(agent: String) {
        userAgent = agent
        configure(main)
    }

    /// The page's session set up as the view's (scripts, user agent, viewport, interception); the view's
    /// own page then loads the start URL, a popup runs on to the load the browser holds for it.
    private func configure(_ page: PageTarget) {
        // The error probe posts as it does in WebKit (webkit.messageHandlers.bridgeHost), here through a binding.
        let shim = """
            (function () {
              var post = function (message) { try { \(Self.probeBinding)(JSON.stringify(message)); } catch (e) {} };
              window.webkit = window.webkit || {};
              window.webkit.messageHandlers = window.webkit.messageHandlers || {};
              window.webkit.messageHandlers.\(HostScripts.probeHandler) = { postMessage: post };
            })();
            """
        // Android's addJavascriptInterface objects, posted through the same binding (HostScripts).
        let interfaces = options.platform == .android ? HostScripts.javascriptInterfaces(session.engine.rules.javascriptInterfaces) ?? "" : ""
        let frameScripts = options.frameScripts.map { source in
            "(function () { var run = function () { \(source)\n }; if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run); else run(); })();"
        }
        let setup: [(String, [(String, JSONOutput)])] = [
            ("Page.enable", []), ("Runtime.enable", []), ("Runtime.addBinding", [("name", .string(Self.probeBinding))]),
            ("Page.addScriptToEvaluateOnNewDocument", [("source", .string(shim + HostScripts.errorProbe + HostScripts.sandboxProbe + HostScripts.customSchemeHold + HostScripts.popups(options.popups) + interfaces))]),
        ] + frameScripts.map { ("Page.addScriptToEvaluateOnNewDocument", [("source", .string($0))]) } + [
            ("Emulation.setUserAgentOverride", [("userAgent", .string(userAgent + " " + HostScripts.userAgentToken))]),
            ("Emulation.setDeviceMetricsOverride", [("width", .int(390)), ("height", .int(844)), ("deviceScaleFactor", .int(1)), ("mobile", .bool(true))]),
            // Every request before it is sent; and a document's answer that the browser fetched itself
            // (loopback), so that its redirect to a custom scheme is decided as the WebKit host decides it.
            ("Fetch.enable", [("patterns", .array([
                .object(JSONFields([("urlPattern", .string("*")), ("requestStage", .string("Request"))])),
                .object(JSONFields([("urlPattern", .string("*")), ("resourceType", .string("Document")), ("requestStage", .string("Response"))])),
            ]))]),
        ]
        // Sent together, and the page loads once every one is answered: some are carried out in the browser
        // and some in the renderer, so an earlier answer does not mean a later command took effect.
        var unanswered = setup.count
        for (method, params) in setup {
            command(method, params, on: page) { [self] _ in
                unanswered -= 1
                if unanswered == 0 { loadWhenSetUp(page) }
            }
        }
    }

    /// The view's page loads the start URL; a window the page opened runs on to the load the browser held.
    private func loadWhenSetUp(_ page: PageTarget) {
        guard page === main else { return command("Runtime.runIfWaitingForDebugger", on: page) }
        // A window the page opens is attached before it loads (held until it runs on), so its first request is
        // intercepted as the view's are.
        if options.popups == .ownWindow {
            command("Target.setAutoAttach", [("autoAttach", .bool(true)), ("waitForDebuggerOnStart", .bool(true)), ("flatten", .bool(true))])
        }
        command("Page.navigate", [("url", .string(options.startURL))], on: page) { [self] answer in
            if let error = answer["errorText"]?.stringValue, !error.isEmpty {
                session.loadFailed(options.startURL, message: error)
            }
        }
    }

    private var userAgent = ""
    /// The page whose navigation is being decided: what the session evaluates meanwhile (a bridge queue's
    /// drain, a look at the URL) runs in it, the page that signalled.
    private var deciding: PageTarget?

    private func decide(_ observed: HostNavigationAction, in page: PageTarget) -> Bool {
        deciding = page
        defer { deciding = nil }
        return session.decide(observed)
    }

    /// A target the browser attached on its own (`--popups own-window`'s auto-attach, each held until it runs
    /// on): a window the view's page (or one of its windows) opened becomes a page of its own, set up as the
    /// view's; any other is run on and let go. The view's own page, attached by us, is said here too (before
    /// the attach's answer names its session), and left alone.
    private func attached(_ params: [String: JSONValue]) {
        guard options.popups == .ownWindow, params["waitingForDebugger"]?.boolValue == true,
              let sessionID = params["sessionId"]?.stringValue, let info = params["targetInfo"]?.objectValue,
              info["targetId"]?.stringValue != main.targetID else { return }
        let opener = info["openerId"]?.stringValue
        let isOurs = opener != nil && (opener == main.targetID || popups.values.contains { $0.targetID == opener })
        guard info["type"]?.stringValue == "page", isOurs else {
            pipe?.send("Runtime.runIfWaitingForDebugger", JSONFields(), session: sessionID)
            command("Target.detachFromTarget", [("sessionId", .string(sessionID))])
            return
        }
        let page = PageTarget()
        page.session = sessionID
        page.targetID = info["targetId"]?.stringValue
        page.isPopup = true
        popups[sessionID] = page
        session.activity()
        configure(page)
    }

    static let probeBinding = "bridgeHostProbe"
    /// Schemes the browser loads itself; a navigation to any other (janrain:, myapp://) is decided here.
    static let fetchedSchemes = Platform.schemesTheViewLoads

    // MARK: The browser's events

    private func event(_ method: String, _ params: [String: JSONValue], _ sessionID: String?) {
        if sessionID == nil, method == "Target.attachedToTarget" { return attached(params) }
        // A window that closed (window.close(), or the browser's own): its page is let go.
        if sessionID == nil, method == "Target.detachedFromTarget", let closed = params["sessionId"]?.stringValue {
            popups[closed] = nil
            pipe?.forget(session: closed)
            return
        }
        let page: PageTarget
        if sessionID == nil || sessionID == main.session { page = main } else if let sessionID, let popup = popups[sessionID] { page = popup } else { return }
        // Whatever a page of the view did, the run is not idle (a window being set up, a frame attached).
        session.activity()
        switch method {
        case "Fetch.requestPaused": paused(params, in: page)
        // A script's navigation to a custom scheme comes as one or the other (scheduled or started at once).
        case "Page.frameRequestedNavigation", "Page.frameStartedNavigating":
            started(params, in: page)
            requested(params, in: page)
        case "Page.frameStartedLoading", "Page.frameStoppedLoading":
            guard page === main, let frame = params["frameId"]?.stringValue, !page.subframes.contains(frame) else { return }
            main.loading = method == "Page.frameStartedLoading"
            if !main.loading { takeWaitingSnapshots() }
        case "Page.frameAttached":
            if let frame = params["frameId"]?.stringValue, params["parentFrameId"]?.stringValue != nil { page.subframes.insert(frame) }
        case "Page.frameDetached":
            if let frame = params["frameId"]?.stringValue, params["reason"]?.stringValue != "swap" { page.subframes.remove(frame) }
        case "Page.frameNavigated":
            guard let frame = params["frame"]?.objectValue else { return }
            if frame["parentId"] == nil { page.currentURL = frame["url"]?.stringValue }
        case "Page.navigatedWithinDocument": navigatedWithinDocument(params, in: page)
        case "Page.loadEventFired": if page === main { session.pageLoaded(main.currentURL ?? options.startURL) }
        case "Page.javascriptDialogOpening":
            let kind = HostDialogKind(rawValue: params["type"]?.stringValue ?? "") ?? .alert
            session.dialog(kind, message: params["message"]?.stringValue ?? "")
            // As a web view with no UI delegate answers: an alert is dismissed, a confirm or prompt declined.
            command("Page.handleJavaScriptDialog", [("accept", .bool(kind == .alert || kind == .beforeunload))], on: page)
        case "Runtime.bindingCalled":
            guard params["name"]?.stringValue == Self.probeBinding else { return }
            if let payload = params["payload"]?.stringValue, case .object(let message)? = JSONValue.parse(payload),
               let held = message["heldNavigation"]?.stringValue {
                return heldNavigation(held, message, context: params["executionContextId"]?.intValue, in: page)
            }
            session.probeMessage(params["payload"]?.stringValue)
        case "Runtime.executionContextCreated":
            if let context = params["context"]?.objectValue, let id = context["id"]?.intValue,
               let frame = context["auxData"]?.objectValue?["frameId"]?.stringValue { contextFrames[id] = frame }
        case "Inspector.targetCrashed": if page === main { session.webProcessTerminated("Chromium's page crashed") }
        default: break
        }
    }

    /// A request the browser holds: a document is a navigation to decide; everything is then served.
    private func paused(_ params: [String: JSONValue], in page: PageTarget) {
        guard let id = params["requestId"]?.stringValue, let request = params["request"]?.objectValue,
              let address = request["url"]?.stringValue else { return }
        // A request's URL has no fragment; the navigation's does (an implicit flow's #access_token=).
        let url = address + (request["urlFragment"]?.stringValue ?? "")
        let method = request["method"]?.stringValue ?? "GET"
        let frame = params["frameId"]?.stringValue ?? ""
        // The response stage (only documents the browser fetched itself come back): a redirect to the app.
        if let status = params["responseStatusCode"]?.intValue {
            let headers = (params["responseHeaders"]?.arrayValue ?? []).compactMap { field -> (String, String)? in
                guard let name = field["name"]?.stringValue, let value = field["value"]?.stringValue else { return nil }
                return (name, value)
            }
            if redirectAllowed(status: status, headers: headers, from: url, frame: frame, in: page) {
                command("Fetch.continueRequest", [("requestId", .string(id))], on: page)
            } else {
                command("Fetch.failRequest", [("requestId", .string(id)), ("errorReason", .string("Aborted"))], on: page)
            }
            return
        }
        if params["resourceType"]?.stringValue == "Document" {
            let isRedirect = params["redirectedRequestId"] != nil || redirectTargets.remove(url) != nil
            let isMainFrame = !page.subframes.contains(frame)
            // A window's first load is the page opening it (a navigation with no target frame).
            let opening = page.isOpening && isMainFrame
            if opening { note(.popupOpened(url: url)) }
            // A traversal or a reload, as the browser said when it started (frameStartedNavigating).
            let started = isRedirect ? nil : page.traversals.removeValue(forKey: frame).flatMap { $0.url == address ? $0.type : nil }
            let observed = HostNavigationAction(url: url, method: method, isRedirect: isRedirect,
                                                type: started ?? (method == "POST" ? .formSubmitted : .other), newWindow: opening,
                                                currentURL: page.currentURL, isMainFrame: isMainFrame)
            guard decide(observed, in: page) else {
                command("Fetch.failRequest", [("requestId", .string(id)), ("errorReason", .string("Aborted"))], on: page)
                return
            }
        }
        serve(id, url: url, method: method, request: request, isDocument: params["resourceType"]?.stringValue == "Document", frame: frame, in: page)
    }

    /// A fragment or History API navigation, which Chromium reports once made (no request, no pause):
    /// decided as the platform's delegate would be asked, and recorded as made.
    private func navigatedWithinDocument(_ params: [String: JSONValue], in page: PageTarget) {
        guard let url = params["url"]?.stringValue else { return }
        let frame = params["frameId"]?.stringValue ?? ""
        let isMain = !page.subframes.contains(frame)
        let previous = isMain ? page.currentURL : nil
        let kind = CDPReader.sameDocumentKind(params["navigationType"]?.stringValue, url: url, from: previous)
        if isMain { page.currentURL = url }
        session.navigatedWithinDocument(HostNavigationAction(url: url, currentURL: previous, isMainFrame: isMain, sameDocument: kind))
    }

    /// A frame's navigation started as a history traversal or a reload: its request, when it comes, is
    /// one (Fetch.requestPaused does not say).
    private func started(_ params: [String: JSONValue], in page: PageTarget) {
        guard let frame = params["frameId"]?.stringValue, let url = params["url"]?.stringValue,
              let type = params["navigationType"]?.stringValue.flatMap(CDPReader.startedType) else { return }
        page.traversals[frame] = (url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url, type)
    }

    /// A navigation the page held (HostScripts.customSchemeHold): decided from the browser's event when that
    /// came first, else now; started again by the browser when the app let it through.
    private func heldNavigation(_ url: String, _ message: [String: JSONValue], context: Int?, in page: PageTarget) {
        let frame = context.flatMap { contextFrames[$0] } ?? ""
        let allowed = decidedRecently(frame: frame, url: url) ?? {
            let gesture = message["gesture"]?.boolValue == true
            return remember(frame: frame, url: url, decide(HostNavigationAction(url: url, hasUserGesture: gesture,
                                                                                 type: message["form"]?.boolValue == true ? .formSubmitted : (gesture ? .linkClicked : .other),
                                                                                 currentURL: page.currentURL, isMainFrame: !page.subframes.contains(frame)), in: page))
        }()
        // Let through: the navigation the page would have made, started by the browser (its events then read
        // this decision rather than deciding again).
        guard allowed else { return }
        _ = remember(frame: frame, url: url, true)
        command("Page.navigate", [("url", .string(url))] + (frame.isEmpty ? [] : [("frameId", .string(frame))]), on: page)
    }

    /// A navigation to a custom scheme (no request follows one): decided as the app's delegate would.
    private func requested(_ params: [String: JSONValue], in page: PageTarget) {
        guard let url = params["url"]?.stringValue, case .success(let parsed) = BrowserURL.parse(url),
              !Self.fetchedSchemes.contains(parsed.scheme) else { return }
        // The same navigation reported by both events (or first held by the page) is decided once.
        let frame = params["frameId"]?.stringValue ?? ""
        if decidedRecently(frame: frame, url: url) != nil { return }
        let reason = params["reason"]?.stringValue ?? params["navigationType"]?.stringValue ?? ""
        if page.isOpening { note(.popupOpened(url: url)) }
        let observed = HostNavigationAction(url: url, hasUserGesture: reason == "anchorClick", type: CDPReader.requestedType(reason),
                                            newWindow: params["disposition"]?.stringValue == "newWindow" || page.isOpening,
                                            currentURL: page.currentURL, isMainFrame: !page.subframes.contains(frame))
        _ = remember(frame: frame, url: url, decide(observed, in: page))
    }

    /// The decision of a custom-scheme navigation in `frame` made within the last half second, if any.
    private func decidedRecently(frame: String, url: String) -> Bool? {
        let now = Date()
        recentCustom = recentCustom.filter { now.timeIntervalSince($0.value.at) < 0.5 }
        return recentCustom[frame + " " + url]?.allowed
    }

    /// Records a custom-scheme navigation's decision, and returns it.
    private func remember(frame: String, url: String, _ allowed: Bool) -> Bool {
        recentCustom[frame + " " + url] = (Date(), allowed)
        return allowed
    }

    // MARK: Serving

    private func serve(_ id: String, url: String, method: String, request: [String: JSONValue], isDocument: Bool, frame: String, in page: PageTarget) {
        if let provider = options.provider, let target = provider.target(for: url) {
            forward(id, url: url, method: method, request: request, provider: provider, target: target, isDocument: isDocument, frame: frame, in: page)
            return
        }
        if case .success(let parsed) = BrowserURL.parse(url), parsed.isLoopback || !["http", "https"].contains(parsed.scheme) {
            command("Fetch.continueRequest", [("requestId", .string(id))], on: page)
            return
        }
        let site = options.site ?? HostSite(origin: "https://invalid.invalid", routes: [])
        let response = site.respond(to: url)
        let (status, headers, body, detail) = SiteAnswer.rendered(response)
        // Chromium asks every page for /favicon.ico on its own (a web view does not): not the page's request.
        let browsersOwn = status == 404 && (try? BrowserURL.parse(url).get())?.pathname == "/favicon.ico"
        if !browsersOwn { session.network(NetworkExchange(method: method, url: url, status: status, detail: detail, refused: response.isRefused)) }
        if isDocument, let location = headers.first(where: { $0.0 == "Location" })?.1 { redirectTargets.insert(resolve(location, against: url)) }
        if isDocument && !redirectAllowed(status: status, headers: headers, from: url, frame: frame, in: page) {
            return command("Fetch.failRequest", [("requestId", .string(id)), ("errorReason", .string("Aborted"))], on: page)
        }
        fulfill(id, status: status, headers: headers + [("Access-Control-Allow-Origin", "*")], body: body, in: page)
    }

    /// A document's answer that redirects to a custom scheme (`myapp://…`, which no request follows): that
    /// navigation decided now, as a redirect; false when the app cancels it (the answer is then not given).
    private func redirectAllowed(status: Int, headers: [(String, String)], from url: String, frame: String, in page: PageTarget) -> Bool {
        guard (300..<400).contains(status), status != 304, let location = headers.first(where: { $0.0.lowercased() == "location" })?.1 else { return true }
        let target = resolve(location, against: url)
        guard case .success(let parsed) = BrowserURL.parse(target), !Self.fetchedSchemes.contains(parsed.scheme) else { return true }
        // Should the browser report it as well (frameRequestedNavigation), it is not decided twice.
        return remember(frame: frame, url: target,
                        decide(HostNavigationAction(url: target, isRedirect: true, currentURL: page.currentURL, isMainFrame: !page.subframes.contains(frame)), in: page))
    }

    private func fulfill(_ id: String, status: Int, headers: [(String, String)], body: [UInt8], in page: PageTarget) {
        let fields = (headers + [("Cache-Control", "no-store")]).map { JSONOutput.object(JSONFields([("name", .string($0.0)), ("value", .string($0.1))])) }
        command("Fetch.fulfillRequest", [("requestId", .string(id)), ("responseCode", .int(status)), ("responseHeaders", .array(fields)),
                                         ("body", .string(Data(body).base64EncodedString()))], on: page)
    }

    /// A provider's request, to the emulator and back, as the WebKit host's forwarder does it: the page's
    /// host and scheme said as a reverse proxy says them, the answer passed on as it came. The emulator in
    /// this process is asked through its router (`ProviderRouting.answer`); a `bridge serve` elsewhere over
    /// HTTP.
    private func forward(_ id: String, url: String, method: String, request: [String: JSONValue], provider: ProviderRouting, target: String,
                         isDocument: Bool, frame: String, in page: PageTarget) {
        // Where a `bridge serve` elsewhere is asked (the emulator in this process needs no address).
        let destination = provider.answer == nil ? ProviderRouting.forwardURL(base: provider.base, target: target) : target
        var fields: [String: String] = [:]
        for (name, value) in request["headers"]?.objectValue ?? [:] { fields[name.lowercased()] = value.stringValue }
        let exchange = ProviderExchange(pageRequestTo: url, method: method, target: target, body: Array((request["postData"]?.stringValue ?? "").utf8)) {
            fields[$0.lowercased()]
        }
        let origin = exchange.origin
        // Back on the queue, whichever way the answer comes.
        let reply = Reply { [self] result in
            forwarded(id, url: url, method: method, origin: origin, result, isDocument: isDocument, frame: frame, in: page)
        }
        if let answer = provider.answer {
            Task { [queue] in
                let answered = await answer(exchange)
                queue.async { reply.body(.success(answered)) }
            }
            return
        }
        guard let address = URL(string: destination) else {
            session.network(NetworkExchange(method: method, url: url, status: 502, detail: .badProviderURL(destination), refused: false))
            return fulfill(id, status: 502, headers: [("Content-Type", "text/plain")], body: SiteAnswer.statusBody(502), in: page)
        }
        var outgoing = URLRequest(url: address)
        outgoing.httpMethod = method
        if !exchange.contentType.isEmpty { outgoing.setValue(exchange.contentType, forHTTPHeaderField: "Content-Type") }
        if let origin { outgoing.setValue(origin, forHTTPHeaderField: "Origin") }
        for (name, value) in exchange.headers { outgoing.setValue(value, forHTTPHeaderField: name) }
        if let body = request["postData"]?.stringValue { outgoing.httpBody = Data(body.utf8) }
        let task = forwarding.dataTask(with: outgoing) { [queue] data, response, error in
            let result: Result<ProviderAnswer, ForwardFailure>
            if let response = response as? HTTPURLResponse {
                let fields = response.allHeaderFields.compactMap { name, value -> (String, String)? in
                    guard let name = name as? String, let value = value as? String else { return nil }
                    return (name, value)
                }
                result = .success(ProviderAnswer(status: response.statusCode, headers: fields, body: Array(data ?? Data())))
            } else {
                result = .failure(ForwardFailure(why: error.map { "\($0.localizedDescription)" } ?? "no answer"))
            }
            queue.async { reply.body(result) }
        }
        task.resume()
    }

    private struct ForwardFailure: Error { let why: String }
    private struct Reply: @unchecked Sendable { let body: (Result<ProviderAnswer, ForwardFailure>) -> Void }

    private func forwarded(_ id: String, url: String, method: String, origin: String?, _ result: Result<ProviderAnswer, ForwardFailure>,
                           isDocument: Bool, frame: String, in page: PageTarget) {
        guard case .success(let answer) = result else {
            let why = if case .failure(let failure) = result { failure.why } else { "no answer" }
            session.network(NetworkExchange(method: method, url: url, status: 502, detail: .providerUnanswered(why: why), refused: false))
            fulfill(id, status: 502, headers: [("Content-Type", "text/plain")], body: SiteAnswer.statusBody(502), in: page)
            if !toldUnreachable {
                toldUnreachable = true
                session.fail(HostError(.providerUnreachable(base: options.provider?.base ?? "--provider", why: why)))
            }
            return
        }
        let (passed, exchange) = answer.passed(toPageAt: url, origin: origin, method: method)
        if isDocument, let location = passed.headers.first(where: { $0.0.lowercased() == "location" })?.1 {
            redirectTargets.insert(resolve(location, against: url))
        }
        session.network(exchange)
        if isDocument && !redirectAllowed(status: passed.status, headers: passed.headers, from: url, frame: frame, in: page) {
            return command("Fetch.failRequest", [("requestId", .string(id)), ("errorReason", .string("Aborted"))], on: page)
        }
        fulfill(id, status: passed.status, headers: passed.headers, body: passed.body, in: page)
    }

    private func resolve(_ location: String, against base: String) -> String {
        guard case .success(let baseURL) = BrowserURL.parse(base), case .success(let resolved) = BrowserURL.parse(location, base: baseURL) else { return location }
        return resolved.href
    }

    // MARK: What the session asks

    func evaluate(_ script: String, awaitingPromise: Bool, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) {
        command("Runtime.evaluate", [("expression", .string(script)), ("awaitPromise", .bool(awaitingPromise)), ("returnByValue", .bool(true)),
                                      ("userGesture", .bool(true))], on: deciding) { answer in
            if let details = answer["exceptionDetails"] {
                done(.failure(.threw(details["exception"]?["description"]?.stringValue ?? details["text"]?.stringValue)))
                return
            }
            if let error = answer["error"] {
                done(.failure(.refused(error["message"]?.stringValue)))
                return
            }
            let result = answer["result"]?.objectValue ?? [:]
            switch result["type"]?.stringValue {
            case "undefined": done(.success(nil))
            case "string": done(.success(result["value"]?.stringValue))
            case "boolean": done(.success((result["value"]?.boolValue ?? false) ? "true" : "false"))
            // NaN, Infinity and -0 have no JSON value: Chromium gives them as unserializableValue and description.
            case "number": done(.success(result["value"]?.doubleValue.map(JSONWriter.numberText) ?? result["description"]?.stringValue))
            default:
                guard let value = result["value"], value != .null else { return done(.success(result["subtype"]?.stringValue == "null" ? "null" : nil)) }
                done(.success(value.jsonText))
            }
        }
    }

    /// Taken once the view's page is not loading a document: Chromium never answers a capture asked of a
    /// document that a navigation then replaces (a result that loads, under Android's rules). A load that
    /// goes on (a page that never stops loading) is waited for `snapshotWait` seconds at most.
    func snapshot(to path: String, _ done: @escaping (SnapshotProblem?) -> Void) {
        let take = { [self] in
            command("Page.captureScreenshot", [("format", .string("png"))]) { answer in
                guard let encoded = answer["data"]?.stringValue, let data = Data(base64Encoded: encoded) else { return done(.chromiumTookNone) }
                done(FileManager.default.createFile(atPath: path, contents: data) ? nil : .notWritten(path: path, why: nil))
            }
        }
        guard main.loading else { return take() }
        snapshotsWaiting += 1
        let ticket = snapshotsWaiting
        waitingSnapshots.append((ticket, take))
        after(seconds: Self.snapshotWait) { [self] in takeWaitingSnapshots(upTo: ticket) }
    }

    static let snapshotWait = 5.0
    private var snapshotsWaiting = 0
    /// Captures asked for while the page loaded, in order, by ticket.
    private var waitingSnapshots: [(ticket: Int, take: () -> Void)] = []

    private func takeWaitingSnapshots(upTo ticket: Int = .max) {
        let due = waitingSnapshots.prefix { $0.ticket <= ticket }
        waitingSnapshots.removeFirst(due.count)
        for snapshot in due { snapshot.take() }
    }

    func after(seconds: Double, _ action: @escaping () -> Void) {
        let run = Action(body: action)
        queue.asyncAfter(deadline: .now() + seconds) { run.body() }
    }

    private struct Action: @unchecked Sendable { let body: () -> Void }

    func quit() {
        guard !ended else { return }
        ended = true
        finished.signal()
    }

    var isGone: Bool { gone }

    // MARK: Plumbing

    /// A command to a page's session (the view's own unless `page` names a window it opened; the browser's
    /// for Target and Browser commands); `reply` gets its result.
    private func command(_ method: String, _ params: [(String, JSONOutput)] = [], on page: PageTarget? = nil,
                         _ reply: (([String: JSONValue]) -> Void)? = nil) {
        guard let pipe else { return }
        let target = method.hasPrefix("Target.") || method.hasPrefix("Browser.") ? nil : (page ?? main).session
        pipe.send(method, JSONFields(params), session: target) { answer in
            if let error = answer["error"]?.objectValue, method != "Runtime.evaluate" {
                self.note(.devToolsRefused(method: method, message: error["message"]?.stringValue))
            }
            reply?(answer["result"]?.objectValue ?? answer["error"].map { ["error": $0] } ?? [:])
        }
    }

    private func tick() {
        guard !ended else { return }
        // The run is not idle while the browser owes an answer (it may be starting, or loaded), and a timeout
        // names the command it still owes. A script's promise and a navigation (answered once the page's own
        // request is) are the page's to take their time over. What the browser said is read only for the
        // timeout's failure.
        let owed = pipe.flatMap { pipe in
            pipe.oldestUnanswered(except: ["Runtime.evaluate", "Page.navigate"]).map {
                UnansweredCommand(method: $0.method, seconds: Date().timeIntervalSince($0.sent), engineSaid: session.timeoutPassed ? pipe.said : [])
            }
        }
        session.tick(unanswered: owed)
        queue.asyncAfter(deadline: .now() + 0.1) { [self] in tick() }
    }

    private func fail(_ reason: HostError.Reason) { session.fail(HostError(reason)) }

    private func note(_ note: HostNote) { session.note(note) }
}

/// One page the browser shows over its own DevTools session: the view's, or a window it opened in a view
/// of its own. Its frames and the URL it shows are its own.
private final class PageTarget {
    var session: String?
    var targetID: String?
    var isPopup = false
    var currentURL: String?
    /// The frames with a parent (Page.frameAttached): their navigations are a subframe's.
    var subframes: Set<String> = []
    /// The page's top frame is loading a document (between frameStartedLoading and frameStoppedLoading).
    var loading = false
    /// Frames whose navigation started as a history traversal or a reload: its URL (no fragment) and type.
    var traversals: [String: (url: String, type: NavigationType)] = [:]
    /// A window that has shown nothing yet: its next navigation is the page opening it (no target frame).
    var isOpening: Bool { isPopup && currentURL == nil }
}

/// Redirects are the page's to follow (each a navigation the app decides), never the forwarder's.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
#endif
