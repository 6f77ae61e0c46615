// ReplayCommandTests.swift: `bridge replay` as a user runs it: every fixture log replays to its saved
// transcript (--expect), a changed transcript is caught and the differing key named, secrets stay masked,
// colour only when asked and never with NO_COLOR, standard input, and the exit statuses.
import SecretMasking
import TestSupport
import CommandOutput
import Foundation
import InputFiles
import NavigationPolicy
import Testing
@testable import bridge

@Suite(.blockingWork) struct ReplayCommandTests {
    static let root = Repository.root

    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }

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
        ("redirect-to-app.netlog.json", "capture", 0),
        ("form-post.netlog.json", "form-post", 0),
        ("android-interface.navlog", "android-demo", 1),
        ("bridge-bad-entries.navlog", "bridges", 1),
    ]

    @Test(arguments: fixtures.map(\.log))
    func fixtureReplaysToItsSavedTranscript(_ log: String) throws {
        let fixture = Self.fixtures.first { $0.log == log }!
        // The transcripts name their log as the command line does: relative to the repository's root.
        let run = try BridgeProcess.run(["replay", "--rules", "Fixtures/rules/\(fixture.rules).json",
                                         "--expect", "Fixtures/logs/\(log).expected.jsonl", "Fixtures/logs/\(log)"], directory: Self.root)
        #expect(run.status == fixture.status, "\(run.stderr)")
        let matches = TranscriptComparison(path: "Fixtures/logs/\(log).expected.jsonl", differenceCount: 0, differences: [])
        #expect(run.stderr == Self.said(matches), "\(run.stderr)")
    }

    static func objects(_ run: BridgeRun) -> [[String: Any]] { run.jsonObjects }

    /// What `bridge replay` says on standard error about a comparison.
    static func said(_ comparison: TranscriptComparison) -> String {
        let lines = comparison.textLines(TranscriptText(redactor: Redactor(), explain: false))
        return "bridge replay: " + lines.joined(separator: "\n") + "\n"
    }

    @Test func aChangedTranscriptIsCaughtAndTheKeyNamed() throws {
        let expected = try String(contentsOfFile: Self.path("Fixtures/logs/capture-signin.navlog.expected.jsonl"), encoding: .utf8)
        // The saved decision of seq 4 (the reset link, cancelled) turned into allow.
        var lines = expected.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains(#""seq":4,"#) })
        lines[index] = lines[index].replacingOccurrences(of: #""decision":"cancel""#, with: #""decision":"allow""#)
        let changed = lines.joined(separator: "\n") + "\n"
        #expect(changed != expected)
        let line = index + 1
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("expected-\(UUID().uuidString).jsonl")
        try changed.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try BridgeProcess.run(["replay", "--rules", "Fixtures/rules/capture.json", "--expect", file.path,
                                         "Fixtures/logs/capture-signin.navlog"], directory: Self.root)
        #expect(run.status == 1)
        let comparison = TranscriptComparison(path: file.path, differenceCount: 1, differences: [
            TranscriptDifference(line: line, .keys(seq: .number(4), [KeyDifference(key: "decision", expected: .string("allow"), actual: .string("cancel"))])),
        ])
        #expect(run.stderr == Self.said(comparison), "\(run.stderr)")
    }

    @Test func textShowsEventsAndHandlersWithSecretsMasked() throws {
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(run.status == 0)
        let json = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--format", "json", Self.path("Fixtures/logs/capture-signin.navlog")])
        let objects = Self.objects(json)
        let events: [[String: Any]] = objects.flatMap { $0["events"] as? [[String: Any]] ?? [] }
        var delivered: [String: [String]] = [:]
        for event in events where event["status"] as? String == "delivered" {
            delivered[event["event"] as? String ?? ""] = event["handlers"] as? [String] ?? []
        }
        #expect(delivered == ["onCaptureLoginSuccess": ["signInCompleted"], "onCaptureScreenShow": ["trackScreen"], "accessToken": ["legacySignInCompleted"]],
                "\(delivered)")
        let summary = try #require(objects.first { $0["type"] as? String == "log-summary" })
        #expect(summary["records"] as? Int == 7 && summary["replayed"] as? Int == 7 && summary["unread"] as? Int == 0)
        #expect(!run.stdout.contains("eW91ci1hY2Nlc3MtdG9rZW4tMDAx") && !json.stdout.contains("eW91ci1hY2Nlc3MtdG9rZW4tMDAx"))  // the access token
        #expect(!run.stdout.contains("\u{1B}["))  // not a terminal: no colour
        let revealed = try BridgeProcess.run(["replay", "--reveal", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("Fixtures/logs/capture-signin.navlog")])
        #expect(revealed.stdout.contains("eW91ci1hY2Nlc3MtdG9rZW4tMDAx"))
    }

    @Test func colourWhenAskedEvenWithNOCOLOR() throws {
        let args = ["replay", "--color", "always", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("Fixtures/logs/capture-broken-flows.navlog")]
        let coloured = try BridgeProcess.run(args, environment: ["NO_COLOR": ""])
        #expect(coloured.stdout.contains("\u{1B}[31m"))
        // The flag is the user's word for this run (no-color.org): it beats NO_COLOR.
        let flagged = try BridgeProcess.run(args, environment: ["NO_COLOR": "1"])
        #expect(flagged.stdout == coloured.stdout)
        let auto = try BridgeProcess.run(["replay"] + args.dropFirst(3), environment: ["NO_COLOR": "1"])
        let never = try BridgeProcess.run(["replay", "--color", "never"] + args.dropFirst(3))
        #expect(!auto.stdout.contains("\u{1B}[") && auto.stdout == never.stdout && auto.status == 1)
    }

    @Test func standardInputIsALog() throws {
        let log = try String(contentsOfFile: Self.path("Fixtures/logs/deeplink-reset.navlog"), encoding: .utf8)
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/deeplink.json"), "--format", "json", "-"], stdin: log)
        #expect(run.status == 0)
        let objects = Self.objects(run)
        let summary = objects.last.flatMap { $0["type"] as? String == "log-summary" ? $0 : nil }
        #expect(objects.count == 4 && summary?["file"] as? String == "-" && summary?["format"] as? String == "navlog" && summary?["records"] as? Int == 3)
    }

    @Test func badRulesOrAMissingLogIsAUsageError() throws {
        try CommandProblemTests.expect(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "/nonexistent.navlog"], .log(.cannotOpen("/nonexistent.navlog", .notFound)))
        let error = try #require(CommandProblemTests.rulesError("/nonexistent.json"))
        try CommandProblemTests.expect(["replay", "--rules", "/nonexistent.json", Self.path("Fixtures/logs/capture-signin.navlog")], .rules(error))
    }

    @Test("an unreadable log beside readable ones is said on standard error, the others are replayed, and the run exits 2")
    func anUnreadableLogDoesNotStopTheOthers() throws {
        let log = Self.path("Fixtures/logs/deeplink-reset.navlog")
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/deeplink.json"), "--format", "json", "/nonexistent.navlog", log])
        #expect(run.status == 2)
        let problem = CommandProblem.log(.cannotOpen("/nonexistent.navlog", .notFound))
        #expect(run.stderr == "bridge replay: " + problem.words(masking: Redactor()) + "\n", "\(run.stderr)")
        let summaries = run.lines("log-summary")
        #expect(summaries.count == 1 && (summaries.first?["file"] as? String)?.hasSuffix("/deeplink-reset.navlog") == true && summaries.first?["records"] as? Int == 3)
    }

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: "/proc/self/mem"), "a file whose read fails (Linux's /proc/self/mem)"))
    func aLogWhoseReadFailsIsRejectedWithAFailingStatus() throws {
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--format", "json", "/proc/self/mem"])
        let summary = run.lines("log-summary").first
        #expect(run.status == 2 && summary?["replayed"] as? Int == 0 && summary?["unread"] as? Int == 1, "\(run.stdout)")
    }

    @Test("a file that is no log cannot be read: exit 2, and the logs beside it are still replayed")
    func aFileThatIsNoLog() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-log-\(getpid()).txt")
        try Data("Logging in progress.\nStop logging to read it.\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/deeplink.json"), "--format", "json", file.path,
                                         Self.path("Fixtures/logs/deeplink-reset.navlog")])
        #expect(run.status == 2)
        let summaries = run.lines("log-summary")
        #expect(summaries.count == 2 && summaries.first?["unread"] as? Int == 1 && summaries.last?["records"] as? Int == 3, "\(run.stdout)")
        let rejected = run.lines("rejected")
        #expect(rejected.count == 1 && rejected.first?["code"] as? String == "not-a-navlog", "\(run.stdout)")
    }

    @Test func inputFormatOverridesSniffing() throws {
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--input-format", "cdp", "--format", "json",
                                         Self.path("Fixtures/logs/capture-signin.navlog")])
        let summary = run.lines("log-summary").first
        #expect(run.status == 2 && summary?["format"] as? String == "cdp" && summary?["replayed"] as? Int == 0 && summary?["unread"] as? Int == 1, "\(run.stdout)")
    }
}

/// A record whose frame the recorder could not tell (`frameFrom`), replayed under each platform: the
/// finding `frame-unknown` where an iframe's answer differs (Android does not ask about an iframe's http(s)
/// result), none where it does not (iOS asks either way), none on a record whose frame is known, and a
/// value the navlog does not define is rejected with its key.
@Suite(.blockingWork) struct FrameUnknownReplayTests {
    static func replay(_ records: [String], platform: Platform) throws -> (BridgeRun, [[String: Any]]) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("frame-unknown-\(UUID().uuidString).navlog")
        defer { try? FileManager.default.removeItem(at: log) }
        try records.joined(separator: "\n").write(to: log, atomically: true, encoding: .utf8)
        let run = try BridgeProcess.run(["replay", "--rules", Repository.path("Fixtures/rules/capture.json"), "--platform", platform.rawValue,
                                         "--format", "json", log.path])
        return (run, JSONLines.resolvingFindings(JSONLines.objects(run.stdout)).filter { $0["type"] as? String == "navigation" })
    }

    static func codes(_ row: [String: Any]) -> [String] { (row["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }

    static let guessed = #"{"url": "https://yourdomain.com/password_reset.php?code=c1&access_token=t1", "frameFrom": "engine-cannot-tell"}"#
    static let known = #"{"url": "https://yourdomain.com/password_reset.php?code=c1&access_token=t1"}"#

    @Test func frameUnknownWhereTheAnswerDiffers() throws {
        let (android, rows) = try Self.replay([Self.guessed, Self.known], platform: .android)
        #expect(rows.count == 2 && rows[0]["frameFrom"] as? String == "engine-cannot-tell", "\(android.stdout)")
        #expect(rows[0]["frame"] as? String == "unknown" && rows[1]["frame"] as? String == "main", "\(android.stdout)")
        #expect(Self.codes(rows[0]).contains("frame-unknown") && !Self.codes(rows[1]).contains("frame-unknown"), "\(android.stdout)")
        #expect(rows[0]["decision"] as? String == "cancel" && !Self.codes(rows[0]).contains("not-asked-on-android"))
        let (ios, iosRows) = try Self.replay([Self.guessed], platform: .ios)
        #expect(iosRows.count == 1 && !Self.codes(iosRows[0]).contains("frame-unknown"), "\(ios.stdout)")
    }

    @Test func aFrameFromTheNavlogDoesNotDefineIsRejected() throws {
        let (run, rows) = try Self.replay([#"{"url": "https://yourdomain.com/", "frameFrom": "pages"}"#], platform: .android)
        let rejected = JSONLines.objects(run.stdout).filter { $0["type"] as? String != "navigation" && $0["type"] as? String != "log-summary" }
        #expect(rows.isEmpty && !rejected.isEmpty && run.status != 0, "\(run.stdout)")
    }
}
