// SeedFlowsTests.swift: every seed flow end to end, as a user runs it: `bridge serve` as the provider,
// `bridge host --provider-url URL` as the app's web view, in both engines (WebKitGTK as iOS's WKWebView,
// Debian's Chromium as Android's WebView; each case named with its engine), the test as the user who reads the
// mail and taps the link. The pages are web/'s and pages in other styles (Fixtures/flows/): the widget
// stand-in was not written for them. Each flow prints how long it took. Without WebKit the suite is
// skipped, saying why; ProviderEmulatorTests' SeedFlowsOverHTTP runs the same flows without a view.
import CommandOutput
import TestSupport
import Foundation
import WebViewHost
import Testing
@testable import bridge

@Suite("SeedFlows", .blockingWork(sharing: BlockingWork.webViewSlots), .enabled(if: WebKitAvailability.available, "the seed flows in a view need WebKit and a display"))
struct SeedFlowsInWebKit {
    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }
    static let capture = path("Fixtures/rules/capture.json")
    static let signInPage = path("web/webViewSignIn.html")

    /// One `bridge host` run with the provider at `server`, in JSON with secrets shown (the test uses them).
    static func host(_ server: ServeProcess, _ engine: HostEngine, _ arguments: [String]) throws -> (BridgeRun, [[String: Any]]) {
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--provider-url", server.base, "--format", "json", "--reveal",
                                         "--timeout", "60"] + arguments)
        return (run, JSONLines.objects(run.stdout))
    }

    static func delivered(_ lines: [[String: Any]], _ event: String) -> [[String]] {
        HostCommandTests.navigations(lines).flatMap(HostCommandTests.events).filter { $0.0 == event && $0.1 == "delivered" }.map { $0.2 }
    }

    static func seen(_ lines: [[String: Any]], _ event: String) -> Bool {
        HostCommandTests.navigations(lines).flatMap(HostCommandTests.events).contains { $0.0 == event }
    }

    /// The drained bridge entries in a recorded navlog, decoded: (event name, first argument).
    static func drainedEvents(_ navlog: String) throws -> [(String, [String: Any])] {
        let text = try String(contentsOfFile: navlog, encoding: .utf8)
        var out: [(String, [String: Any])] = []
        for record in JSONLines.objects(text) {
            for entry in record["drained"] as? [String] ?? [] {
                guard entry.hasPrefix("janrain:"), let query = entry.split(separator: "?", maxSplits: 1).last,
                      let encoded = query.split(separator: "=", maxSplits: 1).last, let json = String(encoded).removingPercentEncoding,
                      let arguments = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else { continue }
                let name = String(entry.dropFirst("janrain:".count).prefix { $0 != "?" })
                out.append((name, arguments.first as? [String: Any] ?? [:]))
            }
        }
        return out
    }

    /// Capture's native sign-in at the server, as the widget calls it: the answer's JSON.
    static func nativeSignIn(_ server: ServeProcess, _ email: String, _ password: String) throws -> [String: Any] {
        let form = "client_id=bridgedemomobileclient&redirect_uri=https%3A%2F%2Fyourdomain.com%2F&response_type=token"
            + "&signInEmailAddress=\(email.replacingOccurrences(of: "@", with: "%40"))&currentPassword=\(password)"
        return try server.request("POST", "/oauth/auth_native_traditional", form: form).1
    }

    static func latestLink(_ server: ServeProcess) throws -> String {
        let (_, message, text) = try server.request("GET", "/api/v1/message/latest")
        return try #require((message["Links"] as? [String])?.first, "\(text)")
    }

    static func took(_ flow: String, since start: Date) {
        print("SeedFlows: \(flow): \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("seedflows-\(UUID().uuidString)-\(name)").path
    }

    @Test("1. Capture sign-in on web/webViewSignIn.html: the credential reaches the rules' handler through the bridge queue, exactly once",
          arguments: ["token", "code", "code_and_token"], HostEngine.single)
    func captureSignIn(responseType: String, engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let navlog = Self.temporary("signin.navlog")
            defer { try? FileManager.default.removeItem(atPath: navlog) }
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "sentinel", "--record", navlog,
                                                      "--eval", "janrain.settings.capture.responseType = '\(responseType)'; janrain.standIn.signIn('ada@example.com')",
                                                      Self.signInPage])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.delivered(lines, "onCaptureLoginSuccess") == [["signInCompleted"]], "\(run.stdout)")
            let success = try Self.drainedEvents(navlog).filter { $0.0 == "onCaptureLoginSuccess" }
            #expect(success.count == 1)
            let result = try #require(success.first?.1)
            #expect((result["accessToken"] != nil) == (responseType != "code"), "\(result)")
            #expect((result["authorizationCode"] != nil) == (responseType != "token"), "\(result)")
            #expect((result["userData"] as? [String: Any])?["email"] as? String == "ada@example.com")
            // The credential is the emulator's: a token names the user, a code is exchanged once.
            if let token = result["accessToken"] as? String {
                let (status, entity, _) = try server.request("POST", "/entity", form: "access_token=\(token)")
                #expect(status == 200 && (entity["result"] as? [String: Any])?["email"] as? String == "ada@example.com")
            }
            if let code = result["authorizationCode"] as? String {
                let form = "grant_type=authorization_code&code=\(code)&client_id=bridgedemomobileclient&redirect_uri=https%3A%2F%2Fyourdomain.com%2FwebViewSignIn.html"
                #expect(try server.request("POST", "/oauth/token", form: form).0 == 200)
                #expect(try server.request("POST", "/oauth/token", form: form).0 == 400)
            }
            // The recording made into rules: the bridge the result came through, and they pass their attack.
            let rules = try RulesCommandTests.expectRulesPass([navlog])
            #expect((rules["schemes"] as? [[String: Any]])?.map { $0["protocol"] as? String } == ["janrain"], "\(rules)")
            Self.took("sign-in, \(responseType) (\(engine))", since: start)
        }
    }

    @Test("2. A wrong password: onCaptureLoginFailed, no credential, nothing cancelled that should load", arguments: HostEngine.single)
    func wrongPassword(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "idle",
                                                      "--eval", "janrain.standIn.signIn('ada@example.com', {password: 'not-the-password'})", Self.signInPage])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.seen(lines, "onCaptureLoginFailed"), "\(run.stdout)")
            #expect(!Self.seen(lines, "onCaptureLoginSuccess"))
            let cancelled = HostCommandTests.navigations(lines).filter { $0["decision"] as? String == "cancel" }
            #expect(cancelled.allSatisfy { $0["kind"] as? String == "bridge" }, "\(cancelled)")
            #expect(try Self.nativeSignIn(server, "ada@example.com", "not-the-password")["error"] as? String == "invalid_credentials")
            Self.took("wrong password (\(engine))", since: start)
        }
    }

    @Test("3. The legacy hand-off janrain:accessToken=… reaches legacySignInCompleted with the emulator's token", arguments: HostEngine.single)
    func legacyHandOff(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "sentinel",
                                                      "--eval", "janrain.standIn.signIn('ada@example.com', {legacy: true})", Self.signInPage])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let handOff = try #require(HostCommandTests.navigations(lines).first { ($0["url"] as? String ?? "").hasPrefix("janrain:accessToken=") }, "\(run.stdout)")
            #expect(HostCommandTests.events(handOff).map(\.2) == [["legacySignInCompleted"]])
            let token = String((handOff["url"] as? String ?? "").dropFirst("janrain:accessToken=".count))
            #expect(try server.request("POST", "/entity", form: "access_token=\(token)").0 == 200)
            Self.took("legacy hand-off (\(engine))", since: start)
        }
    }

    /// What a user types into Capture's profile_change_password iframe (cross-origin: only a frame script reaches it).
    static func typeNewPassword(_ password: String) -> String {
        """
        if (location.pathname === '/oauth/profile_change_password') {
          var form = document.getElementById('changePasswordForm');
          if (form) { form.elements.newPassword.value = '\(password)'; form.elements.newPasswordConfirm.value = '\(password)'; form.submit(); }
        }
        """
    }

    static let statusAfterASecond = "new Promise(function (done) { setTimeout(function () { done(document.getElementById('status').textContent) }, 1500) })"

    @Test("4 and 5. Seed 000's reset: forgot password, the mail, its link in the view (a reset link, not a sign-in), the exchange, profile_change_password, xd_receiver, myapp://; the link again is refused", arguments: HostEngine.single)
    func captureReset(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let site = Self.path("web/bridge-site.json")
            let (asked, askedLines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "idle",
                                                             "--eval", "janrain.standIn.forgotPassword('ada@example.com')", Self.signInPage])
            #expect(asked.status == 0 && Self.seen(askedLines, "onCaptureForgotPasswordCodeSuccess"), "\(asked.stdout)\(asked.stderr)")
            let link = try Self.latestLink(server)
            #expect(link.hasPrefix("https://yourdomain.com/password_reset.php?code="), "\(link)")

            let shots = Self.temporary("shots")
            defer { try? FileManager.default.removeItem(atPath: shots) }
            let (reset, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "deeplink", "--site", site, "--screenshots", shots,
                                                        "--frame-script", Self.typeNewPassword("difference-engine"), link])
            #expect(reset.status == 0, "\(reset.stdout)\(reset.stderr)")
            let navigations = HostCommandTests.navigations(lines)
            // Classified as the reset link (allowed to load), not as a sign-in result.
            #expect(navigations.first?["rule"] as? String == "reset-link" && navigations.first?["decision"] as? String == "allow", "\(reset.stdout)")
            #expect(!navigations.contains { $0["rule"] as? String == "signin" })
            #expect(navigations.contains { ($0["url"] as? String ?? "").hasPrefix("https://bridge-demo.janraincapture.com/oauth/profile_change_password?token=") })
            #expect(navigations.contains { ($0["url"] as? String ?? "") == "https://yourdomain.com/xdcomm.html#callback=passwordChanged" })
            let last = try #require(navigations.last)
            #expect(last["url"] as? String == "myapp://password-changed" && last["kind"] as? String == "deeplink" && last["decision"] as? String == "cancel")
            // A screenshot after the interception and one at the end, named by sequence.
            let files = (try? FileManager.default.contentsOfDirectory(atPath: shots).sorted()) ?? []
            #expect(files.contains { $0.hasSuffix("-password-changed.png") } && files.contains { $0.hasSuffix("-end.png") }, "\(files)")
            #expect(lines.contains { $0["type"] as? String == "screenshot" })

            // Afterwards the old password fails and the new one signs in.
            #expect(try Self.nativeSignIn(server, "ada@example.com", "analytical-engine")["error"] as? String == "invalid_credentials")
            #expect(try Self.nativeSignIn(server, "ada@example.com", "difference-engine")["stat"] as? String == "ok")
            Self.took("seed 000 reset (\(engine))", since: start)

            // 5. The same link again: the second exchange is refused and the page says so.
            let again = Date()
            let (twice, twiceLines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "idle", "--site", site, "--eval", Self.statusAfterASecond, link])
            #expect(twice.status == 0, "\(twice.stdout)\(twice.stderr)")
            #expect((twiceLines.filter { $0["type"] as? String == "eval" }.compactMap { $0["result"] as? String }.first ?? "").contains("expired or was used already"), "\(twice.stdout)")
            #expect(twiceLines.contains { ($0["type"] as? String == "network" ? $0 : nil).map { $0["url"] as? String == "https://yourdomain.com/password_reset/exchange" && $0["status"] as? Int == 400 } ?? false },
                    "\(twice.stdout)")
            Self.took("reset link opened twice (\(engine))", since: again)
        }
    }

    @Test("6. Seed 002's deep-link reset: the mail's yourapp:// link intercepted with the token and the decoded e-mail; once; a link refused after 31 minutes", arguments: HostEngine.single)
    func deepLinkReset(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let rules = Self.path("Fixtures/rules/deeplink.json")
            let page = Self.path("Fixtures/flows/app-backend/forgot.html")
            let (asked, _) = try Self.host(server, engine, ["--rules", rules, "--origin", "https://yourappbackend.com", "--until", "idle",
                                                    "--eval", "document.getElementById('forgot').requestSubmit(); 'asked'", page])
            #expect(asked.status == 0, "\(asked.stdout)\(asked.stderr)")
            let link = try Self.latestLink(server)
            let (opened, lines) = try Self.host(server, engine, ["--rules", rules, "--origin", "https://yourappbackend.com", "--until", "deeplink",
                                                         "--eval", "location.href = \(String(reflecting: link)); 'opened'", page])
            #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr)")
            let deepLink = try #require(HostCommandTests.navigations(lines).last)
            #expect(deepLink["rule"] as? String == "reset-password" && deepLink["decision"] as? String == "cancel")
            let params = try #require(deepLink["params"] as? [String: String])
            #expect(params["email"] == "ada@example.com" && (params["token"] ?? "").count >= 20, "\(params)")

            let body = #"{"token":"\#(params["token"]!)","email":"ada@example.com","newPassword":"difference-engine"}"#
            #expect(try server.request("POST", "/api/reset-password", json: body).0 == 200)
            #expect(try server.request("POST", "/api/reset-password", json: body).0 == 409)
            _ = try server.request("POST", "/api/reset-password/request", json: #"{"email":"ada@example.com"}"#)
            let late = try Self.latestLink(server)
            _ = try server.request("POST", "/emulator/v1/clock", json: #"{"advance": 1860}"#)
            let lateToken = URLComponents(string: late)?.queryItems?.first { $0.name == "token" }?.value ?? ""
            let refused = try server.request("POST", "/api/reset-password", json: #"{"token":"\#(lateToken)","email":"ada@example.com","newPassword":"analytical-engine-2"}"#)
            #expect(refused.0 == 410 && refused.1["error"] as? String == "token_expired", "\(refused.2)")
            Self.took("seed 002 deep-link reset (\(engine))", since: start)
        }
    }

    @Test("7. Realm (seed 003): the confirmation and reset links intercepted in the view with token and tokenId, completed through the emulator; an expired link refused", arguments: HostEngine.single)
    func realm(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let rules = Self.path("Fixtures/rules/realm.json")
            let page = Self.path("Fixtures/flows/realm/index.html")
            let realm = "/api/client/v2.0/app/bridge-demo/auth/providers/local-userpass"

            func intercept(_ link: String, rule: String) throws -> [String: String] {
                let (run, lines) = try Self.host(server, engine, ["--rules", rules, "--origin", "https://app.example.com", "--until", "sentinel",
                                                          "--eval", "location.href = \(String(reflecting: link)); 'opened'", page])
                #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
                let hit = HostCommandTests.navigations(lines).last
                #expect(hit?["rule"] as? String == rule && hit?["decision"] as? String == "cancel", "\(run.stdout)")
                return hit?["params"] as? [String: String] ?? [:]
            }

            #expect(try server.request("POST", "\(realm)/register", json: #"{"email":"grace@example.com","password":"cobol-1959"}"#).0 == 201)
            let confirm = try intercept(try Self.latestLink(server), rule: "confirm-email")
            #expect(confirm["token"] != nil && confirm["tokenId"] != nil, "\(confirm)")
            #expect(try server.request("POST", "\(realm)/confirm", json: #"{"token":"\#(confirm["token"] ?? "")","tokenId":"\#(confirm["tokenId"] ?? "")"}"#).0 == 200)

            #expect(try server.request("POST", "\(realm)/reset/send", json: #"{"email":"grace@example.com"}"#).0 == 200)
            let reset = try intercept(try Self.latestLink(server), rule: "reset-password")
            let completion = #"{"token":"\#(reset["token"] ?? "")","tokenId":"\#(reset["tokenId"] ?? "")","password":"flow-matic-1955"}"#
            #expect(try server.request("POST", "\(realm)/reset", json: completion).0 == 200)
            #expect(try server.request("POST", "\(realm)/login", json: #"{"username":"grace@example.com","password":"flow-matic-1955"}"#).0 == 200)

            #expect(try server.request("POST", "\(realm)/reset/send", json: #"{"email":"grace@example.com"}"#).0 == 200)
            let expired = try intercept(try Self.latestLink(server), rule: "reset-password")
            _ = try server.request("POST", "/emulator/v1/clock", json: #"{"advance": 1860}"#)
            let late = try server.request("POST", "\(realm)/reset",
                                          json: #"{"token":"\#(expired["token"] ?? "")","tokenId":"\#(expired["tokenId"] ?? "")","password":"too-late-1"}"#)
            #expect(late.0 >= 400, "\(late.2)")
            Self.took("Realm confirmation and reset (\(engine))", since: start)
        }
    }

    @Test("8. Kii (seed 001): the e-mail reset link's page in the view, and the SMS PIN by API, in both password modes", arguments: ["user", "auto"], HostEngine.single)
    func kii(mode: String, engine: HostEngine) throws {
        let start = Date()
        let config = Self.temporary("kii.json")
        try #"{"kiiPasswordMode": "\#(mode)", "kiiLinkBase": "https://api.kii.com"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try ServeProcess.with(["--config", config]) { server throws in
            let kii = "/api/apps/bridge-demo"
            func login(_ password: String) throws -> Int {
                try server.request("POST", "\(kii)/oauth2/token", json: #"{"username":"ada@example.com","password":"\#(password)"}"#).0
            }
            func newPassword() throws -> String {
                // user mode: what the test typed; auto mode: what Kii generated and sent.
                let (_, message, _) = try server.request("GET", "/api/v1/message/latest")
                let text = message["Text"] as? String ?? ""
                return text.components(separatedBy: "Your new password is ").last.map { String($0.prefix { $0 != "." }) } ?? ""
            }

            #expect(try server.request("POST", "\(kii)/users/EMAIL:ada@example.com/password/request-reset", json: #"{"notificationMethod":"EMAIL"}"#).0 == 204)
            let link = try Self.latestLink(server)
            #expect(link.hasPrefix("https://api.kii.com/kii/reset?token="), "\(link)")
            let fill = mode == "user" ? "document.querySelector('[name=newPassword]').value = 'kii-by-mail-1'; " : ""
            // The run is idle only once the form's POST has started; on a loaded machine the view can take more than
            // the default second to begin it, so this run waits longer before it calls the page idle.
            let (run, _) = try Self.host(server, engine, ["--rules", Self.path("Fixtures/rules/kii.json"), "--until", "idle", "--idle", "5",
                                                  "--eval", fill + "document.getElementById('kiiResetForm').submit(); 'reset'", link])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let byMail = mode == "user" ? "kii-by-mail-1" : try newPassword()
            #expect(try login(byMail) == 200, "\(byMail)")
            #expect(try login("analytical-engine") != 200)

            #expect(try server.request("POST", "\(kii)/users/PHONE:+15555550100/password/request-reset",
                                       json: #"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#).0 == 204)
            let (_, sms, _) = try server.request("GET", "/api/v1/message/latest")
            let pin = String((sms["Text"] as? String ?? "").filter(\.isNumber).prefix(6))
            let body = mode == "user" ? #"{"pinCode":"\#(pin)","newPassword":"kii-by-pin-1"}"# : #"{"pinCode":"\#(pin)"}"#
            #expect(try server.request("POST", "\(kii)/users/PHONE:+15555550100/password/complete-reset", json: body).0 == 204)
            let byPIN = mode == "user" ? "kii-by-pin-1" : try newPassword()
            #expect(try login(byPIN) == 200, "\(byPIN)")
            #expect(try server.request("POST", "\(kii)/users/PHONE:+15555550100/password/complete-reset", json: body).0 == 403)
            Self.took("Kii, \(mode) mode (\(engine))", since: start)
        }
    }

    @Test("9. A page in the style of Janrain's public demo pages (other screen and form names, its own bridge) signs in", arguments: HostEngine.single)
    func demoStylePage(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let navlog = Self.temporary("demo.navlog")
            defer { try? FileManager.default.removeItem(atPath: navlog) }
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--origin", "https://yourdomain.com", "--until", "sentinel", "--record", navlog,
                                                      "--eval", "janrain.standIn.signIn('ada@example.com')", Self.path("Fixtures/flows/demo-style/index.html")])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.delivered(lines, "onCaptureLoginSuccess") == [["signInCompleted"]], "\(run.stdout)")
            #expect(!lines.contains { $0["type"] as? String == "script-error" }, "\(run.stdout)")
            let screens = try Self.drainedEvents(navlog).filter { $0.0 == "onCaptureScreenShow" }.map { $0.1["screen"] as? String ?? "" }
            #expect(screens.first == "welcome", "\(screens)")
            Self.took("demo-style page (\(engine))", since: start)
        }
    }

    @Test("errors in the widget and in page handlers it calls arrive with their message, file and line, not \"Script error.\"", arguments: HostEngine.single)
    func widgetErrorsAreReal(engine: HostEngine) throws {
        try ServeProcess.with { server throws in
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "idle",
                                                      "--eval", "janrain.events.onCaptureLoginStart.addHandler(function () { null.boom(); }); janrain.standIn.signIn('ada@example.com')",
                                                      Self.signInPage])
            let errors = lines.filter { $0["type"] as? String == "script-error" }.compactMap { $0["message"] as? String }
            #expect(errors.contains { $0.contains("a handler of onCaptureLoginStart") && $0.contains("null") }, "\(run.stdout)")
            #expect(!errors.contains { $0.contains("Script error.") }, "\(errors)")
        }
    }
}

extension SeedFlowsInWebKit {
    @Test("a script another origin serves, loaded by script, reports its error with message, file and line")
    func crossOriginScriptErrorsAreReal() throws {
        let run = try BridgeProcess.run(["host", "--rules", Self.capture, "--until", "idle", "--format", "json",
                                         Self.path("Fixtures/flows/cross-origin/page.html")])
        let lines = JSONLines.objects(run.stdout, type: "script-error")
        let errors = lines.compactMap { $0["message"] as? String }
        #expect(errors.contains { $0.contains("https://cdn.example.net/thrower.js:3") && $0.contains("thrown from the CDN") }, "\(run.stdout)")
        // Where, as values: the script's URL and line, in which frame.
        #expect(lines.contains { $0["code"] as? String == "page-error" && $0["url"] as? String == "https://cdn.example.net/thrower.js"
            && $0["scriptLine"] as? Int == 3 && $0["frame"] is String }, "\(run.stdout)")
        #expect(!errors.contains { $0.contains("Script error.") }, "\(errors)")
    }
}

extension SeedFlowsInWebKit {
    @Test("registration through the widget: onCaptureRegistrationSuccess reaches signInCompleted, and the new user signs in", arguments: HostEngine.single)
    func registration(engine: HostEngine) throws {
        try ServeProcess.with { server throws in
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "sentinel",
                                                      "--eval", "janrain.standIn.register({email: 'grace@example.com', password: 'flow-matic-1955', displayName: 'Grace'})",
                                                      Self.signInPage])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.delivered(lines, "onCaptureRegistrationSuccess") == [["signInCompleted"]], "\(run.stdout)")
            #expect(try Self.nativeSignIn(server, "grace@example.com", "flow-matic-1955")["stat"] as? String == "ok")
        }
    }

    @Test("createCaptureSession(token) with the emulator's token finds the session; with a made-up one it does not", arguments: HostEngine.single)
    func createCaptureSession(engine: HostEngine) throws {
        try ServeProcess.with { server throws in
            let token = try #require(try Self.nativeSignIn(server, "ada@example.com", "analytical-engine")["access_token"] as? String)
            for (given, event) in [(token, "onCaptureSessionFound"), ("made-up-token", "onCaptureSessionNotFound")] {
                let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "idle",
                                                          "--eval", "janrain.capture.ui.createCaptureSession('\(given)').then(function (found) { return found })",
                                                          Self.signInPage])
                #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
                #expect(lines.contains { $0["type"] as? String == "eval" && $0["result"] as? String == (event == "onCaptureSessionFound" ? "true" : "false") }, "\(run.stdout)")
                #expect(Self.seen(lines, event), "\(run.stdout)")
            }
        }
    }

    @Test("--provider runs the emulator in process (--provider-config sets its users); the argument after it is the page; --provider-url and --provider-config are checked")
    func inProcessProvider() throws {
        let config = Self.temporary("provider.json")
        try #"{"users": [{"email": "grace@example.com", "password": "flow-matic-1955"}]}"#.write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let run = try BridgeProcess.run(["host", "--provider", "--provider-config", config, "--rules", Self.capture, "--until", "sentinel", "--format", "json",
                                         "--eval", "janrain.standIn.signIn('grace@example.com', {password: 'flow-matic-1955'})", Self.signInPage])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Self.delivered(JSONLines.objects(run.stdout), "onCaptureLoginSuccess") == [["signInCompleted"]])
        // --provider is a flag: the URL after it is the page, with the emulator in process.
        let page = try BridgeProcess.run(["host", "--rules", Self.capture, "--site", Self.path("web/bridge-site.json"), "--provider",
                                          "https://yourdomain.com/webViewSignIn.html", "--format", "json", "--verbose"])
        #expect(page.status == 0, "\(page.stdout)\(page.stderr)")
        #expect(HostCommandTests.navigations(JSONLines.objects(page.stdout)).first?["url"] as? String == "https://yourdomain.com/webViewSignIn.html")
        let wrong = try BridgeProcess.run(["host", "--provider-url", "ftp://127.0.0.1:1", "--rules", Self.capture, Self.signInPage])
        #expect(wrong.status == 2 && wrong.stderr.hasPrefix("Error: \(CommandProblem.providerURLNotABase("ftp://127.0.0.1:1"))\n"), "\(wrong.stderr)")
        let both = try BridgeProcess.run(["host", "--provider", "--provider-url", "http://127.0.0.1:1", "--rules", Self.capture, Self.signInPage])
        #expect(both.status == 2, "\(both.stderr)")
        let valued = try BridgeProcess.run(["host", "--provider=http://127.0.0.1:1", "--rules", Self.capture, Self.signInPage])
        #expect(valued.status == 2, "\(valued.stderr)")
        let stray = try BridgeProcess.run(["host", "--provider-url", "http://127.0.0.1:1", "--provider-config", config, "--rules", Self.capture, Self.signInPage])
        #expect(stray.status == 2 && stray.stderr.hasPrefix("Error: \(CommandProblem.providerConfigWithoutProvider)\n"), "\(stray.stderr)")
    }

    @Test("a provider that does not answer: the widget's request gets a 502 saying so, and the run fails with provider-unreachable")
    func providerDown() throws {
        let run = try BridgeProcess.run(["host", "--provider-url", "http://127.0.0.1:9", "--rules", Self.capture, "--until", "idle", "--format", "json",
                                         "--eval", "janrain.standIn.signIn('ada@example.com')", Self.signInPage])
        let network = JSONLines.objects(run.stdout, type: "network")
        #expect(network.contains { $0["status"] as? Int == 502 }, "\(run.stdout)")
        // The run's reason is the provider, not the widget's TypeError that follows from it.
        #expect(run.status == 1)
        #expect(HostCommandTests.failureKinds(run).first == .providerUnreachable, "\(run.stdout)")
    }
}

extension SeedFlowsInWebKit {
    @Test("web/webViewProfile.html with the app's token: the session is found once, the profile and a new password are saved at the emulator", arguments: HostEngine.single)
    func profile(engine: HostEngine) throws {
        try ServeProcess.with { server throws in
            let token = try #require(try Self.nativeSignIn(server, "ada@example.com", "analytical-engine")["access_token"] as? String)
            let save = """
                new Promise(function (done) {
                  janrain.events.onCaptureProfileSaveSuccess.addHandler(function (result) {
                    if (result.form === 'editProfileForm') {
                      janrain.capture.ui.renderScreen('changePassword');
                      var change = document.getElementById('changePasswordForm');
                      change.elements.currentPassword.value = 'analytical-engine';
                      change.elements.newPassword.value = change.elements.newPasswordConfirm.value = 'difference-engine';
                      change.requestSubmit();
                    } else { done(result.form); }
                  });
                  (function whenShown() {  // the screen shows once the widget has found the session
                    var edit = document.getElementById('editProfileForm');
                    if (!edit) { setTimeout(whenShown, 50); return; }
                    edit.elements.displayName.value = 'Countess of Lovelace';
                    edit.requestSubmit();
                  })();
                })
                """
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--until", "idle", "--site", Self.path("web/bridge-site.json"),
                                                      "--eval", save, "https://yourdomain.com/webViewProfile.html#access_token=\(token)"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(lines.contains { $0["type"] as? String == "eval" && $0["result"] as? String == "changePasswordForm" }, "\(run.stdout)")
            let found = HostCommandTests.navigations(lines).flatMap(HostCommandTests.events).filter { $0.0 == "onCaptureSessionFound" }
            #expect(found.count == 1, "\(run.stdout)")
            let (_, users, _) = try server.request("GET", "/emulator/v1/users")
            #expect((users["users"] as? [[String: Any]])?.first?["displayName"] as? String == "Countess of Lovelace")
            #expect(try Self.nativeSignIn(server, "ada@example.com", "difference-engine")["stat"] as? String == "ok")
        }
    }
}

extension SeedFlowsInWebKit {
    static let social = path("Fixtures/rules/social.json")

    /// What a user does on the identity provider's page (another origin: only a frame script reaches it).
    static func atIdentityProvider(_ button: String) -> String {
        "if (location.pathname === '/idp/authorize') document.getElementById('\(button)').click();"
    }

    @Test("10. Seed 004's social sign-in, Engage only (web/engage-signin.html): Social Login, the identity provider's consent, the callback, and the token at the token URL, each a navigation the rules decide; the token gives the profile through auth_info", arguments: HostEngine.single)
    func engageSocialSignIn(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.social, "--origin", "https://yourdomain.com", "--until", "sentinel",
                                                      "--eval", "janrain.standIn.socialSignIn('google')", "--frame-script", Self.atIdentityProvider("allow"),
                                                      Self.path("web/engage-signin.html")])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let navigations = HostCommandTests.navigations(lines)
            let hosts = navigations.compactMap { ($0["url"] as? String).flatMap { URLComponents(string: $0)?.host } }
            #expect(hosts == ["yourdomain.com", "yourapp.rpxnow.com", "idp.example", "idp.example", "yourapp.rpxnow.com", "yourdomain.com"], "\(run.stdout)")
            let last = try #require(navigations.last)
            #expect(last["rule"] as? String == "engage-token" && last["decision"] as? String == "cancel")
            let token = try #require((last["params"] as? [String: String])?["token"])
            let (_, answer, text) = try server.request("POST", "/api/v2/auth_info", form: "apiKey=bridge-engage-api-key&token=\(token)")
            #expect(answer["stat"] as? String == "ok" && (answer["profile"] as? [String: Any])?["email"] as? String == "ada@example.com", "\(text)")
            Self.took("social sign-in, Engage only (\(engine))", since: start)
        }
    }

    @Test("11. Cancel at the identity provider: the token URL is reached with error=access_denied (the app's cancelled-sign-in rule), no token", arguments: HostEngine.single)
    func engageSocialCancel(engine: HostEngine) throws {
        try ServeProcess.with { server throws in
            // An error at the token URL is not a result, so the run goes on until the view is idle.
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.social, "--origin", "https://yourdomain.com", "--until", "idle",
                                                      "--eval", "janrain.standIn.socialSignIn('apple')", "--frame-script", Self.atIdentityProvider("cancel"),
                                                      Self.path("web/engage-signin.html")])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let last = try #require(HostCommandTests.navigations(lines).last)
            #expect(last["rule"] as? String == "engage-cancelled" && (last["params"] as? [String: String])?["error"] == "access_denied", "\(run.stdout)")
        }
    }

    @Test("12. Seed 004 with Capture (the redirect flow, a page in the demo pages' style): the social button's chain ends back on the page, whose widget hands the session to the app through the bridge", arguments: HostEngine.single)
    func captureSocialSignIn(engine: HostEngine) throws {
        let start = Date()
        try ServeProcess.with { server throws in
            let navlog = Self.temporary("social.navlog")
            defer { try? FileManager.default.removeItem(atPath: navlog) }
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.social, "--origin", "https://yourdomain.com", "--until", "sentinel", "--record", navlog,
                                                      "--eval", "janrain.standIn.socialSignIn('facebook')", "--frame-script", Self.atIdentityProvider("allow"),
                                                      Self.path("Fixtures/flows/demo-style/index.html")])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(Self.delivered(lines, "onCaptureLoginSuccess") == [["signInCompleted"]], "\(run.stdout)")
            let urls = HostCommandTests.navigations(lines).compactMap { $0["url"] as? String }
            #expect(urls.contains { $0.hasPrefix("https://demo-style.rpxnow.com/facebook/start?token_url=https%3A%2F%2Fdemo-style.janraincapture.com%2Fwidget%2Ftoken_url") }, "\(urls)")
            #expect(urls.contains { $0.hasPrefix("https://demo-style.janraincapture.com/widget/token_url?") && $0.contains("&token=") }, "\(urls)")
            let success = try #require(try Self.drainedEvents(navlog).first { $0.0 == "onCaptureLoginSuccess" }?.1)
            #expect(success["action"] as? String == "socialSignin" && (success["userData"] as? [String: Any])?["email"] as? String == "ada@example.com", "\(success)")
            let token = try #require(success["accessToken"] as? String)
            #expect(try server.request("POST", "/entity", form: "access_token=\(token)").0 == 200)
            try RulesCommandTests.expectRulesPass([navlog])
            Self.took("social sign-in, Capture redirect flow (\(engine))", since: start)
        }
    }
}

extension SeedFlowsInWebKit {
    @Test("13. A profile page in the demo pages' style (forms opened as {* name *} without #): the session the app stored is found and a new display name is saved", arguments: HostEngine.single)
    func demoStyleProfile(engine: HostEngine) throws {
        try ServeProcess.with { server throws in
            let token = try #require(try Self.nativeSignIn(server, "ada@example.com", "analytical-engine")["access_token"] as? String)
            // The app's stored session, as the widget keeps it, before the widget starts.
            let stored = "if (location.pathname === '/edit-profile.html') localStorage.setItem('janrainCaptureToken', '\(token)');"
            let save = """
                new Promise(function (done) {
                  janrain.events.onCaptureProfileSaveSuccess.addHandler(function (result) { done('saved ' + result.form); });
                  janrain.events.onCaptureProfileSaveFailed.addHandler(function (result) { done('failed ' + result.form); });
                  (function whenStarted() {
                    if (!document.querySelector('[data-standin-rendered]')) { setTimeout(whenStarted, 50); return; }
                    janrain.capture.ui.renderScreen('accountDetails');
                    var form = document.getElementById('editDetailsForm');
                    form.querySelector('[data-capture-field=displayName]').value = 'Countess of Lovelace';
                    form.requestSubmit();
                  })();
                })
                """
            let (run, lines) = try Self.host(server, engine, ["--rules", Self.capture, "--origin", "https://yourdomain.com", "--until", "idle",
                                                      "--frame-script", stored, "--eval", save, Self.path("Fixtures/flows/demo-style/edit-profile.html")])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(lines.filter { $0["type"] as? String == "eval" }.compactMap { $0["result"] as? String } == ["saved editDetailsForm"], "\(run.stdout)")
            #expect(Self.seen(lines, "onCaptureSessionFound"), "\(run.stdout)")
            let (_, entity, _) = try server.request("POST", "/entity", form: "access_token=\(token)")
            #expect((entity["result"] as? [String: Any])?["displayName"] as? String == "Countess of Lovelace")
        }
    }
}

extension SeedFlowsInWebKit {
    @Test("14. A provider's form_post result in a real view: cancelled under --platform ios; under android the app is never asked, the POST loads, and the run reports not-asked-on-android")
    func formPostPerPlatform() throws {
        let rules = Self.path("Fixtures/rules/form-post.json"), page = Self.path("Fixtures/flows/form-post/index.html")
        let iosRecord = FileManager.default.temporaryDirectory.appendingPathComponent("form-post-ios-\(UUID().uuidString).navlog").path
        defer { try? FileManager.default.removeItem(atPath: iosRecord) }
        let ios = try BridgeProcess.run(["host", "--rules", rules, "--origin", "https://yourdomain.com", "--until", "sentinel", "--format", "json",
                                         "--record", iosRecord, page])
        #expect(ios.status == 0, "\(ios.stdout)\(ios.stderr)")
        let hit = try #require(HostCommandTests.navigations(JSONLines.objects(ios.stdout)).last)
        #expect(hit["rule"] as? String == "signin-form-post" && hit["decision"] as? String == "cancel" && hit["recorded"] as? String == "cancel")
        // Made into rules, the recording gives a form_post sentinel at the redirect URI.
        let made = try RulesCommandTests.expectRulesPass([iosRecord])
        #expect((made["sentinels"] as? [[String: Any]])?.map { $0["responseMode"] as? String } == ["form_post"], "\(made)")

        // Android's rules in WebKit (--platform android), and in Chromium, where they are the default. The
        // recording names the platform, so replaying it without --platform replays it under Android's rules.
        for engine in [["--platform", "android"], ["--engine", "chromium"]] {
            let record = FileManager.default.temporaryDirectory.appendingPathComponent("form-post-\(UUID().uuidString).navlog").path
            defer { try? FileManager.default.removeItem(atPath: record) }
            let android = try BridgeProcess.run(["host", "--rules", rules, "--origin", "https://yourdomain.com", "--until", "idle", "--format", "json",
                                                 "--record", record] + engine + [page])
            #expect(android.status == 1, "\(android.stdout)\(android.stderr)")
            let replayed = try BridgeProcess.run(["replay", "--rules", rules, "--format", "json", record])
            #expect(replayed.status == 1 && JSONLines.resolvingFindings(JSONLines.objects(replayed.stdout)).contains { line in
                (line["findings"] as? [[String: Any]])?.contains { $0["code"] as? String == "not-asked-on-android" } == true
            }, "\(replayed.stdout)")
            let posted = try #require(HostCommandTests.navigations(JSONLines.objects(android.stdout)).last)
            // What the rules say, what the view did (it loaded), and why.
            #expect(posted["decision"] as? String == "cancel" && posted["recorded"] as? String == "allow", "\(engine)")
            #expect((posted["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }.contains("not-asked-on-android") == true, "\(posted)")
            // Made into rules, the recording (a POST that loaded, no authorization request asking for form_post)
            // has no result to catch: no rule claims one, and rules that intercept nothing are refused (exit 1).
            let made = try RulesCommandTests.expectRulesPass([record], status: 1)
            #expect((made["sentinels"] as? [[String: Any]])?.isEmpty == true, "\(made)")
        }
    }
}

extension SeedFlowsInWebKit {
    @Test("15. --engine both: the form_post page differs (WebKit cancels the POST, Chromium lets it load); a Capture sign-in does the same in both")
    func bothEngines() throws {
        let formPost = try BridgeProcess.run(["host", "--engine", "both", "--rules", Self.path("Fixtures/rules/form-post.json"), "--origin", "https://yourdomain.com",
                                              "--until", "idle", "--format", "json", Self.path("Fixtures/flows/form-post/index.html")])
        #expect(formPost.status == 1, "\(formPost.stdout)\(formPost.stderr)")
        let engines = try #require(JSONLines.objects(formPost.stdout, type: "engines").first, "\(formPost.stdout)")
        let difference = try #require(engines["firstDifference"] as? [String: Any])
        #expect(engines["agree"] as? Bool == false && difference["step"] as? Int == 2)
        #expect((difference["webkit"] as? [String: Any])?["decision"] as? String == "cancel" && (difference["chromium"] as? [String: Any])?["decision"] as? String == "allow")
        // Every line of either run names its engine (jq splits them with select(.engine == "chromium")), the
        // WebKit run's first; only the comparison, of both, names none.
        let lines = JSONLines.objects(formPost.stdout)
        let named = lines.filter { $0["type"] as? String != "engines" }.map { $0["engine"] as? String }
        #expect(!named.isEmpty && named.allSatisfy { $0 != nil }, "\(formPost.stdout)")
        #expect(named.compactMap { $0 }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == ["webkit", "chromium"], "\(named)")
        #expect(Set(lines.filter { $0["engine"] as? String == "chromium" }.compactMap { $0["type"] as? String }).isSuperset(of: ["navigation", "log-summary", "host-result"]))

        let record = Self.temporary("both.navlog")
        defer { for engine in HostEngineKind.allCases { try? FileManager.default.removeItem(atPath: engine.recordingPath(record)) } }
        let signIn = try BridgeProcess.run(["host", "--engine", "both", "--provider", "--rules", Self.capture, "--until", "sentinel", "--format", "json",
                                            "--record", record, "--eval", "janrain.standIn.signIn('ada@example.com')", Self.signInPage])
        #expect(signIn.status == 0, "\(signIn.stdout)\(signIn.stderr)")
        #expect(JSONLines.objects(signIn.stdout, type: "engines").first?["agree"] as? Bool == true)
        // Each engine wrote its own recording.
        #expect(FileManager.default.fileExists(atPath: HostEngineKind.webkit.recordingPath(record)) && FileManager.default.fileExists(atPath: HostEngineKind.chromium.recordingPath(record)))
    }
}

extension SeedFlowsInWebKit {
    @Test("16. Android's JavaScript interfaces (javascriptInterfaces): the page hands its result to window.AndroidBridge, and its bridge queue to window.demo, under Android's rules in each engine; the recording replays to the same calls; under iOS's rules the page takes the sentinel, and --engine both names the difference",
          arguments: HostEngine.single)
    func javascriptInterfaces(_ engine: HostEngine) throws {
        let rules = Self.path("Fixtures/rules/android-demo.json"), page = Self.path("Fixtures/flows/android-interface/index.html")
        let record = Self.temporary("interface-\(engine.rawValue).navlog")
        defer { try? FileManager.default.removeItem(atPath: record) }
        let run = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--rules", rules, "--origin", "https://yourdomain.com", "--until", "sentinel",
                                         "--format", "json", "--record", record, page])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let calls = JSONLines.objects(run.stdout, type: "call")
        #expect(calls.compactMap { $0["name"] as? String } == ["demo.bridgeCallback", "AndroidBridge.signInCompleted"])
        let delivered = calls.map { ($0["events"] as? [[String: Any]] ?? []).compactMap { $0["handlers"] as? [String] } }
        #expect(delivered == [[["trackScreen"]], [["AndroidBridge.signInCompleted"]]])
        // The token reaches the transcript masked.
        #expect(!run.stdout.contains("interface-token-1"))
        let report = try #require(JSONLines.objects(run.stdout, type: "host-result").first, "\(run.stdout)")
        #expect(report["reached"] as? Bool == true && report["firstInterceptionMs"] is Int)

        let replayed = try BridgeProcess.run(["replay", "--rules", rules, "--format", "json", record])
        #expect(replayed.status == 0, "\(replayed.stdout)")
        #expect(JSONLines.objects(replayed.stdout, type: "call").compactMap { $0["name"] as? String } == ["demo.bridgeCallback", "AndroidBridge.signInCompleted"])
        // Made into rules: Android's, with the two interfaces the page called (the queue's by Janrain's protocol).
        let made = try RulesCommandTests.expectRulesPass([record])
        #expect(made["platform"] as? String == "android")
        #expect((made["javascriptInterfaces"] as? [[String: Any]])?.map { [$0["name"] as? String, $0["protocol"] as? String] }
                == [["demo", "janrain"], ["AndroidBridge", nil]], "\(made)")

        // iOS has no such objects: the page takes the redirect URI.
        let ios = try BridgeProcess.run(["host", "--engine", engine.rawValue, "--platform", "ios", "--rules", rules, "--origin", "https://yourdomain.com",
                                         "--until", "sentinel", "--format", "json", page])
        #expect(ios.status == 0, "\(ios.stdout)\(ios.stderr)")
        #expect(JSONLines.objects(ios.stdout, type: "call").isEmpty)
        #expect(HostCommandTests.navigations(JSONLines.objects(ios.stdout)).last?["rule"] as? String == "signin")
    }

    @Test("16b. --engine both on the interface page with rules that name no platform: WebKit (iOS) takes the sentinel, Chromium (Android) calls the interface, and the first difference says so")
    func javascriptInterfacesDifferByEngine() throws {
        let rules = Self.temporary("android-demo-any-platform.json")
        defer { try? FileManager.default.removeItem(atPath: rules) }
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.path("Fixtures/rules/android-demo.json")))) as? [String: Any])
        object["platform"] = nil
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: rules))
        let run = try BridgeProcess.run(["host", "--engine", "both", "--rules", rules, "--origin", "https://yourdomain.com", "--until", "sentinel", "--format", "json",
                                         Self.path("Fixtures/flows/android-interface/index.html")])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let engines = try #require(JSONLines.objects(run.stdout, type: "engines").first, "\(run.stdout)")
        let difference = try #require(engines["firstDifference"] as? [String: Any])
        #expect((difference["webkit"] as? [String: Any])?["rule"] as? String == "signin")
        #expect((difference["chromium"] as? [String: Any])?["call"] as? String == "demo.bridgeCallback")
    }
}
