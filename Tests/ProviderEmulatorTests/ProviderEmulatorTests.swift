// ProviderEmulatorTests.swift: every endpoint of the emulator called directly (ServeTests drives the same
// over HTTP): Capture's native sign-in and its errors, the reset mail whose link is the redirect_uri plus a
// code, the code exchange (once, for its redirect_uri, before it expires on a moved clock), the app
// backend's deep-link reset, the Mailpit-shaped outbox, faults, reset, and bad requests answered with the
// provider's own errors.
import ProviderSettings
import TestSupport
import BrowserURL
import Foundation
import Hummingbird
import NavigationPolicy
import ProviderEmulator
import Testing

struct Emulator {
    let emulator: ProviderEmulator
    init(_ configuration: EmulatorConfiguration = .embeddedDefault) { emulator = ProviderEmulator(configuration: configuration, stoppedAt: Date()) }

    static let redirect = "https://yourdomain.com/password_reset.php"

    func form(_ path: String, _ fields: [(String, String)]) async -> EmulatorResponse {
        let body = fields.map { "\(PercentEncoding.encodeComponent($0.0))=\(PercentEncoding.encodeComponent($0.1))" }.joined(separator: "&")
        return await emulator.handle(EmulatorRequest(method: .post, target: path, contentType: "application/x-www-form-urlencoded", body: Array(body.utf8)))
    }
    func json(_ method: HTTPRequest.Method, _ path: String, _ body: String = "") async -> EmulatorResponse {
        await emulator.handle(EmulatorRequest(method: method, target: path, contentType: "application/json", body: Array(body.utf8)))
    }
    func get(_ target: String) async -> EmulatorResponse { await json(.get, target) }

    func signIn(password: String = "analytical-engine", responseType: String = "code", client: String = "c1", redirect: String = redirect) async -> EmulatorResponse {
        await form("/oauth/auth_native_traditional", [("client_id", client), ("flow", "webViewSignIn"), ("flow_version", "HEAD"), ("locale", "en-US"),
                                                ("redirect_uri", redirect), ("response_type", responseType), ("form", "signInForm"),
                                                ("signInEmailAddress", "ada@example.com"), ("currentPassword", password)])
    }
    func exchange(_ code: String, redirect: String = redirect, client: String = "c1") async -> EmulatorResponse {
        await form("/oauth/token", [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("client_id", client)])
    }
}

func object(_ response: EmulatorResponse) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
}

@Suite("provider emulator: Capture")
struct CaptureEmulatorTests {
    @Test("sign in answers the code, the token or both, with the user", arguments: [("code", true, false), ("token", false, true), ("code_and_token", true, true)])
    func signIn(responseType: String, code: Bool, token: Bool) async {
        let answer = object(await Emulator().signIn(responseType: responseType))
        #expect(answer["stat"] as? String == "ok")
        #expect((answer["authorization_code"] != nil) == code && (answer["access_token"] != nil) == token)
        #expect((answer["capture_user"] as? [String: Any])?["email"] as? String == "ada@example.com")
    }

    @Test("sign-in refuses another job's form by name (registration, a reset, the profile), in any case; a sign-in form signs in",
          arguments: [("signInForm", true), ("userInformationForm", true), ("tradAuthenticateMergeForm", true), ("", true),
                      ("registrationForm", false), ("traditionalREGISTRATIONForm", false), ("forgotPasswordForm", false),
                      ("editProfileForm", false), ("changePasswordForm", false), ("ChangePassword", false), ("xProfile", false)])
    func otherJobsForms(form: String, signsIn: Bool) async {
        let answer = object(await Emulator().form("/oauth/auth_native_traditional", [
            ("client_id", "c1"), ("redirect_uri", Emulator.redirect), ("response_type", "code"), ("form", form),
            ("signInEmailAddress", "ada@example.com"), ("currentPassword", "analytical-engine")]))
        #expect((answer["stat"] as? String == "ok") == signsIn, "\(answer)")
        if !signsIn { #expect(answer["error"] as? String == "invalid_argument") }
    }

    @Test("JUMP for iOS's sign-in as it sends it: the .json path, refresh_secret and flow_name beside the form's fields")
    func jumpSignIn() async {
        let fields = [("client_id", "c1"), ("locale", "en-US"), ("form", "signInForm"), ("redirect_uri", "https://yourdomain.com/"),
                      ("response_type", "token"), ("refresh_secret", "a-random-refresh-secret"), ("flow_name", "standard"),
                      ("signInEmailAddress", "ada@example.com"), ("currentPassword", "analytical-engine")]
        for path in ["/oauth/auth_native_traditional", "/oauth/auth_native_traditional.json"] {
            let answer = object(await Emulator().form(path, fields))
            #expect(answer["stat"] as? String == "ok" && answer["access_token"] != nil, "\(path)")
        }
    }

    @Test("a wrong password is Capture's invalid_credentials, in a 200, naming the form")
    func wrongPassword() async {
        let response = await Emulator().signIn(password: "babbage")
        let answer = object(response)
        #expect(response.status == 200 && answer["stat"] as? String == "error" && answer["error"] as? String == "invalid_credentials")
        #expect((answer["invalid_fields"] as? [String: Any])?["signInForm"] != nil)
    }

    @Test("a code is exchanged once, for its redirect_uri, before it expires")
    func exchange() async throws {
        let e = Emulator()
        let code = try #require(object(await e.signIn())["authorization_code"] as? String)
        #expect(object(await e.exchange(code, redirect: "https://yourdomain.com/other"))["code"] as? Int == 420)
        let first = await e.exchange(code)
        #expect(first.status == 200 && object(first)["access_token"] != nil, "\(first.text)")
        let again = await e.exchange(code)
        #expect(again.status == 400 && object(again)["error"] as? String == "invalid_grant" && again.text.contains("already used"))
        #expect(object(await e.exchange("nonsense"))["error"] as? String == "invalid_grant")
        // Expiry on a moved clock.
        let late = try #require(object(await e.signIn())["authorization_code"] as? String)
        #expect(await e.json(.post, "/emulator/v1/clock", #"{"advance": 601}"#).status == 200)
        let expired = await e.exchange(late)
        #expect(expired.status == 400 && expired.text.contains("expired"))
        let codes = (object(await e.get("/emulator/v1/codes"))["codes"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "authorization_code" }
        #expect(codes.map { $0["state"] as? String ?? "" } == ["used", "expired"])
    }

    @Test("the reset mail's link is exactly the redirect_uri with a code, and the code exchanges once (seed 000)")
    func forgotPassword() async throws {
        let e = Emulator()
        let response = await e.form("/oauth/forgot_password_native", [("client_id", "c1"), ("flow", "webViewSignIn"), ("form", "forgotPasswordForm"),
                                                                 ("signInEmailAddress", "ADA@example.com"), ("redirect_uri", Emulator.redirect)])
        #expect(object(response)["stat"] as? String == "ok", "\(response.text)")
        let latest = object(await e.get("/api/v1/message/latest"))
        let link = try #require((latest["Links"] as? [String])?.first)
        #expect(link.hasPrefix(Emulator.redirect + "?code=") && link.count == Emulator.redirect.count + 6 + 32)
        #expect((latest["Text"] as? String)?.contains(link) == true && (latest["HTML"] as? String)?.contains("href=\"\(link)\"") == true)
        let code = String(link.dropFirst(Emulator.redirect.count + 6))
        #expect(await e.exchange(code).status == 200)
        #expect(await e.exchange(code).status == 400)
        let unknown = object(await e.form("/oauth/forgot_password_native", [("client_id", "c1"), ("signInEmailAddress", "nobody@example.com"),
                                                                      ("redirect_uri", Emulator.redirect)]))
        #expect(unknown["error"] as? String == "invalid_form_fields")
    }

    @Test("strict clients: an unknown client and an unregistered redirect_uri are refused")
    func strictClients() async throws {
        let config = try EmulatorConfiguration.parse(Data(#"{"clients":[{"id":"app","redirectURIs":["https://yourdomain.com/password_reset.php"]}]}"#.utf8))
        let e = Emulator(config)
        #expect(object(await e.signIn(client: "other"))["error"] as? String == "invalid_client")
        #expect(object(await e.signIn(client: "app", redirect: "https://evil.example/cb"))["code"] as? Int == 420)
        #expect(object(await e.signIn(client: "app"))["stat"] as? String == "ok")
    }

    @Test("bad requests get Capture's errors, never a 5xx", arguments: [
        ("/oauth/token", "grant_type=authorization_code", 400, "missing_argument"),
        ("/oauth/token", "grant_type=password&code=x&redirect_uri=y&client_id=z", 400, "unsupported_grant_type"),
        ("/oauth/auth_native_traditional", "client_id=c&redirect_uri=r&signInEmailAddress=a&currentPassword=p&response_type=id_token", 400, "invalid_argument"),
    ])
    func badRequests(path: String, body: String, status: Int, error: String) async {
        let response = await ProviderEmulator(stoppedAt: Date()).handle(EmulatorRequest(method: .post, target: path, contentType: "application/x-www-form-urlencoded", body: Array(body.utf8)))
        #expect(response.status == status && object(response)["error"] as? String == error && object(response)["stat"] as? String == "error", "\(response.text)")
    }
}

@Suite("provider emulator: the app backend, the outbox, control")
struct BackendEmulatorTests {
    @Test("deep-link reset: the mail carries yourapp://reset-password with the token and the encoded address; the token works once, for 30 minutes")
    func deepLink() async throws {
        let e = Emulator()
        #expect(await e.json(.post, "/api/reset-password/request", #"{"email":"ada@example.com"}"#).status == 202)
        #expect(await e.json(.post, "/api/reset-password/request", #"{"email":"nobody@example.com"}"#).status == 202)  // no enumeration
        let link = try #require((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        #expect(link.hasPrefix("yourapp://reset-password?token=") && link.hasSuffix("&email=ada%40example.com"))
        let token = String(link.dropFirst("yourapp://reset-password?token=".count).prefix(40))
        #expect(await e.json(.post, "/api/reset-password", #"{"token":"\#(token)","email":"ada@example.com","newPassword":"short"}"#).status == 422)
        #expect(await e.json(.post, "/api/reset-password", #"{"token":"\#(token)","email":"ada@example.com","newPassword":"difference-engine"}"#).status == 200)
        #expect(await e.json(.post, "/api/reset-password", #"{"token":"\#(token)","email":"ada@example.com","newPassword":"difference-engine"}"#).status == 409)
        // The old password stops working, the new one works.
        #expect(object(await e.signIn())["error"] as? String == "invalid_credentials")
        #expect(object(await e.signIn(password: "difference-engine"))["stat"] as? String == "ok")
        // Expiry.
        _ = await e.json(.post, "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        let second = try #require((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        let secondToken = String(second.dropFirst("yourapp://reset-password?token=".count).prefix(40))
        _ = await e.json(.post, "/emulator/v1/clock", #"{"advance": 1801}"#)
        #expect(await e.json(.post, "/api/reset-password", #"{"token":"\#(secondToken)","email":"ada@example.com","newPassword":"analytical-engine"}"#).status == 410)
    }

    @Test("the outbox lists newest first, searches by recipient and empties; messages have Mailpit's fields")
    func outbox() async {
        let e = Emulator()
        _ = await e.json(.post, "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        _ = await e.form("/oauth/forgot_password_native", [("client_id", "c"), ("signInEmailAddress", "ada@example.com"), ("redirect_uri", Emulator.redirect)])
        let list = object(await e.get("/api/v1/messages"))
        let messages = list["messages"] as? [[String: Any]] ?? []
        #expect(list["total"] as? Int == 2 && messages.count == 2)
        #expect((messages.first?["Snippet"] as? String)?.contains("Someone asked") == true)  // newest first
        #expect(((messages.first?["To"] as? [[String: Any]])?.first?["Address"] as? String) == "ada@example.com")
        for key in ["ID", "From", "To", "Subject", "Created", "Snippet"] { #expect(messages.first?[key] != nil, "\(key)") }
        #expect(object(await e.get("/api/v1/search?query=to:ada%40example.com"))["messages_count"] as? Int == 2)
        #expect(object(await e.get("/api/v1/search?query=to:nobody@example.com"))["messages_count"] as? Int == 0)
        let id = messages.last?["ID"] as? String ?? ""
        #expect(object(await e.get("/api/v1/message/\(id)"))["Subject"] as? String == "Reset your password")
        #expect(await e.get("/api/v1/message/msg-none").status == 404)
        #expect(await e.json(.delete, "/api/v1/messages").status == 200)
        #expect(object(await e.get("/api/v1/messages"))["total"] as? Int == 0)
    }

    @Test("faults: the next N requests to a path fail with the provider's error body, then it serves again")
    func faults() async {
        let e = Emulator()
        #expect(await e.json(.post, "/emulator/v1/faults", #"{"path":"/oauth/token","count":2,"status":503}"#).status == 200)
        let first = await e.exchange("x")
        #expect(first.status == 503 && object(first)["stat"] as? String == "error" && object(first)["error"] as? String == "injected_fault")
        #expect(await e.exchange("x").status == 503)
        #expect(await e.exchange("x").status == 400)  // back to normal: an unknown code
    }

    @Test("reset goes back to the configuration; the clock is set and read")
    func resetAndClock() async {
        let e = Emulator()
        _ = await e.json(.post, "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        #expect(object(await e.json(.post, "/emulator/v1/clock", #"{"now":"2030-01-02T03:04:05Z"}"#))["now"] as? String == "2030-01-02T03:04:05.000Z")
        #expect(await e.json(.post, "/emulator/v1/reset").status == 200)
        #expect(object(await e.get("/api/v1/messages"))["total"] as? Int == 0)
        #expect((object(await e.get("/emulator/v1/users"))["users"] as? [[String: Any]])?.first?["email"] as? String == "ada@example.com")
        #expect(await e.json(.post, "/emulator/v1/clock", #"{"advance": -5}"#).status == 400)
        #expect(await e.json(.post, "/emulator/v1/clock", "not json").status == 400)
    }

    @Test("unknown paths 404, wrong methods 405, bodies over the limit 413, JSON that is not JSON 400")
    func badRequests() async {
        let e = Emulator()
        #expect(await e.get("/nowhere").status == 404)
        let wrongMethod = await e.get("/oauth/token")
        #expect(wrongMethod.status == 405 && wrongMethod.headers["Allow"] == "POST, OPTIONS")
        let big = await e.emulator.handle(EmulatorRequest(method: .post, target: "/api/reset-password", body: Array(repeating: 0x41, count: 70_000)))
        #expect(big.status == 413)
        #expect(await e.json(.post, "/api/reset-password", "{").status == 400)
    }

    @Test("configuration errors name the key path and the problem", arguments: [
        (#"{"users":[{"email":"a@b.c"}]}"#, "users[0].password", ConfigurationProblem.json(.missing)),
        (#"{"users":[{"email":"a@b.c","password":"p"},{"email":"A@b.c","password":"q"}]}"#, "users[1].email", .repeatedUser("a@b.c")),
        (#"{"codeLifetime":0}"#, "codeLifetime", .secondsOutOfRange(0)),
        (#"{"deepLinkTemplate":"yourapp://x"}"#, "deepLinkTemplate", .templateLacks(["{token}"])),
        (#"{"realmResetTemplate":"yourapp://x?token={token}"}"#, "realmResetTemplate", .templateLacks(["{token}", "{tokenId}"])),
        (#"{"kiiPasswordMode":"none"}"#, "kiiPasswordMode", .notOneOf(["user", "auto"])),
        (#"{"colour":"red"}"#, "colour", .json(.unknownKey(suggestion: nil, known: Self.configurationKeys))),
        (#"{"codeLifetme":60}"#, "codeLifetme", .json(.unknownKey(suggestion: "codeLifetime", known: Self.configurationKeys))),
        (#"{"users":[{"email":"a@b.c","password":"p","password":"q"}]}"#, "users[0].password", .json(.repeatedKey)),
        (#"{"clients":[{"secret":"s"}]}"#, "clients[0].id", .json(.missing)),
        (#"{"maxBodyBytes":0}"#, "maxBodyBytes", .bodyLimitOutOfRange(0)),
        (#"{"maxBodyBytes":2048.5}"#, "maxBodyBytes", .bodyLimitOutOfRange(2048.5)),
        (#"{"users":"ada"}"#, "users", .json(.wrongType(.array, found: .string))),
        (#"{"users":["ada"]}"#, "users[0]", .json(.wrongType(.object, found: .string))),
        (#"{"clients":[{"id":"a","redirectURIs":[1]}]}"#, "clients[0].redirectURIs[0]", .json(.wrongType(.string, found: .number))),
        (#"{"strictClients":"yes"}"#, "strictClients", .json(.wrongType(.boolean, found: .string))),
        (#"{"description":7}"#, "description", .json(.wrongType(.string, found: .number))),
        (#"{"maxBodyBytes":1e300}"#, "maxBodyBytes", .bodyLimitOutOfRange(1e300)),
        (#"{"appName":"a",}"#, "", .json(.syntax(.expectedKey(found: UInt8(ascii: "}")), line: 1, column: 16))),
        ("[1]", "", .json(.notAnObject(.array))),
    ])
    func configuration(json: String, keyPath: String, problem: ConfigurationProblem) async {
        do throws(EmulatorConfiguration.Invalid) {
            _ = try EmulatorConfiguration.parse(Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error == EmulatorConfiguration.Invalid(keyPath: keyPath, problem), "\(error)")
        }
    }

    /// Every key a configuration may have, as the unknown-key problem lists them.
    static let configurationKeys = EmulatorConfiguration.Key.allCases.map(\.rawValue)

    @Test("a configuration that is not JSON says where it stops and why, as a rules file does")
    func notJSON() {
        do throws(EmulatorConfiguration.Invalid) {
            _ = try EmulatorConfiguration.parse(Data("{\n  \"appName\": }".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error == EmulatorConfiguration.Invalid(keyPath: "", .json(.syntax(.unexpectedCharacter(UInt8(ascii: "}")), line: 2, column: 14))))
        }
    }
}

@Suite("provider emulator: Capture's pages")
struct CapturePageTests {
    static let signIn = "/oauth/signin?response_type=code_and_token&client_id=app&state=s%201&redirect_uri=" + PercentEncoding.encodeComponent(Emulator.redirect)

    @Test("the sign-in page has the form and a forgot-password link; signing in redirects to redirect_uri with code, token and state")
    func signIn() async throws {
        let e = Emulator()
        let page = await e.get(Self.signIn)
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        #expect(page.text.contains("name=\"signInEmailAddress\"") && page.text.contains("id=\"forgotPassword\"") && page.text.contains("value=\"s 1\""))
        let wrong = await e.form("/oauth/signin", [("response_type", "code"), ("client_id", "app"), ("redirect_uri", Emulator.redirect),
                                             ("signInEmailAddress", "ada@example.com"), ("currentPassword", "babbage")])
        #expect(wrong.status == 200 && wrong.text.contains("Incorrect username or password"))
        let ok = await e.form("/oauth/signin", [("response_type", "code_and_token"), ("client_id", "app"), ("redirect_uri", Emulator.redirect), ("state", "s 1"),
                                          ("signInEmailAddress", "ada@example.com"), ("currentPassword", "analytical-engine")])
        let location = try #require(ok.location)
        #expect(ok.status == 302 && location.hasPrefix(Emulator.redirect + "?code=") && location.contains("&access_token=") && location.hasSuffix("&state=s%201"))
        let code = String(location.dropFirst(Emulator.redirect.count + 6).prefix(32))
        #expect(await e.exchange(code, client: "app").status == 200)
    }

    @Test("missing or bad authorization parameters are an error page, not a crash", arguments: [
        "/oauth/signin", "/oauth/signin?response_type=id_token&client_id=a&redirect_uri=x", "/oauth/signin?response_type=code&client_id=a",
    ])
    func badSignIn(target: String) async {
        let response = await Emulator().get(target)
        #expect(response.status == 400 && response.text.contains("class=\"error\""))
    }

    @Test("the forgot-password page mails the reset link")
    func forgotPage() async throws {
        let e = Emulator()
        #expect(await e.get("/oauth/forgot_password?client_id=app&redirect_uri=" + PercentEncoding.encodeComponent(Emulator.redirect)).text.contains("forgotPasswordForm"))
        let sent = await e.form("/oauth/forgot_password", [("client_id", "app"), ("redirect_uri", Emulator.redirect), ("signInEmailAddress", "ada@example.com")])
        #expect(sent.text.contains("Check your mail"))
        let link = try #require((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        #expect(link.hasPrefix(Emulator.redirect + "?code="))
    }

    @Test("profile_change_password: the form for a valid token; saving changes the password and loads the receiver with the callback")
    func changePassword() async throws {
        let e = Emulator()
        let token = try #require(object(await e.signIn(responseType: "token"))["access_token"] as? String)
        #expect(await e.get("/oauth/profile_change_password?token=nope&callback=cb&xd_receiver=https%3A%2F%2Fyourdomain.com%2Fxdcomm.html").status == 401)
        #expect(await e.get("/oauth/profile_change_password?token=\(token)&callback=cb").status == 400)
        let form = await e.get("/oauth/profile_change_password?token=\(token)&callback=passwordChanged&xd_receiver=https%3A%2F%2Fyourdomain.com%2Fxdcomm.html")
        #expect(form.status == 200 && form.text.contains("changePasswordForm"))
        let fields = [("token", token), ("callback", "passwordChanged"), ("xd_receiver", "https://yourdomain.com/xdcomm.html")]
        #expect(await e.form("/oauth/profile_change_password", fields + [("newPassword", "difference-engine"), ("newPasswordConfirm", "different")]).text.contains("do not match"))
        let saved = await e.form("/oauth/profile_change_password", fields + [("newPassword", "difference-engine"), ("newPasswordConfirm", "difference-engine")])
        #expect(saved.text.contains("src=\"https://yourdomain.com/xdcomm.html#callback=passwordChanged\""), "\(saved.text)")
        #expect(object(await e.signIn())["error"] as? String == "invalid_credentials")
        #expect(object(await e.signIn(password: "difference-engine"))["stat"] as? String == "ok")
    }
}

@Suite("provider emulator: Realm and Kii")
struct RealmKiiEmulatorTests {
    static let realm = "/api/client/v2.0/app/bridge-demo/auth/providers/local-userpass"

    static func pair(_ link: String) -> (String, String) {
        let query = link.split(separator: "?").last.map(String.init) ?? ""
        var fields: [String: String] = [:]
        for part in query.split(separator: "&") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        return (fields["token"] ?? "", fields["tokenId"] ?? "")
    }

    @Test("Realm: register mails a confirmation link with token and tokenId; login waits for it; the link works once")
    func register() async throws {
        let e = Emulator()
        #expect(await e.json(.post, "\(Self.realm)/register", #"{"email":"grace@example.com","password":"cobol-1959"}"#).status == 201)
        #expect(await e.json(.post, "\(Self.realm)/register", #"{"email":"grace@example.com","password":"cobol-1959"}"#).status == 409)
        #expect(object(await e.json(.post, "\(Self.realm)/login", #"{"username":"grace@example.com","password":"cobol-1959"}"#))["error"] as? String == "confirmation required")
        let link = try #require((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        #expect(link.hasPrefix("https://app.example.com/confirmEmail?token="))
        let (token, tokenID) = Self.pair(link)
        #expect(await e.json(.post, "\(Self.realm)/confirm", #"{"token":"\#(token)","tokenId":"wrong"}"#).status == 400)
        #expect(await e.json(.post, "\(Self.realm)/confirm", #"{"token":"\#(token)","tokenId":"\#(tokenID)"}"#).status == 200)
        #expect(await e.json(.post, "\(Self.realm)/confirm", #"{"token":"\#(token)","tokenId":"\#(tokenID)"}"#).status == 400)
        #expect(object(await e.json(.post, "\(Self.realm)/login", #"{"username":"grace@example.com","password":"cobol-1959"}"#))["access_token"] != nil)
        #expect(await e.json(.post, "/api/client/v2.0/app/other/auth/providers/local-userpass/login", #"{"username":"a","password":"b"}"#).status == 404)
    }

    @Test("Realm: the reset link (https://app.example.com/resetPassword?token&tokenId) works once, for 30 minutes")
    func reset() async throws {
        let e = Emulator()
        #expect(await e.json(.post, "\(Self.realm)/reset/send", #"{"email":"ada@example.com"}"#).status == 200)
        #expect(await e.json(.post, "\(Self.realm)/reset/send", #"{"email":"nobody@example.com"}"#).status == 404)
        let link = try #require((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        #expect(link.hasPrefix("https://app.example.com/resetPassword?token=") && link.contains("&tokenId="))
        let (token, tokenID) = Self.pair(link)
        #expect(await e.json(.post, "\(Self.realm)/reset", #"{"token":"\#(token)","tokenId":"\#(tokenID)","password":"difference-engine"}"#).status == 200)
        #expect(await e.json(.post, "\(Self.realm)/login", #"{"username":"ada@example.com","password":"difference-engine"}"#).status == 200)
        _ = await e.json(.post, "\(Self.realm)/reset/send", #"{"email":"ada@example.com"}"#)
        let (late, lateID) = Self.pair((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first ?? "")
        _ = await e.json(.post, "/emulator/v1/clock", #"{"advance": 1801}"#)
        let expired = await e.json(.post, "\(Self.realm)/reset", #"{"token":"\#(late)","tokenId":"\#(lateID)","password":"analytical-engine"}"#)
        #expect(expired.status == 400 && expired.text.contains("expired"))
    }

    @Test("Realm: the reset function's outcome is the configuration's", arguments: [("success", 200), ("pending", 202), ("fail", 400)])
    func resetFunction(outcome: String, status: Int) async throws {
        let e = Emulator(try EmulatorConfiguration.parse(Data(#"{"realmResetFunction":"\#(outcome)"}"#.utf8)))
        #expect(await e.json(.post, "\(Self.realm)/reset/call", #"{"email":"ada@example.com","password":"new-password","arguments":[]}"#).status == status)
    }

    static let kii = "/api/apps/bridge-demo/users"

    @Test("Kii: an SMS PIN completes the reset; a wrong PIN is 403, an expired one 410, an unverified user 409, an unknown one 404")
    func smsPIN() async throws {
        let e = Emulator()
        #expect(await e.json(.post, "\(Self.kii)/PHONE:+15555550100/password/request-reset", #"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#).status == 204)
        let sms = object(await e.get("/api/v1/message/latest"))
        #expect(((sms["To"] as? [[String: Any]])?.first?["Address"] as? String) == "+15555550100")
        let text = sms["Text"] as? String ?? ""
        let pin = String(text.filter(\.isNumber).prefix(6))
        #expect(pin.count == 6)
        let wrongPIN = pin == "000000" ? "000001" : "000000"
        #expect(await e.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/complete-reset", #"{"pinCode":"\#(wrongPIN)","newPassword":"newpass1"}"#).status == 403)
        #expect(await e.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/complete-reset", #"{"pinCode":"\#(pin)"}"#).status == 400)
        #expect(await e.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/complete-reset", #"{"pinCode":"\#(pin)","newPassword":"newpass1"}"#).status == 204)
        #expect(object(await e.json(.post, "/api/apps/bridge-demo/oauth2/token", #"{"username":"ada@example.com","password":"newpass1"}"#))["access_token"] != nil)
        _ = await e.json(.post, "\(Self.kii)/PHONE:+15555550100/password/request-reset", #"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#)
        let late = String((object(await e.get("/api/v1/message/latest"))["Text"] as? String ?? "").filter(\.isNumber).prefix(6))
        _ = await e.json(.post, "/emulator/v1/clock", #"{"advance": 901}"#)
        #expect(await e.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/complete-reset", #"{"pinCode":"\#(late)","newPassword":"newpass2"}"#).status == 410)
        #expect(await e.json(.post, "\(Self.kii)/EMAIL:nobody@example.com/password/request-reset", "{}").status == 404)
        let notJSON = await e.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/request-reset", "notificationMethod=SMS")
        #expect(notJSON.status == 400 && object(notJSON)["errorCode"] as? String == "INVALID_INPUT_DATA")
        let unverified = Emulator(try EmulatorConfiguration.parse(Data(#"{"users":[{"email":"u@example.com","password":"pw","verified":false}]}"#.utf8)))
        #expect(await unverified.json(.post, "\(Self.kii)/EMAIL:u@example.com/password/request-reset", "{}").status == 409)
    }

    @Test("Kii: by e-mail the link opens the emulator's reset page; in auto mode the new password is generated and sent")
    func emailLink() async throws {
        let e = Emulator()
        await e.emulator.setBaseURL("http://127.0.0.1:9")
        #expect(await e.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/request-reset", #"{"notificationMethod":"EMAIL"}"#).status == 204)
        let link = try #require((object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first)
        #expect(link.hasPrefix("http://127.0.0.1:9/kii/reset?token="))
        let target = String(link.dropFirst("http://127.0.0.1:9".count))
        #expect(await e.get(target).text.contains("kiiResetForm"))
        let token = String(target.dropFirst("/kii/reset?token=".count))
        #expect(await e.form("/kii/reset", [("token", token), ("newPassword", "newpass1")]).text.contains("Your password was changed"))
        #expect(await e.form("/kii/reset", [("token", token), ("newPassword", "newpass1")]).status == 400)
        let auto = Emulator(try EmulatorConfiguration.parse(Data(#"{"kiiPasswordMode":"auto"}"#.utf8)))
        _ = await auto.json(.post, "\(Self.kii)/PHONE:+15555550100/password/request-reset", #"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#)
        let pin = String((object(await auto.get("/api/v1/message/latest"))["Text"] as? String ?? "").filter(\.isNumber).prefix(6))
        #expect(await auto.json(.post, "\(Self.kii)/EMAIL:ada@example.com/password/complete-reset", #"{"pinCode":"\#(pin)"}"#).status == 204)
        let sent = object(await auto.get("/api/v1/message/latest"))["Text"] as? String ?? ""
        let generated = try #require(sent.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(object(await auto.json(.post, "/api/apps/bridge-demo/oauth2/token", #"{"username":"ada@example.com","password":"\#(generated)"}"#))["access_token"] != nil)
    }
}

@Suite("provider emulator: the widget's scripts and the dashboard")
struct AssetTests {
    static let standIn = Repository.root.appendingPathComponent("Sources/ProviderEmulator/StandIn").path

    @Test("the default configuration serves the scripts the module carries as resources, the same files as the repository's")
    func bundled() async throws {
        let directory = try #require(ProviderEmulator.standInDirectory(EmulatorConfiguration()))
        for file in ["janrain-widget.js", "xdcomm.js"] {
            let bundled = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(file))
            #expect(bundled != nil && bundled == FileManager.default.contents(atPath: (Self.standIn as NSString).appendingPathComponent(file)), "\(file)")
        }
    }

    @Test("any …/load.js is the widget stand-in and any …/xdcomm.js its receiver, from the assets directory")
    func assets() async {
        var config = EmulatorConfiguration()
        config.standInScripts = .directory(Self.standIn)
        let e = Emulator(config)
        let widget = await e.get("/bridge-demo/load.js")
        #expect(widget.status == 200 && widget.contentType.hasPrefix("text/javascript") && widget.text.contains("janrain"))
        #expect(await e.get("/default/xdcomm.js").status == 200)
        var without = EmulatorConfiguration()
        without.standInScripts = .none
        #expect(await Emulator(without).get("/bridge-demo/load.js").status == 404)  // no assets directory: not served
    }

    @Test("the dashboard has a start control for every provider's flow and reads the emulator's own routes")
    func dashboard() async {
        let page = await Emulator().get("/")
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        for id in ["start-capture-signin", "start-capture-reset", "start-deeplink", "start-realm-reset", "start-kii-pin", "outbox", "codes", "users", "log", "advance"] {
            #expect(page.text.contains("id=\"\(id)\""), "\(id)")
        }
    }
}

@Suite("provider emulator: the request log")
struct RequestLogTests {
    @Test("events after a sequence number, masked; a client that fell behind the kept log is told how many it missed")
    func events() async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        await emulator.logRequest(method: "GET", target: "/oauth/token?code=secretsecretsecret", status: 405)
        let first = await emulator.events(after: 0)
        #expect(first.last == 1 && first.text.contains("id: 1\n") && first.text.contains("code=secr…(18)") && !first.text.contains("dropped"))
        for _ in 0..<1_100 { await emulator.logRequest(method: "GET", target: "/", status: 200) }
        let behind = await emulator.events(after: 1)
        #expect(behind.text.hasPrefix("event: dropped\ndata: {\"dropped\":"), "\(behind.text.prefix(80))")
        #expect(behind.last == 1_101)
    }
}
