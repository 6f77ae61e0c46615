// RulesCommandTests.swift: `bridge rules` at the binary: rules and cases made from every recording in
// Fixtures pass `bridge test --attack` as written, with none of the recording's secrets in them; several
// recordings merge, their contradictions exit 1; the files are never written over without --force, never
// over a recording. The seed flows recorded by `bridge host` in each engine are made into rules in
// SeedFlowsTests (RulesCommandTests.expectRulesPass).
import SecretPolicy
import BrowserURL
import CommandOutput
import Foundation
import NavigationReplay
import RecordingRules
import SecretMasking
import TestSupport
import Testing

@Suite(.blockingWork)
struct RulesCommandTests {
    static func path(_ relative: String) -> String { Repository.path(relative) }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Each fixture recording and the exit status `bridge rules` gives it: 1 where it holds records that
    /// cannot be read or navigations the rules must not take as recorded.
    static let recordings: [(log: String, status: Int32)] = [
        ("capture-signin.navlog", 0), ("capture-reset-link.navlog", 0), ("capture-password-changed.navlog", 0),
        ("capture-broken-flows.navlog", 1), ("deeplink-reset.navlog", 0), ("realm-reset.navlog", 0), ("bad-lines.navlog", 1),
        ("android-interface.navlog", 0), ("bridge-bad-entries.navlog", 0), ("form-post.navlog", 1),
        ("redirect-to-app.har", 1), ("redirect-to-app.cdp.json", 1), ("redirect-to-app.netlog.json", 0), ("form-post.netlog.json", 0),
    ]

    /// The secret values a recording's URLs carry (secret parameters of the query, the fragment or an
    /// opaque path, eight characters or more).
    static func secrets(_ paths: [String]) throws -> Set<String> {
        var found: Set<String> = []
        for path in paths {
            let recording = Recording.read(try ByteInput(path: path), name: path)
            for navigation in recording.navigations {
                guard case .success(let url) = BrowserURL.parse(navigation.record.url) else { continue }
                var pairs = url.queryParameters.pairs + url.fragmentParameters.pairs
                if url.hasOpaquePath { pairs += FormParameters(parsing: url.pathname).pairs }
                for pair in pairs where SecretParameters.standard.isSecret(pair.name) && pair.value.count >= 8 { found.insert(pair.value) }
            }
        }
        return found
    }

    /// Makes rules and cases from `logs` in `directory`, then tests them with the attack.
    static func makeAndTest(_ logs: [String], in directory: URL) throws -> (rules: BridgeRun, test: BridgeRun, files: String) {
        let rules = directory.appendingPathComponent("rules.json").path
        let made = try BridgeProcess.run(["rules", "--output", rules] + logs)
        let cases = directory.appendingPathComponent("rules.cases.jsonl").path
        let tested = try BridgeProcess.run(["test", "--rules", rules, "--attack", "--format", "json", cases])
        let files = [rules, cases].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
        return (made, tested, files)
    }

    /// `bridge rules` on recordings of a flow: it exits `status`, and the rules and cases it wrote pass
    /// `bridge test --attack`. Returns the rules file.
    @discardableResult
    static func expectRulesPass(_ logs: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (made, tested, _) = try makeAndTest(logs, in: directory)
        #expect(made.status == status, "\(made.stderr)", sourceLocation: sourceLocation)
        #expect(tested.status == 0 && tested.lines("test-summary").first?["passed"] as? Bool == true, "\(tested.stdout)", sourceLocation: sourceLocation)
        let rules = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("rules.json"))) as? [String: Any]
        return rules ?? [:]
    }

    @Test("rules made from each fixture recording pass their own cases and the attack, and carry none of its secrets",
          arguments: recordings.map(\.log))
    func fixtureRecording(_ log: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.path("Fixtures/logs/\(log)")
        let (made, tested, files) = try Self.makeAndTest([path], in: directory)
        #expect(made.status == Self.recordings.first { $0.log == log }?.status, "\(made.stderr)")
        #expect(tested.status == 0, "\(tested.stdout)")
        let summary = tested.lines("test-summary").first
        #expect(summary?["passed"] as? Bool == true && (summary?["cases"] as? Int ?? 0) > 0, "\(tested.stdout)")
        let secrets = try Self.secrets([path])
        #expect(secrets.filter { files.contains($0) }.isEmpty)
    }

    @Test("several recordings merge into one file; their contradictions are said and exit 1, the rest still written and passing")
    func merged() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clean = ["capture-signin.navlog", "capture-reset-link.navlog", "capture-password-changed.navlog"].map { Self.path("Fixtures/logs/\($0)") }
        let (made, tested, _) = try Self.makeAndTest(clean, in: directory)
        #expect(made.status == 0 && tested.status == 0, "\(made.stderr)\(tested.stdout)")
        let rules = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("rules.json"))) as? [String: Any]
        let sentinels = rules?["sentinels"] as? [[String: Any]] ?? []
        #expect(sentinels.map { $0["action"] as? String ?? "cancel" } == ["cancel", "allow"])
        #expect(sentinels.map { $0["require"] as? [String] ?? [] } == [["code", "access_token"], ["code"]])

        let contradicted = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: contradicted) }
        let (conflicting, retested, _) = try Self.makeAndTest(clean + [Self.path("Fixtures/logs/capture-broken-flows.navlog")], in: contradicted)
        #expect(conflicting.status == 1)
        #expect(retested.status == 0, "\(retested.stdout)")
    }

    @Test("a recording with no navigation is said and fails the run, the others still made into rules")
    func emptyRecording() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString).navlog").path
        try Data().write(to: URL(fileURLWithPath: empty))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let run = try BridgeProcess.run(["rules", empty, Self.path("Fixtures/logs/deeplink-reset.navlog")])
        #expect(run.status == 1)
        let said = "bridge rules: " + Redactor().text(CommandNotice.noNavigation(log: empty).words)
        #expect(run.stderr.split(separator: "\n").map(String.init).contains(said), "\(run.stderr)")
        let rules = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(rules?["allow"] as? [String] == ["https://yourappbackend.com"])
    }

    @Test("without --output the rules go to standard output and no cases are written")
    func standardOutput() throws {
        let run = try BridgeProcess.run(["rules", Self.path("Fixtures/logs/deeplink-reset.navlog")])
        #expect(run.status == 0)
        let rules = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(rules?["default"] as? String == "cancel" && rules?["allow"] as? [String] == ["https://yourappbackend.com"])
    }

    @Test("- is standard output for one output; two outputs in one place are refused before anything is written, --force or not",
          arguments: [["--output", "-", "--cases", "-"], ["--format", "json"], ["--format", "json", "--cases", "-", "--output", "r.json"],
                      ["--output", "same.json", "--cases", "same.json", "--force"], ["--output", "same.json", "--cases", "./same.json", "--force"]])
    func outputsNeverShareAPlace(_ options: [String]) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try BridgeProcess.run(["rules"] + options + [Self.path("Fixtures/logs/deeplink-reset.navlog")], directory: directory)
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left.isEmpty)
    }

    @Test("--cases - writes the cases on standard output beside a rules file; --output - the rules")
    func dashIsStandardOutput() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = Self.path("Fixtures/logs/deeplink-reset.navlog")
        let cases = try BridgeProcess.run(["rules", "--output", "r.json", "--cases", "-", log], directory: directory)
        #expect(cases.status == 0 && !cases.jsonObjects.isEmpty && cases.jsonObjects.allSatisfy { $0["expect"] != nil })
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(written == ["r.json"])
        let rules = try BridgeProcess.run(["rules", "--output", "-", log], directory: directory)
        let document = try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [String: Any]
        #expect(rules.status == 0 && document?["version"] as? Int == 1)
        let after = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(after == ["r.json"])
    }

    @Test("a file that is no recording writes nothing and exits 1")
    func noRecordingWritesNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("hello\n".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let run = try BridgeProcess.run(["rules", "--output", "r.json", "notes.txt"], directory: directory)
        #expect(run.status == 1 && run.stdout.isEmpty)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left == ["notes.txt"])
    }

    @Test("--format json says every inference as a finding line of the schema, the refusals as errors, and exits 1 for them")
    func inferencesAsJSONLines() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("flow.navlog")
        try Data(([
            #"{"seq":0,"url":"https://app.example/start","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://idp.example/authorize?client_id=abc&response_type=code&redirect_uri=https%3A%2F%2Fapp.example%2Fcb"}"#,
            #"{"seq":2,"url":"https://app.example.evil.example/login","recordedDecision":"allow"}"#,
            #"{"seq":3,"url":"https://app.example@evil.example/cb?code=abcdefgh1234","recordedDecision":"cancel"}"#,
        ].joined(separator: "\n") + "\n").utf8).write(to: log)
        let run = try BridgeProcess.run(["rules", "--format", "json", "--output", "r.json", "flow.navlog"], directory: directory)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.jsonObjects
        #expect(lines.allSatisfy { $0["type"] as? String == "finding" && $0["file"] as? String == "flow.navlog" || $0["file"] is NSNull })
        let codes = lines.map { "\($0["code"] ?? "") \($0["severity"] ?? "") \($0["seq"] ?? "-")" }
        // The rules made first (read from the rules), then what was left out or refused.
        #expect(codes == ["rules-sentinel-requested note 1", "rules-origin note 0", "rules-origin note 1", "rules-result-not-own warning 3",
                          "rules-origin-refused error 2"], "\(codes)")
        let rules = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json"))) as? [String: Any]
        #expect(rules?["allow"] as? [String] == ["https://app.example", "https://idp.example"])
    }

    @Test("an existing file is not written over without --force, and a recording never")
    func neverOverwrites() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = Self.path("Fixtures/logs/deeplink-reset.navlog")
        let rules = directory.appendingPathComponent("r.json").path
        try Data("kept".utf8).write(to: URL(fileURLWithPath: rules))
        let refused = try BridgeProcess.run(["rules", "--output", rules, log])
        let kept = try String(contentsOfFile: rules, encoding: .utf8)
        #expect(refused.status == 2 && kept == "kept")
        let forced = try BridgeProcess.run(["rules", "--output", rules, "--force", log])
        let replaced = try String(contentsOfFile: rules, encoding: .utf8)
        #expect(forced.status == 0 && replaced != "kept")
        let copy = directory.appendingPathComponent("flow.navlog").path
        try FileManager.default.copyItem(atPath: log, toPath: copy)
        let overInput = try BridgeProcess.run(["rules", "--output", copy, "--force", copy])
        #expect(overInput.status == 2)
        let original = try String(contentsOfFile: log, encoding: .utf8)
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == original)
    }
}
