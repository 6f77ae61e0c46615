// InspectCommandTests.swift: `bridge inspect` as a user runs it: formats, exit statuses, directories,
// unreadable inputs beside readable ones, SARIF validated against the official schema, and pages fetched
// over http from a local server.
import InputFiles
import SecretMasking
import TestSupport
import FlowInspector
import CommandOutput
import Foundation
import NavigationPolicy
import Testing

@Suite("bridge inspect", .blockingWork)
struct InspectCommandTests {
    static let root = Repository.root

    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }

    /// A finding as `--format json` gives it, without its message.
    struct Located: Hashable {
        var file: String
        var line: Int
        var column: Int
        var check: String
    }

    static func objects(_ run: BridgeRun) -> [[String: Any]] { run.jsonObjects }

    static func findings(_ run: BridgeRun) -> [Located] {
        run.lines("finding").compactMap { object in
            guard let file = object["file"] as? String, let line = object["line"] as? Int, let column = object["column"] as? Int,
                  let check = object["code"] as? String else { return nil }
            return Located(file: file, line: line, column: column, check: check)
        }
    }

    static func checks(_ arguments: [String]) -> [String] {
        (try? BridgeProcess.run(arguments)).map { findings($0).map(\.check) } ?? []
    }

    /// The unread inputs of a `--format json` run, matched to the reasons (the usual ones and `expected`)
    /// whose words they carry; an error no reason words is kept with its words as a fetch failure's, so a
    /// comparison still sees it.
    static func inputErrors(_ run: BridgeRun, expected: [InputError.Reason] = []) -> [InputError] {
        run.lines("input-error").compactMap { object in
            guard let file = object["file"] as? String, let code = object["code"] as? String, let words = object["message"] as? String else { return nil }
            return (reasons(file) + expected).first { $0.code == code && InputError(input: file, $0).message == words }.map { InputError(input: file, $0) }
                ?? InputError(input: file, .notFetched(words))
        }
    }

    /// The reasons a test may see for an input.
    static func reasons(_ file: String) -> [InputError.Reason] {
        [.noSuchFile, .unreadable(.permissionDenied), .unreadable(.directory), .noPages, .notAURL, .binary, .noDocument, .notHTTP, .httpStatus(404), .fetchedTooLarge(limit: 1_000_000)]
    }

    /// The text report's summary line (and nothing else) for a result with no findings.
    static func summary(_ result: InspectionResult) -> String {
        FindingReport(format: .text, redactor: Redactor(), toolVersion: "").lines(result).joined(separator: "\n") + "\n"
    }

    static func summary(pages: Int, errors: [InputError] = []) -> String {
        var result = InspectionResult()
        result.pages = pages
        result.errors = errors
        return summary(result)
    }

    @Test("--list-checks: every check, as text, or with --format json a check line each with its values")
    func listChecks() throws {
        let checks = CheckCatalogue.all + CheckCatalogue.inputChecks
        let text = try BridgeProcess.run(["inspect", "--list-checks"])
        #expect(text.status == 0)
        let renderer = TranscriptText(redactor: Redactor(), explain: false)
        #expect(text.stdout == checks.flatMap { renderer.lines(CheckListing($0)) }.map { $0 + "\n" }.joined())
        let json = try BridgeProcess.run(["inspect", "--list-checks", "--format", "json"])
        #expect(json.status == 0)
        let lines = JSONLines.objects(json.stdout)
        #expect(lines.count == json.stdout.split(separator: "\n").count, "every line is JSON")
        #expect(lines.map { $0["type"] as? String } == Array(repeating: "check", count: checks.count))
        #expect(lines.map { $0["id"] as? String } == checks.map(\.id))
        #expect(lines.map { $0["severity"] as? String } == checks.map(\.severity.rawValue))
        #expect(lines.map { $0["needsRules"] as? Bool } == checks.map(\.needsRules))
        #expect(lines.map { $0["rationale"] as? String } == checks.map(\.rationale))
    }

    @Test("web/ is clean: exit 0 and a summary line")
    func webClean() throws {
        let run = try BridgeProcess.run(["inspect", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("web")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == Self.summary(pages: 6), "\(run.stdout)")
    }

    @Test("errors: compiler-style lines and exit 1")
    func errorsExitOne() throws {
        let page = Self.path("Fixtures/pages/desktop-settings.html")
        let run = try BridgeProcess.run(["inspect", page])
        #expect(run.status == 1)
        let json = try BridgeProcess.run(["inspect", "--format", "json", page])
        #expect(Self.findings(json).contains(Located(file: page, line: 17, column: 3, check: "popup-not-false")), "\(json.stdout)")
    }

    @Test("an unreadable input exits 2 and the others are still inspected")
    func unreadableInput() throws {
        let page = Self.path("Fixtures/pages/no-bridge.html")
        let run = try BridgeProcess.run(["inspect", "--format", "json", "/nonexistent/page.html", page])
        #expect(run.status == 2)
        #expect(Self.inputErrors(run) == [InputError(input: "/nonexistent/page.html", .noSuchFile)], "\(run.stdout)")
        #expect(Self.findings(run).map(\.check).contains("bridge-script-missing"))
        #expect(Set(Self.findings(run).map(\.file)) == [page])
    }

    @Test("JSON: a finding line per finding (the schema's, as replay's), then the counts")
    func json() throws {
        let page = Self.path("Fixtures/pages/broken-screens.html")
        let run = try BridgeProcess.run(["inspect", "--format", "json", page])
        let types = run.jsonObjects.compactMap { $0["type"] as? String }
        #expect(types == Array(repeating: "finding", count: 5) + ["inspect-summary"])
        let severities = run.lines("finding").compactMap { $0["severity"] as? String }
        let summary = try #require(run.lines("inspect-summary").first)
        #expect(summary["pages"] as? Int == 1 && summary["unread"] as? Int == 0)
        #expect(summary["findingCounts"] as? [String: Int] == ["error": severities.filter { $0 == "error" }.count,
                                                          "warning": severities.filter { $0 == "warning" }.count, "note": 0])
    }

    @Test("SARIF validates against the SARIF 2.1.0 schema", .enabled(if: Tools.jsonschema, "needs python3's jsonschema"))
    func sarif() throws {
        let run = try BridgeProcess.run(["inspect", "--format", "sarif", "--rules", Self.path("Fixtures/rules/capture.json"),
                                         Self.path("Fixtures/pages"), "/nonexistent.html"])
        #expect(run.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        try SARIFSchema.expectValid(run.stdout, what: "bridge inspect")
    }

    @Test("http(s) pages are fetched with the bridge user agent and inspected", .enabled(if: Tools.python3, "needs python3 to serve the pages"))
    func fetched() throws {
        // A local server over web/ and Fixtures/pages (python3's http.server).
        let server = try LocalFileServer(root: Self.root.path)
        defer { server.stop() }
        let base = server.base
        let clean = try BridgeProcess.run(["inspect", "\(base)/web/password_reset.html", "\(base)/web/webViewSignIn.html"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout == Self.summary(pages: 2), "\(clean.stdout)")
        let broken = try BridgeProcess.run(["inspect", "--format", "json", "\(base)/Fixtures/pages/reset-remote-receiver.html", "\(base)/web/missing.html"])
        #expect(broken.status == 2)
        #expect(Self.findings(broken).contains { $0.file == "\(base)/Fixtures/pages/reset-remote-receiver.html" && $0.line == 25 && $0.column == 3 }, "\(broken.stdout)")
        #expect(Self.inputErrors(broken) == [InputError(input: "\(base)/web/missing.html", .httpStatus(404))], "\(broken.stdout)")
    }

    @Test("--max-bytes holds while a gzip body is decompressed: a bomb is refused, a small gzip page is read",
          .enabled(if: Tools.python3, "needs python3 to serve the pages"))
    func gzipBomb() throws {
        let server = try LineProcess(["python3", Self.path("Fixtures/host/gzip_server.py")])
        defer { server.stop() }
        guard let port = Int(server.firstLine) else {
            Issue.record("the gzip server did not say its port: \(server.firstLine)")
            return
        }
        let base = "http://127.0.0.1:\(port)"
        let run = try BridgeProcess.run(["inspect", "--max-bytes", "1000000", "\(base)/bomb.html", "\(base)/small.html"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        let error = InputError(input: "\(base)/bomb.html", .fetchedTooLarge(limit: 1_000_000))
        #expect(run.stdout == Self.summary(pages: 1, errors: [error]), "\(run.stdout)")
        #expect(run.stderr == "bridge inspect: \(error)\n", "\(run.stderr)")
    }

    @Test("a page file's origin is not guessed: an absolute xd_receiver is checked only when --origin or a site file says where the page is")
    func pageOrigin() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-origin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reset = try String(contentsOfFile: Self.path("web/password_reset.html"), encoding: .utf8)
            .replacingOccurrences(of: "new URL('xdcomm.html', location.href).href", with: "'https://yourdomain.com/xdcomm.html'")
        #expect(reset.contains("'https://yourdomain.com/xdcomm.html'"))
        let page = folder.appendingPathComponent("password_reset.html").path
        try reset.write(toFile: page, atomically: true, encoding: .utf8)
        let unknown = try BridgeProcess.run(["inspect", page])
        #expect(unknown.status == 0, "\(unknown.stdout)")
        let same = try BridgeProcess.run(["inspect", "--origin", "https://yourdomain.com", page])
        #expect(same.status == 0, "\(same.stdout)")
        let other = try BridgeProcess.run(["inspect", "--origin", "https://other.example", page])
        #expect(other.status == 1 && Self.checks(["inspect", "--format", "json", "--origin", "https://other.example", page]) == ["xd-receiver-not-local"], "\(other.stdout)")
        try #"{"version":1,"origin":"https://other.example","routes":{"https://other.example/":"./"}}"#.write(toFile: folder.appendingPathComponent("bridge-site.json").path, atomically: true, encoding: .utf8)
        let site = try BridgeProcess.run(["inspect", page])
        #expect(site.status == 1 && Self.checks(["inspect", "--format", "json", page]) == ["xd-receiver-not-local"], "\(site.stdout)\(site.stderr)")
        let bad = try BridgeProcess.run(["inspect", "--origin", "not an origin", page])
        #expect(bad.status == 2)
    }

    @Test("a bridge-site.json that cannot be read is an input error naming it; the pages beside it are still inspected")
    func brokenSiteFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<p>a page</p>".write(to: folder.appendingPathComponent("a.html"), atomically: true, encoding: .utf8)
        try "<p>another</p>".write(to: folder.appendingPathComponent("b.html"), atomically: true, encoding: .utf8)
        try #"{"version":1,"origin":"https://x.example","routes":{"https://x.example/":"./"},"colour":1}"#
            .write(to: folder.appendingPathComponent("bridge-site.json"), atomically: true, encoding: .utf8)
        let run = try BridgeProcess.run(["inspect", "--format", "json", folder.path])
        #expect(run.status == 2)
        let siteFile = folder.appendingPathComponent("bridge-site.json").path
        let expected = InputError.Reason.siteFile(HostSiteError(file: siteFile, keyPath: "colour",
                                                                .json(.unknownKey(suggestion: nil, known: ["version", "description", "origin", "routes"]))))
        let errors = Self.inputErrors(run, expected: [expected])
        #expect(errors == [InputError(input: siteFile, expected)], "read once, reported once: \(run.stdout)")
        let text = try BridgeProcess.run(["inspect", folder.path])
        var result = InspectionResult()
        result.pages = 2
        result.errors = errors
        #expect(text.stdout == Self.summary(result), "the two pages beside it are inspected: \(text.stdout)")
    }
}
