// DashboardInChromiumTests.swift: `bridge serve`'s dashboard in a browser we did not write the tests beside:
// Debian's Chromium, headless, driven over its DevTools pipe by Tests/Browser/chromium_page.py, loads it after
// the emulator has sent mail and issued codes. What it renders must be what the API says (each message's
// recipient, subject and date, the message view, every code, the users, the clock); a burst of requests
// must cost one refresh; its own reads must stay out of the server's request log; its screenshot must be
// an image. Disabled, saying so, where Chromium is not installed (.ci/setup installs it).
import TestSupport
import Foundation
import Testing

enum Chromium {
    static let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Tests/Browser/chromium_page.py: `url` in headless Chromium over the DevTools pipe, `expression`
    /// evaluated in it (its promise awaited), the value decoded; a screenshot written to `screenshot`.
    /// `phone`: laid out in a phone's viewport (390 CSS pixels wide, mobile).
    static func evaluate(_ url: String, _ expression: String, screenshot: String? = nil, phone: Bool = false) throws -> Any? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python ?? "/usr/bin/python3")
        process.arguments = [Repository.path("Tests/Browser/chromium_page.py"), url, expression] + (screenshot.map { [$0] } ?? [])
        if phone { process.environment = ProcessInfo.processInfo.environment.merging(["CHROMIUM_PAGE_PHONE": "1"]) { $1 } }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problem)")
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}

@Suite("the dashboard in Chromium", .blockingWork(sharing: BlockingWork.webViewSlots), .enabled(if: Chromium.executable != nil && Chromium.python != nil, "needs Debian's chromium and python3 (.ci/setup installs them)"),
       .serialized)
struct DashboardInChromiumTests {
    /// What a user does and sees: waits for the first refresh, opens the newest message, then makes a burst of
    /// 40 requests and reports the tables, the message view and how many refreshes the burst cost.
    static let visit = """
        new Promise(function (done) {
          function cells(id) { return Array.prototype.map.call(document.querySelectorAll('#' + id + ' tr'), function (row) {
            return Array.prototype.map.call(row.cells, function (cell) { return cell.textContent; }); }); }
          function text(id) { return document.getElementById(id).textContent; }
          (function loaded() {
            if (!(cells('users').length && cells('outbox').length && text('clock'))) return setTimeout(loaded, 50);
            document.querySelector('#outbox tr').click();
            (function opened() {
              if (!text('message-headers')) return setTimeout(opened, 50);
              var before = window.bridgeDashboard.refreshes, calls = [], started = Date.now();
              for (var i = 0; i < 40; i++) calls.push(fetch('/oauth/token', { method: 'POST', body: 'grant_type=none',
                headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));
              Promise.all(calls).then(function () { var burst = Date.now() - started; setTimeout(function () {
                done({ outbox: cells('outbox'), codes: cells('codes').length, users: cells('users'), clock: text('clock'),
                       subject: text('message-subject'), headers: text('message-headers'), text: text('message-text'),
                       refreshes: window.bridgeDashboard.refreshes - before, burstMilliseconds: burst });
              }, 1500); });
            })();
          })();
        })
        """

    @Test("the dashboard in Chromium shows what the API holds (outbox, message view, codes, users, clock), refreshes once per burst, keeps its reads out of the log, and screenshots")
    func rendersTheState() throws {
        let server = try ServeProcess()
        _ = try server.request("POST", "/oauth/forgot_password_native",
                               form: "client_id=app&form=forgotPasswordForm&signInEmailAddress=ada%40example.com&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php")
        _ = try server.request("POST", "/api/reset-password/request", json: #"{"email":"ada@example.com"}"#)
        _ = try server.request("POST", "/oauth/auth_native_traditional",
                               form: "client_id=app&redirect_uri=https%3A%2F%2Fyourdomain.com%2F&response_type=code&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine")
        let (_, listing, _) = try server.request("GET", "/api/v1/messages")
        let (_, codes, _) = try server.request("GET", "/emulator/v1/codes")
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }

        let seen = try Chromium.evaluate(server.base + "/", Self.visit, screenshot: shot.path) as? [String: Any] ?? [:]
        let printed = server.stop()

        let messages = listing["messages"] as? [[String: Any]] ?? []
        let expected = messages.map { message in
            [((message["To"] as? [[String: Any]])?.first?["Address"] as? String) ?? "", message["Subject"] as? String ?? "", message["Created"] as? String ?? ""]
        }
        let outbox = seen["outbox"] as? [[String]] ?? []
        #expect(outbox.map { Array($0.prefix(3)) } == expected, "\(seen)")
        #expect(outbox.first?.last?.hasPrefix("yourapp://reset-password?token=") == true, "\(outbox)")
        #expect(seen["subject"] as? String == messages.first?["Subject"] as? String)
        #expect((seen["headers"] as? String ?? "").split(separator: "\n").contains("To: ada@example.com"), "\(seen)")
        #expect((seen["text"] as? String ?? "").contains("yourapp://reset-password?token="))
        #expect(seen["codes"] as? Int == (codes["codes"] as? [Any])?.count)
        #expect((seen["users"] as? [[String]])?.map(\.first) == ["ada@example.com"])
        #expect((seen["clock"] as? String ?? "").hasPrefix("20"))
        // 40 requests in a burst: a refresh per 200 ms window of it (one to three when the burst is quick, a
        // few more when a loaded machine spreads it out), not 40.
        let windows = max(3, (seen["burstMilliseconds"] as? Int ?? 0) / 200 + 2)
        #expect((1...windows).contains(seen["refreshes"] as? Int ?? 0), "\(seen)")
        // After the page and its script and style, the log has the burst and none of the dashboard's reads.
        let logged = printed.split(separator: "\n").filter { $0.hasPrefix("serve") }
        let afterPage = logged.drop { $0 != "serve  GET / 200" }
        #expect(afterPage.filter { $0 == "serve  POST /oauth/token 400" }.count == 40, "\(logged)")
        #expect(!afterPage.contains { $0.contains("/emulator/v1/") || $0.contains("/api/v1/") }, "\(logged)")
        // The screenshot is a PNG as wide as the window (1000): the IHDR's width and height, big-endian.
        let png = try Data(contentsOf: shot)
        #expect(png.count > 24 && png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        if png.count > 24 {
            #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == 1000 && png[20..<24].reduce(0) { $0 << 8 | Int($1) } >= 600)
        }
    }
}
