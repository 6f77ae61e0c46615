// HostCommandTests.swift: `bridge host` in a real WebKitGTK view (built with the WebKit trait, Xvfb
// installed; .ci/run installs both). The web/ sign-in with the widget stand-in and the emulator in process
// (--provider; the seed flows with a running bridge serve are SeedFlowsTests'); every way a page
// reaches an app's scheme through a local server; record then replay; and the ways a run fails, each
// ending with a message and a non-zero status, never a hang. Without WebKit the suite is disabled, saying why.
import CommandOutput
import TestSupport
import Foundation
import Testing
import WebViewHost
@testable import bridge

enum WebKitAvailability {
    /// Why the WebKit tests cannot run here, or nil when they can.
    static let missing: String? = {
        #if WebKit
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil && !FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") {
            return "no DISPLAY and no Xvfb (apt-get install xvfb xauth; .ci/run does)"
        }
        return nil
        #else
        return "bridge was built without the WebKit trait (swift test --traits WebKit; .ci/run does)"
        #endif
    }()
    static var available: Bool { missing == nil }
}

@Suite(.blockingWork(sharing: BlockingWork.webViewSlots), .enabled(if: WebKitAvailability.available, "bridge host needs WebKit and a display"))
struct HostCommandTests {
    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }
    static let capture = path("Fixtures/rules/capture.json")

    static func jsonLines(_ text: String) -> [[String: Any]] { JSONLines.objects(text) }
    /// The navigation lines, each with its findings' lines in place of their ids.
    static func navigations(_ lines: [[String: Any]]) -> [[String: Any]] {
        JSONLines.resolvingFindings(lines).filter { $0["type"] as? String == "navigation" }
    }
    static func host(_ lines: [[String: Any]]) -> [String: Any] { lines.first { $0["type"] as? String == "host-result" } ?? [:] }
    static func events(_ navigation: [String: Any]) -> [(String, String, [String])] {
        (navigation["events"] as? [[String: Any]] ?? []).map { ($0["event"] as? String ?? "", $0["status"] as? String ?? "", $0["handlers"] as? [String] ?? []) }
    }

    /// The kinds of the host result's failures (each `{"code", "message"}`, its code the kind).
    static func failureKinds(_ run: BridgeRun) -> [HostError.Kind] {
        (host(jsonLines(run.stdout))["failures"] as? [[String: Any]] ?? []).map { failure in
            HostError.Kind(rawValue: failure["code"] as? String ?? "") ?? .setup
        }
    }

    @Test func signInEndsWithTheLoginEventDeliveredThroughTheBridgeQueue() throws {
        let tag = ProcessTable.tag()
        let run = try BridgeProcess.run(["host", "--provider", "--rules", Self.capture, "--until", "sentinel", "--format", "json", "--verbose",
                                         "--eval", #"janrain.standIn.signIn("ada@example.com")"#, Self.path("web/webViewSignIn.html")],
                                        environment: [tag.name: tag.value])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.jsonLines(run.stdout)
        let navigations = Self.navigations(lines)
        #expect(navigations.first?["url"] as? String == "https://yourdomain.com/webViewSignIn.html")
        let delivered = navigations.flatMap(Self.events).filter { $0.1 == "delivered" }
        #expect(delivered.contains { $0.0 == "onCaptureLoginSuccess" && $0.2 == ["signInCompleted"] })
        #expect(delivered.contains { $0.0 == "onCaptureScreenShow" && $0.2 == ["trackScreen"] })
        let signals = navigations.filter { ($0["url"] as? String ?? "").hasPrefix("janrain:eventsAvailable") }
        #expect(signals.allSatisfy { $0["decision"] as? String == "cancel" } && !signals.isEmpty)
        // Each queued event is dispatched once.
        #expect(navigations.flatMap(Self.events).filter { $0.0 == "onCaptureLoginSuccess" }.count == 1)
        let host = Self.host(lines)
        #expect(host["reached"] as? Bool == true)
        #expect(host["url"] as? String == "https://yourdomain.com/webViewSignIn.html")
        #expect(lines.contains { $0["type"] as? String == "eval" && $0["result"] as? String == "submitted" })
        // Nothing left the machine, and the private display was stopped.
        #expect(!lines.contains { $0["type"] as? String == "network" && $0["refused"] as? Bool == true })
        #expect(ProcessTable.running("Xvfb", tagged: tag) == [])
    }

    @Test func theLegacyHandOffIsCancelledAndDispatched() throws {
        let run = try BridgeProcess.run(["host", "--provider", "--rules", Self.capture, "--until", "sentinel", "--format", "json",
                                         "--eval", #"janrain.standIn.signIn("ada@example.com", {legacy: true})"#, Self.path("web/webViewSignIn.html")])
        #expect(run.status == 0, "\(run.stderr)")
        let navigations = Self.navigations(Self.jsonLines(run.stdout))
        guard let handOff = navigations.first(where: { ($0["url"] as? String ?? "").hasPrefix("janrain:accessToken=") }) else {
            Issue.record("no janrain:accessToken= navigation in \(run.stdout)")
            return
        }
        #expect(handOff["decision"] as? String == "cancel")
        #expect(Self.events(handOff).map(\.0) == ["accessToken"] && Self.events(handOff).first?.2 == ["legacySignInCompleted"])
        #expect((handOff["url"] as? String ?? "").contains("…("), "the token is masked")
    }

    @Test(arguments: HostEngine.single)
    func everyWayToTheAppsSchemeIsInterceptedAndThePageLives(_ engine: HostEngine) throws {
        let server = try NavigationServer()
        defer { server.stop() }
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("host-rules-\(UUID().uuidString).json")
        try Data(#"{"version": 1, "default": "cancel", "allow": ["http://127.0.0.1:\#(server.port)"], "schemes": [{"name": "app", "scheme": "myapp"}]}"#.utf8).write(to: rules)
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString).navlog").path
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--rules", rules.path, "--format", "json", "--record", record, "--idle", "1.5",
                                         "http://127.0.0.1:\(server.port)/navigations.html"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.jsonLines(run.stdout)
        let cancelled = Self.navigations(lines).filter { $0["decision"] as? String == "cancel" }.compactMap { $0["url"] as? String }
        #expect(cancelled == ["myapp://script?from=script", "myapp://iframe", "myapp://form-get?q=1", "myapp://form-post?status=ok", "myapp://chained?step=3"])
        #expect(Self.host(lines)["url"] as? String == "http://127.0.0.1:\(server.port)/navigations.html")

        // What WebKit said about each, as recorded.
        let recorded = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func entry(_ url: String) -> [String: Any]? { recorded.first { $0["url"] as? String == url } }
        #expect(entry("myapp://form-get?q=1")?["navigationType"] as? String == "formSubmitted")
        #expect(entry("http://127.0.0.1:\(server.port)/post")?["method"] as? String == "POST")
        #expect(entry("myapp://form-post?status=ok")?["source"] as? String == "redirect")
        #expect(entry("myapp://chained?step=3")?["source"] as? String == "redirect")
        // Chromium names each request's frame; WebKitGTK's UI process cannot, so WebKit reports the main frame's.
        #expect(entry("myapp://iframe")?["isMainFrame"] as? Bool == (engine == .webkit))
        #expect(entry("myapp://script?from=script")?["isMainFrame"] as? Bool == true)

        // Replaying the recording gives the same decisions, line for line.
        let replay = try BridgeProcess.run(["replay", "--rules", rules.path, "--format", "json", record])
        #expect(replay.status == 0, "\(replay.stderr)")
        let live = Self.navigations(lines).map { [$0["seq"], $0["decision"], $0["kind"], $0["rule"], $0["url"], $0["line"]].map { "\($0 ?? "nil")" } }
        let replayed = Self.navigations(Self.jsonLines(replay.stdout)).map { [$0["seq"], $0["decision"], $0["kind"], $0["rule"], $0["url"], $0["line"]].map { "\($0 ?? "nil")" } }
        #expect(live == replayed)
    }

    /// A page on another loopback address than 127.0.0.1, in each engine: reached directly (never through the
    /// stand-in network, which would refuse it), and every way it reaches the app's scheme intercepted alike.
    @Test("a page on 127.0.0.2 or [::1] is reached directly in both engines and finds the same route",
          arguments: ["127.0.0.2", "::1"], HostEngine.single)
    func anotherLoopbackAddress(address: String, engine: HostEngine) throws {
        let server = try NavigationServer(address: address)
        defer { server.stop() }
        let origin = "http://\(address.contains(":") ? "[\(address)]" : address):\(server.port)"
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("host-rules-\(UUID().uuidString).json")
        try Data(#"{"version": 1, "default": "cancel", "allow": ["\#(origin)"], "schemes": [{"name": "app", "scheme": "myapp"}]}"#.utf8).write(to: rules)
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--rules", rules.path, "--format", "json", "--idle", "1.5",
                                         origin + "/navigations.html"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.jsonLines(run.stdout)
        let cancelled = Self.navigations(lines).filter { $0["decision"] as? String == "cancel" }.compactMap { $0["url"] as? String }
        #expect(cancelled == ["myapp://script?from=script", "myapp://iframe", "myapp://form-get?q=1", "myapp://form-post?status=ok", "myapp://chained?step=3"],
                "\(run.stdout)")
        #expect(Self.host(lines)["url"] as? String == origin + "/navigations.html")
        #expect(lines.filter { $0["type"] as? String == "network" }.isEmpty, "went through the stand-in network: \(run.stdout)")
        #expect((Self.host(lines)["failures"] as? [Any])?.isEmpty == true, "\(run.stdout)")
    }

    @Test func recordThenReplayGivesTheSameTranscriptForTheSignIn() throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString).navlog").path
        let run = try BridgeProcess.run(["host", "--provider", "--rules", Self.capture, "--until", "sentinel", "--format", "json", "--reveal", "--record", record,
                                         "--eval", #"janrain.standIn.signIn("ada@example.com")"#, Self.path("web/webViewSignIn.html")])
        #expect(run.status == 0, "\(run.stderr)")
        let replay = try BridgeProcess.run(["replay", "--rules", Self.capture, "--format", "json", "--reveal", record])
        // The same lines: the live run's name the recording, as the replay's do, and the engine that ran the
        // page, which the replay reads from the recording's header.
        let live = run.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"type":"navigation""#) }
        let replayed = replay.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"type":"navigation""#) }
        #expect(!live.isEmpty && live == replayed)
        #expect(HostCommandTests.navigations(JSONLines.objects(replay.stdout)).allSatisfy { $0["engine"] as? String == "webkit" })
    }

    @Test func aPageThatDoesNotLoadFailsAtOnce() throws {
        let server = try NavigationServer()
        let port = server.port
        server.stop()  // nothing listens on the port now
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("host-rules-\(UUID().uuidString).json")
        try Data(#"{"version": 1, "default": "cancel", "allow": ["http://127.0.0.1:\#(port)"]}"#.utf8).write(to: rules)
        let closed = try BridgeProcess.run(["host", "--rules", rules.path, "--timeout", "60", "--format", "json", "http://127.0.0.1:\(port)/navigations.html"])
        #expect(closed.status == 1)
        // It stops on the failed load, not on the 60 s timeout.
        #expect(Self.failureKinds(closed) == [.pageNotLoaded], "\(closed.stdout)")
    }

    @Test("a page a web view would download, not show, fails the run with page-not-loaded")
    func aDownloadIsNotAPage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("host-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data((0..<2048).map { UInt8($0 % 251) }).write(to: directory.appendingPathComponent("report.bin"))
        try Data("<!doctype html><title>page</title>".utf8).write(to: directory.appendingPathComponent("page.html"))
        let site = directory.appendingPathComponent("bridge-site.json")
        try Data(#"""
        {"version": 1, "origin": "https://yourdomain.com",
         "routes": {"https://yourdomain.com/report.bin": {"file": "report.bin", "type": "application/octet-stream"},
                    "https://yourdomain.com/": "./"}}
        """#.utf8).write(to: site)
        // The refusal stops the run at once: the timeout is only a bound, wide enough for a loaded machine.
        for until in ["idle", "timeout"] {
            let run = try BridgeProcess.run(["host", "--rules", Self.capture, "--format", "json", "--until", until, "--timeout", "60", "--idle", "0.5",
                                             "--site", site.path, "https://yourdomain.com/report.bin"])
            #expect(run.status == 1, "--until \(until): \(run.stdout)")
            #expect(Self.failureKinds(run).first == .pageNotLoaded, "--until \(until): \(run.stdout)")
        }
        // The same bytes as a page render.
        let page = try BridgeProcess.run(["host", "--rules", Self.capture, "--format", "json", "--idle", "0.5", "--site", site.path, "https://yourdomain.com/page.html"])
        #expect(page.status == 0, "\(page.stdout)")
    }

    @Test func usageMistakesAreStatusTwo() throws {
        let both = try BridgeProcess.run(["host", "--rules", Self.capture, "--origin", "https://a.example", "--site", Self.path("web/bridge-site.json"), Self.path("web/webViewSignIn.html")])
        #expect(both.status == 2 && both.stderr.hasPrefix("Error: " + CommandProblem.siteAndOrigin.description + "\n"), "\(both.stderr)")
        let page = Self.path("web/no-such-page.html")
        try CommandProblemTests.expect(["host", "--rules", Self.capture, page], .page(.notAPage(page)))
    }

    @Test func aFileTheSiteLacksIsPrintedWithoutVerbose() throws {
        let run = try BridgeProcess.run(["host", "--rules", Self.capture, "--format", "json", "--idle", "0.5",
                                         "--site", Self.path("web/bridge-site.json"), "https://yourdomain.com/no-such-page.html"])
        let network = JSONLines.objects(run.stdout, type: "network")
        #expect(network.contains { $0["url"] as? String == "https://yourdomain.com/no-such-page.html" && $0["status"] as? Int == 404 }, "\(run.stdout)")
        #expect(!network.contains { $0["status"] as? Int == 200 }, "successful requests stay quiet without --verbose")
    }

    @Test("the rules cancelling the page itself is said, and its recording replays whole (no record of the view's emptied URL), in both engines",
          arguments: HostEngine.single)
    func theRulesCancellingThePageItselfIsSaid(_ engine: HostEngine) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cancelled-page-\(UUID().uuidString).navlog")
        defer { try? FileManager.default.removeItem(at: log) }
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--rules", Self.capture, "--origin", "https://elsewhere.example", "--format", "json",
                                         "--idle", "1", "--record", log.path, Self.path("web/webViewSignIn.html")])
        #expect(run.status == 1)
        #expect(Self.failureKinds(run) == [.pageCancelled], "\(run.stdout)")
        let replay = try BridgeProcess.run(["replay", "--rules", Self.capture, "--format", "json", log.path])
        let summary = try #require(JSONLines.objects(replay.stdout, type: "log-summary").first, "\(replay.stdout)")
        #expect(summary["unread"] as? Int == 0 && summary["replayed"] as? Int == 1, "\(engine): \(replay.stdout)")
    }

    @Test func aScriptErrorAndATimeoutEndTheRun() throws {
        let thrown = try BridgeProcess.run(["host", "--rules", Self.capture, "--format", "json", "--eval", "throw new Error('boom')", Self.path("web/webViewSignIn.html")])
        #expect(thrown.status == 1)
        #expect(Self.failureKinds(thrown) == [.scriptError], "\(thrown.stdout)")
        let waited = try BridgeProcess.run(["host", "--rules", Self.capture, "--format", "json", "--until", "deeplink", "--timeout", "2", Self.path("web/webViewSignIn.html")])
        #expect(waited.status == 1)
        #expect(Self.failureKinds(waited) == [.timeout], "\(waited.stdout)")
        let ran = try BridgeProcess.run(["host", "--rules", Self.capture, "--until", "timeout", "--timeout", "1.5", Self.path("web/webViewSignIn.html")])
        #expect(ran.status == 0, "\(ran.stderr)")
    }

    @Test func pageScriptErrorsAreReported() throws {
        let run = try BridgeProcess.run(["host", "--rules", Self.capture, "--format", "json", "--eval", "setTimeout(function () { undefinedFunction(); }, 10); 1",
                                         Self.path("web/webViewSignIn.html")])
        let errors = JSONLines.objects(run.stdout, type: "script-error").compactMap { $0["message"] as? String }
        // The engine's own message names the missing function.
        #expect(errors.contains { $0.contains("undefinedFunction") }, "\(run.stdout)")
        // No --record: no file, so no line in one either.
        let navigations = Self.navigations(JSONLines.objects(run.stdout))
        #expect(!navigations.isEmpty && navigations.allSatisfy { $0["file"] is NSNull && $0["line"] is NSNull }, "\(run.stdout)")
    }

    @Test("SIGINT and SIGTERM end a run in either engine as an interruption: its result said, status 1, and nothing left in the temporary folder (Chromium's profile and its own temporary files included)",
          arguments: HostEngine.single, [SIGINT, SIGTERM])
    func aSignalEndsTheRun(_ engine: HostEngine, _ signal: Int32) throws {
        guard let executable = BridgeProcess.executable else { throw CocoaError(.fileNoSuchFile) }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("host-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        // The first line is the start page's navigation: the view is up and the page loading.
        let host = try LineProcess(["host", "--engine", engine.rawValue, "--rules", Self.capture, "--format", "json", "--until", "timeout", "--timeout", "60",
                                    Self.path("web/xdcomm.html")], executable: executable, environment: ["TMPDIR": temporary.path])
        #expect(Self.jsonLines(host.firstLine).first?["type"] as? String == "navigation", "\(host.firstLine)")
        // Bounded only so that a host that ignores the signal fails the test instead of hanging it.
        #expect(host.signal(signal, waitingUpTo: 20), "bridge host did not stop on signal \(signal)")
        let result = Self.host(Self.jsonLines(host.stop()))
        #expect(host.process.terminationStatus == 1 && result["stop"] as? String == "interrupted", "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("a reader of the output that has gone (`| head`) interrupts a run in either engine: status 1, Xvfb stopped, nothing left in the temporary folder",
          arguments: HostEngine.single)
    func aReaderThatHasGone(_ engine: HostEngine) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("host-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let tag = ProcessTable.tag()
        let run = try ReaderlessRun.run(["host", "--engine", engine.rawValue, "--rules", Self.capture, "--format", "json",
                                         "--until", "timeout", "--timeout", "60", Self.path("web/xdcomm.html")],
                                        environment: ["TMPDIR": temporary.path, tag.name: tag.value])
        // Its first line (the page's navigation, so the view was up) found no reader: the run was interrupted.
        #expect(run.ended && run.reason == .exit && run.status == 1, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        #expect(ProcessTable.running("Xvfb", tagged: tag) == [] && ProcessTable.running("chromium", tagged: tag) == [])
    }

    @Test("standard output on a full disk stops a run in either engine as a reader gone does, said on standard error, status 2", arguments: HostEngine.single)
    func standardOutputOnAFullDisk(_ engine: HostEngine) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("host-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let tag = ProcessTable.tag()
        let run = try ReaderlessRun.run(["host", "--engine", engine.rawValue, "--rules", Self.capture, "--format", "json",
                                         "--until", "timeout", "--timeout", "60", Self.path("web/xdcomm.html")],
                                        environment: ["TMPDIR": temporary.path, tag.name: tag.value], output: full)
        #expect(run.ended && run.reason == .exit && run.status == 2 && !run.stderr.isEmpty, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        #expect(ProcessTable.running("Xvfb", tagged: tag) == [] && ProcessTable.running("chromium", tagged: tag) == [])
    }
}

/// Fixtures/host/navigation_server.py on a free loopback port.
final class NavigationServer {
    private let server: LineProcess
    let port: Int

    /// A server on `address` (a loopback address; IPv6 as it is, "::1").
    init(address: String = "127.0.0.1") throws {
        server = try LineProcess(["python3", Repository.path("Fixtures/host/navigation_server.py"), "0", address])
        guard let port = Int(server.firstLine) else {
            server.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func stop() { server.stop() }
}

extension HostCommandTests {
    @Test("secrets in eval results, script errors and intercepted URLs are masked unless --reveal", arguments: ["text", "json"], [false, true])
    func canary(format: String, reveal: Bool) throws {
        let secret = Canary.secret
        let run = try BridgeProcess.run(["host", "--rules", Self.capture, "--until", "sentinel", "--timeout", "60", "--format", format]
            + (reveal ? ["--reveal"] : [])
            + ["--eval", #"setTimeout(function () { throw new Error("failed with access_token=\#(secret)") }, 0); ({accessToken: "\#(secret)", email: "ada@example.com"})"#,
               "--eval", #"setTimeout(function () { location.href = "https://yourdomain.com/password_reset.php?code=\#(secret)&access_token=\#(secret)" }, 300); 1"#,
               Self.path("web/webViewSignIn.html")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let all = run.stdout + run.stderr
        #expect(all.contains(reveal ? secret : "CANA…(26)"), "\(all)")
        #expect(all.contains(secret) == reveal, "host --format \(format)\(reveal ? " --reveal" : ""):\n\(all)")
    }

    @Test("what the page writes to its console is a line each, in both engines: warnings and errors always, the rest with --verbose; secrets masked; and in the report, among the steps",
          arguments: [false, true])
    func consoleMessages(verbose: Bool) throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let run = try BridgeProcess.run(["host", "--engine", "both", "--rules", Self.capture, "--until", "deeplink", "--timeout", "60", "--format", "json",
                                         "--report", report] + (verbose ? ["--verbose"] : []) + [Self.path("Fixtures/host/console.html")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.jsonLines(run.stdout).filter { $0["type"] as? String == "console" }
        for engine in ["webkit", "chromium"] {
            let mine = lines.filter { $0["engine"] as? String == engine }
            let expected: [(String, String)] = verbose
                ? [("log", #"starting {"step":1}"#), ("info", "token code=Splx…(22)"), ("debug", "debugging"), ("log", String(repeating: "x", count: 2_000)),
                   ("warn", "slow answer: 1200 ms"), ("error", "failed: boom")]
                : [("warn", "slow answer: 1200 ms"), ("error", "failed: boom")]
            #expect(mine.map { $0["level"] as? String ?? "" } == expected.map(\.0), "\(engine): \(run.stdout)")
            #expect(mine.map { $0["message"] as? String ?? "" } == expected.map(\.1), "\(engine): \(run.stdout)")
            #expect(mine.allSatisfy { $0["frame"] as? String == "main" })
            // A message past the limit is cut, and what was cut is counted.
            #expect(mine.map { $0["leftOut"] as? Int } == expected.map { $0.1.count == 2_000 ? 500 : 0 }, "\(engine)")
        }
        #expect(!run.stdout.contains("SplxlOBeZQQYbYS6WxSbIA"))
        // The report has every message, whatever was printed.
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.components(separatedBy: ">console ").count - 1 == 12 && !html.contains("SplxlOBeZQQYbYS6WxSbIA"))
    }

    @Test("alert, confirm and prompt are answered as a WKWebView with no UI delegate answers them, reported, and the page goes on")
    func dialogs() throws {
        let run = try BridgeProcess.run(["host", "--rules", Self.capture, "--until", "deeplink", "--timeout", "60", "--format", "json",
                                         Self.path("Fixtures/host/dialogs.html")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.jsonLines(run.stdout)
        let dialogs = lines.filter { $0["type"] as? String == "dialog" }
        #expect(dialogs.map { $0["dialogType"] as? String ?? "" } == ["alert", "confirm", "prompt"], "\(run.stdout)")
        // JSON's values: undefined and a dismissed prompt are null, a confirm's answer a boolean.
        #expect(dialogs.map { $0["answer"] is NSNull ? "null" : ($0["answer"] as? Bool).map { String($0) } ?? "?" } == ["null", "false", "null"])
        #expect(dialogs.first?["message"] as? String == "Welcome back")
        let deeplink = Self.navigations(lines).last
        #expect((deeplink?["params"] as? [String: String]) == ["confirmed": "false", "name": "null"], "\(String(describing: deeplink))")
    }

    @Test("the bridge serve dashboard in a real WebKit: start the deep-link reset, see the mail arrive, follow its link to the app")
    func serveDashboard() throws {
        try ServeProcess.with { server throws in
            let port = server.base.split(separator: ":").last.map(String.init) ?? ""
            let rules = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-rules-\(UUID().uuidString).json")
            try #"{"version":1,"default":"cancel","allow":["http://127.0.0.1:\#(port)"],"schemes":[{"name":"reset","scheme":"yourapp","route":"reset-password","require":["token","email"]}]}"#
                .write(to: rules, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: rules) }
            let follow = #"document.getElementById('start-deeplink').click(); (function poll() { var a = document.querySelector('#outbox a[href^="yourapp:"]'); if (a) a.click(); else setTimeout(poll, 100); })(); 'started'"#
            let run = try BridgeProcess.run(["host", "--rules", rules.path, "--until", "deeplink", "--timeout", "60", "--format", "json",
                                             "--eval", follow, server.base + "/"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let deeplink = Self.navigations(Self.jsonLines(run.stdout)).last
            #expect(deeplink?["kind"] as? String == "deeplink" && deeplink?["rule"] as? String == "reset", "\(run.stdout)")
            #expect((deeplink?["params"] as? [String: String])?["email"] == "ada@example.com")
        }
    }

    @Test("the dashboard refreshes once for a burst of 40 requests, keeps its own reads out of the log, and searches the outbox")
    func dashboardRefreshesOncePerBurst() throws {
        let server = try ServeProcess()
        let port = server.base.split(separator: ":").last.map(String.init) ?? ""
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-burst-\(UUID().uuidString).json")
        try #"{"version":1,"default":"cancel","allow":["http://127.0.0.1:\#(port)"],"schemes":[{"name":"done","scheme":"yourapp","route":"dashboard-done","require":["refreshes","rows"]}]}"#
            .write(to: rules, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: rules) }
        // The dashboard's policy refuses eval, so --eval is not awaited: the script ends by opening the app's
        // scheme with what it saw, and the rules catch that as a deep link.
        let burst = """
            (function () {
              function done(result) { location.href = 'yourapp://dashboard-done?refreshes=' + result.refreshes + '&rows=' + result.rows; }
              setTimeout(function () {
                var before = window.bridgeDashboard.refreshes, calls = [];
                for (var i = 0; i < 40; i++) calls.push(fetch('/oauth/token', { method: 'POST', body: 'grant_type=none',
                                                                      headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));
                calls.push(fetch('/api/reset-password/request', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                                body: JSON.stringify({ email: 'ada@example.com' }) }));
                Promise.all(calls).then(function () {
                  setTimeout(function () {
                    var search = document.getElementById('search');
                    search.value = 'to:nobody@example.com';
                    search.oninput();
                    setTimeout(function () {
                      done({ refreshes: window.bridgeDashboard.refreshes - before, rows: document.querySelectorAll('#outbox tr').length });
                    }, 1000);
                  }, 1500);
                });
              }, 1000);
              return 'started';
            })()
            """
        let run = try BridgeProcess.run(["host", "--rules", rules.path, "--until", "deeplink", "--timeout", "60", "--format", "json",
                                         "--eval", burst, server.base + "/"])
        let printed = server.stop()
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let result = try #require(Self.navigations(Self.jsonLines(run.stdout)).last?["params"] as? [String: String], "\(run.stdout)")
        // The 41 requests are shared by a few refreshes, not one each: how many bursts they arrive in depends
        // on the machine's load (events within 200 ms share a refresh), so the bound is far from both ends.
        // The search adds one refresh.
        #expect((2...20).contains(Int(result["refreshes"] ?? "") ?? 0), "\(result)")
        #expect(result["rows"] == "0", "the search for a recipient with no mail shows none")
        let logged = printed.split(separator: "\n")
        #expect(logged.filter { $0.contains("/oauth/token") }.count == 40, "\(printed)")
        #expect(!logged.contains { $0.contains("/emulator/v1/") }, "the dashboard's own reads are not logged: \(printed)")
    }

    @Test("a running bridge serve that does not allow the page's origin is reported on the widget's request, naming the origin to allow")
    func serveWithoutThePagesOrigin() throws {
        try ServeProcess.with { server throws in
            let rules = FileManager.default.temporaryDirectory.appendingPathComponent("other-origin-\(UUID().uuidString).json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.capture))) as? [String: Any])
            object["allow"] = (object["allow"] as? [String] ?? []) + ["https://other-app.example"]
            try JSONSerialization.data(withJSONObject: object).write(to: rules)
            defer { try? FileManager.default.removeItem(at: rules) }
            let run = try BridgeProcess.run(["host", "--provider-url", server.base, "--rules", rules.path, "--origin", "https://other-app.example",
                                             "--until", "idle", "--idle", "1", "--format", "json", Self.path("web/webViewSignIn.html")])
            let refused = JSONLines.objects(run.stdout, type: "network")
                .filter { $0["refused"] as? Bool == true && ($0["url"] as? String ?? "").hasSuffix("/load.js") }
            #expect(refused.count == 1, "\(run.stdout)")
            // The refusal names the origin to allow.
            let detail = refused.first?["detail"] as? String ?? ""
            #expect(detail.contains("https://other-app.example"), "\(detail)")
        }
    }
}
