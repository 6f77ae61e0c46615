// CanaryTests.swift: no secret reaches a command's output unless --reveal is given. Generated from one
// table: each command, each of its output formats, and inputs with a canary secret in every place a secret
// can sit (query, fragment, userinfo, a Janrain bridge's JSON arguments, the legacy janrain:accessToken=,
// a deep link's token, a drained bridge queue, a page literal, a fetched page's URL, a saved transcript's
// diff). Without --reveal the canary appears nowhere in standard output or standard error; with --reveal
// it appears (so the test would see a leak: the canary is really in the input).
import TestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // Data(contentsOf:) of an http URL, to see the local server is up
#endif
import Testing

enum Canary {
    static let secret = "CANARY7d1e4f0a9b3c5e8d2f6a"
    static let encodedArguments = "%5B%7B%22accessToken%22%3A%22\(secret)%22%2C%22oneTime%22%3Afalse%7D%5D"

    /// A URL for each place a secret can sit in one.
    static let urls: [(place: String, url: String)] = [
        ("query code", "https://yourdomain.com/password_reset.php?code=\(secret)&access_token=other1234567890"),
        ("fragment token", "https://yourdomain.com/password_reset.php#code=abcdefgh&access_token=\(secret)"),
        ("state", "https://yourdomain.com/password_reset.php?code=abcdefgh&access_token=zyxwvuts&state=\(secret)"),
        ("userinfo password", "https://ada:\(secret)@yourdomain.com/password_reset.php"),
        ("janrain JSON arguments", "janrain:onCaptureLoginSuccess?arguments=\(encodedArguments)"),
        ("legacy janrain token", "janrain:accessToken=\(secret)"),
        ("deep-link token", "myapp://reset-password?token=\(secret)&email=ada%40example.com"),
        ("password parameter", "https://yourdomain.com/signin?email=ada%40example.com&password=\(secret)"),
        ("PIN", "https://api.kii.example/reset?pin=\(secret)"),
        ("control characters around a secret", "https://yourdomain.com/password_reset.php?code=\(secret)&x=%1B]0;title%07"),
    ]

    static var root: String { Repository.path("") }
    static var capture: String { Repository.path("Fixtures/rules/capture.json") }

    static func temporary(_ name: String, _ contents: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canary-\(UUID().uuidString)-\(name)")
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A navlog with the canary in its URLs and in a drained bridge queue.
    static func navlog() throws -> String {
        var lines = [#"{"format":"bridge-navlog","version":1}"#]
        for (index, entry) in urls.enumerated() {
            lines.append(#"{"seq":\#(index + 1),"url":"\#(entry.url)"}"#)
        }
        lines.append(#"{"seq":99,"url":"janrain:eventsAvailable?1","drained":["janrain:onCaptureLoginSuccess?arguments=\#(encodedArguments)"]}"#)
        return try temporary("log.navlog", lines.joined(separator: "\n") + "\n")
    }

    /// A page whose script quotes secrets (the findings quote what the page navigates to).
    static func page() throws -> String {
        try temporary("page.html", """
            <!DOCTYPE html>
            <html><head><title>canary</title></head>
            <body>
            <script>
              function done() { window.location.href = 'myapp:token=\(secret)'; }
              function legacy() { window.location.href = "otherapp://cb?access_token=\(secret)"; }
              var redirect = "http://yourdomain.com/password_reset.php?code=\(secret)&access_token=\(secret)";
            </script>
            </body></html>
            """)
    }
}

@Suite("secrets never reach the output without --reveal", .blockingWork)
struct CanaryTests {
    static let formats = ["text", "json"]

    func expectCanary(_ run: BridgeRun, revealed: Bool, _ what: String) {
        let all = run.stdout + run.stderr
        if revealed {
            #expect(all.contains(Canary.secret), "\(what) with --reveal does not show the canary: the input lacks it\n\(all)")
        } else {
            #expect(!all.contains(Canary.secret), "\(what) leaks the canary:\n\(all)")
            #expect(!all.contains("\u{1B}]0;"), "\(what) prints a raw terminal escape:\n\(all)")
        }
    }

    @Test("bridge url", arguments: formats, [false, true])
    func url(format: String, reveal: Bool) throws {
        for entry in Canary.urls {
            let run = try BridgeProcess.run(["url", "--format", format] + (reveal ? ["--reveal"] : []) + [entry.url])
            expectCanary(run, revealed: reveal, "url --format \(format), \(entry.place)")
        }
    }

    @Test("bridge check", arguments: formats, [false, true])
    func check(format: String, reveal: Bool) throws {
        for entry in Canary.urls {
            let run = try BridgeProcess.run(["check", "--rules", Canary.capture, "--explain", "--format", format,
                                             "--state", Canary.secret + "x"] + (reveal ? ["--reveal"] : []) + [entry.url])
            expectCanary(run, revealed: reveal, "check --format \(format), \(entry.place)")
        }
    }

    @Test("bridge replay", arguments: formats, [false, true])
    func replay(format: String, reveal: Bool) throws {
        let log = try Canary.navlog()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let run = try BridgeProcess.run(["replay", "--rules", Canary.capture, "--explain", "--format", format]
                                        + (reveal ? ["--reveal"] : []) + [log])
        expectCanary(run, revealed: reveal, "replay --format \(format)")
    }

    @Test("bridge replay --expect: a diff shows a saved transcript's values masked", arguments: [false, true])
    func replayExpect(reveal: Bool) throws {
        let log = try Canary.navlog()
        defer { try? FileManager.default.removeItem(atPath: log) }
        // The saved transcript is made the other way round, so every secret line differs.
        let saved = try BridgeProcess.run(["replay", "--rules", Canary.capture, "--format", "json"] + (reveal ? [] : ["--reveal"]) + [log])
        let expected = try Canary.temporary("expected.jsonl", saved.stdout)
        defer { try? FileManager.default.removeItem(atPath: expected) }
        let run = try BridgeProcess.run(["replay", "--rules", Canary.capture, "--expect", expected] + (reveal ? ["--reveal"] : []) + [log])
        #expect(run.status == 1, "the transcript differs: \(run.stderr)")
        expectCanary(run, revealed: reveal, "replay --expect")
    }

    @Test("bridge inspect", arguments: ["text", "json", "sarif"], [false, true])
    func inspect(format: String, reveal: Bool) throws {
        let page = try Canary.page()
        defer { try? FileManager.default.removeItem(atPath: page) }
        let run = try BridgeProcess.run(["inspect", "--rules", Canary.capture, "--format", format] + (reveal ? ["--reveal"] : []) + [page])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        expectCanary(run, revealed: reveal, "inspect --format \(format)")
    }

    @Test("bridge inspect of a fetched page whose URL carries a secret", .enabled(if: Tools.python3, "needs python3 to serve the page"),
          arguments: ["text", "json", "sarif"], [false, true])
    func inspectFetched(format: String, reveal: Bool) throws {
        let server = try LocalFileServer(root: Canary.root)
        defer { server.stop() }
        let pages = ["\(server.base)/Fixtures/pages/reset-remote-receiver.html?code=\(Canary.secret)",
                     "\(server.base)/web/missing.html?access_token=\(Canary.secret)"]
        let run = try BridgeProcess.run(["inspect", "--format", format] + (reveal ? ["--reveal"] : []) + pages)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        expectCanary(run, revealed: reveal, "inspect --format \(format) of a fetched page")
    }
}

/// python3's http.server over a folder, on a free loopback port; nil when python3 cannot be started.
final class LocalFileServer {
    let server: LineProcess
    let base: String

    /// python3's http.server over `root` on a port the system picks, read back from its first line
    /// ("Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ...").
    init(root: String) throws {
        server = try LineProcess(["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root])
        guard let range = server.firstLine.firstRange(of: "(http://"),
              let end = server.firstLine[range.upperBound...].firstIndex(of: "/") else {
            server.stop()
            throw LocalFileServerError(said: server.firstLine)
        }
        base = "http://" + server.firstLine[range.upperBound..<end]
    }

    func stop() { server.stop() }
}

struct LocalFileServerError: Error, CustomStringConvertible {
    let said: String
    var description: String { "python3's http.server did not say its address: \(said.debugDescription)" }
}
