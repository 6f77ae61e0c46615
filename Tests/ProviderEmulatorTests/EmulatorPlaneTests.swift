// EmulatorPlaneTests.swift: the plane a request is on is the plane of the route the router matched, however
// its path is spelt: every control route, generated from the router's own groups, refuses another page in
// each spelling and method; a no-cors POST from another page changes no control state; faults reach a route
// however it is spelt; hosted pages carry their Content-Security-Policy; the URLs a provider sends codes to
// or frames must be registered; the clock and the configuration's times are range-checked.
import ProviderSettings
import BrowserURL
import Foundation
import Hummingbird
import NavigationPolicy
@testable import ProviderEmulator
import Testing

@Suite("provider emulator: planes by the router")
struct EmulatorPlaneTests {
    static let evil = "https://evil.example"

    func send(_ method: HTTPRequest.Method = .get, _ target: String, origin: String? = nil, contentType: String = "", body: String = "",
              headers: HTTPFields = [:], on emulator: ProviderEmulator) async -> EmulatorResponse {
        await emulator.handle(EmulatorRequest(method: method, target: target, contentType: contentType, body: Array(body.utf8), origin: origin,
                                              host: "127.0.0.1:8025", headers: headers))
    }

    /// A path of the route with each `{name}` filled in.
    static func concrete(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix("{") ? "x" : String($0) }.joined(separator: "/")
    }

    /// The spellings a router reads as the same path: doubled slashes at the start, inside and at the end.
    static func spellings(_ path: String) -> [String] {
        [path, "/" + path, path.replacingOccurrences(of: "/", with: "//"), path + "/"]
    }

    static let controlRoutes: [ProviderEmulator.Route] = EmulatorRouter.groups.filter { $0.plane == .control }.flatMap(\.routes)

    @Test("every control route refuses another page in every spelling of its path, and with a cross-site Sec-Fetch-Site")
    func controlRoutesRefuseOtherPages() async {
        #expect(Self.controlRoutes.count >= 10)
        let emulator = ProviderEmulator(stoppedAt: Date())
        for route in Self.controlRoutes {
            for target in Self.spellings(Self.concrete(route.path)) {
                for origin in [Self.evil, "https://yourdomain.com", "http://localhost:3000", "null"] {
                    let refused = await send(route.method, target, origin: origin, on: emulator)
                    #expect(refused.status == 403 && object(refused)["error"] as? String == "cross_origin_refused", "\(route.method) \(target) from \(origin)")
                    #expect(refused.headers["Access-Control-Allow-Origin"] == nil)
                }
                let crossSite = await send(route.method, target, headers: [.secFetchSite: "cross-site"], on: emulator)
                #expect(crossSite.status == 403, "\(route.method) \(target) cross-site")
            }
        }
        // The dashboard's own fetches and a typed address are served.
        #expect(await send(.get, "/emulator/v1/codes", origin: "http://127.0.0.1:8025", headers: [.secFetchSite: "same-origin"], on: emulator).status == 200)
        #expect(await send(.get, "//emulator/v1/codes", headers: [.secFetchSite: "none"], on: emulator).status == 200)
    }

    @Test("a no-cors text/plain POST from another page, in any spelling, neither empties the outbox nor moves the clock")
    func noCORSPostChangesNothing() async {
        let emulator = Emulator()
        _ = await emulator.form("/oauth/forgot_password_native", [("client_id", "c"), ("redirect_uri", Emulator.redirect), ("signInEmailAddress", "ada@example.com")])
        let clock = object(await emulator.get("/emulator/v1/clock"))["now"] as? String
        for prefix in ["/", "//", "///"] {
            _ = await send(.post, prefix + "emulator/v1/reset", origin: Self.evil, contentType: "text/plain", body: "{}", on: emulator.emulator)
            _ = await send(.post, prefix + "emulator//v1/clock", origin: Self.evil, contentType: "text/plain", body: #"{"advance": 86400}"#, on: emulator.emulator)
            _ = await send(.delete, prefix + "api/v1/messages", origin: Self.evil, contentType: "text/plain", on: emulator.emulator)
        }
        #expect(object(await emulator.get("/api/v1/messages"))["total"] as? Int == 1)
        #expect(object(await emulator.get("/emulator/v1/clock"))["now"] as? String != nil)
        let after = object(await emulator.get("/emulator/v1/clock"))
        #expect(after["offsetSeconds"] as? Double == 0, "\(after), before \(clock ?? "")")
    }

    @Test("the outbox read with a doubled slash from a listed origin carries no CORS header")
    func outboxNotShared() async {
        let answer = await send(.get, "//api/v1/message/latest", origin: "https://yourdomain.com", on: ProviderEmulator(stoppedAt: Date()))
        #expect(answer.status == 403 && answer.headers["Access-Control-Allow-Origin"] == nil && answer.headers["Access-Control-Allow-Credentials"] == nil)
    }

    @Test("a path no route has is a 404 in every spelling; a provider route in any spelling is served as that route", arguments: [
        "/nowhere", "//nowhere", "/emulator/v2/codes", "/emulator", "//emulator/",
    ])
    func unroutedIs404(path: String) async {
        #expect(await send(.get, path, origin: Self.evil, on: ProviderEmulator(stoppedAt: Date())).status == 404)
    }

    @Test("a provider route's preflight in any spelling is answered for a listed origin; a control route's is never")
    func preflights() async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        for target in Self.spellings("/oauth/token") {
            #expect(await send(.options, target, origin: "https://yourdomain.com", on: emulator).headers["Access-Control-Allow-Origin"] == "https://yourdomain.com")
        }
        for route in Self.controlRoutes {
            let answer = await send(.options, Self.concrete(route.path), origin: "https://yourdomain.com", on: emulator)
            #expect(answer.headers["Access-Control-Allow-Origin"] == nil && answer.headers["Access-Control-Allow-Methods"] == nil, "\(route.path)")
        }
    }

    @Test("a fault injected for a path reaches its route however the request spells it")
    func faultsBySpelling() async {
        let emulator = Emulator()
        #expect(await emulator.json(.post, "/emulator/v1/faults", #"{"path": "/oauth//token", "count": 2, "status": 503}"#).status == 200)
        #expect(await send(.post, "//oauth/token", on: emulator.emulator).status == 503)
        #expect(await send(.post, "/oauth/token/", on: emulator.emulator).status == 503)
        #expect(await emulator.exchange("nothing").status != 503)
    }

    @Test("every hosted page carries a Content-Security-Policy that runs no script", arguments: [
        "/oauth/signin?response_type=code&client_id=c&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fcb",
        "/oauth/forgot_password?client_id=c&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fcb",
        "/oauth/profile_change_password?token=t&callback=cb&xd_receiver=https%3A%2F%2Fyourdomain.com%2Fxdcomm.html",
        "/kii/reset?token=t", "/google/start?token_url=https%3A%2F%2Fyourdomain.com%2Ftoken",
    ])
    func pagesSendCSP(target: String) async {
        let page = await send(.get, target, on: ProviderEmulator(stoppedAt: Date()))
        let policy = page.headers["Content-Security-Policy"] ?? ""
        #expect(policy.contains("script-src 'none'") && policy.contains("default-src 'none'") && !policy.contains("unsafe-eval"), "\(target): \(policy)")
    }

    @Test("the change-password page frames only an xd_receiver at the app's own origin", arguments: [
        ("javascript:alert(document.domain)//", false), ("JaVaScRiPt:alert(1)", false), ("data:text/html,x", false),
        ("https://evil.test/xdcomm.html", false), ("https://yourdomain.com.evil.test/xdcomm.html", false), ("myapp://xd", false),
        ("https://yourdomain.com/xdcomm.html#x", false), ("https://yourdomain.com/xdcomm.html", true), ("http://127.0.0.1:9000/xdcomm.html", true),
    ])
    func xdReceiver(receiver: String, framed: Bool) async throws {
        let emulator = Emulator()
        let token = try #require(object(await emulator.signIn(responseType: "token"))["access_token"] as? String)
        let fields = "token=\(token)&callback=done&xd_receiver=\(PercentEncoding.encodeComponent(receiver))"
        let page = await send(.get, "/oauth/profile_change_password?" + fields, on: emulator.emulator)
        #expect((page.status == 200) == framed, "\(receiver): \(page.text)")
        let saved = await send(.post, "/oauth/profile_change_password", contentType: "application/x-www-form-urlencoded",
                               body: fields + "&newPassword=babbage-engine&newPasswordConfirm=babbage-engine", on: emulator.emulator)
        #expect(saved.text.contains("<iframe") == framed, "\(receiver)")
        #expect((object(await emulator.signIn(password: "babbage-engine"))["stat"] as? String == "ok") == framed)
    }

    @Test("the hosted sign-in sends a code only to a registered redirect URI: the app's origins by default, a client's own list exactly", arguments: [
        (nil, "http://evil.test/cb.html", false), (nil, "https://yourdomain.com.evil.test/cb", false), (nil, "myapp://cb", false),
        (nil, "https://yourdomain.com/cb", true), (nil, "http://localhost:4000/cb", true), (nil, "http://[::1]/cb", true),
        (["myapp://cb"], "myapp://cb", true), (["myapp://cb"], "myapp://cb/", false), (["myapp://cb"], "https://yourdomain.com/cb", false),
    ] as [([String]?, String, Bool)])
    func redirectRegistration(listed: [String]?, redirect: String, sent: Bool) async throws {
        var configuration = EmulatorConfiguration()
        if let listed { configuration.clients = [EmulatorConfiguration.Client(id: "c", redirectURIs: listed)] }
        let emulator = ProviderEmulator(configuration: configuration, stoppedAt: Date())
        let query = "response_type=code&client_id=c&redirect_uri=\(PercentEncoding.encodeComponent(redirect))"
        let page = await send(.get, "/oauth/signin?" + query, on: emulator)
        #expect((page.status == 200) == sent, "\(redirect): \(page.text)")
        let signedIn = await send(.post, "/oauth/signin", contentType: "application/x-www-form-urlencoded",
                                  body: query + "&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine", on: emulator)
        #expect((signedIn.location?.hasPrefix(redirect) ?? false) == sent, "\(redirect): \(signedIn.location ?? signedIn.text)")
        let native = await Emulator(configuration).signIn(client: "c", redirect: redirect)
        #expect((object(native)["stat"] as? String == "ok") == sent)
        if !sent, case .success = RegisteredURL.usable(redirect) { #expect(object(native)["error"] as? String == "redirect_uri_mismatch") }
    }

    @Test("Social Login's token URL must be at the app's own origin")
    func tokenURL() async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        #expect(await send(.get, "/google/start?token_url=https%3A%2F%2Fevil.test%2Ftoken", on: emulator).location == nil)
        #expect(await send(.get, "/google/start?token_url=https%3A%2F%2Fyourdomain.com%2Ftoken", on: emulator).location != nil)
    }

    @Test("the clock stays within a hundred years: an aeon's advance or date is refused and the clock does not move", arguments: [
        #"{"advance": 1e300}"#, #"{"advance": 4000000000}"#, #"{"now": "9999-01-01T00:00:00Z"}"#, #"{"now": "0001-01-01T00:00:00Z"}"#,
    ])
    func clockRange(body: String) async {
        let emulator = Emulator()
        let refused = await emulator.json(.post, "/emulator/v1/clock", body)
        #expect(refused.status == 400 && object(refused)["error"] as? String == "invalid_request")
        #expect(object(await emulator.get("/emulator/v1/clock"))["offsetSeconds"] as? Double == 0)
        #expect(await emulator.json(.post, "/emulator/v1/clock", #"{"advance": 3600}"#).status == 200)
    }

    @Test("a timeout or lifetime below a millisecond is refused, naming its key", arguments: ["idleTimeout", "bodyTimeout", "codeLifetime"])
    func shortestSeconds(key: String) {
        for value in [1e-12, 0.0004] {
            #expect(throws: EmulatorConfiguration.Invalid(keyPath: key, .secondsOutOfRange(value))) {
                try EmulatorConfiguration.parse(Data(#"{"\#(key)": \#(value)}"#.utf8))
            }
        }
        #expect((try? EmulatorConfiguration.parse(Data(#"{"\#(key)": 0.001}"#.utf8))) != nil)
    }
}
