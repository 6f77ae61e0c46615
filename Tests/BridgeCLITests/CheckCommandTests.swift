// CheckCommandTests.swift: `bridge check` as a user runs it.
import Foundation
import Testing
@testable import bridge

@Suite("bridge check")
struct CheckCommandTests {
    static let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/rules/capture.json").path

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

    @Test("--color always: a cancelled decision is coloured as in replay, an allowed one is not; NO_COLOR wins")
    func colour() throws {
        let rules = InspectCommandTests.path("Fixtures/rules/capture.json")
        let run = try BridgeProcess.run(["check", "--rules", rules, "--color", "always", "janrain:eventsAvailable?1", "https://yourdomain.com/"],
                                        environment: ["NO_COLOR": ""])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("\u{1B}[36m") && !lines[1].contains("\u{1B}"), "\(run.stdout.debugDescription)")
        let plain = try BridgeProcess.run(["check", "--rules", rules, "--color", "always", "janrain:eventsAvailable?1"], environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}"))
    }
}
