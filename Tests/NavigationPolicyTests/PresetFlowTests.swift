// PresetFlowTests.swift: the deep-link, Realm and Kii presets with the URLs those flows produce.
import BrowserURL
import NavigationPolicy
import Testing

@Suite("Preset flows")
struct PresetFlowTests {
    @Test("deep-link reset: token and the percent-decoded e-mail")
    func deepLink() throws {
        let engine = try RulesFixtures.engine("deeplink.json")
        let d = engine.decide(NavigationRequest(url: "yourapp://reset-password?token=abc123xyz&email=user%40example.com"))
        #expect(d.action == .cancel && d.kind == .deeplink && d.rule == "reset-password" && d.error == nil)
        guard case .deepLink(let route, let parameters)? = d.interception else {
            Issue.record("no deep link")
            return
        }
        #expect(route == "reset-password")
        #expect(parameters.first("email") == "user@example.com")
        #expect(parameters.first("token") == "abc123xyz")
    }

    @Test("deep-link reset: a missing parameter is an error in the decision")
    func deepLinkMissing() throws {
        let engine = try RulesFixtures.engine("deeplink.json")
        let d = engine.decide(NavigationRequest(url: "yourapp://reset-password?token=abc123xyz"))
        #expect(d.action == .cancel && d.error == .missingParameter(names: ["email"]))
        let other = engine.decide(NavigationRequest(url: "yourapp://settings"))
        #expect(other.kind == .default)
    }

    @Test("Realm: reset and confirmation links carry token and tokenId", arguments: [
        ("https://app.example.com/resetPassword?token=t0k3n&tokenId=1d", "reset-password"),
        ("https://app.example.com/confirmEmail?token=t0k3n&tokenId=1d", "confirm-email"),
        ("myrealmapp://resetPassword?token=t0k3n&tokenId=1d", "reset-password-link"),
        ("myrealmapp://confirmEmail?token=t0k3n&tokenId=1d", "confirm-email-link"),
    ])
    func realm(url: String, rule: String) throws {
        let d = try RulesFixtures.engine("realm.json").decide(NavigationRequest(url: url))
        #expect(d.rule == rule && d.action == .cancel && d.error == nil)
        #expect(d.parameters.first("tokenId") == "1d")
    }

    @Test("Realm: a link without tokenId is not taken for a reset")
    func realmIncomplete() throws {
        let engine = try RulesFixtures.engine("realm.json")
        let web = engine.decide(NavigationRequest(url: "https://app.example.com/resetPassword?token=t0k3n"), explain: true)
        #expect(web.kind == .allowed)
        #expect(web.explanation.contains { if case .lacks(_, _, "tokenId") = $0 { return true } else { return false } }, "\(web.explanation)")
        let app = engine.decide(NavigationRequest(url: "myrealmapp://resetPassword?token=t0k3n"))
        #expect(app.error?.code == "missing-parameter")
    }

    @Test("Kii: the configured reset page and app route are intercepted")
    func kii() throws {
        let engine = try RulesFixtures.engine("kii.json")
        #expect(engine.decide(NavigationRequest(url: "https://yourapp.example.com/kii/reset-password?id=u1&code=c")).rule == "kii-reset-link")
        #expect(engine.decide(NavigationRequest(url: "yourkiiapp://reset-password?id=u1")).kind == .deeplink)
        #expect(engine.decide(NavigationRequest(url: "https://api.kii.com/api/apps/x")).action == .allow)
    }
}

@Suite("a sentinel rule by name")
struct SentinelRuleByNameTests {
    @Test("every preset's sentinels by name (a loaded file's names are unique); an unknown name is nil",
          arguments: ["capture.json", "deeplink.json", "realm.json", "kii.json"])
    func byName(_ preset: String) throws {
        let engine = try RulesFixtures.engine(preset)
        for rule in engine.rules.sentinels {
            #expect(engine.sentinelRule(named: rule.name) == engine.rules.sentinels.first { $0.name == rule.name })
        }
        #expect(engine.sentinelRule(named: "no such rule") == nil)
    }
}
