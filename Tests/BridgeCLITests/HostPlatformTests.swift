// HostPlatformTests.swift: the platform model in the real engines, a conformance suite made from the facts
// (PlatformFacts) and the engines' own tests they cite. Fixtures/host/platforms.html makes one
// navigation of a kind the model tells apart (an iframe's src or its 302 onto the redirect URI, a fragment,
// a pushState, a link to the app's scheme in a sandboxed iframe); each run says what the rules decide, what
// the view did, and the finding where the platform never shows the app the result.
import TestSupport
import Foundation
import NavigationPolicy
import Testing
@testable import bridge

/// One page of platforms.html: the fact its navigation is an instance of, and the URL that navigation
/// carries the result to (`ORIGIN` stands for the test server's).
struct HostScenario: Sendable, CustomTestStringConvertible {
    let page: String
    let fact: PlatformFact.Kind
    let result: String
    var testDescription: String { page }

    static let all: [HostScenario] = [
        HostScenario(page: "link-click", fact: .linkClick, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "script-location", fact: .scriptLocation, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "meta-refresh", fact: .metaRefresh, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "server-redirect", fact: .serverRedirect, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "custom-scheme", fact: .customScheme, result: "myapp://reset-password?code=1"),
        HostScenario(page: "post", fact: .post, result: "ORIGIN/cb"),
        HostScenario(page: "post-redirect", fact: .postRedirect, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "iframe", fact: .subframeHTTP, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "iframe-scheme", fact: .subframeCustomScheme, result: "myapp://reset-password?code=1"),
        HostScenario(page: "fragment", fact: .fragment, result: "ORIGIN/platforms.html?case=fragment#code=1"),
        HostScenario(page: "pushstate", fact: .historyAPI, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "popup", fact: .popupHTTP, result: "ORIGIN/cb?code=1"),
        HostScenario(page: "popup-scheme", fact: .popupCustomScheme, result: "myapp://reset-password?code=1"),
        HostScenario(page: "sandboxed", fact: .sandboxedCustomScheme, result: "myapp://reset-password?code=1"),
        HostScenario(page: "sandboxed-popups", fact: .sandboxedAllowPopups, result: "myapp://reset-password?code=1"),
    ]

    /// Where a Linux engine cannot show what the phone does, and what it shows instead; each is said in
    /// Platforms.md ("Where the Linux engines and the phones differ").
    enum EngineGap { case askedAnyway, cancelIgnored }

    func gap(_ engine: HostEngine, _ platform: Platform) -> EngineGap? {
        switch (engine, fact, platform) {
        case (.webkit, .subframeHTTP, .android): .askedAnyway  // WebKitGTK's UI process does not say which frame
        case (.webkit, .fragment, .ios): .cancelIgnored  // WebKitGTK applies a cancelled fragment
        default: nil
        }
    }
}

@Suite(.blockingWork(sharing: BlockingWork.webViewSlots), .enabled(if: WebKitAvailability.available, "bridge host needs WebKit and a display"))
struct HostPlatformTests {
    struct Run {
        var status: Int32
        var rows: [[String: Any]]
        var output: String

        /// The row of the navigation to `url` (the last one, if several).
        func row(_ url: String) -> [String: Any]? { rows.last { $0["url"] as? String == url } }
        /// The findings about the platform and what the view did (a result with no authorization request
        /// before it also draws flow warnings here, which are not what these tests are about).
        func codes(_ url: String) -> [String] {
            (row(url)?["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                .filter { $0.hasPrefix("not-asked-on-") || $0 == "cancel-ignored" }
        }
    }

    static func host(_ which: String, engine: HostEngine, platform: String, popups: String = "same-view", eval: [String] = [], record: URL? = nil) throws -> (Run, origin: String) {
        let server = try NavigationServer()
        defer { server.stop() }
        let origin = "http://127.0.0.1:\(server.port)"
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("platform-rules-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: rules) }
        try #"""
            {"version": 1, "default": "cancel", "allow": ["\#(origin)"],
             "sentinels": [{"name": "signin-form-post", "redirectURI": "\#(origin)/cb", "responseMode": "form_post"},
                           {"name": "signin", "redirectURI": "\#(origin)/cb", "responseMode": "any", "require": ["code"]},
                           {"name": "signin-fragment", "redirectURI": "\#(origin)/platforms.html", "responseMode": "fragment", "require": ["code"]}],
             "schemes": [{"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["code"]},
                         {"name": "janrain-bridge", "scheme": "janrain", "protocol": "janrain"}]}
            """#.write(to: rules, atomically: true, encoding: .utf8)
        // Two seconds of quiet end a run: each page acts within a few hundred milliseconds of its load, and a
        // loaded machine (the whole suite at once) must not end one before the navigation it is about. The
        // timeout only bounds a run that fails: a browser started cold on a new, busy machine takes its time.
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--platform", platform, "--popups", popups, "--rules", rules.path, "--format", "json",
                                         "--reveal", "--idle", "2", "--timeout", "60"] + eval.flatMap { ["--eval", $0] } + (record.map { ["--record", $0.path] } ?? [])
                                        + ["\(origin)/platforms.html?case=\(which)"])
        return (Run(status: run.status, rows: HostCommandTests.navigations(JSONLines.objects(run.stdout)), output: run.stdout + run.stderr), origin)
    }

    @Test("Android in Chromium: a 302 an iframe follows onto the redirect URI loads in the iframe: not-asked-on-android",
          arguments: ["iframe-302"])
    func androidIframe(_ which: String) throws {
        let (run, origin) = try Self.host(which, engine: .chromium, platform: "android")
        let hit = try #require(run.row("\(origin)/cb?code=1"), "\(run.output)")
        #expect(hit["decision"] as? String == "cancel" && hit["recorded"] as? String == "allow", "\(hit)")
        #expect(run.codes("\(origin)/cb?code=1") == ["not-asked-on-android"])
        #expect(run.status == 1)
    }

    @Test("Android in Chromium: a fragment and a pushState carrying a code are seen, as same-document navigations, and not asked")
    func androidSameDocument() throws {
        let (fragment, origin) = try Self.host("fragment", engine: .chromium, platform: "android")
        let url = "\(origin)/platforms.html?case=fragment#code=1"
        #expect(fragment.row(url)?["sameDocument"] as? String == "fragment", "\(fragment.output)")
        #expect(fragment.codes(url) == ["not-asked-on-android"] && fragment.status == 1)
        let (pushed, origin2) = try Self.host("pushstate", engine: .chromium, platform: "android")
        #expect(pushed.row("\(origin2)/cb?code=1")?["sameDocument"] as? String == "history-api", "\(pushed.output)")
        #expect(pushed.codes("\(origin2)/cb?code=1") == ["not-asked-on-android"] && pushed.status == 1)
    }

    @Test("--popups tap-only (the platforms' default): a script's window.open without a tap opens nothing, in both engines", arguments: HostEngine.single)
    func popupsBlockedWithoutATap(_ engine: HostEngine) throws {
        let (run, origin) = try Self.host("popup", engine: engine, platform: "android", popups: "tap-only")
        #expect(run.row("\(origin)/cb?code=1") == nil && run.rows.count == 1 && run.status == 0, "\(run.output)")
    }

    @Test("--popups own-window (Android's multiple windows, a createWebViewWith that returns a new view): the window is a view of its own whose navigations are asked as its main frame's, and the opener stays, in both engines",
          arguments: HostEngine.single, Platform.allCases)
    func popupsInTheirOwnWindow(_ engine: HostEngine, _ platform: Platform) throws {
        // No --eval: its user gesture would let a window open that an app's settings alone must open.
        let (run, origin) = try Self.host("popup-window", engine: engine, platform: platform.rawValue, popups: "own-window")
        let context = "\(engine) \(platform):\n\(run.output)"
        #expect(run.row("\(origin)/platforms.html?case=script-location")?["decision"] as? String == "allow", "\(context)")
        let hit = try #require(run.row("\(origin)/cb?code=1"), "\(context)")
        #expect(hit["decision"] as? String == "cancel" && hit["recorded"] as? String == "cancel", "\(context)")
        // Chromium says the window's navigation is its top frame's; WebKitGTK says of no navigation which frame
        // it is in, and the line says so (decided as the top frame's, as here).
        let frame = (hit["frame"] as? String, hit["frameFrom"] as? String)
        #expect(engine == .chromium ? frame == ("main", nil) : frame == ("unknown", "engine-cannot-tell"), "\(context)")
        #expect(run.codes("\(origin)/cb?code=1").isEmpty && run.status == 0, "\(context)")
        // The opener stayed on its page (with same-view the view itself would have gone to the window's page).
        #expect(JSONLines.objects(run.output, type: "host-result").first?["url"] as? String == "\(origin)/platforms.html?case=popup-window", "\(context)")
    }

    @Test("--popups same-view in Chromium: a script's form.submit() onto target=_blank (no submit event) loads in the view, asked, as a click's does; tap-only blocks it and says so")
    func popupFormSubmitted() throws {
        let (run, origin) = try Self.host("popup-form", engine: .chromium, platform: "ios")
        let hit = try #require(run.row("\(origin)/cb"), "\(run.output)")
        #expect(hit["decision"] as? String == "cancel" && hit["recorded"] as? String == "cancel", "\(run.output)")
        let (blocked, origin2) = try Self.host("popup-form", engine: .chromium, platform: "ios", popups: "tap-only")
        #expect(blocked.row("\(origin2)/cb") == nil && blocked.rows.count == 1 && blocked.status == 0, "\(blocked.output)")
    }

    @Test("--popups own-window: a bridge signal from the window is drained in the window, whose queue it is, in both engines", arguments: HostEngine.single)
    func popupBridgeDrainedInItsWindow(_ engine: HostEngine) throws {
        let (run, _) = try Self.host("popup-bridge", engine: engine, platform: "android", popups: "own-window")
        let signal = try #require(run.row("janrain:eventsAvailable?1"), "\(run.output)")
        let events = (signal["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(signal["decision"] as? String == "cancel" && events == ["onCaptureLoginSuccess"], "\(run.output)")
    }

    @Test("a page's own history.back() and reload: the engine says which they are (recorded), Android does not ask about a traversal and iOS does; both ask about a page's reload, in both engines",
          arguments: HostEngine.single, ["history-back", "page-reload"])
    func traversalAndReload(_ engine: HostEngine, _ which: String) throws {
        for platform in Platform.allCases {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("traversal-\(UUID().uuidString).navlog")
            defer { try? FileManager.default.removeItem(at: log) }
            let (run, origin) = try Self.host(which, engine: engine, platform: platform.rawValue, record: log)
            let url = "\(origin)/cb?code=1", context = "\(engine) \(platform) \(which):\n\(run.output)"
            // The pushState that put the page at the redirect URI is a row of its own; this is the navigation after it.
            let row = try #require(run.rows.last { $0["url"] as? String == url && $0["sameDocument"] is NSNull }, "\(context)")
            let record = try #require(JSONLines.objects(String(decoding: try Data(contentsOf: log), as: UTF8.self))
                .last { $0["url"] as? String == url && $0["sameDocument"] == nil }, "\(context)")
            #expect(record["navigationType"] as? String == (which == "history-back" ? "backForward" : "reload"), "\(context)")
            let asked = which == "page-reload" || platform == .ios
            #expect(row["decision"] as? String == "cancel" && row["recorded"] as? String == (asked ? "cancel" : "allow"), "\(context)")
            let codes = (row["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }.filter { $0.hasPrefix("not-asked-on-") }
            #expect(codes == (asked ? [] : ["not-asked-on-android"]), "\(context)")
        }
    }

    @Test("a site page's forms to the app's scheme, cancelled, leave the page where it was (as Android's view does), so its next step runs, in both engines",
          arguments: HostEngine.single)
    func formsToTheAppsScheme(_ engine: HostEngine) throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("form-to-app-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: rules) }
        try #"""
            {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com"],
             "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/cb", "responseMode": "query", "require": ["code"]}],
             "schemes": [{"name": "reset", "scheme": "myapp", "route": "reset-password"}]}
            """#.write(to: rules, atomically: true, encoding: .utf8)
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--platform", "android", "--rules", rules.path, "--format", "json",
                                         "--reveal", "--idle", "2", "--timeout", "60", Repository.path("Fixtures/host/form-to-app.html")])
        let lines = JSONLines.objects(run.stdout), rows = HostCommandTests.navigations(lines)
        let context = "\(engine):\n\(run.stdout)\(run.stderr)"
        for url in ["myapp://reset-password?code=1", "myapp://reset-password", "https://yourdomain.com/cb?code=3&state=s"] {
            let row = rows.last { $0["url"] as? String == url }
            #expect(row?["decision"] as? String == "cancel" && row?["recorded"] as? String == "cancel", "\(url) \(context)")
        }
        #expect(HostCommandTests.host(lines)["url"] as? String == "https://yourdomain.com/form-to-app.html", "\(context)")
    }

    @Test("--screenshots under Android's rules, where a form_post result loads: each screenshot taken once the result has loaded, never waited on, in both engines",
          arguments: HostEngine.single)
    func screenshotsOfAResultThatLoads(_ engine: HostEngine) throws {
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("loading-shots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: shots) }
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--platform", "android", "--rules", Repository.path("Fixtures/rules/form-post.json"),
                                         "--format", "json", "--idle", "2", "--timeout", "60", "--screenshots", shots.path,
                                         Repository.path("Fixtures/flows/form-post/index.html")])
        let lines = JSONLines.objects(run.stdout), context = "\(engine):\n\(run.stdout)\(run.stderr)"
        // Exit 1 for the finding (the result loads: not-asked-on-android), not for a failure.
        #expect(HostCommandTests.failureKinds(run).isEmpty && HostCommandTests.host(lines)["reached"] as? Bool == true, "\(context)")
        let files = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        #expect(files == ["0001-end.png", "0001-signin-form-post.png"], "\(context)")
        for file in files {
            let bytes = try Data(contentsOf: shots.appendingPathComponent(file))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(file) \(context)")
        }
    }

    @Test("conformance: each page of the platform model, in each engine, under each platform's rules, answers as its fact says (or as the engine's stated gap)",
          arguments: HostEngine.single, HostScenario.all)
    func conformance(_ engine: HostEngine, _ scenario: HostScenario) throws {
        let fact = try #require(PlatformFacts.all.first { $0.kind == scenario.fact })
        for platform in Platform.allCases {
            let (run, origin) = try Self.host(scenario.page, engine: engine, platform: platform.rawValue)
            let url = scenario.result.replacingOccurrences(of: "ORIGIN", with: origin)
            let context = "\(engine) \(platform) \(scenario.page):\n\(run.output)"
            switch (scenario.gap(engine, platform), fact.expected(on: platform)) {
            case (.askedAnyway?, _):
                #expect(run.row(url)?["recorded"] as? String == "cancel" && run.codes(url).isEmpty, "\(context)")
                // Taken for the top frame's on no evidence, and said: what an iframe's answer would be.
                #expect(run.row(url)?["frameFrom"] as? String == "engine-cannot-tell" && run.row(url)?["frame"] as? String == "unknown", "\(context)")
                let findings = (run.row(url)?["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                #expect(findings.contains("frame-unknown"), "\(context)")
            case (.cancelIgnored?, _):
                #expect(run.row(url)?["decision"] as? String == "cancel" && run.row(url)?["recorded"] as? String == "cancel", "\(context)")
                #expect(run.codes(url) == ["cancel-ignored"] && run.status == 1, "\(context)")
            case (nil, nil):
                #expect(run.row(url)?["decision"] as? String == "cancel" && run.row(url)?["recorded"] as? String == "cancel", "\(context)")
                #expect(run.codes(url).isEmpty && run.status == 0, "\(context)")
            case (nil, _?):
                // What the rules say, what the view did (the app was never asked, so it did not cancel), and why.
                #expect(run.row(url)?["decision"] as? String == "cancel" && run.row(url)?["recorded"] as? String == "allow", "\(context)")
                #expect(run.codes(url) == ["not-asked-on-\(platform.rawValue)"] && run.status == 1, "\(context)")
            }
            // A same-document navigation says so in the transcript.
            let sameDocument: String? = switch scenario.fact {
            case .fragment: "fragment"
            case .historyAPI: "history-api"
            default: nil
            }
            #expect(run.row(url)?["sameDocument"] as? String == sameDocument, "\(context)")
        }
    }
}
