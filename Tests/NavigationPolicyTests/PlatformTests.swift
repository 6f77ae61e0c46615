// PlatformTests.swift: which navigations each platform shows the app, as values: iOS every one; Android not
// a POST, nor the app's own load, nor history. A result a rule would catch on a navigation Android never
// shows is an UnaskedInterception; a form_post sentinel takes a POST to its redirect URI and never a GET.
import Foundation
import NavigationPolicy
import Testing

@Suite("Platforms")
struct PlatformTests {
    static let requests: [NavigationRequest] = [
        NavigationRequest(url: "https://yourdomain.com/cb?code=1"),
        NavigationRequest(url: "https://yourdomain.com/cb", method: "POST"),
        NavigationRequest(url: "https://yourdomain.com/", isAppInitiated: true),
        NavigationRequest(url: "https://yourdomain.com/", type: .backForward),
        NavigationRequest(url: "https://yourdomain.com/", type: .reload),
        NavigationRequest(url: "https://yourdomain.com/cb?code=1", isMainFrame: false),
        NavigationRequest(url: "https://yourdomain.com/cb?code=1", isRedirect: true),
        NavigationRequest(url: "intent://reset#Intent;scheme=myapp;end"),
    ]

    @Test("iOS asks the app about every navigation")
    func iosAsksAll() {
        #expect(Self.requests.allSatisfy { Platform.ios.unasked($0) == nil })
    }

    @Test("Android: not a POST, not the app's own load, not history; a GET link, a subframe, a redirect and intent:// are asked")
    func androidReasons() {
        #expect(Self.requests.map { Platform.android.unasked($0) } == [
            nil, .method("POST"), .appInitiated, .history(.backForward), .history(.reload), nil, nil, nil,
        ])
    }

    static let formPostRules = #"""
        {"version":1,"allow":["https://yourdomain.com"],"schemes":[{"name":"bridge","scheme":"janrain","protocol":"janrain"}],
         "sentinels":[{"name":"posted","redirectURI":"https://yourdomain.com/cb","responseMode":"form_post"},
                      {"name":"signin","redirectURI":"https://yourdomain.com/cb","responseMode":"query","require":["code"]}]}
        """#

    @Test("an unasked interception is reported only where a rule intercepts")
    func unaskedInterceptions() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(Self.formPostRules.utf8)))
        func unasked(_ request: NavigationRequest) -> UnaskedInterception? { Platform.android.unaskedInterception(request, engine.decide(request)) }
        #expect(unasked(NavigationRequest(url: "https://yourdomain.com/cb", method: "POST"))
                == UnaskedInterception(platform: .android, reason: .method("POST"), kind: .sentinel, rule: "posted"))
        #expect(unasked(NavigationRequest(url: "https://yourdomain.com/cb?code=1", isAppInitiated: true))
                == UnaskedInterception(platform: .android, reason: .appInitiated, kind: .sentinel, rule: "signin"))
        #expect(unasked(NavigationRequest(url: "https://yourdomain.com/page", method: "POST")) == nil)
        #expect(unasked(NavigationRequest(url: "https://yourdomain.com/cb?code=1")) == nil)
        #expect(Platform.ios.unaskedInterception(NavigationRequest(url: "https://yourdomain.com/cb", method: "POST"),
                                                 engine.decide(NavigationRequest(url: "https://yourdomain.com/cb", method: "POST"))) == nil)
    }

    @Test("a form_post sentinel takes a POST (its result in the body) and explains why a GET is not it")
    func formPost() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(Self.formPostRules.utf8)))
        let posted = engine.decide(NavigationRequest(url: "https://yourdomain.com/cb", method: "POST"))
        #expect(posted.action == .cancel && posted.rule == "posted" && posted.interception == .sentinel(.formPost(method: "POST")))
        let get = engine.decide(NavigationRequest(url: "https://yourdomain.com/cb"), explain: true)
        #expect(get.action == .allow && get.kind == .allowed)
        #expect(get.explanation.contains(.formPost(RuleReference(keyPath: "sentinels[0]", name: "posted"), method: "GET")))
    }

    @Test("the rules file may name its platform")
    func rulesPlatform() throws {
        #expect(try RulesLoader.parse(Data(#"{"version":1,"platform":"android"}"#.utf8)).platform == .android)
        #expect(try RulesLoader.parse(Data(#"{"version":1}"#.utf8)).platform == nil)
    }

    @Test("the interception kinds: a sentinel's, a bridge's and a deep link's result; not a block, an allowed origin or the default")
    func interceptionKinds() {
        #expect(DecisionKind.allCases.filter(\.isInterception) == [.sentinel, .bridge, .deeplink])
    }
}
