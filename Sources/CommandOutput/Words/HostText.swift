// HostText.swift: `bridge host`'s values in words: why a run failed or stopped, a script error, a page
// that cannot be hosted. A URL is quoted as a URL, a path or an option's value as input, and what a
// library, the system or the page said as foreign text, so the renderer masks each by its reading.
import FlowInspector
import NavigationPolicy
import OutputFiles
import SensitiveText
import WebViewHost

extension XvfbState {
    /// Running or exited, then what Xvfb said (its own words).
    package var words: MessageText {
        let running: MessageText = exitStatus.map { "Xvfb has exited (\($0))" } ?? "Xvfb (pid \(pid)) is running"
        return said.isEmpty ? running : running + "; it said: \(foreign: said)"
    }
}

extension HostNote {
    /// The note's words; a URL is masked as a URL, the engines' and GLib's words are foreign.
    package var words: MessageText {
        switch self {
        case .usingDisplay(let display): "using display \(input: display)"
        case .startedXvfb(let display, let pid): "started Xvfb on display \(input: display) (pid \(pid)); it stops when the host does"
        case .displayRetried(let display, let refusals):
            "display \(input: display) refused \(refusals) connection(s) while its Xvfb was running; connected on try \(refusals + 1)"
        case .stoppedXvfb(let display): "stopped Xvfb on display \(input: display)"
        case .loading(let url, .webkit): "loading \(url: url)"
        case .loading(let url, .chromium): "Chromium over its DevTools pipe; loading \(url: url)"
        case .loaded(let url): "loaded \(url: url)"
        case .provider(let base, true): "provider: the emulator, in this process, at \(url: base)"
        case .provider(let base, false): "provider: bridge serve at \(url: base)"
        case .providerServerDidNotStart(let reason):
            "provider: the emulator answers the view in this process, but its server did not start (\(foreign: reason)): no dashboard this run"
        case .standInNetwork(let proxy, let routes):
            "stand-in network on \(url: proxy): \(routes) route(s); loopback hosts are reached directly"
        case .connectionsClose(let glibError):
            "stand-in network: libsoup could not listen on loopback (\(foreign: glibError)), so each connection closes after one answer"
        case .evalRefusedByPagePolicy: "the page's Content-Security-Policy refuses eval: --eval runs as the app's own script, its value not awaited"
        case .devToolsRefused(let method, let message): "\(words: method): \(foreign: message ?? "refused")"
        case .popupBlocked(let url, let setting):
            "a window onto \(url: url) was not opened (--popups \(words: setting.rawValue)): nothing loaded and the app was not asked"
        case .popupOpened(let url): "a window of its own opened onto \(url: url) (--popups own-window); its navigations are its view's"
        case .popups(.sameView): "popups: window.open and target=_blank load in the view, asked as its own navigations (--popups same-view)"
        case .popups(.ownWindow): "popups: window.open and target=_blank open a view of their own, whose navigations are asked as its main frame's (--popups own-window)"
        case .popups(.tapOnly): "popups: only a tap opens a window, into the view itself; a script's window.open is blocked (--popups tap-only)"
        case .popups(.blocked): "popups: no window opens; window.open returns null (--popups blocked)"
        case .sameDocumentAfterTheFact(let url):
            "Chromium made the same-document navigation to \(url: url) before any delegate could be asked; under iOS's rules WKWebView asks first, so the decision above is the phone's (--engine webkit shows what a view does with it)"
        }
    }
}

extension HostError: WordedValue {
    /// What failed: words, and the values they quote.
    package var words: MessageText {
        switch reason {
        case .webKitNotLoadable(let file, let why): "cannot load WebKitGTK (\(foreign: file)): \(foreign: why); Debian: apt install libwebkit2gtk-4.1-0"
        case .webKitFunctionMissing(let file, let function): "\(foreign: file) has no \(foreign: function): WebKitGTK 4.1 is required"
        case .chromiumNotInstalled: "Chromium is not installed: apt-get install chromium (.ci/setup installs it)"
        case .devToolsPipe(let why): "cannot make the DevTools pipe: \(foreign: why)"
        case .processNotStarted(let executable, let why): "cannot start \(input: executable): \(foreign: why)"
        case .chromiumNoPage: "Chromium made no page"
        case .chromiumNotAttached: "Chromium did not attach to its page"
        case .screenshotsDirectory(let path, let why): "--screenshots: cannot create \(input: path): \(foreign: why)"
        case .recordFile(let problem): "--record \(problem.words)"
        case .standInCertificate(let why): "stand-in certificate: \(foreign: why)"
        case .standInListen(let why): "stand-in network: cannot listen on 127.0.0.1: \(foreign: why)"
        case .interrupted: "interrupted"
        case .noDisplayAvailable: "no display: DISPLAY is not set and Xvfb is not installed (Debian: apt-get install xvfb xauth), or give --display"
        case .displayNotOpened(let name, let requested, let state):
            "cannot open display \(input: name)" + (requested ? " (--display)" : "") + (state.map { " (" + $0.words + ")" } ?? "")
        case .xvfbNotStarted(let path, let why): "could not start \(input: path): \(foreign: why)"
        case .xvfbSilent(let seconds, let said): "Xvfb did not report a display within \(seconds) s" + (said.isEmpty ? "" : ": \(foreign: said)")
        case .pageCancelled(let url, let rule, let kind):
            "the rules cancel the page itself: \(url: url)" + (rule.map { " (rule \(input: $0))" } ?? " (\(words: kind.rawValue))")
                + "; serve it under an origin the rules allow"
        case .pageNotLoaded(let url, let why): "the page did not load: \(url: url): \(foreign: why)"
        case .pageNotRendered(let url, let why): "the page was not rendered: \(url: url): \(foreign: why)"
        case .evalThrew(let failure): "--eval threw: \(failure.words)"
        case .webProcessTerminated(let why): "\(foreign: why)"
        case .providerUnreachable(let base, let why): "the provider at \(url: base) does not answer (\(foreign: why)); is bridge serve running there?"
        case .timedOut(let seconds, let until, let pageLoaded, let unanswered):
            "timed out after \(words: Self.seconds(seconds)) s waiting for \(until.words)" + (pageLoaded ? "" : " (the page never finished loading)")
                + (unanswered.map { owed in
                    "; Chromium had not answered \(input: owed.method), sent \(words: Self.seconds((owed.seconds * 10).rounded() / 10)) s before"
                } ?? "")
        }
    }

    /// Whole seconds without a fraction (2, 2.5).
    static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }
}

extension StopCondition {
    /// What a run waits for.
    var words: MessageText {
        switch self {
        case .sentinel: "a sentinel or bridge hand-off"
        case .deeplink: "a deep link"
        case .idle: "the page to go idle"
        case .timeout: "the timeout"
        }
    }
}

extension HostStopReason {
    /// Why the run stopped: the condition met, or the first failure.
    package var words: MessageText {
        switch self {
        case .running: ""
        case .handOff(let rule, let kind): "a sentinel or bridge hand-off: " + (rule.map { "\(input: $0)" } ?? "\(words: kind.rawValue)")
        case .deepLink(let rule): "a deep link: " + (rule.map { "\(input: $0)" } ?? "deeplink")
        case .interfaceHandOff(let name): "a JavaScript interface hand-off: \(input: name)"
        case .timeoutReached(let seconds): "--timeout \(words: HostError.seconds(seconds)) s"
        case .idle(let seconds): "idle for \(words: HostError.seconds(seconds)) s"
        case .failed(let error): error.words
        }
    }
}

extension ScriptError {
    /// The error: the page's own text as foreign, the script's URL as a URL.
    package var words: MessageText {
        switch self {
        case .page(let source, let line, let column, let isMainFrame, let context, let message):
            (line > 0 ? "\(url: source):\(line):\(column)" : "\(url: source)")
                + " (" + (context.map { "\(foreign: $0), " } ?? "") + "\(words: isMainFrame ? "main frame" : "subframe")): \(foreign: message)"
        case .wvjbPageHalf(let failure): "WebViewJavascriptBridge page half: \(failure.words)"
        case .drainFailed(let bridge, let failure): "draining the \(words: bridge) queue: \(failure.words)"
        case .loadFailed(let url, let why): "a load failed: \(url: url): \(foreign: why)"
        case .loadNotRendered(let url, let why): "a load was not rendered: \(url: url): \(foreign: why)"
        case .screenshotFile(let problem): "--screenshots: \(problem.words)"
        case .screenshotNotTaken(let problem): "--screenshots: \(problem.words)"
        }
    }
}

extension HostScriptFailure {
    /// What the engine said the script did, or our words when it said nothing.
    package var words: MessageText {
        switch self {
        case .threw(let text?), .refused(let text?): "\(foreign: text)"
        case .threw(nil): "the script threw"
        case .refused(nil): "Chromium refused the script"
        case .noView: "no view"
        }
    }
}

extension SnapshotProblem {
    /// Why the screenshot was not taken.
    package var words: MessageText {
        switch self {
        case .noView: "no view"
        case .webKitSnapshotFailed(let why): "no snapshot of the view: \(foreign: why)"
        case .chromiumTookNone: "Chromium took no screenshot"
        case .notWritten(let path, let why): "cannot write \(input: path)" + (why.map { ": \(foreign: $0)" } ?? "")
        }
    }
}

extension HostPage.Problem: WordedValue {
    /// The problem's words; a page and an origin are the user's (input).
    package var words: MessageText {
        switch self {
        case .originForURL: "--origin is for a page file; a URL names its own origin"
        case .notAPage(let page): "\(input: page) is neither a page file nor an http(s) URL"
        case .site(let error): "site: " + error.words
        case .notAnOrigin(let origin): "--origin \(quoted: origin) is not an origin such as https://yourdomain.com"
        case .noRoute(let page): "the site serves no URL for \(input: page); add a route for its directory"
        }
    }
}

extension NetworkDetail {
    /// Where the answer came from, or why there was none; a path is input, a location a URL, GLib's and the
    /// libraries' words foreign.
    package var words: MessageText {
        switch self {
        case .file(let path): "\(path: path)"
        case .unreadable(let path): "cannot read \(path: path)"
        case .redirect(let location): "→ \(url: location)"
        case .notInSite(let refusal): refusal.words
        case .hostNotInSite(let providerHost):
            "not in the site: bridge host never reaches the network" + (providerHost ? " (--provider sends the providers' hosts to the emulator)" : "")
        case .provider(let location): "bridge serve" + (location.map { " → \(url: $0)" } ?? "")
        case .providerWithoutCORS(let origin, let location):
            "bridge serve does not let \(url: origin) read this answer: a fetch or XHR from the page is refused; start it with --allow-origin \(url: origin) (or list it in its configuration's allowedOrigins)"
                + (location.map { " → \(url: $0)" } ?? "")
        case .providerUnanswered(let why): "provider did not answer: \(foreign: why)"
        case .badProviderURL(let address): "not a provider URL: \(url: address)"
        case .upgradedToHTTPS: "→ https"
        case .tlsFailed(let why): "TLS: \(foreign: why)"
        case .standInServerRefused(let why): "stand-in server: \(foreign: why)"
        }
    }
}

extension SiteRefusal {
    package var words: MessageText {
        switch self {
        case .notWebURL: "not an http(s) URL"
        case .noRoute(let origin, let path): "no route in the site for \(url: origin + path)"
        }
    }
}
