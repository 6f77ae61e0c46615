// SocialSignInTests.swift: seed 004's social sign-in through the emulator's router, hop by hop as a web view
// makes them: Social Login's start, the identity provider's consent (allow and cancel), Social Login's
// callback, the token at the token URL, then auth_info (the site's server) or Capture's two doors
// (/oauth/auth_native for the API and JUMP, /widget/token_url for the widget's redirect flow). Asserted as
// values: statuses, where each redirect goes and with which parameters, the providers' error codes.
import ProviderSettings
import BrowserURL
import Foundation
import Hummingbird
import NavigationPolicy
import ProviderDirectory
@testable import ProviderEmulator
import Testing

@Suite("Social sign-in (seed 004)")
struct SocialSignInTests {
    static let tokenURL = "https://yourdomain.com/engage/token"
    static let engageHost: HTTPFields = [.forwardedHost: "yourapp.rpxnow.com", .forwardedProto: "https"]

    /// A redirect's target and its query, decoded.
    struct Hop {
        let base: String
        let query: [String: String]
        init(_ response: EmulatorResponse) {
            let location = response.location ?? ""
            var query: [String: String] = [:]
            if case .success(let url) = BrowserURL.parse(location) {
                for pair in url.queryParameters { query[pair.name] = pair.value }
                base = url.origin + url.pathname
            } else {
                base = ""
            }
            self.query = query
        }
    }

    static func get(_ emulator: ProviderEmulator, _ target: String, headers: HTTPFields = [:]) async -> EmulatorResponse {
        await emulator.handle(EmulatorRequest(method: .get, target: target, headers: headers))
    }

    static func post(_ emulator: ProviderEmulator, _ path: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async -> EmulatorResponse {
        let body = fields.map { "\(PercentEncoding.encodeComponent($0.0))=\(PercentEncoding.encodeComponent($0.1))" }.joined(separator: "&")
        return await emulator.handle(EmulatorRequest(method: .post, target: path, contentType: "application/x-www-form-urlencoded",
                                                     body: Array(body.utf8), headers: headers))
    }

    /// Start to token URL, as a view behind `bridge host` makes the hops: the answer at the token URL.
    static func signIn(_ emulator: ProviderEmulator, provider: String = "google", decision: String = "allow",
                       email: String = "ada@example.com", tokenURL: String = tokenURL) async -> Hop {
        let start = await get(emulator, "/\(provider)/start?token_url=\(PercentEncoding.encodeComponent(tokenURL))&language_preference=en",
                              headers: engageHost)
        let idp = Hop(start)
        let consent = await post(emulator, ExampleIdPRoutes.authorizePath,
                                 ExampleIdPRoutes.carried.compactMap { name in idp.query[name].map { (name, $0) } } + [("email", email), ("decision", decision)],
                                 headers: [.forwardedHost: ProviderDirectory.exampleIdPHost])
        let back = Hop(consent)
        let target = "/\(provider)/callback?" + back.query.map { "\($0.key)=\(PercentEncoding.encodeComponent($0.value))" }.joined(separator: "&")
        return Hop(await get(emulator, target, headers: engageHost))
    }

    @Test("a forwarder's request in plain values (bridge host's in-process provider) is read as the server reads it: the method by name, the page's host from X-Forwarded-Host, a field name that cannot be one left out")
    func plainValues() async {
        let emulator = Emulator().emulator
        let request = EmulatorRequest(method: "GET", target: "/google/start?token_url=\(PercentEncoding.encodeComponent(Self.tokenURL))", contentType: "",
                                      body: [], origin: nil, host: "127.0.0.1:8080",
                                      fields: [("X-Forwarded-Host", "yourapp.rpxnow.com"), ("X-Forwarded-Proto", "https"), ("Bad Name", "x")])
        #expect(request.method == .get && request.headers.count == 2)
        let start = await emulator.handle(request)
        #expect(start.status == 302)
        #expect(Hop(start).query["redirect_uri"] == "https://yourapp.rpxnow.com/google/callback")
        #expect(EmulatorRequest(method: "POST", target: "/", contentType: "", body: [], origin: nil, host: nil, fields: []).method == .post)
    }

    @Test("every hop: Social Login's start sends the view to the identity provider on its own host, which comes back to Social Login's callback, which sends the token to the token URL")
    func hops() async {
        let emulator = Emulator().emulator
        let start = await Self.get(emulator, "/google/start?token_url=\(PercentEncoding.encodeComponent(Self.tokenURL))", headers: Self.engageHost)
        #expect(start.status == 302)
        let idp = Hop(start)
        #expect(idp.base == "https://idp.example/idp/authorize")
        #expect(idp.query["redirect_uri"] == "https://yourapp.rpxnow.com/google/callback" && idp.query["response_type"] == "code")
        #expect((idp.query["state"] ?? "").count == 40 && idp.query["provider"] == "google")
        let page = await Self.get(emulator, start.location?.replacingOccurrences(of: "https://idp.example", with: "") ?? "")
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))

        let end = await Self.signIn(emulator)
        #expect(end.base == Self.tokenURL && (end.query["token"] ?? "").count == 40 && end.query["error"] == nil)
    }

    @Test("reached directly (bridge serve, no forwarding proxy), every hop stays on the emulator's own origin")
    func direct() async {
        let emulator = Emulator().emulator
        let start = await emulator.handle(EmulatorRequest(method: .get, target: "/facebook/start?token_url=\(PercentEncoding.encodeComponent(Self.tokenURL))",
                                                          host: "127.0.0.1:8080"))
        let idp = Hop(start)
        #expect(idp.base == "http://127.0.0.1:8080/idp/authorize" && idp.query["redirect_uri"] == "http://127.0.0.1:8080/facebook/callback")
        // A forwarded host that is not a host name is ignored, never written into a Location.
        let odd = await emulator.handle(EmulatorRequest(method: .get, target: "/google/start?token_url=\(PercentEncoding.encodeComponent(Self.tokenURL))",
                                                        host: "127.0.0.1:8080", headers: [.forwardedHost: "evil.example/x?"]))
        #expect(Hop(odd).base == "http://127.0.0.1:8080/idp/authorize")
    }

    @Test("Cancel at the identity provider: the token URL gets error=access_denied and no token")
    func cancel() async {
        let end = await Self.signIn(Emulator().emulator, decision: "cancel")
        #expect(end.base == Self.tokenURL && end.query["error"] == "access_denied" && end.query["token"] == nil)
    }

    @Test("auth_info: the token and the application's API key give the profile, once; each refusal is Social Login's error code")
    func authInfo() async {
        let emulator = Emulator().emulator
        let token = await Self.signIn(emulator).query["token"] ?? ""
        func call(_ fields: [(String, String)]) async -> (stat: String?, code: Int?, profile: [String: Any]?) {
            let answer = object(await Self.post(emulator, "/api/v2/auth_info", fields))
            return (answer["stat"] as? String, (answer["err"] as? [String: Any])?["code"] as? Int, answer["profile"] as? [String: Any])
        }
        let key = ("apiKey", EmulatorConfiguration.embeddedDefault.engageAPIKey)
        #expect(await call([("token", token)]).code == 0)
        #expect(await call([("apiKey", "not-the-key"), ("token", token)]).code == 3)
        #expect(await call([key, ("token", token), ("format", "xml")]).code == 1)
        #expect(await call([key, ("token", token), ("tokenUrl", "https://yourdomain.com/other")]).code == 1)
        #expect(await call([key, ("token", "made-up")]).code == 2)
        let answer = await call([key, ("token", token), ("format", "json"), ("tokenUrl", Self.tokenURL)])
        #expect(answer.stat == "ok")
        #expect(answer.profile?["email"] as? String == "ada@example.com" && answer.profile?["providerName"] as? String == "Google")
        let identifier = answer.profile?["identifier"] as? String
        #expect(identifier?.hasPrefix("https://idp.example/google/") == true, "\(identifier ?? "no identifier")")
        let again = await call([key, ("token", token)])
        #expect(again.stat == "fail" && again.code == 2)
    }

    @Test("a token past its lifetime is refused")
    func expired() async {
        let emulator = Emulator().emulator
        let token = await Self.signIn(emulator).query["token"] ?? ""
        _ = await emulator.handle(EmulatorRequest(method: .post, target: "/emulator/v1/clock", contentType: "application/json",
                                                  body: Array(#"{"advance": 301}"#.utf8)))
        let answer = object(await Self.post(emulator, "/api/v2/auth_info", [("apiKey", EmulatorConfiguration.embeddedDefault.engageAPIKey), ("token", token)]))
        #expect((answer["err"] as? [String: Any])?["code"] as? Int == 2)
    }

    @Test("Social Login's steps refuse what they cannot do with a page of their own, never a redirect", arguments: [
        ("/google/start", 400), ("/google/start?token_url=javascript%3Aalert(1)", 400), ("/Bad!/start?token_url=https%3A%2F%2Fx.example", 404),
        ("/google/callback?state=unknown&code=x", 400),
    ])
    func refusals(_ target: String, _ status: Int) async {
        let answer = await Self.get(Emulator().emulator, target, headers: Self.engageHost)
        #expect(answer.status == status && answer.location == nil && answer.contentType.hasPrefix("text/html"))
    }

    @Test("a callback comes back once: the same state again is refused")
    func callbackOnce() async {
        let emulator = Emulator().emulator
        let start = Hop(await Self.get(emulator, "/google/start?token_url=\(PercentEncoding.encodeComponent(Self.tokenURL))", headers: Self.engageHost))
        let consent = Hop(await Self.post(emulator, ExampleIdPRoutes.authorizePath,
                                          ExampleIdPRoutes.carried.compactMap { name in start.query[name].map { (name, $0) } } + [("decision", "allow"), ("email", "ada@example.com")]))
        let target = "/google/callback?code=\(consent.query["code"] ?? "")&state=\(consent.query["state"] ?? "")"
        #expect(await Self.get(emulator, target, headers: Self.engageHost).status == 302)
        #expect(await Self.get(emulator, target, headers: Self.engageHost).status == 400)
    }

    @Test("Capture's /oauth/auth_native: a known user signs in; an unknown one is record_not_found with a merge_token, or thinly registered")
    func authNative() async {
        let emulator = Emulator().emulator
        let common = [("client_id", "bridgedemomobileclient"), ("redirect_uri", "https://yourdomain.com/"), ("response_type", "token")]
        let ada = await Self.signIn(emulator).query["token"] ?? ""
        let signedIn = object(await Self.post(emulator, "/oauth/auth_native", common + [("token", ada)]))
        #expect(signedIn["stat"] as? String == "ok" && signedIn["access_token"] != nil && signedIn["is_new"] as? Bool == false)
        #expect((signedIn["capture_user"] as? [String: Any])?["email"] as? String == "ada@example.com")
        #expect(object(await Self.post(emulator, "/oauth/auth_native", common + [("token", ada)]))["code"] as? Int == 200)

        let grace = await Self.signIn(emulator, email: "grace@example.com").query["token"] ?? ""
        let twoStep = object(await Self.post(emulator, "/oauth/auth_native", common + [("token", grace)]))
        #expect(twoStep["code"] as? Int == 310 && twoStep["error"] as? String == "record_not_found")
        #expect((twoStep["prereg_fields"] as? [String: Any])?["emailAddress"] as? String == "grace@example.com")
        let merge = twoStep["merge_token"] as? String ?? ""
        let thin = object(await Self.post(emulator, "/oauth/auth_native", common + [("token", merge), ("thin_registration", "true")]))
        #expect(thin["stat"] as? String == "ok" && thin["is_new"] as? Bool == true)
        // JUMP makes the call Social Login's token URL: the token arrives in the query.
        let jump = await Self.signIn(emulator, tokenURL: "https://bridge-demo.janraincapture.com/oauth/auth_native?client_id=bridgedemomobileclient&redirect_uri=https%3A%2F%2Fyourdomain.com%2F")
        #expect(object(await Self.get(emulator, "/oauth/auth_native?" + jump.query.map { "\($0.key)=\(PercentEncoding.encodeComponent($0.value))" }.joined(separator: "&")))["stat"] as? String == "ok")
    }

    @Test("the widget's token URL redirects to redirect_uri with the credential and the page's state, or with the error")
    func widgetTokenURL() async {
        let emulator = Emulator().emulator
        let widget = "https://bridge-demo.janraincapture.com/widget/token_url?client_id=bridgedemomobileclient&redirect_uri="
            + PercentEncoding.encodeComponent("https://yourdomain.com/index.html") + "&response_type=code&state=page-state"
        let arrived = await Self.signIn(emulator, tokenURL: widget)
        let target = "/widget/token_url?" + arrived.query.map { "\($0.key)=\(PercentEncoding.encodeComponent($0.value))" }.joined(separator: "&")
        let back = Hop(await Self.get(emulator, target))
        #expect(back.base == "https://yourdomain.com/index.html" && (back.query["code"] ?? "").count == 32 && back.query["state"] == "page-state")
        let code = back.query["code"] ?? ""
        let exchange = object(await Self.post(emulator, "/oauth/token", [("grant_type", "authorization_code"), ("code", code),
                                                                         ("client_id", "bridgedemomobileclient"), ("redirect_uri", "https://yourdomain.com/index.html")]))
        #expect(exchange["access_token"] != nil)

        let cancelled = await Self.signIn(emulator, decision: "cancel", tokenURL: widget)
        let refused = Hop(await Self.get(emulator, "/widget/token_url?" + cancelled.query.map { "\($0.key)=\(PercentEncoding.encodeComponent($0.value))" }.joined(separator: "&")))
        #expect(refused.base == "https://yourdomain.com/index.html" && refused.query["error"] == "access_denied" && refused.query["code"] == nil)
        let badRedirect = await Self.get(emulator, "/widget/token_url?client_id=x&response_type=code&redirect_uri=javascript%3Aalert(1)&token=t")
        #expect(badRedirect.status == 400 && badRedirect.location == nil)
    }
}
