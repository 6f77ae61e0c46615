// EmulatorTrustTests.swift: the emulator is safe to run on a developer's machine: cross-origin reads only for
// loopback and configured origins; the control routes, codes and outbox refuse other pages and wrong Host
// headers (DNS rebinding); redirect URIs that would run script are refused; the dashboard sends a
// Content-Security-Policy and has no inline script; PINs and passwords cannot be tried without limit;
// Mailpit's delete deletes only the IDs given; configuration values are checked for range.
import ProviderSettings
import BrowserURL
import Foundation
import Hummingbird
import JSONText
import NavigationPolicy
import ProviderEmulator
import Testing

@Suite("provider emulator: trust")
struct EmulatorTrustTests {
    func request(_ method: HTTPRequest.Method = .get, _ target: String, host: String? = "127.0.0.1:8025", origin: String? = nil,
                 form: String? = nil, on emulator: ProviderEmulator = ProviderEmulator(stoppedAt: Date())) async -> EmulatorResponse {
        await emulator.handle(EmulatorRequest(method: method, target: target, contentType: form == nil ? "" : "application/x-www-form-urlencoded",
                                        body: Array((form ?? "").utf8), origin: origin, host: host))
    }

    @Test("a provider's answer is readable (CORS) only by loopback and configured origins, never with credentials to any origin", arguments: [
        ("http://localhost:3000", true), ("http://127.0.0.1:8080", true), ("https://yourdomain.com", true),
        ("https://evil.example", false), ("https://yourdomain.com.evil.example", false), ("null", false), ("http://[::1]:9000", true),
    ])
    func cors(origin: String, readable: Bool) async {
        let answer = await request(.post, "/oauth/token", origin: origin, form: "grant_type=authorization_code&code=x&redirect_uri=https%3A%2F%2Fa&client_id=c")
        #expect((answer.headers["Access-Control-Allow-Origin"] == origin) == readable)
        #expect((answer.headers["Access-Control-Allow-Credentials"] != nil) == readable)
        let preflight = await request(.options, "/oauth/token", origin: origin)
        #expect((preflight.headers["Access-Control-Allow-Origin"] != nil) == readable)
        // realm-web in a page logs out with DELETE and a Bearer token; the preflight allows both.
        let logout = await request(.options, "/api/client/v2.0/auth/session", origin: origin)
        let methods = Set((logout.headers["Access-Control-Allow-Methods"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let headers = Set((logout.headers["Access-Control-Allow-Headers"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        #expect((methods.isSuperset(of: ["GET", "POST", "PUT", "DELETE"]) && headers.contains("authorization")) == readable, "\(logout.headers)")
    }

    @Test("the control routes, the codes and the outbox refuse other pages; no Origin (curl, SDKs) and the dashboard's own are served",
          arguments: ["/emulator/v1/codes", "/emulator/v1/users", "/emulator/v1/clock", "/emulator/v1/outbox", "/api/v1/messages", "/api/v1/message/latest",
                     "/api/v1/message/latest/raw", "/view/latest.html", "/"])
    func controlPlane(path: String) async {
        for origin in ["https://evil.example", "http://localhost:3000", "null"] {
            let refused = await request(.get, path, origin: origin)
            #expect(refused.status == 403, "\(path) from \(origin)")
            #expect(object(refused)["error"] as? String == "cross_origin_refused")
            #expect(refused.headers["Access-Control-Allow-Origin"] == nil)
        }
        #expect(await request(.post, "/emulator/v1/reset", origin: "https://evil.example").status == 403)
        #expect(await request(.get, path).status != 403)
        #expect(await request(.get, path, origin: "http://127.0.0.1:8025").status != 403)
    }

    @Test("a Host that is not this machine's address is refused on every route (DNS rebinding)", arguments: [
        ("evil.example:8025", false), ("evil.example", false), ("127.0.0.1.nip.io:8025", false), ("", false),
        ("127.0.0.1:8025", true), ("localhost:8025", true), ("[::1]:8025", true), ("192.168.1.5:8025", true), ("10.0.2.2:8025", true),
        ("app.localhost", true),
    ])
    func host(host: String, served: Bool) async {
        for path in ["/emulator/v1/codes", "/api/v1/messages", "/oauth/token", "/"] {
            #expect((await request(.get, path, host: host).status != 403) == served, "\(path) with Host \(host)")
        }
    }

    @Test("a host name the configuration lists is served")
    func listedHost() async throws {
        let configuration = try EmulatorConfiguration.parse(Data(#"{"allowedHosts": ["devbox.local"]}"#.utf8))
        #expect(await request(.get, "/emulator/v1/clock", host: "devbox.local:8025", on: ProviderEmulator(configuration: configuration, stoppedAt: Date())).status == 200)
    }

    @Test("redirect URIs that would run script or render data are refused, as a provider refuses them", arguments: [
        "javascript:alert(document.domain)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)",
        " javascript:alert(1)", "java\tscript:alert(1)", "not a url", "https://yourdomain.com/cb#fragment",
    ])
    func scriptRedirects(redirect: String) async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        let encoded = PercentEncoding.encodeComponent(redirect)
        let forgot = await request(.post, "/oauth/forgot_password_native", form: "client_id=c&signInEmailAddress=ada%40example.com&redirect_uri=\(encoded)",
                             on: emulator)
        #expect(forgot.status == 400 && object(forgot)["error"] as? String == "invalid_argument")
        let page = await request(.get, "/oauth/signin?response_type=code&client_id=c&redirect_uri=\(encoded)", on: emulator)
        #expect(page.status == 400 && page.location == nil)
        let signedIn = await request(.post, "/oauth/signin", form: "response_type=code&client_id=c&redirect_uri=\(encoded)&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine",
                               on: emulator)
        #expect(signedIn.location == nil)
        #expect(object(await request(.get, "/api/v1/messages", on: emulator))["total"] as? Int == 0)
    }

    @Test("a redirect is sent to the serialization of the parsed redirect_uri: what a browser reads is what curl and Python read",
          arguments: ["https://yourdomain.com\\@evil.example/cb", "https://yourdomain.com/cb\r\nBcc: mallory@evil.example", "HTTPS://YOURDOMAIN.COM/./cb?x=1"])
    func redirectsAsParsed(redirect: String) async throws {
        let emulator = ProviderEmulator(stoppedAt: Date())
        let encoded = PercentEncoding.encodeComponent(redirect)
        let parsed = try #require(BrowserURL(redirect))
        // The sign-in's 302: to the parsed URL, which an RFC 3986 reader (Foundation, as curl and Python) reads
        // at the same host as the browser.
        let signedIn = await request(.post, "/oauth/signin", form: "response_type=code&client_id=c&redirect_uri=\(encoded)&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine",
                                     on: emulator)
        let location = try #require(signedIn.location, "\(signedIn.status) \(signedIn.text)")
        #expect(location.hasPrefix(parsed.href.split(separator: "#")[0] + (parsed.query == nil ? "?" : "&")))
        #expect(URL(string: location)?.host == "yourdomain.com" && !location.contains("\\") && !location.contains("\r") && !location.contains("\n"))
        // The reset mail: its link is the parsed URL too, and nothing of the request adds a line to it.
        let forgot = await request(.post, "/oauth/forgot_password_native", form: "client_id=c&signInEmailAddress=ada%40example.com&redirect_uri=\(encoded)",
                                   on: emulator)
        #expect(forgot.status == 200, "\(forgot.text)")
        let mail = object(await request(.get, "/api/v1/message/latest", on: emulator))
        let link = try #require((mail["Links"] as? [String])?.first)
        #expect(link.hasPrefix(parsed.href + (parsed.query == nil ? "?code=" : "&code=")) && URL(string: link)?.host == "yourdomain.com")
        let lines = (mail["Text"] as? String ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0 == link } && !lines.contains { $0.hasPrefix("Bcc") })
    }

    @Test("the Example IdP sends a code only to a registered redirect_uri (Social Login's callback or the app's origins)", arguments: [
        ("https://evil.example/cb", false), ("https://yourdomain.com.evil.example/cb", false), ("javascript:alert(1)", false),
        ("http://127.0.0.1:8025/example/callback", true), ("https://yourdomain.com/cb", true),
    ])
    func exampleIdPRedirects(redirect: String, accepted: Bool) async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        let query = "response_type=code&client_id=rpxnow&state=s1&provider=example&redirect_uri=" + PercentEncoding.encodeComponent(redirect)
        let page = await request(.get, "/idp/authorize?" + query, on: emulator)
        #expect((page.status == 200) == accepted && page.location == nil)
        let decided = await request(.post, "/idp/authorize", form: query + "&decision=allow&email=ada%40example.com", on: emulator)
        #expect((decided.location != nil) == accepted, "\(decided.status) \(decided.text)")
        if let location = decided.location { #expect(location.hasPrefix(redirect + "?code=")) }
    }

    @Test("the dashboard sends a Content-Security-Policy without inline script, and makes live links only of safe schemes")
    func dashboard() async {
        let page = await request(.get, "/")
        let policy = page.headers["Content-Security-Policy"] ?? ""
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
        let html = page.text
        #expect(!html.contains("<script>") && html.contains("<script src=\"/dashboard.js\"></script>"))
        let script = await request(.get, "/dashboard.js")
        #expect(script.status == 200 && script.contentType.hasPrefix("text/javascript"))
        // The script's list of schemes never made live is the engine's always-blocked set.
        let listLine = script.text.split(separator: "\n").first { $0.contains("var unsafeSchemes = ") }
        let list = listLine.flatMap { JSONValue.parse(String($0.split(separator: "=", maxSplits: 1)[1]).trimmingCharacters(in: CharacterSet(charactersIn: " ;"))) }
        #expect(list == .array(PolicyEngine.alwaysBlockedSchemes.sorted().map { .string($0 + ":") }))
        #expect(!script.text.contains("innerHTML"))
    }

    @Test("a Kii PIN stops working after five wrong ones")
    func pinAttempts() async throws {
        let emulator = ProviderEmulator(stoppedAt: Date())
        let user = "/api/apps/bridge-demo/users/EMAIL:ada%40example.com/password"
        _ = await emulator.handle(EmulatorRequest(method: .post, target: user + "/request-reset", contentType: "application/json",
                                            body: Array(#"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#.utf8)))
        let sms = object(await emulator.handle(EmulatorRequest(method: .get, target: "/api/v1/message/latest")))
        let pin = try #require((sms["Text"] as? String).map { $0.filter(\.isNumber) })
        let wrong = pin == "000000" ? "111111" : "000000"
        func complete(_ pin: String) async -> EmulatorResponse {
            await emulator.handle(EmulatorRequest(method: .post, target: user + "/complete-reset", contentType: "application/json",
                                            body: Array(#"{"pinCode":"\#(pin)","newPassword":"babbage-engine"}"#.utf8)))
        }
        for _ in 1...5 { #expect(await complete(wrong).status == 403) }
        let right = await complete(pin)
        #expect(right.status == 403 && object(right)["errorCode"] as? String == "WRONG_PIN_CODE")
    }

    @Test("ten wrong passwords lock a Capture account for fifteen minutes of the emulator's clock, right password or not")
    func passwordAttempts() async {
        let emulator = Emulator()
        for _ in 1...10 { #expect(object(await emulator.signIn(password: "wrong-password"))["code"] as? Int == 210) }
        #expect(object(await emulator.signIn())["stat"] as? String == "error")
        _ = await emulator.json(.post, "/emulator/v1/clock", #"{"advance": 901}"#)
        #expect(object(await emulator.signIn())["stat"] as? String == "ok")
    }

    @Test("Mailpit's delete removes only the IDs given, all without a body, and refuses an unknown ID")
    func deleteByIDs() async throws {
        let emulator = Emulator()
        for _ in 1...3 {
            _ = await emulator.form("/oauth/forgot_password_native", [("client_id", "c"), ("redirect_uri", Emulator.redirect), ("signInEmailAddress", "ada@example.com")])
        }
        let ids = (object(await emulator.get("/api/v1/messages"))["messages"] as? [[String: Any]] ?? []).compactMap { $0["ID"] as? String }
        #expect(ids.count == 3)
        #expect(await emulator.json(.delete, "/api/v1/messages", #"{"IDs": ["\#(ids[0])"]}"#).status == 200)
        let left = (object(await emulator.get("/api/v1/messages"))["messages"] as? [[String: Any]] ?? []).compactMap { $0["ID"] as? String }
        #expect(left == Array(ids.dropFirst()))
        #expect(await emulator.json(.delete, "/api/v1/messages", #"{"IDs": ["no-such-id"]}"#).status == 400)
        #expect(object(await emulator.get("/api/v1/messages"))["total"] as? Int == 2)
        // A body that is neither JSON nor a form deletes nothing (Mailpit would delete every message).
        let garbled = await emulator.emulator.handle(EmulatorRequest(method: .delete, target: "/api/v1/messages", contentType: "text/plain", body: Array("ids".utf8)))
        #expect(garbled.status == 400)
        #expect(object(await emulator.get("/api/v1/messages"))["total"] as? Int == 2)
        // mailpit-api-client's form of IDs.
        let form = await emulator.emulator.handle(EmulatorRequest(method: .delete, target: "/api/v1/messages", contentType: "application/x-www-form-urlencoded",
                                                                  body: Array("ids=\(ids[1])".utf8)))
        #expect(form.status == 200)
        #expect((object(await emulator.get("/api/v1/messages"))["messages"] as? [[String: Any]])?.compactMap { $0["ID"] as? String } == [ids[2]])
        #expect(await emulator.json(.delete, "/api/v1/messages").status == 200)
        #expect(object(await emulator.get("/api/v1/messages"))["total"] as? Int == 0)
    }

    @Test("configuration values out of range are errors naming the key and the problem", arguments: [
        (#"{"deepLinkTokenLifetime": 1e308}"#, "deepLinkTokenLifetime", ConfigurationProblem.secondsOutOfRange(1e308)),
        (#"{"codeLifetime": 0}"#, "codeLifetime", .secondsOutOfRange(0)),
        (#"{"idleTimeout": 40000000}"#, "idleTimeout", .secondsOutOfRange(40_000_000)),
        (#"{"maxPINAttempts": 0}"#, "maxPINAttempts", .attemptsOutOfRange),
        (#"{"maxPasswordAttempts": 2.5}"#, "maxPasswordAttempts", .attemptsOutOfRange),
        (#"{"allowedOrigins": ["*"]}"#, "allowedOrigins[0]", .notAnOrigin("*")),
        (#"{"allowedOrigins": ["https://a.example/path"]}"#, "allowedOrigins[0]", .notAnOrigin("https://a.example/path")),
        (#"{"allowedHosts": ["a.example:80"]}"#, "allowedHosts[0]", .notAHostName("a.example:80")),
    ])
    func ranges(json: String, key: String, problem: ConfigurationProblem) async {
        #expect(throws: EmulatorConfiguration.Invalid(keyPath: key, problem)) { try EmulatorConfiguration.parse(Data(json.utf8)) }
    }
}
