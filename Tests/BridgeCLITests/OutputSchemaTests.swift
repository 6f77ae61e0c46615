// OutputSchemaTests.swift: every command's `--format json` against the one JSON Lines schema
// (OutputSchema): the schema names every line type the writers have, and real runs of url, check, replay,
// test, inspect, serve and host (both engines) print only lines the schema accepts, covering every type.
import TestSupport
import CommandOutput
import Foundation
import Testing

@Suite(.blockingWork, .enabled(if: Tools.jsonschema, "python3's jsonschema validates the schema (.ci/setup installs it)"))
struct OutputSchemaTests {
    static func path(_ relative: String) -> String { Repository.path(relative) }

    /// The types that only `bridge host` (a real engine) or an emulator bug prints.
    static let hostTypes: Set<OutputLineType> = [.network, .scriptError, .dialog, .console, .eval, .screenshot, .hostResult, .engines]

    static func types(_ outputs: [(name: String, stdout: String)]) -> Set<String> {
        Set(outputs.flatMap { JSONLines.objects($0.stdout).compactMap { $0["type"] as? String } })
    }

    @Test func theSchemaListsEveryLineTypeTheWritersHave() throws {
        #expect(try OutputSchema.types() == OutputLineType.allCases.map(\.rawValue))
    }

    @Test func everyLineOfEveryCommandFollowsTheSchema() throws {
        let capture = Self.path("Fixtures/rules/capture.json")
        var runs: [[String]] = [
            ["url", "--format", "json", "https://user:pa55@a.example:8080/p?code=abc#x", "http://[::1", "https://xn--a.example/"],
            ["check", "--rules", capture, "--format", "json", "--explain", "--state", "sent",
             "https://yourdomain.com/password_reset.php?code=abc&state=other", "janrain:eventsAvailable?1", "http://[::1", "https://evil.example/"],
            ["check", "--rules", Self.path("Fixtures/rules/form-post.json"), "--format", "json", "--platform", "android", "--method", "POST",
             "https://yourdomain.com/oidc/callback"],
            ["test", "--rules", capture, "--format", "json", "--attack", "--explain", Self.path("Fixtures/cases/capture.cases.jsonl")],
            ["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--format", "json", "--attack", Self.path("Fixtures/audit/mistaken.cases.jsonl")],
            ["inspect", "--format", "json", Self.path("Fixtures/pages"), Self.path("Fixtures/pages/no-such-page.html")],
            ["replay", "--rules", capture, "--format", "json", "--explain", Self.path("Fixtures/logs/capture-signin.navlog")],
            ["test", "--rules", capture, "--list-attacks", "--format", "json"],
            ["inspect", "--list-checks", "--format", "json"],
            ["check", "--rules", Self.path("Fixtures/audit/mistaken.cases.jsonl"), "--format", "json", "https://a.example/"],
        ]
        for (log, rules) in [("capture-broken-flows.navlog", "capture"), ("bad-lines.navlog", "capture"), ("redirect-to-app.har", "capture"),
                             ("redirect-to-app.cdp.json", "capture"), ("form-post.netlog.json", "form-post"),
                             ("android-interface.navlog", "android-demo"), ("bridge-bad-entries.navlog", "bridges")] {
            runs.append(["replay", "--rules", Self.path("Fixtures/rules/\(rules).json"), "--format", "json", Self.path("Fixtures/logs/\(log)")])
        }
        var outputs: [(name: String, stdout: String)] = try runs.map { ($0.joined(separator: " "), try BridgeProcess.run($0).stdout) }
        // bridge rules' inferences, the rules themselves to a file.
        let rulesOut = FileManager.default.temporaryDirectory.appendingPathComponent("schema-rules-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: rulesOut); try? FileManager.default.removeItem(atPath: rulesOut.replacingOccurrences(of: ".json", with: ".cases.jsonl")) }
        let inferred = ["rules", "--format", "json", "--output", rulesOut, Self.path("Fixtures/logs/capture-signin.navlog"), Self.path("Fixtures/logs/capture-broken-flows.navlog")]
        let inferredRun = try BridgeProcess.run(inferred)
        #expect(!JSONLines.objects(inferredRun.stdout).isEmpty, "\(inferredRun.stderr)")
        outputs.append((inferred.joined(separator: " "), inferredRun.stdout))
        // Standard input: a line's place is `-` and its number.
        let piped = try BridgeProcess.run(["check", "--rules", capture, "--format", "json"], stdin: "# a comment\n\nhttps://yourdomain.com/\n")
        outputs.append(("check < stdin", piped.stdout))
        #expect(JSONLines.objects(piped.stdout).map { [$0["file"] as? String, ($0["line"] as? Int).map(String.init)] } == [["-", "3"]])
        outputs.append(("url < stdin", try BridgeProcess.run(["url", "--format", "json"], stdin: "https://a.example/\nnot a url\n").stdout))
        let server = try ServeProcess(["--format", "json"])
        _ = try? server.request("GET", "/oauth/authorize?client_id=x&redirect_uri=https://yourdomain.com/")
        let first = server.server.firstLine
        outputs.append(("serve", first + "\n" + server.stop()))
        // An emulator failure is a bug, not something a run can be made to print: its line is made here.
        let failure = TranscriptJSON(redactor: .init(), explain: false).lines(EmulatorFailure(method: "GET", url: "http://127.0.0.1:8080/x?code=abc", target: "/x?code=abc", error: "boom")).first
        outputs.append(("emulator-failure", failure ?? ""))

        #expect(try OutputSchema.violations(outputs) == [])
        let missing = Set(OutputLineType.allCases).subtracting(Self.hostTypes).map(\.rawValue).filter { !Self.types(outputs).contains($0) }
        #expect(missing == [], "no run printed these types")
    }

    @Test(.enabled(if: WebKitAvailability.available, "bridge host needs WebKit and a display"))
    func hostLinesFollowTheSchema() throws {
        let capture = Self.path("Fixtures/rules/capture.json")
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("schema-shots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: shots) }
        let runs: [[String]] = [
            ["host", "--engine", "both", "--provider", "--rules", capture, "--until", "sentinel", "--format", "json", "--verbose",
             "--screenshots", shots, "--eval", #"janrain.standIn.signIn("ada@example.com")"#, Self.path("web/webViewSignIn.html")],
            ["host", "--rules", capture, "--until", "deeplink", "--timeout", "60", "--format", "json", Self.path("Fixtures/host/dialogs.html")],
            ["host", "--engine", "both", "--rules", capture, "--until", "deeplink", "--timeout", "60", "--format", "json", "--verbose",
             Self.path("Fixtures/host/console.html")],
            ["host", "--rules", capture, "--format", "json", "--eval", "setTimeout(function () { undefinedFunction(); }, 10); 1",
             Self.path("web/webViewSignIn.html")],
        ]
        let outputs: [(name: String, stdout: String)] = try runs.map { ($0.joined(separator: " "), try BridgeProcess.run($0).stdout) }
        #expect(try OutputSchema.violations(outputs) == [])
        let missing = Self.hostTypes.map(\.rawValue).filter { !Self.types(outputs).contains($0) }
        #expect(missing == [], "no host run printed these types")
    }
}
