// ReportOutputTests.swift: `--output FILE`: one run writes the report (JUnit, SARIF, JSON) to its file, whole
// and only once the run is complete, and prints the readable log; an existing file is kept without --force;
// a run that cannot start writes nothing.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

@Suite("reports to files", .blockingWork)
struct ReportOutputTests {
    static let rules = "Fixtures/rules/capture.json"
    static let cases = "Fixtures/cases/capture.cases.jsonl"

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("test --format junit --output: the XML in the file, the readable log on standard output")
    func testReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("bridge-test.xml")
        let run = try BridgeProcess.run(["test", "--rules", Self.rules, "--format", "junit", "--output", report.path, Self.cases])
        #expect(run.status == 0, "\(run.stderr)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        let document = try XMLDocument(xmlString: xml)
        #expect(document.rootElement()?.name == "testsuites")
        let plain = try BridgeProcess.run(["test", "--rules", Self.rules, Self.cases])
        #expect(run.stdout == plain.stdout)
        // An existing report is kept unless --force.
        let again = try BridgeProcess.run(["test", "--rules", Self.rules, "--format", "junit", "--output", report.path, Self.cases])
        let kept = try String(contentsOf: report, encoding: .utf8)
        #expect(again.status == 2 && kept == xml)
        let forced = try BridgeProcess.run(["test", "--rules", Self.rules, "--format", "junit", "--output", report.path, "--force", Self.cases])
        #expect(forced.status == 0)
    }

    @Test("--report whose timeline cannot be kept (no temporary directory) writes no page that lacks it: exit 2, no file")
    func reportWithoutItsTimeline() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("replay.html").path
        let run = try BridgeProcess.run(["replay", "--rules", Repository.path(Self.rules), "--report", report, Repository.path("Fixtures/logs/capture-signin.navlog")],
                                        environment: ["TMPDIR": folder.appendingPathComponent("missing").path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    @Test("a run that cannot start writes no report (not an empty one)")
    func noPartialReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("bridge-test.xml")
        let run = try BridgeProcess.run(["test", "--rules", "/nonexistent/rules.json", "--format", "junit", "--output", report.path])
        #expect(run.status == 2)
        #expect(!FileManager.default.fileExists(atPath: report.path))
        let overInput = try BridgeProcess.run(["test", "--rules", Self.rules, "--format", "junit", "--output", Self.cases, "--force", Self.cases])
        #expect(overInput.status == 2)
    }

    @Test("inspect --format sarif --output: SARIF 2.1.0 in the file, the findings on standard output")
    func inspectReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("inspect.sarif")
        let run = try BridgeProcess.run(["inspect", "--format", "sarif", "--output", report.path, "Fixtures/pages/empty.html"])
        #expect(run.status == 0, "\(run.stderr)")
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let plain = try BridgeProcess.run(["inspect", "Fixtures/pages/empty.html"])
        #expect(run.stdout == plain.stdout)
    }
}
