// CheckCommandTests.swift: `bridge check` as a user runs it.
import CommandOutput
import TestSupport
import Foundation
import Testing
@testable import bridge

@Suite("bridge check", .blockingWork)
struct CheckCommandTests {
    static let rules = Repository.root.appendingPathComponent("Fixtures/rules/capture.json").path

    @Test("JSON: the documented fields, secrets masked")
    func json() throws {
        let run = try BridgeProcess.run(["check", "--rules", Self.rules, "--format", "json", "--explain",
                                         "https://yourdomain.com/password_reset.php?code=SplxlOBeZQQYbYS6&access_token=2YotnFZFEjr1zCsicMWpAA",
                                         "https://yourdomain.com/password_reset.php?code=R3setC0deR3set", "nope"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("SplxlOBeZQQYbYS6") && !run.stdout.contains("2YotnFZFEjr1zCsicMWpAA"))
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 3)
        #expect(objects[0]["decision"] as? String == "cancel")
        #expect(objects[0]["kind"] as? String == "sentinel")
        #expect(objects[0]["rule"] as? String == "signin")
        #expect((objects[0]["params"] as? [String: Any])?["code"] as? String == "Splx…(16)")
        #expect(objects[0]["error"] is NSNull)
        #expect((objects[0]["explanation"] as? [String])?.isEmpty == false)
        #expect(objects[1]["decision"] as? String == "allow")
        #expect(objects[1]["rule"] as? String == "reset-link")
        #expect(objects[2]["kind"] as? String == "blocked")
        #expect((objects[2]["error"] as? [String: Any])?["code"] as? String == "invalid-url")
        #expect(objects[2]["rule"] is NSNull)
    }

    @Test("--state: a mismatch is reported in the decision")
    func state() throws {
        for format in ["text", "json"] {
            let run = try BridgeProcess.run(["check", "--rules", Self.rules, "--state", "expected123", "--format", format,
                                             "https://yourdomain.com/password_reset.php?code=c&access_token=t&state=other456"])
            #expect(run.status == 0)
            #expect(!run.stdout.contains("other456") && !run.stdout.contains("expected123"))
            if format == "json" {
                let object = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
                #expect((object["error"] as? [String: Any])?["code"] as? String == "state-mismatch")
            }
        }
    }

    @Test("a bad rules file exits 2 naming the key path")
    func badRules() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-rules-\(getpid()).json")
        try Data(#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","require":["code"],"forbid":["code"]}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(CommandProblemTests.rulesError(file.path))
        #expect(error.keyPath == "sentinels[0].forbid" && error.file == file.path)
        try CommandProblemTests.expect(["check", "--rules", file.path, "https://a.example/cb"], .rules(error))
    }

    @Test("--format json: a bad rules file's every problem is an input-error line, in the file's order, and the exit is 2")
    func badRulesAsJSON() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-rules-json-\(getpid()).json")
        try Data(#"{"version":1,"allow":["https://*x.example"],"sentinels":[{"redirectURI":"https://a.example/cb#x"},{"redirectURI":"https://a.example/cb","responseMode":"q"}],"bogus":1}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(CommandProblemTests.rulesError(file.path))
        let run = try BridgeProcess.run(["check", "--rules", file.path, "--format", "json", "https://a.example/cb"])
        #expect(run.status == 2)
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["type"] as? String } == Array(repeating: "input-error", count: 4))
        #expect(objects.map { $0["code"] as? String } == error.events.map(\.problem.code))
        #expect(objects.map { $0["code"] as? String } == ["misplaced-wildcard", "redirect-uri-has-fragment", "unknown-response-mode", "unknown-key"])
        #expect(objects.map { $0["key"] as? String } == error.events.map(\.keyPath))
        #expect(objects.map { $0["line"] as? Int } == error.events.map(\.line))
        #expect(objects.map { $0["column"] as? Int } == error.events.map(\.column))
        #expect(objects.allSatisfy { $0["file"] as? String == file.path })
    }

    @Test("--color always: a cancelled decision is coloured as in replay, an allowed one is not; the flag beats NO_COLOR")
    func colour() throws {
        let rules = Repository.path("Fixtures/rules/capture.json")
        let run = try BridgeProcess.run(["check", "--rules", rules, "--color", "always", "janrain:eventsAvailable?1", "https://yourdomain.com/"],
                                        environment: ["NO_COLOR": ""])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("\u{1B}[36m") && !lines[1].contains("\u{1B}"), "\(run.stdout.debugDescription)")
        // Colour on the field, not the line: the action is coloured and the columns after it are not.
        #expect(lines.first.map { $0.hasPrefix("\u{1B}[36mcancel\u{1B}[0m  bridge") } == true, "\(run.stdout.debugDescription)")
        let flagged = try BridgeProcess.run(["check", "--rules", rules, "--color", "always", "janrain:eventsAvailable?1"], environment: ["NO_COLOR": "1"])
        #expect(flagged.stdout.contains("\u{1B}"))
        for command in [["url", "nope"], ["inspect", "Fixtures/pages/broken-screens.html"]] {
            let coloured = try BridgeProcess.run(command + ["--color", "always"])
            #expect(coloured.stdout.contains("\u{1B}["), "\(command)")
            #expect(!(try BridgeProcess.run(command + ["--color", "never"])).stdout.contains("\u{1B}"), "\(command)")
        }
    }
}

@Suite("platforms: a form_post result under iOS and Android", .blockingWork)
struct PlatformCommandTests {
    static let rules = Repository.path("Fixtures/rules/form-post.json")

    @Test("check: under ios the POST to the redirect URI is cancelled; under android it is not-asked-on-android, and the check fails")
    func check() throws {
        let ios = try BridgeProcess.run(["check", "--rules", Self.rules, "--method", "POST", "--format", "json", "https://yourdomain.com/oidc/callback"])
        #expect(ios.status == 0, "\(ios.stderr)")
        let iosLine = try #require(JSONLines.objects(ios.stdout).first)
        #expect(iosLine["decision"] as? String == "cancel" && iosLine["rule"] as? String == "signin-form-post" && !iosLine.has("notAsked"))
        #expect((iosLine["intercepted"] as? [String: Any])?["type"] as? String == "form-post")

        let android = try BridgeProcess.run(["check", "--rules", Self.rules, "--platform", "android", "--method", "POST", "--format", "json",
                                             "https://yourdomain.com/oidc/callback", "https://yourdomain.com/oidc/callback?code=1"])
        #expect(android.status == 1)
        let lines = JSONLines.objects(android.stdout)
        #expect(lines.map { ($0["notAsked"] as? [String: Any])?["code"] as? String } == ["not-asked-on-android", "not-asked-on-android"])
        // A GET with the code is asked on Android too.
        let get = try BridgeProcess.run(["check", "--rules", Self.rules, "--platform", "android", "https://yourdomain.com/oidc/callback?code=1"])
        #expect(get.status == 0, "\(get.stdout)")
    }

    @Test("replay: the same log replays clean under ios and reports not-asked-on-android under android",
          arguments: ["form-post.navlog", "form-post.netlog.json"])
    func replay(_ file: String) throws {
        let log = Repository.path("Fixtures/logs/\(file)")
        func codes(_ platform: String) throws -> (Int32, [String]) {
            let run = try BridgeProcess.run(["replay", "--rules", Self.rules, "--platform", platform, "--format", "json", log])
            let findings = JSONLines.resolvingFindings(JSONLines.objects(run.stdout)).flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
            return (run.status, findings.compactMap { $0["code"] as? String })
        }
        let ios = try codes("ios"), android = try codes("android")
        #expect(!ios.1.contains("not-asked-on-android") && ios.0 == 0, "\(ios)")
        #expect(android.1.contains("not-asked-on-android") && android.0 == 1, "\(android)")
    }

    static let capture = Repository.path("Fixtures/rules/capture.json")
    static let signedIn = "https://yourdomain.com/password_reset.php?code=abc&access_token=xyz"

    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func findingCodes(_ run: BridgeRun) -> [String] {
        JSONLines.resolvingFindings(JSONLines.objects(run.stdout)).flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }.compactMap { $0["code"] as? String }
    }

    @Test("check: a sign-in result in an iframe is not-asked-on-android (Android offers only top-frame http(s)); iOS asks")
    func subframeCheck() throws {
        let android = try BridgeProcess.run(["check", "--rules", Self.capture, "--platform", "android", "--subframe", "--format", "json", Self.signedIn])
        #expect(android.status == 1)
        let line = try #require(JSONLines.objects(android.stdout).first)
        #expect(line["decision"] as? String == "cancel" && (line["notAsked"] as? [String: Any])?["code"] as? String == "not-asked-on-android")
        let ios = try BridgeProcess.run(["check", "--rules", Self.capture, "--platform", "ios", "--subframe", Self.signedIn])
        #expect(ios.status == 0, "\(ios.stdout)")
    }

    @Test("check: a result in a fragment navigation is not asked on Android; a pushState of it is not asked on either platform")
    func sameDocumentCheck() throws {
        let fragment = "https://yourdomain.com/password_reset.php#code=abc&access_token=xyz"
        let android = try BridgeProcess.run(["check", "--rules", Self.capture, "--platform", "android", "--same-document", "fragment", fragment])
        #expect(android.status == 1)
        let ios = try BridgeProcess.run(["check", "--rules", Self.capture, "--platform", "ios", "--same-document", "fragment", fragment])
        #expect(ios.status == 0)
        let pushed = try BridgeProcess.run(["check", "--rules", Self.capture, "--platform", "ios", "--same-document", "history-api", Self.signedIn])
        #expect(pushed.status == 1)
    }

    @Test("replay: a navlog's subframe result and a CDP fragment navigation are findings under android, not under ios")
    func replaySubframeAndFragment() throws {
        let navlog = try Self.temporaryFile("sub.navlog", #"{"url":"\#(Self.signedIn)","isMainFrame":false,"targetFrame":"f1","source":"script"}"# + "\n")
        let cdp = try Self.temporaryFile("fragment.cdp.json", #"""
            [{"method":"Page.frameNavigated","params":{"frame":{"id":"M","url":"https://yourdomain.com/password_reset.php"}}},
             {"method":"Page.navigatedWithinDocument","params":{"frameId":"M","url":"https://yourdomain.com/password_reset.php#code=abc&access_token=xyz"}}]
            """#)
        for log in [navlog, cdp] {
            let android = try BridgeProcess.run(["replay", "--rules", Self.capture, "--platform", "android", "--format", "json", log])
            #expect(android.status == 1 && Self.findingCodes(android).contains("not-asked-on-android"), "\(log) \(android.stdout)")
            let ios = try BridgeProcess.run(["replay", "--rules", Self.capture, "--platform", "ios", "--format", "json", log])
            #expect(!Self.findingCodes(ios).contains("not-asked-on-ios"), "\(log) \(ios.stdout)")
        }
    }

    @Test("test: a case with frame sub or sameDocument fragment fails under android where a rule would catch it")
    func caseFileSubframe() throws {
        let cases = try Self.temporaryFile("cases.jsonl", """
            {"url":"\(Self.signedIn)","frame":"sub","expect":{"decision":"cancel","rule":"signin"}}
            {"url":"https://yourdomain.com/password_reset.php#code=abc&access_token=xyz","sameDocument":"fragment","expect":{"decision":"cancel","rule":"signin"}}

            """)
        let android = try BridgeProcess.run(["test", "--rules", Self.capture, "--platform", "android", cases])
        #expect(android.status == 1, "\(android.stdout)")
        let ios = try BridgeProcess.run(["test", "--rules", Self.capture, "--platform", "ios", cases])
        #expect(ios.status == 0, "\(ios.stdout)")
    }

    @Test("replay without --platform follows the navlog header's platform (android-webview); --platform wins")
    func replayFollowsTheRecordedPlatform() throws {
        let log = Repository.path("Fixtures/logs/form-post.navlog")
        func codes(_ options: [String]) throws -> (Int32, [String]) {
            let run = try BridgeProcess.run(["replay", "--rules", Self.rules, "--format", "json"] + options + [log])
            return (run.status, JSONLines.resolvingFindings(JSONLines.objects(run.stdout)).flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }.compactMap { $0["code"] as? String })
        }
        let recorded = try codes([]), chosen = try codes(["--platform", "ios"])
        #expect(recorded.0 == 1 && recorded.1.contains("not-asked-on-android"), "\(recorded)")
        #expect(chosen.0 == 0 && !chosen.1.contains("not-asked-on-android"), "\(chosen)")
    }
}

@Suite("colour choice")
struct ColorChoiceTests {
    @Test("auto: colour on a terminal unless NO_COLOR or TERM=dumb; always and never are the user's word for the run",
          arguments: [
              (ColorChoice.auto, [String: String](), true, true), (.auto, [:], false, false),
              (.auto, ["NO_COLOR": "1"], true, false), (.auto, ["NO_COLOR": ""], true, true),
              (.auto, ["TERM": "dumb"], true, false), (.auto, ["TERM": "xterm-256color"], true, true),
              (.always, ["NO_COLOR": "1", "TERM": "dumb"], false, true), (.never, [:], true, false),
          ])
    func choice(color: ColorChoice, environment: [String: String], terminal: Bool, coloured: Bool) {
        #expect(color.style(environment: environment, terminal: terminal).enabled == coloured)
    }
}
