// HostCommand.swift: `bridge host` loads a page in a real WebKitGTK web view whose navigations the rules
// decide, as the app's native side would, and prints `bridge replay`'s transcript as they happen. A page
// file is served under an origin by the stand-in network (a site file says which; nothing reaches the
// network). Built with the package trait WebKit; without it the command says how to get it.
import ArgumentParser
import Foundation
import NavigationPolicy
import NavigationReplay
import WebViewHost

extension StopCondition: ExpressibleByArgument {}

struct HostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Run a page in a real WebKit web view and let the rules decide its navigations.",
        discussion: """
            The page runs in WebKitGTK with the native side of the bridge: every navigation, new window and \
            window.open is decided by the rules (cancel = the view never loads it); a janrain:eventsAvailable \
            signal drains the page's createJanrainBridge queue and dispatches each event through the rules' \
            handler table; WebViewJavascriptBridge queues likewise, with replies sent back. The user agent \
            carries janrainNativeAppBridgeEnabled. Lines are `bridge replay`'s, printed as navigations happen.

            A page file is served under an origin, so relative paths work: by the site file beside it \
            (bridge-site.json: the origin and routes, stand-ins for scripts a page loads from elsewhere), by \
            --site, or else its directory under --origin (default: the rules' first plain https allow \
            origin). Requests to hosts the site does not serve are refused and reported; loopback hosts \
            (a test's own server) are reached directly.

            A display is needed: --display, else DISPLAY, else bridge host starts its own Xvfb and stops it \
            on exit (--verbose says so).

            Stops: --until sentinel (a sentinel result, or a bridge event carrying a token or code), deeplink, \
            idle (the page loaded, --eval ran, and nothing happened for --idle seconds; the default), or \
            timeout (run for --timeout seconds). --record writes a navlog that `bridge replay` replays to \
            the same decisions and events.

            Exit status: 0 the stop condition was reached and the transcript is consistent; 1 mismatches or \
            error findings, a page that did not load, a script error from --eval, the web process dying, or \
            the timeout before the condition; 2 usage or rules errors.

            Examples:
              bridge host --rules Fixtures/rules/capture.json --until sentinel \\
                  --eval 'janrain.standIn.signIn("ada@example.com")' web/webViewSignIn.html
              bridge host --rules Fixtures/rules/capture.json --until deeplink \\
                  --site web/bridge-site.json 'https://yourdomain.com/password_reset.php?code=abc123'
            """
    )

    @Option(name: .long, help: "The rules file (JSON, version 1).")
    var rules: String

    @Option(name: .long, help: "When to stop: sentinel, deeplink, idle or timeout.")
    var until: StopCondition = .idle

    @Option(name: .long, help: "Seconds before giving up (with --until timeout: how long to run).")
    var timeout: Double = 30

    @Option(name: .long, help: "Seconds without activity that make the page idle.")
    var idle: Double = 1

    @Option(name: .long, help: "Write what the view did as a navlog (secrets masked unless --reveal).")
    var record: String?

    @Option(name: .long, parsing: .singleValue, help: "JavaScript to run in the page once it has loaded (repeatable, in order).")
    var eval: [String] = []

    @Option(name: .long, help: "Output format: text or json (one object per line).")
    var format: OutputFormat = .text

    @Option(name: .long, help: "A site file (default: bridge-site.json beside the page, if there is one).")
    var site: String?

    @Option(name: .long, help: "The origin a page file is served under when there is no site file.")
    var origin: String?

    @Option(name: .long, help: "An X display to use (default: DISPLAY, else a private Xvfb).")
    var display: String?

    @Flag(name: .long, help: "Say what the host does (display, network requests) on standard error.")
    var verbose = false

    @Flag(name: .long, help: "Explain each decision.")
    var explain = false

    @Flag(name: .long, help: "Show secret values instead of masking them.")
    var reveal = false

    @Option(name: .long, help: "Colour in text output: auto, always, never. NO_COLOR always turns it off.")
    var color: TerminalStyle.Choice = .auto

    @Argument(help: "A page file, or an http(s) URL.")
    var page: String

    func validate() throws {
        if timeout <= 0 { throw ValidationError("--timeout must be more than 0 seconds.") }
        if idle <= 0 { throw ValidationError("--idle must be more than 0 seconds.") }
        if site != nil && origin != nil { throw ValidationError("Give --site or --origin, not both: a site file names its origin.") }
    }

    func run() throws {
        #if WebKit
        try HostRun(command: self).run()
        #else
        throw UsageError("host: this bridge was built without WebKit. Build it with the WebKit trait: "
                         + "swift build --traits WebKit (Debian: apt-get install libwebkit2gtk-4.1-dev xvfb xauth)")
        #endif
    }
}

#if WebKit
/// One `bridge host` run: resolves the page and site, runs the view, writes the transcript.
struct HostRun {
    let command: HostCommand

    func run() throws {
        let engine: PolicyEngine
        do { engine = try PolicyEngine(rulesFile: command.rules) } catch { throw UsageError("rules: \(error)") }
        var options = try resolvePage(engine)
        options.until = command.until
        options.timeout = command.timeout
        options.idle = command.idle
        options.eval = command.eval
        options.recordPath = command.record
        options.display = command.display
        options.explain = command.explain
        options.redactor = Redactor(isEnabled: !command.reveal)

        let redactor = options.redactor
        let json = command.format == .json
        let style = TerminalStyle(json ? .never : command.color)
        let out = OutputWriter()
        let errors = FileHandle.standardError
        let verbose = command.verbose
        let explain = command.explain
        func say(_ line: String) { out.line(line); out.flush() }

        let host = HostedWebView(engine: engine, options: options) { output in
            switch output {
            case .replay(.navigation(let n)):
                if json { say(ReplayJSON.navigation(n, redactor: redactor, explain: explain).line) }
                else {
                    say(ReplayText.navigation(n, redactor: redactor, style: style))
                    if explain { for note in n.decision.explanation { say("                \(note)") } }
                    for f in n.findings { say(ReplayText.finding(f, style: style)) }
                }
            case .replay(.rejected(let r)):
                say(json ? ReplayJSON.rejected(r).line : ReplayText.rejected(r, style: style))
            case .replay(.findings(let list)):
                for f in list { say(json ? ReplayJSON.lateFinding(f).line : ReplayText.finding(f, style: style)) }
            case .replay(.none): break
            case .network(let exchange):
                // Refused requests and error statuses (an asset the site lacks) always; the rest with --verbose.
                guard exchange.refused || exchange.status.map({ $0 >= 400 }) == true || verbose else { return }
                let url = redactor.rawURL(exchange.url)
                if json {
                    var o = JSONObject()
                    o.add("method", exchange.method)
                    o.add("url", url)
                    o.add("status", exchange.status.map { .int($0) } ?? .null)
                    o.add("refused", exchange.refused)
                    if let detail = exchange.detail { o.add("detail", detail) }
                    say(JSONObject.single("network", .object(o)).line)
                } else {
                    let status = exchange.status.map(String.init) ?? "---"
                    let text = "       net  \(exchange.method) \(url) \(status)" + (exchange.detail.map { "  \($0)" } ?? "")
                    say(exchange.refused ? style.yellow(text + "  (refused)") : style.dim(text))
                }
            case .scriptError(let message):
                if json {
                    say(JSONObject.single("scriptError", .string(message)).line)
                } else {
                    say("                " + style.red("script error") + " \(message)")
                }
            case .evalResult(let result):
                if json {
                    say(JSONObject.single("eval", .string(result)).line)
                } else {
                    say("      eval  → \(result)")
                }
            case .note(let text):
                if verbose { errors.write(Data("bridge host: \(text)\n".utf8)) }
            }
        }
        let result: HostResult
        do { result = try host.run() } catch let error as HostError {
            out.flush()
            errors.write(Data("bridge host: \(error.message)\n".utf8))
            throw ExitCode(1)
        }

        let pageName = redactor.rawURL(options.startURL)
        if json {
            say(ReplayJSON.summary(result.summary, log: pageName, format: .navlog).line)
            var o = JSONObject()
            o.add("until", command.until.rawValue)
            o.add("reached", result.reached)
            o.add("stop", result.stopReason)
            o.add("finalURL", result.finalURL.map { .string($0) } ?? .null)
            o.add("firstInterceptionMs", result.firstInterception.map { .int(Int(($0 * 1000).rounded())) } ?? .null)
            o.add("failures", .array(result.failures.map { .string("\($0.kind.rawValue): \($0.message)") }))
            say(JSONObject.single("host", .object(o)).line)
        } else {
            for line in ReplayText.summary(result.summary, log: pageName, format: .navlog, style: style) { say(line) }
            let alive = result.finalURL.map { "the page still answers at \($0)" } ?? "the page did not answer at the end"
            let first = result.firstInterception.map { String(format: "first interception at %.3f s", $0) } ?? "nothing intercepted"
            let stop = result.reached ? style.green("stopped: \(result.stopReason)") : style.red("failed: \(result.stopReason)")
            say("  \(stop); \(first); \(alive)")
        }
        for failure in result.failures {
            errors.write(Data("bridge host: \(failure.message)\n".utf8))
        }
        if let record = command.record { errors.write(Data("bridge host: recorded \(result.summary.replayed) navigation(s) to \(record)\n".utf8)) }
        if !result.reached || !result.summary.isConsistent { throw ExitCode(1) }
    }

    /// The URL to load and what the stand-in network serves.
    private func resolvePage(_ engine: PolicyEngine) throws -> HostOptions {
        let page = command.page
        if page.hasPrefix("http://") || page.hasPrefix("https://"), HostSite.origin(of: page) != nil {
            if command.origin != nil { throw UsageError("host: --origin is for a page file; a URL names its own origin") }
            var options = HostOptions(startURL: page)
            if let site = command.site { options.site = try loadSite(site) }
            return options
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: page, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw UsageError("host: \(page) is neither a page file nor an http(s) URL")
        }
        let directory = URL(fileURLWithPath: page).deletingLastPathComponent().path
        let beside = directory + "/bridge-site.json"
        let site: HostSite
        if let path = command.site {
            site = try loadSite(path)
        } else if command.origin == nil, FileManager.default.fileExists(atPath: beside) {
            site = try loadSite(beside)
        } else {
            let originText = command.origin ?? Self.defaultOrigin(engine.rules)
            guard let origin = HostSite.origin(of: originText), origin == originText.trimmingTrailingSlash else {
                throw UsageError("host: --origin \(originText.debugDescription) is not an origin such as https://yourdomain.com")
            }
            site = HostSite.directory(directory, origin: origin)
        }
        guard let url = site.url(forFile: page) else {
            throw UsageError("host: the site serves no URL for \(page); add a route for its directory")
        }
        var options = HostOptions(startURL: url)
        options.site = site
        return options
    }

    private func loadSite(_ path: String) throws -> HostSite {
        do { return try HostSite.load(path: path) } catch { throw UsageError("host: site: \(error)") }
    }

    /// The rules' first allow entry that is one https origin (no wildcard), else a name that is nobody's.
    static func defaultOrigin(_ rules: Rules) -> String {
        for pattern in rules.allow where pattern.scheme == "https" && !pattern.isWildcard {
            return pattern.port.map { $0 == 443 ? "https://\(pattern.host)" : "https://\(pattern.host):\($0)" } ?? "https://\(pattern.host)"
        }
        return "https://bridge-host.invalid"
    }
}

extension String {
    var trimmingTrailingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
#endif
