// PlatformTests.swift: which navigations each platform shows the app, as values: one test per fact of the
// platform model (PlatformFacts.all), the order of Android's checks, and the sandbox attribute. A result a
// rule would catch on a navigation the platform never shows is an UnaskedInterception; a form_post sentinel
// takes a POST to its redirect URI and never a GET.
import Foundation
import NavigationPolicy
import Testing

@Suite("Platforms")
struct PlatformTests {
    @Test("each platform fact holds: the platform asks, or not, for the reason the fact gives", arguments: PlatformFacts.all)
    func fact(_ fact: PlatformFact) {
        for platform in Platform.allCases {
            #expect(platform.unasked(fact.example) == fact.expected(on: platform), "\(fact.kind.rawValue) on \(platform.rawValue)")
        }
    }

    @Test("every kind of navigation has one fact, and every fact an engine test or engine code behind each platform")
    func factsCoverKinds() {
        #expect(PlatformFacts.all.map(\.kind) == PlatformFact.Kind.allCases)
        for fact in PlatformFacts.all {
            #expect(!fact.sources.isEmpty, "\(fact.kind.rawValue)")
            #expect(fact.sources.allSatisfy { $0.revision.count == 40 || $0.revision == "main" }, "\(fact.kind.rawValue)")
        }
    }

    @Test("Android's checks in Chromium's order: same-document first, then method, then who started it, then the frame")
    func androidOrder() {
        #expect(Platform.android.unasked(NavigationRequest(url: "https://a.example/#x", method: "POST", sameDocument: .fragment)) == .sameDocument(.fragment))
        #expect(Platform.android.unasked(NavigationRequest(url: "https://a.example/", isMainFrame: false, method: "POST")) == .method("POST"))
        #expect(Platform.android.unasked(NavigationRequest(url: "https://a.example/", isMainFrame: false, isAppInitiated: true)) == .appInitiated)
        #expect(Platform.android.unasked(NavigationRequest(url: "about:blank", isMainFrame: false)) == .subframe(scheme: "about"))
        #expect(Platform.android.unasked(NavigationRequest(url: "HTTPS://a.example/", isMainFrame: false)) == .subframe(scheme: "https"))
        #expect(Platform.android.unasked(NavigationRequest(url: "intent://x#Intent;end", isMainFrame: false)) == nil)
        // A new window's navigation is its own main frame's, whatever a recorder said of the frame.
        #expect(Platform.android.unasked(NavigationRequest(url: "https://a.example/", isMainFrame: false, targetFrame: nil)) == nil)
    }

    @Test("a fragment navigation sets a fragment on the current URL; dropping one, or changing anything else, is not one")
    func fragmentRule() {
        #expect(SameDocumentNavigation.isFragment(from: "https://a.example/p?q=1", to: "https://a.example/p?q=1#code=1"))
        #expect(SameDocumentNavigation.isFragment(from: "https://a.example/p#x", to: "https://a.example/p#code=1"))
        #expect(!SameDocumentNavigation.isFragment(from: "https://a.example/p#x", to: "https://a.example/p"))
        #expect(!SameDocumentNavigation.isFragment(from: "https://a.example/p", to: "https://a.example/q#code=1"))
        #expect(!SameDocumentNavigation.isFragment(from: nil, to: "https://a.example/p#code=1"))
    }

    @Test("a sandbox attribute is read as HTML reads it: tokens split on ASCII whitespace, case-insensitive")
    func sandboxTokens() {
        let sandbox = FrameSandbox(attribute: " Allow-Scripts\tALLOW-POPUPS\r\nallow-forms ")
        #expect(sandbox.tokens == ["allow-scripts", "allow-popups", "allow-forms"])
        #expect(sandbox.allowsCustomSchemeNavigation(userGesture: false))
        #expect(!FrameSandbox(attribute: "").allowsCustomSchemeNavigation(userGesture: true))
        // iOS: only a scheme another app handles is dropped; the frame's own web loads are asked.
        #expect(Platform.ios.unasked(NavigationRequest(url: "https://a.example/", isMainFrame: false, sandbox: FrameSandbox(attribute: ""))) == nil)
        #expect(Platform.ios.unasked(NavigationRequest(url: "data:text/html,x", isMainFrame: false, sandbox: FrameSandbox(attribute: ""))) == nil)
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

extension PlatformFact: CustomTestStringConvertible {
    public var testDescription: String { kind.rawValue }
}
