// RulesLoaderTests.swift: rules files that cannot be honoured are rejected, naming the key path.
import Foundation
import NavigationPolicy
import Testing

@Suite("Rules loader")
struct RulesLoaderTests {
    static func error(_ json: String) -> RulesError? {
        do {
            _ = try RulesLoader.parse(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("bad files are rejected with the key path", arguments: [
        (#"{"version":1,"sentinel":[]}"#, "sentinel"),
        (#"{"version":2}"#, "version"),
        (#"{"default":"cancel"}"#, "version"),
        (#"{"version":1,"default":"drop"}"#, "default"),
        (#"{"version":1,"allow":["https://*evil.com"]}"#, "allow[0]"),
        (#"{"version":1,"allow":["https://a.*.example.com"]}"#, "allow[0]"),
        (#"{"version":1,"allow":["https://example.com/path"]}"#, "allow[0]"),
        (#"{"version":1,"allow":["https://*.com"]}"#, "allow[0]"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb"},{"redirectURI":"https://[::1/"}]}"#, "sentinels[1].redirectURI"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb#x"}]}"#, "sentinels[0].redirectURI"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://u@a.example/cb"}]}"#, "sentinels[0].redirectURI"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","responseMode":"form"}]}"#, "sentinels[0].responseMode"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","responseMode":"form_post","require":["code"]}]}"#, "sentinels[0].require"),
        (#"{"version":1,"platform":"windows"}"#, "platform"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","redirectUri":"x"}]}"#, "sentinels[0].redirectUri"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","require":["code"],"forbid":["code"]}]}"#, "sentinels[0].forbid"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","loopbackAnyPort":true}]}"#, "sentinels[0].loopbackAnyPort"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","trailingSlash":"yes"}]}"#, "sentinels[0].trailingSlash"),
        (#"{"version":1,"sentinels":[{"name":"a","redirectURI":"https://a.example/cb"},{"name":"b","redirectURI":"HTTPS://A.example:443/cb","require":["code"]}]}"#, "sentinels[1]"),
        (#"{"version":1,"schemes":[{"scheme":"myapp"},{"scheme":"myapp","route":"reset"}]}"#, "schemes[1]"),
        (#"{"version":1,"schemes":[{"scheme":"janrain","protocol":"janrain","route":"x"}]}"#, "schemes[0].route"),
        (#"{"version":1,"schemes":[{"scheme":"x","protocol":"cordova"}]}"#, "schemes[0].protocol"),
        (#"{"version":1,"schemes":[{"scheme":"https"}]}"#, "schemes[0].scheme"),
        (#"{"version":1,"schemes":[{"route":"x"}]}"#, "schemes[0].scheme"),
        (#"{"version":1,"handlers":["onCaptureLoginSuccess"]}"#, "handlers"),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":"signIn"}}"#, "handlers.onCaptureLoginSuccess"),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":["signIn",""]}}"#, "handlers.onCaptureLoginSuccess[1]"),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":[]}}"#, "handlers.onCaptureLoginSuccess"),
        // Duplicate keys, at any depth, named by their path.
        (#"{"version":1,"default":"allow","default":"cancel"}"#, "default"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb"},{"redirectURI":"https://a.example/x","name":"b","name":"c"}]}"#, "sentinels[1].name"),
        (#"{"version":1,"handlers":{"e":["a"],"e":["b"]}}"#, "handlers.e"),
        (#"{"version":1,"default":"allow","d\u0065fault":"cancel"}"#, "default"),
        // Names: none empty, none twice (sentinels and schemes share them).
        (#"{"version":1,"sentinels":[{"name":"","redirectURI":"https://a.example/cb"}]}"#, "sentinels[0].name"),
        (#"{"version":1,"sentinels":[{"name":"s","redirectURI":"https://a.example/cb"},{"name":"s","redirectURI":"https://a.example/other"}]}"#, "sentinels[1].name"),
        (#"{"version":1,"sentinels":[{"name":"s","redirectURI":"https://a.example/cb"}],"schemes":[{"name":"s","scheme":"myapp"}]}"#, "schemes[0].name"),
        // A redirect URI with a query is rejected (it would be ignored).
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb?app=1"}]}"#, "sentinels[0].redirectURI"),
        // frames: the allowed values are named.
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":"top"}]}"#, "sentinels[0].frames"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":["main","iframe"]}]}"#, "sentinels[0].frames[1]"),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":[]}]}"#, "sentinels[0].frames"),
        // JavaScript interfaces: a name window.NAME can be, methods listed, a protocol bridge speaks, added once.
        (#"{"version":1,"javascriptInterfaces":[{"name":"my-bridge","methods":["a"]}]}"#, "javascriptInterfaces[0].name"),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":[]}]}"#, "javascriptInterfaces[0].methods"),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["ok","not ok"]}]}"#, "javascriptInterfaces[0].methods[1]"),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"],"protocol":"jsonrpc"}]}"#, "javascriptInterfaces[0].protocol"),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"]},{"name":"demo","methods":["b"]}]}"#, "javascriptInterfaces[1].name"),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"],"method":"b"}]}"#, "javascriptInterfaces[0].method"),
    ])
    func rejected(json: String, keyPath: String) {
        let error = Self.error(json)
        #expect(error?.keyPath == keyPath, "\(json): \(String(describing: error))")
        #expect(error?.description.hasPrefix(keyPath + ": ") == true)
    }

    @Test("not JSON at all")
    func notJSON() {
        let error = Self.error("{\"version\": 1,")
        #expect(error?.keyPath == "")
        #expect(error?.message.hasPrefix("not valid JSON") == true)
    }

    @Test("an unknown key suggests the known one that differs in case")
    func suggestion() {
        #expect(Self.error(#"{"version":1,"sentinels":[{"redirectUri":"https://a.example/cb"}]}"#)?.message.contains("redirectURI") == true)
    }

    @Test("the DESIGN.md example and every preset load")
    func presets() throws {
        for name in ["capture.json", "deeplink.json", "realm.json", "kii.json"] {
            let rules = try RulesLoader.load(path: RulesFixtures.root.appendingPathComponent(name).path)
            #expect(!rules.sentinels.isEmpty || !rules.schemes.isEmpty)
        }
        let design = #"""
        {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com", "https://*.janraincapture.com"],
         "sentinels": [
          {"name": "signin", "redirectURI": "https://yourdomain.com/password_reset.php", "responseMode": "any", "require": ["code", "access_token"]},
          {"name": "reset-link", "redirectURI": "https://yourdomain.com/password_reset.php", "require": ["code"], "forbid": ["access_token"], "action": "allow"}],
         "schemes": [{"name": "janrain-bridge", "scheme": "janrain", "protocol": "janrain"},
          {"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["token", "email"]}]}
        """#
        #expect(Self.error(design) == nil)
    }

    @Test("the handler table keeps each event's handlers in order")
    func handlers() throws {
        let rules = try RulesLoader.parse(Data(#"{"version":1,"handlers":{"b":["h2","h1"],"a":["h3"]}}"#.utf8))
        #expect(rules.handlers.map(\.event) == ["a", "b"])
        #expect(rules.handlers.map(\.handlers) == [["h3"], ["h2", "h1"]])
        #expect(rules.handlers.map(\.keyPath) == ["handlers.a", "handlers.b"])
    }

    @Test("a missing file names the file")
    func missingFile() {
        do {
            _ = try RulesLoader.load(path: "/nonexistent/rules.json")
            Issue.record("loaded")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/rules.json"))
        }
    }

    @Test("frames takes one value or a list", arguments: [
        (#""main""#, FrameScope.main), (#"["main"]"#, .main), (#"["sub"]"#, .sub), (#"["main","sub"]"#, .any), (#""any""#, .any),
    ])
    func frames(value: String, scope: FrameScope) throws {
        let rules = try RulesLoader.parse(Data(#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":\#(value)}]}"#.utf8))
        #expect(rules.sentinels[0].frames == scope)
    }

    @Test("trailingSlash matches one trailing slash, never a doubled one")
    func trailingSlash() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(#"{"version":1,"sentinels":[{"name":"s","redirectURI":"https://a.example/cb/","trailingSlash":true}]}"#.utf8)))
        #expect(engine.decide(NavigationRequest(url: "https://a.example/cb?code=1")).rule == "s")
        #expect(engine.decide(NavigationRequest(url: "https://a.example/cb/?code=1")).rule == "s")
        let doubled = engine.decide(NavigationRequest(url: "https://a.example/cb//?code=1"), explain: true)
        #expect(doubled.rule == nil)
        #expect(doubled.explanation.contains(.sentinelMismatch(RuleReference(keyPath: "sentinels[0]", name: "s"), .path(actual: "/cb//", expected: "/cb/"))),
                "\(doubled.explanation)")
    }

    @Test("10,000 sentinels load, and every one is reachable")
    func manySentinels() throws {
        let sentinels = (0..<10_000).map { #"{"name":"s\#($0)","redirectURI":"https://app\#($0 % 50).example.com/cb/\#($0)","require":["code"]}"# }
        let rules = try RulesLoader.parse(Data((#"{"version":1,"sentinels":["# + sentinels.joined(separator: ",") + "]}").utf8))
        let engine = PolicyEngine(rules: rules)
        #expect(engine.decide(NavigationRequest(url: "https://app49.example.com/cb/9999?code=x")).rule == "s9999")
        #expect(engine.decide(NavigationRequest(url: "https://app0.example.com/cb/0?code=x")).rule == "s0")
    }
}
