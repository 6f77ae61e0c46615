// ProviderEmulatorTests.swift: every endpoint of the emulator called directly (ServeTests drives the same
// over HTTP): Capture's native sign-in and its errors, the reset mail whose link is the redirect_uri plus a
// code, the code exchange (once, for its redirect_uri, before it expires on a moved clock), the app
// backend's deep-link reset, the Mailpit-shaped outbox, faults, reset, and bad requests answered with the
// provider's own errors.
import Foundation
import NavigationPolicy
import ProviderEmulator
import Testing

struct Emulator {
    let emulator: ProviderEmulator
    init(_ configuration: EmulatorConfiguration = .embeddedDefault) { emulator = ProviderEmulator(configuration: configuration) }

    static let redirect = "https://yourdomain.com/password_reset.php"

    func form(_ path: String, _ fields: [(String, String)]) -> EmulatorResponse {
        let body = fields.map { "\(Redactor.encodeURIComponent($0.0))=\(Redactor.encodeURIComponent($0.1))" }.joined(separator: "&")
        return emulator.handle(EmulatorRequest(method: "POST", target: path, contentType: "application/x-www-form-urlencoded", body: Array(body.utf8)))
    }
    func json(_ method: String, _ path: String, _ body: String = "") -> EmulatorResponse {
        emulator.handle(EmulatorRequest(method: method, target: path, contentType: "application/json", body: Array(body.utf8)))
    }
    func get(_ target: String) -> EmulatorResponse { json("GET", target) }

    func signIn(password: String = "analytical-engine", responseType: String = "code", client: String = "c1", redirect: String = redirect) -> EmulatorResponse {
        form("/oauth/auth_native_traditional", [("client_id", client), ("flow", "webViewSignIn"), ("flow_version", "HEAD"), ("locale", "en-US"),
                                                ("redirect_uri", redirect), ("response_type", responseType), ("form", "signInForm"),
                                                ("signInEmailAddress", "ada@example.com"), ("currentPassword", password)])
    }
    func exchange(_ code: String, redirect: String = redirect, client: String = "c1") -> EmulatorResponse {
        form("/oauth/token", [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("client_id", client)])
    }
}

func object(_ response: EmulatorResponse) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
}

@Suite("provider emulator: Capture")
struct CaptureEmulatorTests {
    @Test("sign in answers the code, the token or both, with the user", arguments: [("code", true, false), ("token", false, true), ("code_and_token", true, true)])
    func signIn(responseType: String, code: Bool, token: Bool) {
        let answer = object(Emulator().signIn(responseType: responseType))
        #expect(answer["stat"] as? String == "ok")
        #expect((answer["authorization_code"] != nil) == code && (answer["access_token"] != nil) == token)
        #expect((answer["capture_user"] as? [String: Any])?["email"] as? String == "ada@example.com")
    }

    @Test("a wrong password is Capture's invalid_credentials, in a 200, naming the form")
    func wrongPassword() {
        let response = Emulator().signIn(password: "babbage")
        let answer = object(response)
        #expect(response.status == 200 && answer["stat"] as? String == "error" && answer["error"] as? String == "invalid_credentials")
        #expect((answer["invalid_fields"] as? [String: Any])?["signInForm"] != nil)
    }

    @Test("a code is exchanged once, for its redirect_uri, before it expires")
    func exchange() {
        let e = Emulator()
        let code = object(e.signIn())["authorization_code"] as! String
        #expect(object(e.exchange(code, redirect: "https://yourdomain.com/other"))["code"] as? Int == 420)
        let first = e.exchange(code)
        #expect(first.status == 200 && object(first)["access_token"] != nil, "\(first.text)")
        let again = e.exchange(code)
        #expect(again.status == 400 && object(again)["error"] as? String == "invalid_grant" && again.text.contains("already used"))
        #expect(object(e.exchange("nonsense"))["error"] as? String == "invalid_grant")
        // Expiry on a moved clock.
        let late = object(e.signIn())["authorization_code"] as! String
        #expect(e.json("POST", "/emulator/v1/clock", #"{"advance": 601}"#).status == 200)
        let expired = e.exchange(late)
        #expect(expired.status == 400 && expired.text.contains("expired"))
        let codes = (object(e.get("/emulator/v1/codes"))["codes"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "authorization_code" }
        #expect(codes.map { $0["state"] as? String ?? "" } == ["used", "expired"])
    }

    @Test("the reset mail's link is exactly the redirect_uri with a code, and the code exchanges once (seed 000)")
    func forgotPassword() throws {
        let e = Emulator()
        let response = e.form("/oauth/forgot_password_native", [("client_id", "c1"), ("flow", "webViewSignIn"), ("form", "forgotPasswordForm"),
                                                                 ("signInEmailAddress", "ADA@example.com"), ("redirect_uri", Emulator.redirect)])
        #expect(object(response)["stat"] as? String == "ok", "\(response.text)")
        let latest = object(e.get("/api/v1/message/latest"))
        let link = try #require((latest["Links"] as? [String])?.first)
        #expect(link.hasPrefix(Emulator.redirect + "?code=") && link.count == Emulator.redirect.count + 6 + 32)
        #expect((latest["Text"] as? String)?.contains(link) == true && (latest["HTML"] as? String)?.contains("href=\"\(link)\"") == true)
        let code = String(link.dropFirst(Emulator.redirect.count + 6))
        #expect(e.exchange(code).status == 200)
        #expect(e.exchange(code).status == 400)
        let unknown = object(e.form("/oauth/forgot_password_native", [("client_id", "c1"), ("signInEmailAddress", "nobody@example.com"),
                                                                      ("redirect_uri", Emulator.redirect)]))
        #expect(unknown["error"] as? String == "invalid_form_fields")
    }

    @Test("strict clients: an unknown client and an unregistered redirect_uri are refused")
    func strictClients() throws {
        let config = try EmulatorConfiguration.parse(Data(#"{"clients":[{"id":"app","redirectURIs":["https://yourdomain.com/password_reset.php"]}]}"#.utf8))
        let e = Emulator(config)
        #expect(object(e.signIn(client: "other"))["error"] as? String == "invalid_client")
        #expect(object(e.signIn(client: "app", redirect: "https://evil.example/cb"))["code"] as? Int == 420)
        #expect(object(e.signIn(client: "app"))["stat"] as? String == "ok")
    }

    @Test("bad requests get Capture's errors, never a 5xx", arguments: [
        ("/oauth/token", "grant_type=authorization_code", 400, "missing_argument"),
        ("/oauth/token", "grant_type=password&code=x&redirect_uri=y&client_id=z", 400, "unsupported_grant_type"),
        ("/oauth/auth_native_traditional", "client_id=c&redirect_uri=r&signInEmailAddress=a&currentPassword=p&response_type=id_token", 400, "invalid_argument"),
    ])
    func badRequests(path: String, body: String, status: Int, error: String) {
        let response = ProviderEmulator().handle(EmulatorRequest(method: "POST", target: path, contentType: "application/x-www-form-urlencoded", body: Array(body.utf8)))
        #expect(response.status == status && object(response)["error"] as? String == error && object(response)["stat"] as? String == "error", "\(response.text)")
    }
}

@Suite("provider emulator: the app backend, the outbox, control")
struct BackendEmulatorTests {
    @Test("deep-link reset: the mail carries yourapp://reset-password with the token and the encoded address; the token works once, for 30 minutes")
    func deepLink() throws {
        let e = Emulator()
        #expect(e.json("POST", "/api/reset-password/request", #"{"email":"ada@example.com"}"#).status == 202)
        #expect(e.json("POST", "/api/reset-password/request", #"{"email":"nobody@example.com"}"#).status == 202)  // no enumeration
        let link = try #require((object(e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        #expect(link.hasPrefix("yourapp://reset-password?token=") && link.hasSuffix("&email=ada%40example.com"))
        let token = String(link.dropFirst("yourapp://reset-password?token=".count).prefix(40))
        #expect(e.json("POST", "/api/reset-password", #"{"token":"\#(token)","email":"ada@example.com","newPassword":"short"}"#).status == 422)
        #expect(e.json("POST", "/api/reset-password", #"{"token":"\#(token)","email":"ada@example.com","newPassword":"difference-engine"}"#).status == 200)
        #expect(e.json("POST", "/api/reset-password", #"{"token":"\#(token)","email":"ada@example.com","newPassword":"difference-engine"}"#).status == 409)
        // The old password stops working, the new one works.
        #expect(object(e.signIn())["error"] as? String == "invalid_credentials")
        #expect(object(e.signIn(password: "difference-engine"))["stat"] as? String == "ok")
        // Expiry.
        _ = e.json("POST", "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        let second = try #require((object(e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        let secondToken = String(second.dropFirst("yourapp://reset-password?token=".count).prefix(40))
        _ = e.json("POST", "/emulator/v1/clock", #"{"advance": 1801}"#)
        #expect(e.json("POST", "/api/reset-password", #"{"token":"\#(secondToken)","email":"ada@example.com","newPassword":"analytical-engine"}"#).status == 410)
    }

    @Test("the outbox lists newest first, searches by recipient and empties; messages have Mailpit's fields")
    func outbox() {
        let e = Emulator()
        _ = e.json("POST", "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        _ = e.form("/oauth/forgot_password_native", [("client_id", "c"), ("signInEmailAddress", "ada@example.com"), ("redirect_uri", Emulator.redirect)])
        let list = object(e.get("/api/v1/messages"))
        let messages = list["messages"] as? [[String: Any]] ?? []
        #expect(list["total"] as? Int == 2 && messages.count == 2)
        #expect((messages.first?["Snippet"] as? String)?.contains("Someone asked") == true)  // newest first
        #expect(((messages.first?["To"] as? [[String: Any]])?.first?["Address"] as? String) == "ada@example.com")
        for key in ["ID", "From", "To", "Subject", "Created", "Snippet"] { #expect(messages.first?[key] != nil, "\(key)") }
        #expect(object(e.get("/api/v1/search?query=to:ada%40example.com"))["total"] as? Int == 2)
        #expect(object(e.get("/api/v1/search?query=to:nobody@example.com"))["total"] as? Int == 0)
        let id = messages.last?["ID"] as? String ?? ""
        #expect(object(e.get("/api/v1/message/\(id)"))["Subject"] as? String == "Reset your password")
        #expect(e.get("/api/v1/message/msg-none").status == 404)
        #expect(e.json("DELETE", "/api/v1/messages").status == 200)
        #expect(object(e.get("/api/v1/messages"))["total"] as? Int == 0)
    }

    @Test("faults: the next N requests to a path fail with the provider's error body, then it serves again")
    func faults() {
        let e = Emulator()
        #expect(e.json("POST", "/emulator/v1/faults", #"{"path":"/oauth/token","count":2,"status":503}"#).status == 200)
        let first = e.exchange("x")
        #expect(first.status == 503 && object(first)["stat"] as? String == "error" && object(first)["error"] as? String == "injected_fault")
        #expect(e.exchange("x").status == 503)
        #expect(e.exchange("x").status == 400)  // back to normal: an unknown code
    }

    @Test("reset goes back to the configuration; the clock is set and read")
    func resetAndClock() {
        let e = Emulator()
        _ = e.json("POST", "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        #expect(object(e.json("POST", "/emulator/v1/clock", #"{"now":"2030-01-02T03:04:05Z"}"#))["now"] as? String == "2030-01-02T03:04:05.000Z")
        #expect(e.json("POST", "/emulator/v1/reset").status == 200)
        #expect(object(e.get("/api/v1/messages"))["total"] as? Int == 0)
        #expect((object(e.get("/emulator/v1/users"))["users"] as? [[String: Any]])?.first?["email"] as? String == "ada@example.com")
        #expect(e.json("POST", "/emulator/v1/clock", #"{"advance": -5}"#).status == 400)
        #expect(e.json("POST", "/emulator/v1/clock", "not json").status == 400)
    }

    @Test("unknown paths 404, wrong methods 405, bodies over the limit 413, JSON that is not JSON 400")
    func badRequests() {
        let e = Emulator()
        #expect(e.get("/nowhere").status == 404)
        #expect(e.get("/oauth/token").status == 405)
        let big = e.emulator.handle(EmulatorRequest(method: "POST", target: "/api/reset-password", body: Array(repeating: 0x41, count: 70_000)))
        #expect(big.status == 413)
        #expect(e.json("POST", "/api/reset-password", "{").status == 400)
    }

    @Test("configuration errors name the key path", arguments: [
        (#"{"users":[{"email":"a@b.c"}]}"#, "users[0].password"),
        (#"{"users":[{"email":"a@b.c","password":"p"},{"email":"A@b.c","password":"q"}]}"#, "users[1].email"),
        (#"{"codeLifetime":0}"#, "codeLifetime"),
        (#"{"deepLinkTemplate":"yourapp://x"}"#, "deepLinkTemplate"),
        (#"{"colour":"red"}"#, "colour"),
        (#"{"clients":[{"secret":"s"}]}"#, "clients[0].id"),
    ])
    func configuration(json: String, keyPath: String) {
        do {
            _ = try EmulatorConfiguration.parse(Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch let error as EmulatorConfiguration.Invalid {
            #expect(error.keyPath == keyPath, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
