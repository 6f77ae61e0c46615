// HostPlatformTests.swift: the platform model in the real engines. Fixtures/host/platforms.html makes one
// navigation of a kind the model tells apart (an iframe's src or its 302 onto the redirect URI, a fragment,
// a pushState, a link to the app's scheme in a sandboxed iframe); each run says what the rules decide, what
// the view did, and the finding where the platform never shows the app the result.
import TestSupport
import Foundation
import Testing
@testable import bridge

@Suite(.blockingWork(sharing: BlockingWork.webViewSlots), .enabled(if: WebKitAvailability.available, "bridge host needs WebKit and a display"))
struct HostPlatformTests {
    struct Run {
        var status: Int32
        var rows: [[String: Any]]
        var output: String

        /// The row of the navigation to `url` (the last one, if several).
        func row(_ url: String) -> [String: Any]? { rows.last { $0["url"] as? String == url } }
        /// The findings about the platform and the view's outcome (a code with no state also draws a
        /// possible-reset-link warning here, which is not what these tests are about).
        func codes(_ url: String) -> [String] {
            (row(url)?["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }.filter { $0 != "possible-reset-link" }
        }
    }

    static func host(_ which: String, engine: HostEngine, platform: String, popups: String = "same-view") throws -> (Run, origin: String) {
        let server = try NavigationServer()
        defer { server.stop() }
        let origin = "http://127.0.0.1:\(server.port)"
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("platform-rules-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: rules) }
        try #"""
            {"version": 1, "default": "cancel", "allow": ["\#(origin)"],
             "sentinels": [{"name": "signin", "redirectURI": "\#(origin)/cb", "responseMode": "any", "require": ["code"]},
                           {"name": "signin-fragment", "redirectURI": "\#(origin)/platforms.html", "responseMode": "fragment", "require": ["code"]}],
             "schemes": [{"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["code"]}]}
            """#.write(to: rules, atomically: true, encoding: .utf8)
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--platform", platform, "--popups", popups, "--rules", rules.path, "--format", "json",
                                         "--reveal", "--idle", "1.5", "--timeout", "20", "\(origin)/platforms.html?case=\(which)"])
        return (Run(status: run.status, rows: HostCommandTests.navigations(JSONLines.objects(run.stdout)), output: run.stdout + run.stderr), origin)
    }

    @Test("Android in Chromium: an iframe's src on the redirect URI, or a 302 it follows there, loads in the iframe: not-asked-on-android",
          arguments: ["iframe", "iframe-302"])
    func androidIframe(_ which: String) throws {
        let (run, origin) = try Self.host(which, engine: .chromium, platform: "android")
        let hit = try #require(run.row("\(origin)/cb?code=1"), "\(run.output)")
        #expect(hit["decision"] as? String == "cancel" && hit["recorded"] as? String == "allow", "\(hit)")
        #expect(run.codes("\(origin)/cb?code=1") == ["not-asked-on-android"])
        #expect(run.status == 1)
    }

    @Test("iOS in Chromium: the same iframe is asked about and cancelled")
    func iosIframe() throws {
        let (run, origin) = try Self.host("iframe", engine: .chromium, platform: "ios")
        let hit = try #require(run.row("\(origin)/cb?code=1"), "\(run.output)")
        #expect(hit["decision"] as? String == "cancel" && hit["recorded"] as? String == "cancel")
        #expect(run.codes("\(origin)/cb?code=1").isEmpty && run.status == 0, "\(run.output)")
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

    @Test("WebKit: a fragment with a code is asked about and cancelled, and WebKitGTK applies it anyway: the transcript says so (cancel-ignored)")
    func webKitFragment() throws {
        let (run, origin) = try Self.host("fragment", engine: .webkit, platform: "ios")
        let url = "\(origin)/platforms.html?case=fragment#code=1"
        let hit = try #require(run.row(url), "\(run.output)")
        #expect(hit["decision"] as? String == "cancel" && hit["rule"] as? String == "signin-fragment" && hit["sameDocument"] as? String == "fragment")
        #expect(run.codes(url) == ["cancel-ignored"] && run.status == 1, "\(run.output)")
    }

    @Test("iOS in WebKit: the app's scheme from an iframe sandboxed with allow-scripts is dropped before the app is asked (not-asked-on-ios); with allow-popups it is asked")
    func iosSandbox() throws {
        let (dropped, _) = try Self.host("sandboxed", engine: .webkit, platform: "ios")
        let url = "myapp://reset-password?code=1"
        #expect(dropped.row(url)?["recorded"] as? String == "allow", "\(dropped.output)")
        #expect(dropped.codes(url) == ["not-asked-on-ios"] && dropped.status == 1)
        let (asked, _) = try Self.host("sandboxed-popups", engine: .webkit, platform: "ios")
        #expect(asked.row(url)?["recorded"] as? String == "cancel" && asked.codes(url).isEmpty && asked.status == 0, "\(asked.output)")
    }

    @Test("Android asks about the app's scheme from a sandboxed iframe (WebView ignores sandbox flags for it), in either engine", arguments: HostEngine.single)
    func androidSandbox(_ engine: HostEngine) throws {
        let (run, _) = try Self.host("sandboxed", engine: engine, platform: "android")
        let url = "myapp://reset-password?code=1"
        #expect(run.row(url)?["recorded"] as? String == "cancel" && run.codes(url).isEmpty && run.status == 0, "\(run.output)")
    }

    @Test("window.open onto the redirect URI or the app's scheme: loaded in the view and asked about (--popups same-view), in both engines under Android's rules",
          arguments: HostEngine.single, ["popup", "popup-scheme"])
    func popupsInTheView(_ engine: HostEngine, _ which: String) throws {
        let (run, origin) = try Self.host(which, engine: engine, platform: "android")
        let url = which == "popup" ? "\(origin)/cb?code=1" : "myapp://reset-password?code=1"
        #expect(run.row(url)?["recorded"] as? String == "cancel" && run.codes(url).isEmpty && run.status == 0, "\(run.output)")
    }

    @Test("--popups tap-only (the platforms' default): a script's window.open without a tap opens nothing, in both engines", arguments: HostEngine.single)
    func popupsBlockedWithoutATap(_ engine: HostEngine) throws {
        let (run, origin) = try Self.host("popup", engine: engine, platform: "android", popups: "tap-only")
        #expect(run.row("\(origin)/cb?code=1") == nil && run.rows.count == 1 && run.status == 0, "\(run.output)")
    }
}
