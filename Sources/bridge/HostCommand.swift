// HostCommand.swift: `bridge host` loads a page in a real WebKitGTK web view whose navigations the rules
// decide, as the app's native side would, and prints `bridge replay`'s transcript as they happen. A page
// file is served under an origin by the stand-in network (a site file says which; nothing reaches the
// network). Built with the package trait WebKit; without it the command says how to get it.
import OutputFiles
import CommandOutput
import FlowInspector
import ArgumentParser
import ProviderDirectory
import Foundation
import NavigationPolicy
import NavigationReplay
import WebViewHost
import SensitiveText

extension StopCondition: ExpressibleByArgument {}
extension PopupSetting: ExpressibleByArgument {}

/// The engine a hosted run uses.
enum HostEngine: String, ExpressibleByArgument, CaseIterable {
    case webkit, chromium
    /// Each in turn, the sequences of what the app did compared (EngineComparison).
    case both

    /// The engines a run of one kind uses: WebViewHost's engine kinds.
    static var single: [HostEngine] { HostEngineKind.allCases.compactMap { HostEngine(rawValue: $0.rawValue) } }
}

struct HostCommand: ParsableCommand, CheckedOptions {
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

            --provider sends the providers' requests to the emulator (`bridge serve`'s): the hosts \(providerHosts) \
            (on the widget CDN any …/load.js is the widget stand-in, …/xdcomm.js its receiver), and on any host \
            the app-backend routes \(appBackendPaths), ahead of the site's routes. The emulator runs in this process (its default configuration: \
            ada@example.com / analytical-engine, or --provider-config FILE); --provider-url URL sends the \
            requests to a running `bridge serve` instead (http://127.0.0.1:PORT), whose outbox and clock a \
            test can use.

            --screenshots DIR writes a PNG of the view after each interception and at the end, named by \
            transcript sequence (0004-signin.png, 0009-end.png). --frame-script runs a script in every frame, \
            any origin (a provider's iframe the page cannot reach), once its document has loaded.

            A display is needed: --display, else DISPLAY, else bridge host starts its own Xvfb and stops it \
            on exit (--verbose says so).

            Stops: --until sentinel (a sentinel result, or a bridge event carrying a token or code), deeplink, \
            idle (the page loaded, --eval ran, and nothing happened for --idle seconds; the default), or \
            timeout (run for --timeout seconds). --record writes a navlog that `bridge replay` replays to \
            the same decisions and events.

            Exit status: 0 the stop condition was reached and the transcript is consistent; 1 mismatches or \
            error findings, a page that did not load or would be downloaded rather than shown, a provider that \
            does not answer, a script error from --eval, the web process dying, or the timeout before the \
            condition; 2 usage or rules errors.

            Examples:
              bridge host --provider --rules Fixtures/rules/capture.json --until sentinel \\
                  --eval 'janrain.standIn.signIn("ada@example.com")' web/webViewSignIn.html
              bridge serve &   # then, with the reset mail's link from its outbox:
              bridge host --provider-url http://127.0.0.1:8025 --until deeplink \\
                  --rules Fixtures/rules/capture.json --site web/bridge-site.json \\
                  --screenshots shots 'https://yourdomain.com/password_reset.php?code=…'
            """
    )

    @OptionGroup var transcript: TranscriptOptions

    @Option(name: .long, help: "The browser engine: webkit (WebKitGTK, as iOS's WKWebView), chromium (Debian's Chromium over its DevTools pipe, as Android's WebView; --platform then defaults to android), or both (each in turn, and where what the app did differs).")
    var engine: HostEngine = .webkit

    @Option(name: .long, help: "When to stop: sentinel, deeplink, idle or timeout.")
    var until: StopCondition = .idle

    @Option(name: .long, parsing: .unconditional, help: "Seconds before giving up (with --until timeout: how long to run).")
    var timeout: Double = 30

    @Option(name: .long, parsing: .unconditional, help: "Seconds without activity that make the page idle.")
    var idle: Double = 1

    @Option(name: .long, help: "Write what the view did as a navlog (secrets masked unless --reveal).", completion: .file(extensions: ["navlog"]))
    var record: String?

    @Option(name: .long, parsing: .singleValue, help: "JavaScript to run in the page once it has loaded (repeatable, in order; a promise is awaited).")
    var eval: [String] = []

    @Option(name: .long, help: "A site file (default: bridge-site.json beside the page, if there is one).", completion: .file(extensions: ["json"]))
    var site: String?

    @Option(name: .long, help: "The origin a page file is served under when there is no site file.")
    var origin: String?

    @Option(name: .long, help: "An X display to use (default: DISPLAY, else a private Xvfb).")
    var display: String?

    @Flag(name: .long, help: "Send the providers' hosts and app-backend routes to the emulator, run in this process.")
    var provider = false

    @Option(name: .long, help: "With --provider: the emulator's configuration file (as bridge serve --config).", completion: .file(extensions: ["json"]))
    var providerConfig: String?

    @Option(name: .long, help: ArgumentHelp("Send the providers' hosts and app-backend routes to a running bridge serve at this base URL.",
                                            valueName: "url"))
    var providerURL: String?

    @Flag(name: .long, help: "Let --record, --screenshots and --report replace files that exist (never the page, the rules, the site or the configuration).")
    var force = false

    @Option(name: .long, help: "Also write an HTML report a person can look at (self-contained: the counts, findings, the timeline with the screenshots; with --engine both the two engines side by side), once the run ends.",
            completion: .file(extensions: ["html"]))
    var report: String?

    @Option(name: .long, help: "Write a PNG of the view after each interception and at the end into this directory.", completion: .directory)
    var screenshots: String?

    @Option(name: .long, parsing: .singleValue, help: "JavaScript run in every frame, any origin, once its document has loaded (repeatable).")
    var frameScript: [String] = []

    @Option(name: .long, help: "What the app does with window.open and target=_blank: same-view (load it in the view, asked as its own navigation), tap-only (the platforms' default: a script's window.open without a tap is blocked), blocked, or own-window (a view of its own, asked about as its main frame; the opener stays).")
    var popups: PopupSetting = .sameView

    @Flag(name: .long, help: "Say what the host does (display, network requests) on standard error, and print every request and console message (without it: refused requests, error statuses, console warnings and errors).")
    var verbose = false

    @Argument(help: "A page file, or an http(s) URL.", completion: .file(extensions: ["html", "htm"]))
    var page: String

    /// The run's files: the page, the rules, the site file (named, or the one beside the page it finds), the
    /// emulator's configuration; the recordings and the report (--screenshots names a directory, whose files
    /// are checked as they are written). With --force anything may be replaced but what the run reads.
    var outputPolicy: OutputFilePolicy {
        let besideThePage = ((page as NSString).deletingLastPathComponent as NSString).appendingPathComponent("bridge-site.json")
        return OutputFilePolicy(force: force, inputs: [page, transcript.rules, site ?? besideThePage] + [providerConfig].compactMap { $0 },
                                outputs: recordPaths + (report.map { [$0] } ?? []))
    }

    /// The recordings the run writes: one, or one per engine with --engine both.
    var recordPaths: [String] {
        guard let record else { return [] }
        return engine == .both ? [HostEngineKind.webkit, .chromium].map { $0.recordingPath(record) } : [record]
    }

    func checkOptions() throws(CommandProblem) {
        try OptionRanges.seconds(timeout, "--timeout")
        try OptionRanges.seconds(idle, "--idle")
        if site != nil && origin != nil { throw CommandProblem.siteAndOrigin }
        if provider && providerURL != nil {
            throw CommandProblem.providerAndProviderURL
        }
        if let providerURL, !(providerURL.hasPrefix("http://") || providerURL.hasPrefix("https://")) {
            throw CommandProblem.providerURLNotABase(providerURL)
        }
        if providerConfig != nil && !provider {
            throw CommandProblem.providerConfigWithoutProvider
        }
        try CommandProblem.files(try outputPolicy.checkRun())
    }

    func run() throws {
        #if WebKit
        try HostRun(command: self).run()
        #else
        throw CommandProblem.builtWithoutWebKit
        #endif
    }
}

#if WebKit
/// One `bridge host` run: resolves the page and site, runs it in each engine asked for (WebViewHost's
/// EngineRuns), and prints what the runs report.
struct HostRun {
    let command: HostCommand

    func run() throws {
        let engines: [HostEngineKind] = command.engine == .both ? [.webkit, .chromium] : [command.engine == .chromium ? .chromium : .webkit]
        // Xvfb takes a moment to report its display: started first, it does so while the rules load and the
        // emulator starts. Only for a WebKit run without a display (Chromium draws without one). A launch
        // that fails is left to the view, which starts Xvfb itself and says why it cannot.
        let xvfbLaunch = engines.contains(.webkit) && XvfbDisplay.given(command.display) == nil ? try? XvfbDisplay.launch() : nil
        let engine = try command.transcript.loadEngine()
        let options = try hostOptions(engine, xvfbLaunch: xvfbLaunch)
        let output = try RunOutput(command: "bridge host", renderer: command.transcript.renderer, report: command.report, title: "bridge host " + command.page,
                                   sideBySide: engines.count > 1, policy: command.outputPolicy, flushEachLine: true)
        let printer = HostRunPrinter(command: command, engines: engines, startURL: options.startURL, output: output)
        // A reader of the output that goes away (`| head`) interrupts the run, as SIGTERM does, so that the
        // browser, Xvfb and the profile are ended and removed before bridge exits.
        ReaderGone.onReaderGone { HostInterruption.request() }
        defer { ReaderGone.onReaderGone(nil) }
        let succeeded = try EngineRuns(engines: engines, options: options, platform: command.transcript.platform)
            .run(engine: engine, provider: provider(engines: engines, siteOrigin: options.site?.origin), report: printer.print)
        if !succeeded { output.runFailed() }
        try output.finish()
    }

    /// The run's options: the page (`resolvePage`) and what the command line says of the run.
    private func hostOptions(_ engine: PolicyEngine, xvfbLaunch: XvfbLaunch?) throws -> HostOptions {
        var options = try resolvePage(engine)
        options.until = command.until
        options.timeout = command.timeout
        options.idle = command.idle
        options.eval = command.eval
        options.recordPath = command.record
        options.outputPolicy = command.outputPolicy
        options.display = command.display
        options.xvfbLaunch = xvfbLaunch
        options.explain = command.transcript.explain
        options.redactor = command.transcript.renderer.redactor
        options.screenshotsDirectory = command.screenshots
        options.frameScripts = command.frameScript
        options.popups = command.popups
        return options
    }

    /// The provider each engine's run reaches: the emulator in this process (`--provider`), a `bridge serve`
    /// elsewhere (`--provider-url`), or none.
    private func provider(engines: [HostEngineKind], siteOrigin: String?) -> (HostEngineKind) throws -> ProviderRouting? {
        let command = self.command
        return { which in
            if command.provider {
                let configuration = try EmulatorSetup.configuration(config: command.providerConfig, assets: nil)
                if EmulatorSetup.missingAssets(configuration) && which == engines[0] {
                    StandardError.say("bridge host", .standInScriptsMissing, masking: command.transcript.renderer.redactor)
                }
                return EmulatorSetup.inProcess(configuration, siteOrigin: siteOrigin)
            }
            return command.providerURL.map { ProviderRouting(base: $0) }
        }
    }

    /// The URL to load and what the stand-in network serves (WebViewHost's HostPage).
    private func resolvePage(_ engine: PolicyEngine) throws -> HostOptions {
        do { return try HostPage.options(page: command.page, site: command.site, origin: command.origin, rules: engine.rules) } catch {
            throw CommandProblem.page(error)
        }
    }
}

/// What a hosted run reports, printed as it comes (RunOutput: standard output, the report): each engine's
/// part, the page's requests and console, its navigations as their recording's lines, how each run ended,
/// and the engines compared.
struct HostRunPrinter {
    let command: HostCommand
    let engines: [HostEngineKind]
    let startURL: String
    let output: RunOutput

    /// The recording an engine's run writes (`--record`; one per engine when there are two).
    func recording(_ which: HostEngineKind) -> String? { command.record.map { engines.count > 1 ? which.recordingPath($0) : $0 } }

    func print(_ report: EngineRuns.Report) {
        let renderer = command.transcript.renderer
        switch report {
        case .starting(let which, let platform):
            output.section("\(which.rawValue) (\(platform.rawValue))")
            if engines.count > 1 && command.transcript.format == .text {
                output.out.lines(renderer.text.lines(LogStart(name: "\(which.rawValue) (\(platform.rawValue))")))
            }
        case .output(let which, .network(let exchange)):
            // Printed: refused requests and error statuses (an asset the site lacks) always, the rest with
            // --verbose. The report has every request, in its place among the steps.
            output.emit(exchange, renderer.running(which.rawValue), print: exchange.isNoteworthy || command.verbose)
        case .output(let which, .console(let message)):
            // Printed: warnings and errors always, the rest with --verbose; the report has every message.
            output.emit(message, renderer.running(which.rawValue), print: message.isNoteworthy || command.verbose)
        case .output(_, .note(let note)):
            if command.verbose { StandardError.say("bridge host: " + renderer.redactor.text(note.words)) }
        case .output(let which, let hosted):
            // A navigation's line is its line in the recording, which the JSON names as replay would.
            if let event = hosted.event { output.emit(event, renderer.running(which.rawValue).reading(recording(which))) }
        case .failed(_, let error):
            output.out.flush()
            StandardError.say("bridge host: " + renderer.redactor.text(error.words))
        case .finished(let which, let result, let recordPath):
            let renderer = renderer.running(which.rawValue)
            let hostReport = HostReport(until: command.until.rawValue, reached: result.reached, stopReason: result.stopReason,
                                        finalURL: result.finalURL, firstInterception: result.firstInterception, failures: result.failures)
            output.emit(LogSummary(result.summary, log: recordPath ?? startURL, format: .navlog), renderer.reading(recordPath))
            output.emit(hostReport, renderer)
            for failure in result.failures { StandardError.say("bridge host: " + renderer.redactor.text(failure.words)) }
            if let recordPath {
                StandardError.say("bridge host", .recorded(navigations: result.summary.replayed, calls: result.summary.calls, path: recordPath), masking: renderer.redactor)
            }
        case .compared(let comparison):
            output.emit(EngineComparisonEvent(comparison), renderer)
        }
    }
}

#endif

/// The provider hosts and app-backend paths as --help lists them, from the emulator's one table.
private let providerHosts = ProviderDirectory.places.map { ($0.includesSubdomains ? "*." : "") + $0.host }.joined(separator: ", ")
private let appBackendPaths = ProviderDirectory.AppBackendPath.allCases.map(\.rawValue).joined(separator: ", ")
