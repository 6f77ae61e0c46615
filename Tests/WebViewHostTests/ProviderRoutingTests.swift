// ProviderRoutingTests.swift: which requests `bridge host --provider` sends to the emulator (whole labels
// only, never a look-alike), what the emulator is asked, and what --screenshots names its files.
import Foundation
import NavigationPolicy

import Testing
@testable import NavigationReplay
@testable import WebViewHost

@Suite("provider routing and screenshots")
struct ProviderRoutingTests {
    let routing = ProviderRouting(base: "http://127.0.0.1:8025")

    @Test("the providers' hosts and the app-backend paths go to the emulator", arguments: [
        "https://bridge-demo.janraincapture.com/oauth/auth_native_traditional",
        "https://JANRAIN.COM/x", "https://capturewidget.rpxnow.com/load/capturewidget",
        "https://d16s8pqtk4uodx.cloudfront.net/capturewidget/load.js", "https://api.kii.com/kii/reset?token=t",
        "https://realm.mongodb.com/api/client/v2.0/app/a/auth/providers/local-userpass/login",
        "https://yourdomain.com/password_reset/exchange", "https://yourappbackend.com/api/reset-password/request",
    ])
    func routed(url: String) { #expect(routing.routes(url)) }

    @Test("look-alikes, other hosts and other paths stay with the site", arguments: [
        "https://janraincapture.com.evil.com/oauth/token", "https://eviljanrain.com/", "https://d16s8pqtk4uodx.cloudfront.net.evil.com/load.js",
        "https://other.cloudfront.net/load.js", "https://yourdomain.com/webViewSignIn.html", "https://yourdomain.com/api/reset-password/requests",
        "myapp://password-changed", "not a url",
    ])
    func notRouted(url: String) { #expect(!routing.routes(url)) }

    @Test("a page's request as both hosts send it on: Content-Type, Origin, Authorization and Accept by any case, the page's host and scheme as X-Forwarded-*, nothing else")
    func pageRequestPassedOn() {
        let request = ["content-type": "application/x-www-form-urlencoded", "ORIGIN": "https://yourdomain.com", "authorization": "Bearer t",
                       "Accept": "application/json", "Cookie": "s=1"]
        let exchange = ProviderExchange(pageRequestTo: "https://bridge-demo.janraincapture.com:8443/oauth/token", method: "POST", target: "/oauth/token",
                                        body: Array("a=1".utf8)) { name in request.first { $0.key.lowercased() == name.lowercased() }?.value }
        #expect(exchange.contentType == "application/x-www-form-urlencoded" && exchange.origin == "https://yourdomain.com")
        #expect(exchange.headers.map { [$0.0, $0.1] } == [["Authorization", "Bearer t"], ["Accept", "application/json"],
                                                           ["X-Forwarded-Host", "bridge-demo.janraincapture.com:8443"], ["X-Forwarded-Proto", "https"]])
    }

    @Test func theEmulatorIsAskedForPathAndQuery() {
        #expect(routing.target(for: "https://bridge-demo.janraincapture.com/oauth/signin?client_id=a&x=%20") == "/oauth/signin?client_id=a&x=%20")
        #expect(routing.target(for: "https://yourdomain.com/password_reset/exchange") == "/password_reset/exchange")
        #expect(routing.target(for: "https://yourdomain.com/webViewSignIn.html?x=1") == nil)
        #expect(ProviderRouting.forwardURL(base: "http://127.0.0.1:8025/", target: "/entity?a=1") == "http://127.0.0.1:8025/entity?a=1")
    }

    @Test("screenshot files sort by sequence and say what they follow")
    func screenshotNames() {
        #expect(HostScreenshots.fileName(seq: 4, after: "intercepted signin") == "0004-signin.png")
        #expect(HostScreenshots.fileName(seq: 12, after: "intercepted janrain-bridge") == "0012-janrain-bridge.png")
        #expect(HostScreenshots.fileName(seq: 12345, after: "end") == "12345-end.png")
        #expect(HostScreenshots.fileName(seq: 3, after: "intercepted ../../etc/passwd") == "0003-etc-passwd.png")
        #expect(HostScreenshots.fileName(seq: 0, after: "intercepted ✓") == "0000-view.png")
    }

    @Test("a screenshot follows each interception, not each allowed navigation")
    func screenshotTriggers() throws {
        let engine = try PolicyEngine(rulesFile: Repository.path("Fixtures/rules/capture.json"))
        func navigation(_ url: String) -> ReplayedNavigation {
            ReplayedNavigation(record: NavigationRecord(url: url, location: .line(1)), seq: 1, decision: engine.decide(NavigationRequest(url: url)), events: [], findings: [])
        }
        #expect(HostScreenshots.trigger(navigation("myapp://password-changed")) == "intercepted password-changed")
        #expect(HostScreenshots.trigger(navigation("janrain:eventsAvailable?1")) == "intercepted janrain-bridge")
        #expect(HostScreenshots.trigger(navigation("https://yourdomain.com/webViewSignIn.html")) == nil)
    }

    @Test("an emulator in this process: its server's address is waited for when read, told from another thread; a server that did not start is said as such, and the view is still answered")
    func serverStartingBeside() async {
        let address = ProviderAddress()
        #expect(address.baseIfKnown == nil)
        let routing = ProviderRouting(address: address, inProcess: true) { _ in ProviderAnswer(status: 204, headers: [], body: []) }
        Thread.detachNewThread { address.resolve(.success("http://127.0.0.1:40404")) }
        #expect(routing.base == "http://127.0.0.1:40404" && routing.note == .provider(base: "http://127.0.0.1:40404", inProcess: true))
        #expect(address.baseIfKnown == "http://127.0.0.1:40404")

        let failed = ProviderAddress()
        failed.resolve(.failure(ProviderServerFailure(reason: "bind: address in use")))
        let unserved = ProviderRouting(address: failed, inProcess: true) { _ in ProviderAnswer(status: 204, headers: [], body: []) }
        #expect(unserved.base.isEmpty && unserved.note == .providerServerDidNotStart(reason: "bind: address in use"))
        let answer = await unserved.answer?(ProviderExchange(method: "GET", target: "/", contentType: "", body: [], origin: nil))
        #expect(answer?.status == 204)
    }

    @Test("what a page sees of the emulator's answer, one reading for both hosts: its type, redirect, Vary and CORS kept, the rest left out; a cross-origin request with no CORS grant is refused in the report, a granted or same-origin one is not")
    func passedToThePage() {
        let answer = ProviderAnswer(status: 302, headers: [("Content-Type", "text/html"), ("Location", "https://yourdomain.com/cb?code=1"), ("Vary", "Origin"),
                                                           ("Set-Cookie", "s=1"), ("X-Request-Id", "7")], body: [])
        let url = "https://bridge-demo.janraincapture.com/oauth/auth_native_traditional"
        let (passed, exchange) = answer.passed(toPageAt: url, origin: "https://yourdomain.com", method: "POST")
        #expect(passed.headers.map(\.0) == ["Content-Type", "Location", "Vary"] && passed.status == 302)
        #expect(exchange.refused && exchange.status == 302 && exchange.method == "POST" && exchange.url == url)
        let granted = ProviderAnswer(status: 200, headers: [("access-control-allow-origin", "https://yourdomain.com")], body: [])
        #expect(!granted.passed(toPageAt: url, origin: "https://yourdomain.com", method: "POST").exchange.refused)
        #expect(!answer.passed(toPageAt: url, origin: "https://bridge-demo.janraincapture.com", method: "GET").exchange.refused)
        #expect(!answer.passed(toPageAt: url, origin: nil, method: "GET").exchange.refused)
    }
}
