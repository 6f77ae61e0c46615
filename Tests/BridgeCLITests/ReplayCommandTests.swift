// ReplayCommandTests.swift: `bridge replay` as a user runs it: every fixture log replays to its saved
// transcript (--expect), a changed transcript is caught and the differing key named, secrets stay masked,
// colour only when asked and never with NO_COLOR, standard input, and the exit statuses.
import Foundation
import Testing

@Suite struct ReplayCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Each fixture log, its rules, and whether it is consistent (exit 0) or carries findings (exit 1).
    static let fixtures: [(log: String, rules: String, status: Int32)] = [
        ("capture-signin.navlog", "capture", 0),
        ("capture-reset-link.navlog", "capture", 0),
        ("capture-password-changed.navlog", "capture", 0),
        ("deeplink-reset.navlog", "deeplink", 0),
        ("realm-reset.navlog", "realm", 0),
        ("capture-broken-flows.navlog", "capture", 1),
        ("bad-lines.navlog", "capture", 1),
        ("redirect-to-app.har", "capture", 1),
        ("redirect-to-app.cdp.json", "capture", 1),
    ]

    @Test(arguments: fixtures.map(\.log))
    func fixtureReplaysToItsSavedTranscript(_ log: String) throws {
        let fixture = Self.fixtures.first { $0.log == log }!
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/\(fixture.rules).json"),
                                         "--expect", Self.path("Fixtures/logs/\(log).expected.jsonl"),
                                         Self.path("Fixtures/logs/\(log)")])
        #expect(run.status == fixture.status, "\(run.stderr)")
        #expect(!run.stderr.contains("differs"), "\(run.stderr)")
    }

    @Test func aChangedTranscriptIsCaughtAndTheKeyNamed() throws {
        let expected = try String(contentsOfFile: Self.path("Fixtures/logs/capture-signin.navlog.expected.jsonl"), encoding: .utf8)
        let changed = expected.replacingOccurrences(of: #""seq":4,"at":"line 6","time":9480,"url":"https://yourdomain.com/password_reset.php?code=Qm9v…(19)&access_token=eW91…(28)&state=c3Rh…(22)","decision":"cancel""#,
                                                    with: #""seq":4,"at":"line 6","time":9480,"url":"https://yourdomain.com/password_reset.php?code=Qm9v…(19)&access_token=eW91…(28)&state=c3Rh…(22)","decision":"allow""#)
        #expect(changed != expected)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("expected-\(UUID().uuidString).jsonl")
        try changed.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--expect", file.path,
                                         Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("1 line(s)") && run.stderr.contains("seq 4: decision: expected \"allow\", got \"cancel\""), "\(run.stderr)")
    }

    @Test func textShowsEventsAndHandlersWithSecretsMasked() throws {
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(run.status == 0)
        #expect(run.stdout.contains("events: onCaptureLoginSuccess → signInCompleted, onCaptureScreenShow → trackScreen"))
        #expect(run.stdout.contains("records read 7: 7 replayed, 0 rejected"))
        #expect(!run.stdout.contains("eW91ci1hY2Nlc3MtdG9rZW4tMDAx"))  // the access token
        #expect(!run.stdout.contains("\u{1B}["))  // not a terminal: no colour
        let revealed = try BridgeProcess.run(["replay", "--reveal", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(revealed.stdout.contains("eW91ci1hY2Nlc3MtdG9rZW4tMDAx"))
    }

    @Test func colourOnlyWhenAskedAndNeverWithNOCOLOR() throws {
        let args = ["replay", "--color", "always", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("Fixtures/logs/capture-broken-flows.navlog")]
        let coloured = try BridgeProcess.run(args, environment: ["NO_COLOR": ""])
        #expect(coloured.stdout.contains("\u{1B}[31m"))
        let plain = try BridgeProcess.run(args, environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}[") && plain.stdout.contains("MISMATCH: recorded cancel"))
    }

    @Test func standardInputIsALog() throws {
        let log = try String(contentsOfFile: Self.path("Fixtures/logs/deeplink-reset.navlog"), encoding: .utf8)
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/deeplink.json"), "--format", "json", "-"], stdin: log)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4 && lines[3].contains(#""summary":{"log":"-","format":"navlog","records":3"#))
    }

    @Test func badRulesOrAMissingLogIsAUsageError() throws {
        let missing = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "/nonexistent.navlog"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent.navlog: no such file"))
        let rules = try BridgeProcess.run(["replay", "--rules", "/nonexistent.json", Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(rules.status == 2 && rules.stderr.contains("rules"))
    }

    @Test func inputFormatOverridesSniffing() throws {
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--input-format", "cdp",
                                         Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(run.status == 1 && run.stdout.contains("not a CDP event log"))
    }
}
