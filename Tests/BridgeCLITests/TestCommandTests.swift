// TestCommandTests.swift: `bridge test` as a user and a CI job run it: presets pass, "default": "allow"
// fails naming the lookalike, case files with their exit statuses, --init's file passing as written, and
// the JUnit and SARIF documents (SARIF validated against its schema when python3's jsonschema is there).
import Foundation
import Testing

@Suite("bridge test")
struct TestCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    @Test("every preset passes the attack; exit 0", arguments: ["capture", "deeplink", "kii", "realm"])
    func presets(_ name: String) throws {
        let run = try BridgeProcess.run(["test", "--rules", Self.path("Fixtures/rules/\(name).json"), "--color", "never"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").last?.hasPrefix("test: attack: ") == true)
        #expect(run.stdout.hasSuffix(", 0 failed\n"))
    }

    @Test("\"default\": \"allow\" fails the attack, naming a lookalike that would leave with a code; exit 1")
    func defaultAllow() throws {
        let run = try BridgeProcess.run(["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--color", "never"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAIL  host-as-prefix [credential-leaves]  https://yourdomain.com.evil.example/password_reset.php?code=brid…(16)&access_token=brid…(24)&state=brid…(17) would load at https://yourdomain.com.evil.example carrying code, access_token, state: let through by the default (allow)"))
        #expect(!run.stdout.contains("bridge-test-code"))
    }

    @Test("case files: passing cases exit 0; a failing case or a bad line exit 1; an unreadable file exit 2, the others still run")
    func caseFiles() throws {
        let rules = Self.path("Fixtures/rules/capture.json")
        let good = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(good.status == 0, "\(good.stdout)")
        #expect(good.stdout.contains("test: 13 cases, 0 failed\n"))
        #expect(!good.stdout.contains("attack"))

        let mistaken = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", Self.path("Fixtures/audit/mistaken.cases.jsonl")])
        #expect(mistaken.status == 1)
        #expect(mistaken.stdout.contains("mistaken.cases.jsonl:3: expect.decision: must be \"allow\" or \"cancel\""))
        #expect(mistaken.stdout.contains("        rule: expected \"signin\", got \"reset-link\""))
        #expect(mistaken.stdout.contains("test: 2 cases, 1 failed; 4 bad lines skipped"))

        let missing = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", "/nonexistent.jsonl", Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("/nonexistent.jsonl: cannot be read"))
        #expect(missing.stdout.contains("13 cases, 0 failed"))

        let stdin = try BridgeProcess.run(["test", "--rules", rules, "--attack", "-"], stdin: "{\"url\": \"myapp://password-changed\", \"expect\": {\"rule\": \"password-changed\"}}\n")
        #expect(stdin.status == 0)
        #expect(stdin.stdout.contains("pass  -:1  line 1") && stdin.stdout.contains("attack: "))

        let empty = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", "-"], stdin: "\n")
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("bad   -: holds no cases"))

        let badRules = try BridgeProcess.run(["test", "--rules", Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(badRules.status == 2)
        #expect(badRules.stderr.hasPrefix("bridge: rules: "))
    }

    @Test("--init writes a starter file that passes as written, and will not overwrite one")
    func starter() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capture.cases.jsonl").path
        let rules = Self.path("Fixtures/rules/capture.json")
        let written = try BridgeProcess.run(["test", "--rules", rules, "--init", file])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("wrote 14 cases to \(file)"))
        let run = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", file])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("test: 14 cases, 0 failed"))
        let again = try BridgeProcess.run(["test", "--rules", rules, "--init", file])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists; give --force"))
        #expect(try BridgeProcess.run(["test", "--rules", rules, "--init", "--force", file]).status == 0)
        // Without a path: beside the rules, rules.json → rules.cases.jsonl.
        let copied = directory.appendingPathComponent("app.json").path
        try FileManager.default.copyItem(atPath: rules, toPath: copied)
        let beside = try BridgeProcess.run(["test", "--init", "--rules", copied])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("app.cases.jsonl").path))
        #expect(try BridgeProcess.run(["test", "--rules", copied, directory.appendingPathComponent("app.cases.jsonl").path]).status == 0)
        #expect(try BridgeProcess.run(["test", "--rules", rules, "--init", file, file]).status == 2)
    }

    @Test("--skip leaves a generator out (an accepted risk); an unknown id is a usage error")
    func skip() throws {
        let rules = try String(contentsOfFile: Self.path("Fixtures/rules/capture.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"https://yourdomain.com\",", with: "\"https://yourdomain.com\", \"https://*.yourdomain.com\",")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-skip-\(UUID().uuidString).json")
        try Data(rules.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let all = try BridgeProcess.run(["test", "--rules", file.path, "--color", "never"])
        #expect(all.status == 1)
        #expect(all.stdout.contains("FAIL  subdomain [credential-leaves]  https://evil.yourdomain.com/password_reset.php"))
        #expect(all.stdout.contains("let through by allow[1] https://*.yourdomain.com"))
        let skipped = try BridgeProcess.run(["test", "--rules", file.path, "--color", "never", "--skip", "subdomain"])
        #expect(skipped.status == 0, "\(skipped.stdout)")
        let unknown = try BridgeProcess.run(["test", "--rules", file.path, "--skip", "subdomains"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--skip \"subdomains\" is not a generator"))
    }

    @Test("--list-attacks: every generator with its kinds, expectation and an example")
    func listAttacks() throws {
        let run = try BridgeProcess.run(["test", "--rules", "unused.json", "--list-attacks"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("host-as-prefix (sentinel, allowed origin; lookalike): "))
        #expect(run.stdout.contains("    e.g. https://yourdomain.com.evil.example/callback?code=brid…(16)&state=brid…(17)"))
        #expect(run.stdout.contains("fullwidth-host (sentinel, allowed origin; same navigation): "))
    }

    @Test("--format junit and sarif: documents CI reads")
    func documents() throws {
        let arguments = ["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--attack", Self.path("Fixtures/audit/mistaken.cases.jsonl")]
        let junit = try BridgeProcess.run(arguments + ["--format", "junit"])
        #expect(junit.status == 1)
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>"))
        #expect(junit.stdout.contains("<failure type=\"credential-leaves\""))
        #expect(junit.stderr.contains("mistaken.cases.jsonl:4: not a JSON object"))
        let sarif = try BridgeProcess.run(arguments + ["--format", "sarif"])
        #expect(sarif.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((document["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.contains { $0["ruleId"] as? String == "credential-leaves" })
        #expect(results.contains { $0["ruleId"] as? String == "case-mismatch" })
        #expect(!sarif.stdout.contains("bridge-test-code") && !sarif.stdout.contains("q7fr2wz1"))
    }

    @Test("--format sarif is valid against the SARIF 2.1.0 schema", .enabled(if: Tools.jsonschema, "needs python3's jsonschema"))
    func sarifIsValid() throws {
        let arguments = ["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--attack", Self.path("Fixtures/audit/mistaken.cases.jsonl")]
        let sarif = try BridgeProcess.run(arguments + ["--format", "sarif"])
        try SARIFSchema.expectValid(sarif.stdout, what: "bridge test")
    }
}
