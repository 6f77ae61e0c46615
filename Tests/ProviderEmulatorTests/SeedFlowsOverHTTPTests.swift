// SeedFlowsOverHTTPTests.swift: the seed flows of SeedFlowsTests without a web view, so `swift test` alone
// covers them: the emulator answers what the widget stand-in and the pages ask (the same endpoints, the
// same fields), the engine decides the URLs the view would see, and the event router takes the bridge
// queue entries the page would queue. With WebKit, SeedFlowsTests runs the same flows in a real view.
import ProviderSettings
import TestSupport
import BrowserURL
import Foundation
import Hummingbird
import NavigationPolicy
import ProviderEmulator
import Testing

@Suite("SeedFlows over HTTP")
struct SeedFlowsOverHTTP {
    static let rules = Repository.root.appendingPathComponent("Fixtures/rules")
    static func engine(_ name: String) throws -> PolicyEngine { try PolicyEngine(rulesFile: rules.appendingPathComponent(name).path) }

    /// The queue entry bridge.js makes of an event and its argument.
    static func entry(_ event: String, _ argument: [String: Any]) throws -> String {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: [argument]), as: UTF8.self)
        return "janrain:\(event)?arguments=\(PercentEncoding.encodeComponent(json))"
    }

    static func latestLink(_ e: Emulator) async -> String { (object(await e.get("/api/v1/message/latest"))["Links"] as? [String])?.first ?? "" }

    @Test("1. Capture sign-in for token, code and code_and_token: the widget's result reaches the handler once", arguments: ["token", "code", "code_and_token"])
    func signIn(responseType: String) async throws {
        let e = Emulator()
        let answer = object(await e.signIn(responseType: responseType))
        #expect(answer["stat"] as? String == "ok")
        var result: [String: Any] = ["oneTime": false, "userData": answer["capture_user"] ?? [:]]
        if let token = answer["access_token"] { result["accessToken"] = token }
        if let code = answer["authorization_code"] { result["authorizationCode"] = code }
        #expect((result["accessToken"] != nil) == (responseType != "code") && (result["authorizationCode"] != nil) == (responseType != "token"))
        let router = EventRouter()
        var calls = 0
        router.add("onCaptureLoginSuccess") { _ in calls += 1 }
        let queue = [try Self.entry("onCaptureLoginStart", ["action": "traditionalSignin"]), try Self.entry("onCaptureLoginSuccess", result)]
        _ = router.dispatchJanrainQueue(queue)
        _ = router.dispatchJanrainQueue(queue)  // the same queue drained twice: dispatched once
        #expect(calls == 1)
        #expect(try Self.engine("capture.json").decide(NavigationRequest(url: "janrain:eventsAvailable?1")).action == .cancel)
    }

    @Test("2. A wrong password: Capture's invalid_credentials, with the form's message, and no credential")
    func wrongPassword() async {
        let answer = object(await Emulator().signIn(password: "not-the-password"))
        #expect(answer["error"] as? String == "invalid_credentials" && answer["access_token"] == nil && answer["authorization_code"] == nil)
        #expect((answer["invalid_fields"] as? [String: Any])?["signInForm"] != nil)
    }

    @Test("3. The legacy hand-off janrain:accessToken=… with the emulator's token is a bridge hand-off, and the token names the user")
    func legacy() async throws {
        let e = Emulator()
        let token = try #require(object(await e.signIn(responseType: "token"))["access_token"] as? String)
        let d = try Self.engine("capture.json").decide(NavigationRequest(url: "janrain:accessToken=" + token))
        #expect(d.action == .cancel && d.kind == .bridge)
        #expect(((object(await e.form("/entity", [("access_token", token)]))["result"] as? [String: Any])?["email"] as? String) == "ada@example.com")
    }

    @Test("4 and 5. Seed 000's reset: the link is a reset link, not a sign-in; the page's server exchanges it once; the new password works")
    func captureReset() async throws {
        let e = Emulator()
        let engine = try Self.engine("capture.json")
        #expect(await e.form("/oauth/forgot_password_native", [("client_id", "c1"), ("redirect_uri", Emulator.redirect), ("signInEmailAddress", "ada@example.com")]).status == 200)
        let link = await Self.latestLink(e)
        let d = engine.decide(NavigationRequest(url: link))
        #expect(d.rule == "reset-link" && d.action == .allow, "\(link)")
        let code = String(link.split(separator: "=").last ?? "")
        let exchange = #"{"code":"\#(code)","redirect_uri":"\#(Emulator.redirect)"}"#
        let first = await e.json(.post, "/password_reset/exchange", exchange)
        let token = try #require(object(first)["access_token"] as? String, "\(first.text)")
        #expect(await e.json(.post, "/password_reset/exchange", exchange).status == 400)  // 5: the link a second time
        let change = await e.form("/oauth/profile_change_password", [("token", token), ("callback", "passwordChanged"),
                                                               ("xd_receiver", "https://yourdomain.com/xdcomm.html"),
                                                               ("newPassword", "difference-engine"), ("newPasswordConfirm", "difference-engine")])
        #expect(change.text.contains("https://yourdomain.com/xdcomm.html#callback=passwordChanged"))
        #expect(engine.decide(NavigationRequest(url: "myapp://password-changed")).kind == .deeplink)
        #expect(object(await e.signIn())["error"] as? String == "invalid_credentials")
        #expect(object(await e.signIn(password: "difference-engine"))["stat"] as? String == "ok")
    }

    @Test("6. Seed 002's deep link: token and the decoded e-mail; once; refused after 31 minutes")
    func deepLink() async throws {
        let e = Emulator()
        #expect(await e.json(.post, "/api/reset-password/request", #"{"email":"ada@example.com"}"#).status == 202)
        let d = try Self.engine("deeplink.json").decide(NavigationRequest(url: await Self.latestLink(e)))
        guard case .deepLink(_, let parameters)? = d.interception, let token = parameters.first("token") else {
            Issue.record("not intercepted: \(d)")
            return
        }
        #expect(parameters.first("email") == "ada@example.com")
        let body = #"{"token":"\#(token)","email":"ada@example.com","newPassword":"difference-engine"}"#
        #expect(await e.json(.post, "/api/reset-password", body).status == 200)
        #expect(await e.json(.post, "/api/reset-password", body).status == 409)
        _ = await e.json(.post, "/api/reset-password/request", #"{"email":"ada@example.com"}"#)
        let late = try Self.engine("deeplink.json").decide(NavigationRequest(url: await Self.latestLink(e)))
        guard case .deepLink(_, let lateParameters)? = late.interception else { Issue.record("not intercepted"); return }
        _ = await e.json(.post, "/emulator/v1/clock", #"{"advance": 1860}"#)
        #expect(await e.json(.post, "/api/reset-password", #"{"token":"\#(lateParameters.first("token") ?? "")","email":"ada@example.com","newPassword":"x-12345678"}"#).status == 410)
    }

    @Test("7. Realm: the emulator's links are the preset's sentinels, with token and tokenId")
    func realm() async throws {
        let e = Emulator()
        let engine = try Self.engine("realm.json")
        let base = "/api/client/v2.0/app/bridge-demo/auth/providers/local-userpass"
        #expect(await e.json(.post, "\(base)/register", #"{"email":"grace@example.com","password":"cobol-1959"}"#).status == 201)
        let confirm = engine.decide(NavigationRequest(url: await Self.latestLink(e)))
        #expect(confirm.rule == "confirm-email" && confirm.action == .cancel && confirm.error == nil)
        #expect(await e.json(.post, "\(base)/reset/send", #"{"email":"grace@example.com"}"#).status == 200)
        let reset = engine.decide(NavigationRequest(url: await Self.latestLink(e)))
        #expect(reset.rule == "reset-password" && reset.parameters.first("token") != nil && reset.parameters.first("tokenId") != nil)
    }

    @Test("8. Kii: the reset link points at kiiLinkBase when it is set, and the PIN completes by API", arguments: ["user", "auto"])
    func kii(mode: String) async throws {
        var configuration = EmulatorConfiguration.embeddedDefault
        configuration.kiiPasswordMode = mode
        configuration.kiiLinkBase = "https://api.kii.com"
        let e = Emulator(configuration)
        _ = await e.json(.post, "/api/apps/bridge-demo/users/EMAIL:ada@example.com/password/request-reset", #"{"notificationMethod":"EMAIL"}"#)
        #expect(await Self.latestLink(e).hasPrefix("https://api.kii.com/kii/reset?token="))
        _ = await e.json(.post, "/api/apps/bridge-demo/users/PHONE:+15555550100/password/request-reset", #"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#)
        let pin = String((object(await e.get("/api/v1/message/latest"))["Text"] as? String ?? "").filter(\.isNumber).prefix(6))
        let body = mode == "user" ? #"{"pinCode":"\#(pin)","newPassword":"kii-by-pin-1"}"# : #"{"pinCode":"\#(pin)"}"#
        #expect(await e.json(.post, "/api/apps/bridge-demo/users/PHONE:+15555550100/password/complete-reset", body).status == 204)
    }

    @Test("9. A demo-style page's sign-in form (userInformationForm) is accepted; other jobs' forms are refused")
    func demoStyleForm() async {
        let e = Emulator()
        func signIn(form: String) async -> EmulatorResponse {
            await e.form("/oauth/auth_native_traditional", [("client_id", "c1"), ("redirect_uri", "https://yourdomain.com/index.html"), ("form", form),
                                                      ("signInEmailAddress", "ada@example.com"), ("currentPassword", "analytical-engine")])
        }
        #expect(object(await signIn(form: "userInformationForm"))["stat"] as? String == "ok")
        #expect(object(await signIn(form: "tradAuthenticateMergeForm"))["stat"] as? String == "ok")
        #expect(await signIn(form: "registrationForm").status == 400)
    }

    @Test("the widget's other calls: registration signs the new user in; /entity answers a token's user; CORS for the page's origin")
    func widgetEndpoints() async {
        let e = Emulator()
        let fields = [("client_id", "c1"), ("redirect_uri", "https://yourdomain.com/"), ("response_type", "code_and_token"), ("form", "registrationForm"),
                      ("emailAddress", "grace@example.com"), ("newPassword", "flow-matic-1955"), ("newPasswordConfirm", "flow-matic-1955"), ("displayName", "Grace")]
        let registered = object(await e.form("/oauth/register_native_traditional", fields))
        #expect(registered["stat"] as? String == "ok" && registered["access_token"] != nil && registered["authorization_code"] != nil)
        #expect(object(await e.form("/oauth/register_native_traditional", fields))["error"] as? String == "invalid_form_fields")  // in use
        let token = registered["access_token"] as? String ?? ""
        #expect(((object(await e.get("/entity?access_token=\(token)"))["result"] as? [String: Any])?["displayName"] as? String) == "Grace")
        #expect(await e.get("/entity?access_token=nope").status == 401)
        // A profile save, and a password change that needs the current password.
        #expect(object(await e.form("/entity.update", [("access_token", token), ("attributes", #"{"displayName":"Amazing Grace"}"#)]))["stat"] as? String == "ok")
        #expect(((object(await e.get("/entity?access_token=\(token)"))["result"] as? [String: Any])?["displayName"] as? String) == "Amazing Grace")
        let wrongCurrent = object(await e.form("/entity.update", [("access_token", token), ("attributes", #"{"password":"cobol-1959x"}"#), ("current_password", "nope")]))
        #expect(wrongCurrent["error"] as? String == "invalid_form_fields")
        #expect(object(await e.form("/entity.update", [("access_token", token), ("attributes", #"{"password":"cobol-1959x"}"#), ("current_password", "flow-matic-1955")]))["stat"] as? String == "ok")
        // Capture answers an API error with HTTP 200 and stat "error" (docs.janrain.com, Error Codes).
        #expect(object(await e.form("/entity.update", [("access_token", token), ("attributes", "not json")]))["code"] as? Int == 200)
        let preflight = await e.emulator.handle(EmulatorRequest(method: .options, target: "/oauth/auth_native_traditional", origin: "https://yourdomain.com"))
        #expect(preflight.status == 204 && preflight.headers["Access-Control-Allow-Origin"] == "https://yourdomain.com")
        let plain = await e.emulator.handle(EmulatorRequest(method: .get, target: "/entity?access_token=\(token)", origin: "https://yourdomain.com"))
        #expect(plain.headers["Access-Control-Allow-Origin"] == "https://yourdomain.com")
        #expect(await e.get("/entity?access_token=\(token)").headers["Access-Control-Allow-Origin"] == nil)  // no Origin, no CORS
        var without = EmulatorConfiguration.embeddedDefault
        without.standInScripts = .none
        let unserved = await Emulator(without).get("/capturewidget/load.js")  // no assets directory: said so
        #expect(unserved.status == 404 && unserved.text.contains("no assets directory"), "\(unserved.text)")
        // By default the module's own resources.
        let withAssets = Emulator(EmulatorConfiguration.embeddedDefault)
        for path in ["/capturewidget/load.js", "/load/capturewidget"] {
            let widget = await withAssets.get(path)
            #expect(widget.status == 200 && widget.text.contains("janrainCaptureWidgetOnLoad"), "\(path)")
        }
        #expect(await withAssets.get("/default/xdcomm.js").text.contains("callback"))
    }
}
