// CaptureFlowTests.swift: the Janrain Capture seed flows (seeds 000, 004) through Fixtures/rules/capture.json,
// and the lookalike corpus that must never be taken for the sentinel.
import TestSupport
import BrowserURL
import Foundation
import NavigationPolicy
import Testing

enum RulesFixtures {
    static let root = Repository.root.appendingPathComponent("Fixtures/rules")

    static func engine(_ name: String) throws -> PolicyEngine {
        try PolicyEngine(rulesFile: root.appendingPathComponent(name).path)
    }
}

@Suite("Capture flows")
struct CaptureFlowTests {
    let engine: PolicyEngine

    init() throws { engine = try RulesFixtures.engine("capture.json") }

    @Test("the sign-in result is cancelled with its code and token")
    func signIn() throws {
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/password_reset.php?code=c0de123&access_token=t0ken456&state=s1",
                                                type: .formSubmitted), expectedState: "s1", explain: true)
        #expect(d.action == .cancel)
        #expect(d.kind == .sentinel)
        #expect(d.rule == "signin")
        #expect(d.error == nil)
        guard case .sentinel(.authorization(let code, let token, _, let state))? = d.interception else {
            Issue.record("no authorization result: \(String(describing: d.interception))")
            return
        }
        #expect(code == "c0de123" && token == "t0ken456" && state == "s1")
        guard case .matchedSentinel(let rule, _, _, _)? = d.explanation.first else { Issue.record("\(d.explanation)"); return }
        #expect(rule == RuleReference(keyPath: "sentinels[0]", name: "signin"))
    }

    @Test("the reset link on the same redirect_uri is told apart and allowed to load")
    func resetLink() throws {
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/password_reset.php?code=R3SETc0de"), explain: true)
        #expect(d.action == .allow)
        #expect(d.kind == .sentinel)
        #expect(d.rule == "reset-link")
        #expect(d.explanation.contains(.lacks(RuleReference(keyPath: "sentinels[0]", name: "signin"), place: .any, parameter: "access_token")))
    }

    @Test("an OAuth error on the sentinel is an error result")
    func oauthError() {
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/password_reset.php?error=access_denied&error_description=User+denied&state=s1"))
        #expect(d.rule == "signin-error")
        #expect(d.interception == .sentinel(.oauthError(error: "access_denied", description: "User denied", uri: nil, state: "s1")))
    }

    @Test("a state that differs from the one sent is an error in the decision, carrying both states and how they differ")
    func stateMismatch() {
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/password_reset.php?code=c&access_token=t&state=attackerstate"),
                              expectedState: "mystate123")
        #expect(d.action == .cancel)
        #expect(d.error == .stateMismatch(received: "attackerstate", sent: "mystate123", difference: .lengths(received: 13, sent: 10)))
    }

    @Test("a repeated credential is an error, not a choice")
    func repeated() {
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/password_reset.php?code=a&code=b&access_token=t"))
        #expect(d.error == .repeatedParameter(name: "code", count: 2, in: .response))
        #expect(d.action == .cancel)
    }

    @Test("lookalikes never match the sentinel, and the explanation says why", arguments: [
        ("https://yourdomain.com@evil.com/password_reset.php?code=x&access_token=y", Self.near("evil.com", .userinfo)),
        (#"https://evil.com\@yourdomain.com/password_reset.php?code=x&access_token=y"#, Self.near("evil.com", .path)),
        ("https://yourdomain.com.evil.com/password_reset.php?code=x&access_token=y", Self.near("yourdomain.com.evil.com", .longerHost)),
        ("https://evilyourdomain.com/password_reset.php?code=x&access_token=y", Self.near("evilyourdomain.com", .longerHost)),
        ("https://evil.com/password_reset.php?x=https://yourdomain.com/password_reset.php&code=x&access_token=y", Self.near("evil.com", .query)),
        ("https://evil.com/#https://yourdomain.com/password_reset.php?code=x&access_token=y", Self.near("evil.com", .fragment)),
        ("https://evil.com/yourdomain.com/password_reset.php?code=x&access_token=y", Self.near("evil.com", .path)),
        ("https://yourdomain.com%2eevil.com/password_reset.php?code=x&access_token=y", Self.near("yourdomain.com.evil.com", .longerHost)),
        ("https://yourdomain.com/password_reset.php%2f..%2fx?code=x&access_token=y", Self.mismatch(.path(actual: "/password_reset.php%2f..%2fx", expected: "/password_reset.php"))),
        ("https://yourdomain.com/password_reset.php/?code=x&access_token=y", Self.mismatch(.trailingSlash(path: "/password_reset.php/", present: true))),
        ("https://yourdomain.com/password_reset.phpx?code=x&access_token=y", Self.mismatch(.path(actual: "/password_reset.phpx", expected: "/password_reset.php"))),
        ("https://yourdomain.com/Password_Reset.php?code=x&access_token=y", Self.mismatch(.path(actual: "/Password_Reset.php", expected: "/password_reset.php"))),
        ("https://yourdomain.com:8443/password_reset.php?code=x&access_token=y", Self.mismatch(.port(actual: 8443, expected: 443))),
        ("http://yourdomain.com/password_reset.php?code=x&access_token=y", Self.mismatch(.scheme(actual: "http", expected: "https"))),
        ("https://y\u{43E}urdomain.com/password_reset.php?code=x&access_token=y", Self.near("xn--yurdomain-02h.com", .internationalized)),
        ("https://xn--yurdomain-02h.com/password_reset.php?code=x&access_token=y", Self.near("xn--yurdomain-02h.com", .internationalized)),
        ("https://yourdomain.com./password_reset.php?code=x&access_token=y", Self.near("yourdomain.com.", .trailingDot)),
        ("https://user:pass@yourdomain.com/password_reset.php?code=x&access_token=y", Self.mismatch(.userinfo)),
    ])
    func lookalikes(url: String, step: ExplanationStep) {
        let d = engine.decide(NavigationRequest(url: url), explain: true)
        #expect(d.kind != .sentinel, "\(url) was taken for the sentinel")
        #expect(d.explanation.contains(step), "\(url): \(d.explanation)")
    }

    static let signin = RuleReference(keyPath: "sentinels[0]", name: "signin")
    static func near(_ host: String, _ place: SentinelMatcher.NearMiss.Place) -> ExplanationStep {
        .sentinelNearMiss(signin, SentinelMatcher.NearMiss(host: host, expected: "yourdomain.com", place: place))
    }
    static func mismatch(_ reason: SentinelMatcher.MismatchReason) -> ExplanationStep { .sentinelMismatch(signin, reason) }

    @Test("what a browser normalises onto the sentinel matches it", arguments: [
        "https://YOURDOMAIN.COM/password_reset.php?code=x&access_token=y",
        "https://yourdomain.com:443/password_reset.php?code=x&access_token=y",
        "https://yourdomain.com/x/../password_reset.php?code=x&access_token=y",
        "https://yourdomain.com/./password_reset.php?code=x&access_token=y",
        "https://yourdomain.com/x/%2e%2E/password_reset.php?code=x&access_token=y",
        "  https://yourdomain.com/password_reset.php?code=x&access_token=y  ",
        "https://your\tdomain.com/password_reset.php?code=x&access_token=y",
        #"https:\\yourdomain.com\password_reset.php?code=x&access_token=y"#,
        "https://yourdomain.com/password_reset.php#code=x&access_token=y",
    ])
    func normalised(url: String) {
        let d = engine.decide(NavigationRequest(url: url))
        #expect(d.kind == .sentinel && d.rule == "signin", "\(url) → \(d.kind) \(String(describing: d.rule))")
    }

    @Test("javascript: variants are always blocked", arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)",
        "jav\nascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd",
    ])
    func blocked(url: String) {
        let d = engine.decide(NavigationRequest(url: url))
        #expect(d.action == .cancel && d.kind == .blocked)
    }

    @Test("the Janrain bridge: a drain request, an event, the legacy hand-off")
    func janrain() throws {
        let drain = engine.decide(NavigationRequest(url: "janrain:eventsAvailable?1700000000000", isMainFrame: false))
        #expect(drain.kind == .bridge && drain.action == .cancel && drain.interception == .bridge(.drainRequest(.janrain)))
        let args = PercentEncoding.encodeComponent(#"[{"accessToken":"abc","oneTime":false}]"#)
        let event = engine.decide(NavigationRequest(url: "janrain:onCaptureLoginSuccess?arguments=\(args)"))
        guard case .bridge(.event(let name, let arguments))? = event.interception else {
            Issue.record("no event: \(String(describing: event.interception))")
            return
        }
        #expect(name == "onCaptureLoginSuccess")
        #expect(arguments.first?["accessToken"] == .string("abc"))
        let legacy = engine.decide(NavigationRequest(url: "janrain:accessToken=8efac7802c55"))
        #expect(legacy.interception == .bridge(.legacyAccessToken("8efac7802c55")))
    }

    @Test("a bridge decision's message is the decoder's, and its parameters are the path's when the message is in an opaque path without a query, else the query's",
          arguments: [
              ("janrain:accessToken=a%2Bb&accessToken=c", ["accessToken=a+b", "accessToken=c"]),
              ("janrain:accessToken=abc?x=1", ["x=1"]),
              ("janrain:accessToken=", [String]()),
              ("janrain:accessToken", [String]()),
              ("janrain:eventsAvailable", ["eventsAvailable="]),
              ("janrain:onLogin?error=stringify", ["error=stringify"]),
              ("janrain:", [String]()),
          ])
    func bridgeDecisionParameters(url text: String, parameters: [String]) throws {
        let decision = engine.decide(NavigationRequest(url: text))
        #expect(decision.kind == .bridge)
        #expect(decision.parameters.map { "\($0.name)=\($0.value)" } == parameters)
        switch JanrainBridge.decode(try BrowserURL.parse(text).get()) {
        case .success(let message): #expect(decision.interception == .bridge(message) && decision.error == nil)
        case .failure(let error): #expect(decision.interception == nil && decision.error == .bridgeMessageInvalid(error))
        }
    }

    @Test("janrain: names read on the URL's bytes: the legacy hand-off, an empty token, no name, a near name")
    func janrainNames() throws {
        func decode(_ text: String) throws -> BridgeMessage? { try? JanrainBridge.decode(try BrowserURL.parse(text).get()).get() }
        func failure(_ text: String) throws -> BridgeDecodingError? {
            if case .failure(let error) = JanrainBridge.decode(try BrowserURL.parse(text).get()) { return error }
            return nil
        }
        #expect(try decode("janrain:accessToken=a%2Bb&accessToken=c") == .legacyAccessToken("a+b"))
        #expect(try failure("janrain:accessToken=") == .accessTokenMissing)
        #expect(try failure("janrain:") == .eventNameMissing)
        #expect(try decode("janrain:eventsAvailable?1700000000000") == .drainRequest(.janrain))
        #expect(try failure("janrain:eventsAvailableX") == .argumentsMissing(event: "eventsAvailableX"))
        #expect(try failure("janrain:accessToken") == .argumentsMissing(event: "accessToken"))
        #expect(try decode("janrain:onLogin?error=stringify") == .eventFailed(name: "onLogin", error: "stringify"))
    }

    /// Every way a bridge URL fails to decode, each as its value (the words are CommandOutput's).
    @Test("bridge URLs that do not decode say why, as values", arguments: [
        ("https://yourdomain.com/", BridgeDecodingError.notJanrain),
        ("janrain:accessToken=", .accessTokenMissing),
        ("janrain:", .eventNameMissing),
        ("janrain:onX", .argumentsMissing(event: "onX")),
        ("janrain:onX?arguments=notjson", .argumentsNotJSON(event: "onX")),
        ("janrain:onX?arguments=%7B%22a%22%3A1%7D", .argumentsObjectKeysNotNumeric(event: "onX")),
        ("janrain:onX?arguments=5", .argumentsNotArray(event: "onX")),
    ])
    func janrainDecodingErrors(url: String, error: BridgeDecodingError) throws {
        let parsed = try BrowserURL.parse(url).get()
        #expect(JanrainBridge.decode(parsed) == .failure(error))
    }

    @Test("WebViewJavascriptBridge signals and queues that do not decode say why, as values")
    func wvjbDecodingErrors() throws {
        #expect(WebViewJavascriptBridge.decode(try BrowserURL.parse("wvjbscheme://elsewhere").get()) == .failure(.notWVJBSignal(scheme: "wvjbscheme")))
        #expect(WebViewJavascriptBridge.decodeQueue("not json") == .failure(.wvjbQueueNotArray))
        #expect(WebViewJavascriptBridge.decodeQueue(#"[{"handlerName":"h"},{"x":1}]"#) == .failure(.wvjbEntryUnrecognized(index: 1)))
    }

    @Test("the myapp:// hand-off after the password change is a deep link")
    func passwordChanged() {
        let d = engine.decide(NavigationRequest(url: "myapp://password-changed?status=ok"))
        #expect(d.kind == .deeplink && d.action == .cancel && d.rule == "password-changed")
    }

    @Test("allowed origins: exact and whole-label wildcards only")
    func origins() {
        #expect(engine.decide(NavigationRequest(url: "https://yourdomain.com/signin")).action == .allow)
        #expect(engine.decide(NavigationRequest(url: "https://acme.us.janraincapture.com/oauth/signin")).action == .allow)
        #expect(engine.decide(NavigationRequest(url: "https://janraincapture.com/")).action == .cancel)
        #expect(engine.decide(NavigationRequest(url: "https://eviljanraincapture.com/")).action == .cancel)
        #expect(engine.decide(NavigationRequest(url: "http://yourdomain.com/")).action == .cancel)
    }

    @Test("a string that does not parse is cancelled: fail closed")
    func unparseable() {
        let d = engine.decide(NavigationRequest(url: "https://[::1/"))
        #expect(d.action == .cancel && d.kind == .blocked && d.error?.code == "invalid-url")
    }
}

@Suite("OAuth error responses and WebViewJavascriptBridge signals")
struct ResultSignalTests {
    static func engine(_ json: String) throws -> PolicyEngine { PolicyEngine(rules: try RulesLoader.parse(Data(json.utf8))) }

    @Test("an OAuth error at a sentinel's redirect URI is cancelled and reported, though the rule requires code and token", arguments: [
        ("https://yourdomain.com/cb?error=access_denied&error_description=The+user+said+no&state=s", "any", true),
        ("https://yourdomain.com/cb#error=access_denied&error_description=The+user+said+no", "fragment", true),
        ("https://yourdomain.com/cb?error=access_denied", "fragment", false),
    ])
    func oauthError(url: String, mode: String, intercepted: Bool) throws {
        let engine = try Self.engine(#"{"version":1,"default":"allow","sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/cb","responseMode":"\#(mode)","require":["code","access_token"]}]}"#)
        let d = engine.decide(NavigationRequest(url: url), explain: true)
        if intercepted {
            #expect(d.action == .cancel && d.kind == .sentinel && d.rule == "signin")
            guard case .sentinel(.oauthError(let error, let description, _, _))? = d.interception else {
                Issue.record("not an OAuth error result: \(String(describing: d.interception))")
                return
            }
            #expect(error == "access_denied" && description == "The user said no")
            #expect(d.explanation.contains(.oauthError("access_denied")))
        } else {
            // responseMode fragment: an error in the query is not this redirect URI's response.
            #expect(d.kind == .default && d.action == .allow)
        }
    }

    @Test("an allow rule that names error is respected")
    func explicitErrorRule() throws {
        let engine = try Self.engine(#"{"version":1,"sentinels":[{"name":"errors-load","redirectURI":"https://yourdomain.com/cb","require":["error"],"action":"allow"}]}"#)
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/cb?error=server_error"))
        #expect(d.action == .allow && d.rule == "errors-load")
    }

    @Test("every WebViewJavascriptBridge release's signals, with a wvjb rule, whatever the default", arguments: [
        ("wvjbscheme://__wvjb_queue_message__", BridgeMessage.drainRequest(.wvjb)),
        ("wvjbscheme://__WVJB_QUEUE_MESSAGE__", .drainRequest(.wvjb)),
        ("https://__wvjb_queue_message__/", .drainRequest(.wvjb)),
        ("wvjbscheme://__BRIDGE_LOADED__", .bridgeLoaded),
        ("https://__bridge_loaded__/", .bridgeLoaded),
    ])
    func wvjb(url: String, message: BridgeMessage) throws {
        let engine = try Self.engine(#"{"version":1,"default":"allow","schemes":[{"name":"wvjb","scheme":"wvjbscheme","protocol":"wvjb"}]}"#)
        let d = engine.decide(NavigationRequest(url: url))
        #expect(d.action == .cancel && d.kind == .bridge && d.rule == "wvjb" && d.interception == .bridge(message), "\(url): \(d.kind) \(String(describing: d.interception))")
        // Without a wvjb rule, the https signals are ordinary URLs.
        let plain = try Self.engine(#"{"version":1,"default":"allow"}"#)
        if url.hasPrefix("https") { #expect(plain.decide(NavigationRequest(url: url)).kind == .default) }
    }

    @Test("the OAuth error is read per each sentinel's responseMode: the first whose parameters carry it names the result")
    func oauthErrorPerResponseMode() throws {
        let engine = try Self.engine(#"{"version":1,"default":"allow","sentinels":[{"name":"implicit","redirectURI":"https://yourdomain.com/cb","responseMode":"fragment","require":["access_token"]},{"name":"code","redirectURI":"https://yourdomain.com/cb","responseMode":"query","require":["code"]}]}"#)
        let d = engine.decide(NavigationRequest(url: "https://yourdomain.com/cb?error=access_denied"))
        #expect(d.action == .cancel && d.rule == "code")
        guard case .sentinel(.oauthError(let error, _, _, _))? = d.interception else { Issue.record("\(String(describing: d.interception))"); return }
        #expect(error == "access_denied")
    }
}
