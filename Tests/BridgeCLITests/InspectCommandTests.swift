// InspectCommandTests.swift: `bridge inspect` as a user runs it: formats, exit statuses, directories,
// unreadable inputs beside readable ones, SARIF validated against the official schema, and pages fetched
// over http from a local server.
import Foundation
import Testing

@Suite("bridge inspect")
struct InspectCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    @Test("web/ is clean: exit 0 and a summary line")
    func webClean() throws {
        let run = try BridgeProcess.run(["inspect", "--rules", Self.path("Fixtures/rules/capture.json"), Self.path("web")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("6 pages inspected: 0 errors, 0 warnings, 0 notes"))
    }

    @Test("errors: compiler-style lines and exit 1")
    func errorsExitOne() throws {
        let page = Self.path("Fixtures/pages/desktop-settings.html")
        let run = try BridgeProcess.run(["inspect", page])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(page):17:3: error: janrain.settings.popup is true; it must be false [popup-not-false]"))
    }

    @Test("an unreadable input exits 2 and the others are still inspected")
    func unreadableInput() throws {
        let run = try BridgeProcess.run(["inspect", "/nonexistent/page.html", Self.path("Fixtures/pages/no-bridge.html")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/nonexistent/page.html: no such file or directory"))
        #expect(run.stdout.contains("[bridge-script-missing]"))
        #expect(run.stdout.contains("1 page inspected") && run.stdout.contains("1 input not read"))
    }

    @Test("JSON: one object per finding with file, line, column, severity, check, message")
    func json() throws {
        let run = try BridgeProcess.run(["inspect", "--format", "json", Self.path("Fixtures/pages/broken-screens.html")])
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 5)
        for object in objects {
            #expect(Set(object.keys) == ["file", "line", "column", "severity", "check", "message"])
        }
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
        #expect(clean.stdout.contains("2 pages inspected: 0 errors"))
        let broken = try BridgeProcess.run(["inspect", "\(base)/Fixtures/pages/reset-remote-receiver.html", "\(base)/web/missing.html"])
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("\(base)/Fixtures/pages/reset-remote-receiver.html:25:3: error:"))
        #expect(broken.stderr.contains("missing.html: HTTP status 404"))
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
        #expect(run.stderr.contains("bomb.html: the page is larger than 1000000 bytes"), "\(run.stderr)")
        #expect(run.stdout.contains("1 page inspected"), "\(run.stdout)")
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
        #expect(other.status == 1 && other.stdout.contains("[xd-receiver-not-local]"), "\(other.stdout)")
        try #"{"version":1,"origin":"https://other.example","routes":{"https://other.example/":"./"}}"#.write(toFile: folder.appendingPathComponent("bridge-site.json").path, atomically: true, encoding: .utf8)
        let site = try BridgeProcess.run(["inspect", page])
        #expect(site.status == 1 && site.stdout.contains("[xd-receiver-not-local]"), "\(site.stdout)\(site.stderr)")
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
        let run = try BridgeProcess.run(["inspect", folder.path])
        #expect(run.status == 2)
        #expect(run.stdout.contains("2 pages inspected") && run.stdout.contains("1 input not read"), "\(run.stdout)")
        #expect(run.stderr.components(separatedBy: "bridge-site.json").count == 2, "read once, reported once: \(run.stderr)")
    }
}
