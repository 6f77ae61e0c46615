// TestCommandTests.swift: `bridge test` as a user and a CI job run it: presets pass, "default": "allow"
// fails naming the lookalike, case files with their exit statuses, --init's file passing as written, and
// the JUnit and SARIF documents (SARIF validated against its schema when python3's jsonschema is there).
import SecretMasking
import TestSupport
import CommandOutput
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavigationPolicy
import RulesAudit
import Testing
@testable import bridge

@Suite("bridge test", .blockingWork)
struct TestCommandTests {
    static let root = Repository.root

    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }

    /// A `bridge test --format json` run, its lines by kind.
    struct JSONRun {
        var status: Int32
        var stdout: String
        var tests: [[String: Any]] = []
        var badLines: [[String: Any]] = []
        var summary: [String: Any] = [:]
    }

    static func json(_ arguments: [String], stdin: String? = nil) throws -> JSONRun {
        let run = try BridgeProcess.run(arguments + ["--format", "json"], stdin: stdin)
        var result = JSONRun(status: run.status, stdout: run.stdout)
        for line in run.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["type"] as? String == "test" { result.tests.append(object) }
            if object["type"] as? String == "input-error" { result.badLines.append(object) }
            if object["type"] as? String == "test-summary" { result.summary = object }
        }
        return result
    }

    /// A bad line's place.
    struct Located: Equatable {
        var file: String?
        var line: Int?
        var key: String?
    }

    struct Counts: Equatable {
        var cases: Int
        var casesFailed: Int
        var variants: Int
        var badLines: Int
    }

    static func counts(_ run: JSONRun) -> Counts {
        Counts(cases: run.summary["cases"] as? Int ?? -1, casesFailed: run.summary["casesFailed"] as? Int ?? -1,
               variants: run.summary["variants"] as? Int ?? -1, badLines: run.summary["unread"] as? Int ?? -1)
    }

    /// The checks a test failed.
    static func checks(_ test: [String: Any]) -> [String] {
        (test["failures"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    @Test("every preset passes the attack; exit 0", arguments: ["capture", "deeplink", "kii", "realm"])
    func presets(_ name: String) throws {
        let run = try Self.json(["test", "--rules", Self.path("Fixtures/rules/\(name).json")])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.summary["variants"] as? Int ?? 0 > 0 && run.summary["variantsFailed"] as? Int == 0 && run.summary["passed"] as? Bool == true, "\(run.summary)")
    }

    @Test("\"default\": \"allow\" fails the attack, naming a lookalike that would leave with a code; exit 1")
    func defaultAllow() throws {
        let run = try BridgeProcess.run(["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--color", "never"])
        #expect(run.status == 1)
        #expect(!run.stdout.contains("bridge-test-code"))
        let json = try Self.json(["test", "--rules", Self.path("Fixtures/audit/default-allow.json")])
        let failed = json.tests.filter { $0["generator"] as? String == "host-as-prefix" && $0["passed"] as? Bool == false }
        #expect(failed.contains { Self.checks($0) == ["credential-leaves"] && $0["input"] as? String
                    == "https://yourdomain.com.evil.example/password_reset.php?code=brid…(16)&access_token=brid…(24)&state=brid…(17)"
                    && $0["kind"] as? String == "default" }, "\(failed)")
        #expect(!json.stdout.contains("bridge-test-code"))
    }

    @Test("case files: passing cases exit 0; a failing case or a bad line exit 1; an unreadable file exit 2, the others still run")
    func caseFiles() throws {
        let rules = Self.path("Fixtures/rules/capture.json")
        let good = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(good.status == 0, "\(good.stdout)")
        let goodJSON = try Self.json(["test", "--rules", rules, Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(Self.counts(goodJSON) == Counts(cases: 13, casesFailed: 0, variants: 0, badLines: 0), "no attack with case files: \(goodJSON.stdout)")

        let mistaken = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", Self.path("Fixtures/audit/mistaken.cases.jsonl")])
        #expect(mistaken.status == 1)
        let mistakenFile = Self.path("Fixtures/audit/mistaken.cases.jsonl")
        let mistakenJSON = try Self.json(["test", "--rules", rules, mistakenFile])
        #expect(mistakenJSON.badLines.map { Located(file: $0["file"] as? String, line: $0["line"] as? Int, key: $0["key"] as? String) }
                == [Located(file: mistakenFile, line: 3, key: "expect.decision"), Located(file: mistakenFile, line: 4, key: nil),
                    Located(file: mistakenFile, line: 5, key: "colour"), Located(file: mistakenFile, line: 7, key: "expect")])
        let differences = mistakenJSON.tests.flatMap { ($0["failures"] as? [[String: Any]] ?? []).flatMap { $0["differences"] as? [[String: String]] ?? [] } }
        #expect(differences.contains(["key": "rule", "expected": #""signin""#, "actual": #""reset-link""#]), "\(differences)")
        #expect(Self.counts(mistakenJSON) == Counts(cases: 2, casesFailed: 1, variants: 0, badLines: 4))

        let missing = try BridgeProcess.run(["test", "--rules", rules, "--color", "never", "/nonexistent.jsonl", Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(missing.status == 2)
        let missingJSON = try Self.json(["test", "--rules", rules, "/nonexistent.jsonl", Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(missingJSON.badLines.map { Located(file: $0["file"] as? String, line: $0["line"] as? Int, key: $0["key"] as? String) }
                == [Located(file: "/nonexistent.jsonl", line: nil, key: nil)])
        #expect(Self.counts(missingJSON) == Counts(cases: 13, casesFailed: 0, variants: 0, badLines: 1))

        let stdin = try Self.json(["test", "--rules", rules, "--attack", "-"], stdin: "{\"url\": \"myapp://password-changed\", \"expect\": {\"rule\": \"password-changed\"}}\n")
        #expect(stdin.status == 0)
        #expect(stdin.tests.contains { $0["file"] as? String == "-" && $0["line"] as? Int == 1 && $0["passed"] as? Bool == true })
        #expect(Self.counts(stdin).cases == 1 && Self.counts(stdin).variants > 0, "the attack runs too")

        let empty = try Self.json(["test", "--rules", rules, "-"], stdin: "\n")
        #expect(empty.status == 1)
        #expect(empty.badLines.map { Located(file: $0["file"] as? String, line: $0["line"] as? Int, key: $0["key"] as? String) }
                == [Located(file: "-", line: nil, key: nil)], "\(empty.stdout)")

        let notRules = Self.path("Fixtures/cases/capture.cases.jsonl")
        try CommandProblemTests.expect(["test", "--rules", notRules], .rules(try #require(CommandProblemTests.rulesError(notRules))))
    }

    @Test("a bad line's key that holds a secret is masked in every format, JSON's badLine too")
    func badLineKeyMasked() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-key-\(UUID().uuidString).cases.jsonl")
        try Data(#"{"url":"https://yourdomain.com/","expect":{"decision":"allow"},"https://a/?access_token=SECRETSECRETSECRET":1}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let rules = Self.path("Fixtures/rules/capture.json")
        for format in ["text", "json", "junit", "sarif"] {
            let run = try BridgeProcess.run(["test", "--rules", rules, "--format", format, file.path])
            #expect(run.status == 1 && !(run.stdout + run.stderr).contains("SECRETSECRETSECRET") && run.stdout.contains("SECR…(18)"), "\(format): \(run.stdout)")
        }
        let json = try Self.json(["test", "--rules", rules, file.path])
        #expect(json.badLines.first?["key"] as? String == "https://a/?access_token=SECR…(18)")
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
        #expect(written.stderr.hasSuffix("bridge test: \(Redactor().text(CommandNotice.wroteCases(count: 14, path: file, rules: rules).words))\n"), "\(written.stderr)")
        let run = try Self.json(["test", "--rules", rules, file])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(Self.counts(run) == Counts(cases: 14, casesFailed: 0, variants: 0, badLines: 0))
        try CommandProblemTests.expect(["test", "--rules", rules, "--init", file], .outputFile(.exists(path: file)))
        #expect(try BridgeProcess.run(["test", "--rules", rules, "--init", "--force", file]).status == 0)
        // Never over its own input, even with --force, however the path is spelt: the rules file stays as it was.
        let ownRules = directory.appendingPathComponent("own.json").path
        try FileManager.default.copyItem(atPath: rules, toPath: ownRules)
        let before = try Data(contentsOf: URL(fileURLWithPath: ownRules))
        let linked = directory.appendingPathComponent("linked.json").path
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: ownRules)
        for target in [ownRules, directory.path + "/./own.json", linked] {
            try CommandProblemTests.expect(["test", "--rules", ownRules, "--init", "--force", target], .outputFile(.isInput(path: target, input: ownRules)))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ownRules)) == before)
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
        let allJSON = try Self.json(["test", "--rules", file.path])
        let subdomain = allJSON.tests.filter { $0["generator"] as? String == "subdomain" && $0["passed"] as? Bool == false }
        #expect(subdomain.contains { Self.checks($0) == ["credential-leaves"] && ($0["input"] as? String ?? "").hasPrefix("https://evil.yourdomain.com/password_reset.php")
                    && $0["rule"] as? String == "https://*.yourdomain.com" }, "\(subdomain)")
        let skipped = try BridgeProcess.run(["test", "--rules", file.path, "--color", "never", "--skip", "subdomain"])
        #expect(skipped.status == 0, "\(skipped.stdout)")
        let unknown = try BridgeProcess.run(["test", "--rules", file.path, "--skip", "subdomains"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("Error: \(CommandProblem.unknownGenerator("subdomains"))\n"), "\(unknown.stderr)")
    }

    @Test("--list-attacks: every generator with its kinds, expectation and an example")
    func listAttacks() throws {
        let run = try BridgeProcess.run(["test", "--rules", "unused.json", "--list-attacks"])
        #expect(run.status == 0)
        let text = TranscriptText(redactor: Redactor(), explain: false)
        #expect(run.stdout == AttackCatalogue.all.flatMap { text.lines(AttackListing($0)) }.map { $0 + "\n" }.joined())
        let prefix = try #require(AttackCatalogue.all.first { $0.id == "host-as-prefix" })
        #expect(prefix.appliesTo.contains(.sentinel) && prefix.expectation(for: AttackCatalogue.exampleTarget(prefix.example.kind)) == .lookalike)
        #expect(!run.stdout.contains("bridge-test-code"), "the examples' secrets are masked")
    }

    @Test("--list-attacks --format json: a line per generator, its id, targets and expectation as values, the example masked")
    func listAttacksAsJSON() throws {
        let run = try BridgeProcess.run(["test", "--rules", "unused.json", "--list-attacks", "--format", "json"])
        #expect(run.status == 0)
        let lines = JSONLines.objects(run.stdout)
        #expect(lines.map { $0["type"] as? String } == Array(repeating: "attack-generator", count: AttackCatalogue.all.count))
        #expect(lines.map { $0["id"] as? String } == AttackCatalogue.all.map(\.id))
        let prefix = try #require(lines.first { $0["id"] as? String == "host-as-prefix" })
        #expect(prefix["expectation"] as? String == "lookalike" && (prefix["targets"] as? [String])?.contains("sentinel") == true)
        #expect(!run.stdout.contains("bridge-test-code"), "the examples' secrets are masked")
    }

    @Test("--format junit and sarif: documents CI reads")
    func documents() throws {
        let arguments = ["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--attack", Self.path("Fixtures/audit/mistaken.cases.jsonl")]
        let junit = try BridgeProcess.run(arguments + ["--format", "junit"])
        #expect(junit.status == 1)
        #expect(junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>"))
        let document = try XMLDocument(data: Data(junit.stdout.utf8))
        let types = try document.nodes(forXPath: "//failure/@type").compactMap(\.stringValue)
        #expect(types.contains("credential-leaves"), "\(types)")
        let badLines = try Self.json(["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), Self.path("Fixtures/audit/mistaken.cases.jsonl")]).badLines
        #expect(junit.stderr.split(separator: "\n").count == badLines.count, "each bad line said once on standard error: \(junit.stderr)")
        let sarif = try BridgeProcess.run(arguments + ["--format", "sarif"])
        #expect(sarif.status == 1)
        let sarifDocument = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((sarifDocument["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
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
