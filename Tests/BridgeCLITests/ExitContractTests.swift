// ExitContractTests.swift: the README's exit contract (0 done, 1 found something, 2 could not run as asked)
// where it used to slip: an empty log, and the levels a user may ask to fail on (inspect's --fail-on,
// check's --strict).
import Foundation
import TestSupport
import Testing

@Suite("the exit contract", .blockingWork)
struct ExitContractTests {
    static let rules = "Fixtures/rules/capture.json"

    @Test("a log with no navigation fails (1), as a case file with no case does; a log with one passes", arguments: [
        ("", 1), (#"{"format":"bridge-navlog","version":1}"# + "\n", 1),
        (#"{"seq":1,"url":"https://yourdomain.com/"}"# + "\n", 0),
    ] as [(String, Int32)])
    func emptyLog(log: String, status: Int32) throws {
        let run = try BridgeProcess.run(["replay", "--rules", Self.rules, "-"], stdin: log)
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        let empty = try BridgeProcess.run(["test", "--rules", Self.rules, "-"], stdin: "")
        #expect(empty.status == 1)
    }

    @Test("inspect --fail-on: warnings fail only when asked", arguments: [
        ("error", 0), ("warning", 1), ("note", 1),
    ] as [(String, Int32)])
    func failOn(level: String, status: Int32) throws {
        // Warnings and no error (a page that is empty).
        let run = try BridgeProcess.run(["inspect", "--fail-on", level, "Fixtures/pages/empty.html"])
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        #expect(try BridgeProcess.run(["inspect", "Fixtures/pages/empty.html"]).status == 0)
        #expect(try BridgeProcess.run(["inspect", "--fail-on", "fatal", "Fixtures/pages/empty.html"]).status == 2)
    }

    @Test("check --strict: a decision that carries an error (a state mismatch) fails; without it the decision is reported")
    func strict() throws {
        let url = "https://yourapp.example.com/kii/reset-password?code=abc&state=other"
        let rules = "Fixtures/rules/kii.json"
        let loose = try BridgeProcess.run(["check", "--rules", rules, "--state", "expected", "--format", "json", url])
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")
        #expect(loose.jsonObjects.first?["error"] != nil, "\(loose.stdout)")
        let strict = try BridgeProcess.run(["check", "--rules", rules, "--state", "expected", "--strict", url])
        #expect(strict.status == 1)
        let fine = try BridgeProcess.run(["check", "--rules", rules, "--state", "other", "--strict", url])
        #expect(fine.status == 0)
    }
}
