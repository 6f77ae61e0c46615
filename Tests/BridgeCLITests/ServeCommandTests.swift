// ServeCommandTests.swift: `bridge serve` over real HTTP on 127.0.0.1: the first line is the base URL; the
// seed-000 reset (the mail, its link on the redirect_uri, the code exchanged once) and the deep-link reset
// run through it; bad requests are answered with the provider's errors and the server keeps serving; the
// request log masks codes and tokens.
import TestSupport
import SecretMasking
import CommandOutput
import Foundation
import NavigationPolicy
import ProviderEmulator
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import bridge

final class ServeProcess {
    let server: LineProcess
    let base: String

    init(_ arguments: [String] = []) throws {
        guard let executable = BridgeProcess.executable else { throw CocoaError(.fileNoSuchFile) }
        server = try LineProcess(["serve", "--port", "0"] + arguments, executable: executable)
        // The first line is the base URL, or {"type": "listening", "url": URL} with --format json.
        if let data = server.firstLine.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           object["type"] as? String == "listening", let listening = object["url"] as? String {
            base = listening
        } else {
            base = server.firstLine
        }
    }

    /// Stops the server and returns what it printed after the base URL.
    func stop() -> String { server.stop() }

    /// Runs `body` with a server started with `arguments`, and stops the server after it, whatever
    /// `body` does: the one way a test has a server for its duration.
    static func with<T>(_ arguments: [String] = [], _ body: (ServeProcess) throws -> T) throws -> T {
        let server = try ServeProcess(arguments)
        defer { _ = server.stop() }
        return try body(server)
    }

    func request(_ method: String, _ path: String, form: String? = nil, json: String? = nil, body: Data? = nil) throws -> (Int, [String: Any], String) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        if let form { request.httpBody = Data(form.utf8); request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type") }
        if let json { request.httpBody = Data(json.utf8); request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let body { request.httpBody = body }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            box.set(data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0)
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 10)
        let (data, status) = box.get()
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (status, object, String(decoding: data, as: UTF8.self))
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data, Int) = (Data(), 0)
        func set(_ data: Data, _ status: Int) { lock.lock(); value = (data, status); lock.unlock() }
        func get() -> (Data, Int) { lock.lock(); defer { lock.unlock() }; return value }
    }
}

@Suite("bridge serve", .blockingWork, .serialized)
struct ServeCommandTests {
    static let redirect = "https://yourdomain.com/password_reset.php"

    @Test("the seed-000 reset over HTTP: the mail's link is the redirect_uri with a code, exchanged once; the log masks the code")
    func captureReset() throws {
        let server = try ServeProcess()
        var printed = ""
        defer { if printed.isEmpty { _ = server.stop() } }
        #expect(server.base.hasPrefix("http://127.0.0.1:"), "\(server.base)")
        let (status, answer, _) = try server.request("POST", "/oauth/forgot_password_native",
            form: "client_id=app&form=forgotPasswordForm&signInEmailAddress=ada%40example.com&redirect_uri=" + Self.redirect.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(status == 200 && answer["stat"] as? String == "ok")
        let (_, search, _) = try server.request("GET", "/api/v1/search?query=to:ada@example.com")
        #expect(search["messages_count"] as? Int == 1)
        let (_, message, _) = try server.request("GET", "/api/v1/message/latest")
        let link = try #require((message["Links"] as? [String])?.first)
        #expect(link.hasPrefix(Self.redirect + "?code="))
        let code = String(link.dropFirst(Self.redirect.count + 6))
        let exchange = "grant_type=authorization_code&client_id=app&code=\(code)&redirect_uri=" + Self.redirect.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let (first, token, _) = try server.request("POST", "/oauth/token", form: exchange)
        #expect(first == 200 && token["access_token"] != nil)
        let (second, refused, _) = try server.request("POST", "/oauth/token", form: exchange)
        #expect(second == 400 && refused["error"] as? String == "invalid_grant")
        // Bad requests: the provider's errors, and the server goes on.
        #expect(try server.request("GET", "/oauth/token").0 == 405)
        #expect(try server.request("POST", "/api/reset-password", body: Data(repeating: 0x41, count: 100_000)).0 == 413)
        #expect(try server.request("POST", "/api/reset-password", json: "{").0 == 400)
        #expect(try server.request("GET", "/emulator/v1/clock").0 == 200)
        printed = server.stop()
        let logged = TranscriptText(redactor: Redactor(), explain: false).lines(ServedRequest(method: "POST", url: server.base + "/oauth/token", target: "/oauth/token", status: 200))
        #expect(printed.split(separator: "\n").map(String.init).contains(logged[0]), "\(printed)")
        #expect(!printed.contains(code))
    }

    @Test("the deep-link reset over HTTP, with the token's expiry on a moved clock")
    func deepLink() throws {
        try ServeProcess.with { server throws in
            #expect(try server.request("POST", "/api/reset-password/request", json: #"{"email":"ada@example.com"}"#).0 == 202)
            let (_, message, _) = try server.request("GET", "/api/v1/message/latest")
            let link = try #require((message["Links"] as? [String])?.first)
            let token = String(link.dropFirst("yourapp://reset-password?token=".count).prefix(40))
            #expect(try server.request("POST", "/emulator/v1/clock", json: #"{"advance": 1801}"#).0 == 200)
            let (status, answer, _) = try server.request("POST", "/api/reset-password",
                                                         json: #"{"token":"\#(token)","email":"ada@example.com","newPassword":"difference-engine"}"#)
            #expect(status == 410 && answer["error"] as? String == "token_expired")
        }
    }

    @Test("the dashboard is served, and its live request log streams server-sent events with secrets masked",
          .enabled(if: Tools.python3, "needs python3 to read the event stream"))
    func dashboardAndEvents() throws {
        try ServeProcess.with { server throws in
            let (status, _, html) = try server.request("GET", "/")
            #expect(status == 200 && html.contains("id=\"start-deeplink\"") && html.contains("/dashboard.js"))
            _ = try server.request("GET", "/oauth/token?code=secretsecretsecret")
            // Read the stream for a moment with python3's urllib (the stream does not end by itself).
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            reader.arguments = ["python3", "-c", """
                import sys, urllib.request
                with urllib.request.urlopen(sys.argv[1], timeout=5) as r:
                    for line in r:
                        line = line.decode()
                        if line.startswith("data:") and "/oauth/token" in line:
                            print(line.strip()); break
                """, server.base + "/emulator/v1/events"]
            let out = Pipe()
            reader.standardOutput = out
            try reader.run()
            reader.waitUntilExit()
            let event = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let data = try #require(event.hasPrefix("data:") ? Data(event.dropFirst(5).utf8) : nil, "\(event)")
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["method"] as? String == "GET" && object["target"] as? String == "/oauth/token?code=secr…(18)", "\(event)")
            #expect(!event.contains("secretsecretsecret"))
        }
    }

    @Test("--format json: the first line is {\"listening\": base URL}")
    func jsonFirstLine() throws {
        guard let executable = BridgeProcess.executable else { throw CocoaError(.fileNoSuchFile) }
        let server = try LineProcess(["serve", "--port", "0", "--format", "json"], executable: executable)
        defer { server.stop() }
        let object = try JSONSerialization.jsonObject(with: Data(server.firstLine.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "listening" && (object?["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true, "\(server.firstLine)")
    }
}

@Suite("bridge serve: trust over HTTP", .blockingWork, .serialized)
struct ServeTrustTests {
    @Test("SIGTERM and SIGINT stop the server while the dashboard's event stream is open, and the stream ends", arguments: [SIGTERM, SIGINT])
    func stopsWithEventStreamOpen(signal: Int32) throws {
        try ServeProcess.with { server throws in
            // The stream is open once its first event (the log's greeting) has arrived.
            let fd = try RawHTTP.connected(server.base, readLimit: 10)
            defer { close(fd) }
            let request = Array("GET /emulator/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while String(decoding: received, as: UTF8.self).firstRange(of: "bridge serve request log") == nil {
                let n = recv(fd, &buffer, buffer.count, 0)
                guard n > 0 else { break }
                received += buffer[..<n]
            }
            #expect(String(decoding: received, as: UTF8.self).firstRange(of: "bridge serve request log") != nil)
            // Bounded only so that a server that ignores the signal fails the test instead of hanging it.
            #expect(server.server.signal(signal, waitingUpTo: 10), "the server did not stop on signal \(signal)")
            // The stream ends: the server closes the connection.
            var ended = false
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n == 0 { ended = true; break }
                if n < 0 { break }
            }
            #expect(ended)
        }
    }

    @Test("a half-sent request head is closed after the configured idle time, and the server keeps serving")
    func halfSentRequest() throws {
        let config = try Canary.temporary("serve-config.json", #"{"idleTimeout": 1}"#)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try ServeProcess.with(["--config", config]) { server throws in
            #expect(try RawHTTP.closedByServer(server.base, sending: Array("GET /emulator/v1/clock HTTP/1.1\r\nHo".utf8), waitingUpTo: 20))
            #expect(try RawHTTP.request(server.base, "GET", "/emulator/v1/clock").status == 200)
        }
    }

    @Test("a listen address is loopback by the one loopback test, read as a URL's host",
          arguments: [("127.0.0.1", true), ("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true), ("localhost", true),
                      ("127.0.0.2", true), ("127.1", true), ("0.0.0.0", false), ("::", false), ("192.168.1.20", false),
                      ("example.com", false), ("127.0.0.1:80", false), ("", false)])
    func loopbackAddresses(address: String, loopback: Bool) {
        #expect(ServeCommand.listensOnLoopback(address) == loopback)
    }

    @Test("--host that is not loopback is warned about, naming what it exposes")
    func nonLoopbackWarning() throws {
        let server = try ServeProcess(["--host", "0.0.0.0"])
        _ = server.stop()
        #expect(server.server.standardError == "bridge serve: \(Redactor().text(CommandNotice.exposed(host: "0.0.0.0").words))\n")
        let quiet = try ServeProcess()
        _ = quiet.stop()
        #expect(quiet.server.standardError.isEmpty)
    }
}
