// RulesLoaderTests.swift: rules files that cannot be honoured are rejected, naming the key path and the problem (a value).
import BrowserURL
import Foundation
@testable import NavigationPolicy
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

    @Test("bad files are rejected with the key path and the problem", arguments: [
        (#"{"version":1,"sentinel":[]}"#, "sentinel", RulesProblem.unknownKey(suggestion: "sentinels", known: RulesLoader.topLevelKeys)),
        (#"{"version":2}"#, "version", .unsupportedVersion(2)),
        (#"{"default":"cancel"}"#, "version", .missing),
        (#"{"version":1,"default":"drop"}"#, "default", .unknownAction("drop")),
        (#"{"version":1,"allow":["https://*evil.com"]}"#, "allow[0]", .misplacedWildcard("https://*evil.com")),
        (#"{"version":1,"allow":["https://a.*.example.com"]}"#, "allow[0]", .misplacedWildcard("https://a.*.example.com")),
        (#"{"version":1,"allow":["https://example.com/path"]}"#, "allow[0]", .notAnOrigin("https://example.com/path")),
        (#"{"version":1,"allow":["https://*.com"]}"#, "allow[0]", .wildcardWithoutDomain("https://*.com")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb"},{"redirectURI":"https://[::1/"}]}"#, "sentinels[1].redirectURI", .redirectURINotURL("https://[::1/", URLParseError(.ipv6Unclosed))),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb#x"}]}"#, "sentinels[0].redirectURI", .redirectURIHasFragment("https://a.example/cb#x")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://u@a.example/cb"}]}"#, "sentinels[0].redirectURI", .redirectURIHasCredentials("https://u@a.example/cb")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","responseMode":"form"}]}"#, "sentinels[0].responseMode", .unknownResponseMode("form")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","responseMode":"form_post","require":["code"]}]}"#, "sentinels[0].require", .formPostReadsURL),
        (#"{"version":1,"platform":"windows"}"#, "platform", .unknownPlatform("windows")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","redirectUri":"x"}]}"#, "sentinels[0].redirectUri", .unknownKey(suggestion: "redirectURI", known: RulesLoader.sentinelKeys)),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","require":["code"],"forbid":["code"]}]}"#, "sentinels[0].forbid", .requiredAndForbidden("code")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","loopbackAnyPort":true}]}"#, "sentinels[0].loopbackAnyPort", .anyPortNotLoopback(host: "a.example")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","trailingSlash":"yes"}]}"#, "sentinels[0].trailingSlash", .wrongType(.boolean)),
        (#"{"version":1,"sentinels":[{"name":"a","redirectURI":"https://a.example/cb"},{"name":"b","redirectURI":"HTTPS://A.example:443/cb","require":["code"]}]}"#, "sentinels[1]", .shadowedSentinel(byKeyPath: "sentinels[0]", name: "a")),
        (#"{"version":1,"schemes":[{"scheme":"myapp"},{"scheme":"myapp","route":"reset"}]}"#, "schemes[1]", .shadowedSchemeRule(byKeyPath: "schemes[0]", name: "schemes[0]", scheme: "myapp")),
        (#"{"version":1,"schemes":[{"scheme":"janrain","protocol":"janrain","route":"x"}]}"#, "schemes[0].route", .protocolAndRoute),
        (#"{"version":1,"schemes":[{"scheme":"x","protocol":"cordova"}]}"#, "schemes[0].protocol", .unknownProtocol("cordova")),
        (#"{"version":1,"schemes":[{"scheme":"https"}]}"#, "schemes[0].scheme", .webScheme("https")),
        (#"{"version":1,"schemes":[{"route":"x"}]}"#, "schemes[0].scheme", .missing),
        (#"{"version":1,"handlers":["onCaptureLoginSuccess"]}"#, "handlers", .handlersNotObject),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":"signIn"}}"#, "handlers.onCaptureLoginSuccess", .wrongType(.array)),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":["signIn",""]}}"#, "handlers.onCaptureLoginSuccess[1]", .wrongType(.nonEmptyString)),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":[]}}"#, "handlers.onCaptureLoginSuccess", .noHandlers),
        // Duplicate keys, at any depth, named by their path.
        (#"{"version":1,"default":"allow","default":"cancel"}"#, "default", .repeatedKey),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb"},{"redirectURI":"https://a.example/x","name":"b","name":"c"}]}"#, "sentinels[1].name", .repeatedKey),
        (#"{"version":1,"handlers":{"e":["a"],"e":["b"]}}"#, "handlers.e", .repeatedKey),
        (#"{"version":1,"default":"allow","d\u0065fault":"cancel"}"#, "default", .repeatedKey),
        // Names: none empty, none twice (sentinels and schemes share them).
        (#"{"version":1,"sentinels":[{"name":"","redirectURI":"https://a.example/cb"}]}"#, "sentinels[0].name", .emptyName),
        (#"{"version":1,"sentinels":[{"name":"s","redirectURI":"https://a.example/cb"},{"name":"s","redirectURI":"https://a.example/other"}]}"#, "sentinels[1].name", .nameTaken("s", firstKeyPath: "sentinels[0]")),
        (#"{"version":1,"sentinels":[{"name":"s","redirectURI":"https://a.example/cb"}],"schemes":[{"name":"s","scheme":"myapp"}]}"#, "schemes[0].name", .nameTaken("s", firstKeyPath: "sentinels[0]")),
        // A redirect URI with a query is rejected (it would be ignored).
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb?app=1"}]}"#, "sentinels[0].redirectURI", .redirectURIHasQuery("https://a.example/cb?app=1")),
        // frames: the allowed values are named.
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":"top"}]}"#, "sentinels[0].frames", .unknownFrames("top")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":["main","iframe"]}]}"#, "sentinels[0].frames[1]", .unknownFrame),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","frames":[]}]}"#, "sentinels[0].frames", .framesNotScopeOrList),
        // JavaScript interfaces: a name window.NAME can be, methods listed, a protocol bridge speaks, added once.
        (#"{"version":1,"javascriptInterfaces":[{"name":"my-bridge","methods":["a"]}]}"#, "javascriptInterfaces[0].name", .interfaceNameNotIdentifier("my-bridge")),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":[]}]}"#, "javascriptInterfaces[0].methods", .noMethods),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["ok","not ok"]}]}"#, "javascriptInterfaces[0].methods[1]", .methodNotIdentifier("not ok")),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"],"protocol":"jsonrpc"}]}"#, "javascriptInterfaces[0].protocol", .unknownProtocol("jsonrpc")),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"]},{"name":"demo","methods":["b"]}]}"#, "javascriptInterfaces[1].name", .interfaceAddedTwice("demo")),
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"],"method":"b"}]}"#, "javascriptInterfaces[0].method", .unknownKey(suggestion: "methods", known: RulesLoader.interfaceKeys)),
    ])
    func rejected(json: String, keyPath: String, problem: RulesProblem) {
        let error = Self.error(json)
        #expect(error?.keyPath == keyPath, "\(json): \(String(describing: error))")
        #expect(error?.problem == problem, "\(json)")
    }


    @Test("not JSON at all")
    func notJSON() {
        let error = Self.error("{\"version\": 1,")
        #expect(error?.keyPath == "")
        guard case .notJSON? = error?.problem else { Issue.record("\(String(describing: error))"); return }
    }

    @Test("an unknown key suggests the known one that differs in case")
    func suggestion() {
        #expect(Self.error(#"{"version":1,"sentinels":[{"redirectUri":"https://a.example/cb"}]}"#)?.problem
                == .unknownKey(suggestion: "redirectURI", known: RulesLoader.sentinelKeys))
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
            #expect(error == RulesError("", .unreadable, file: "/nonexistent/rules.json"))
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

@Suite("Known keys")
struct KnownKeysTests {
    @Test("a key meant as a known one is suggested: letter case, then one or two edits, only when no other is as near",
          arguments: [("Sentinels", "sentinels"), ("sentinal", "sentinels"), ("redirectUri", "redirectURI"), ("expectedStat", "expectedState"),
                      ("hanlders", "handlers"), ("colour", nil), ("x", nil)] as [(String, String?)])
    func suggestion(key: String, expected: String?) {
        let known = RulesLoader.topLevelKeys + RulesLoader.sentinelKeys
        #expect(KnownKeys.suggestion(for: key, among: known) == expected)
    }

    @Test("two known keys as near as each other: no suggestion")
    func tie() {
        #expect(KnownKeys.suggestion(for: "ab", among: ["ac", "ad"]) == nil)
        #expect(KnownKeys.firstUnknown(in: ["b": 1, "a": 1, "known": 1], known: ["known"])?.key == "a")
    }
}
