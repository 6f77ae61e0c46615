// RulesLoaderTests.swift: rules files that cannot be honoured are rejected, naming the key path and the problem (a value).
import InputFiles
import BrowserURL
import Foundation
import JSONText
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
        (#"{"version":1,"sentinel":[]}"#, "sentinel", RulesProblem.json(.unknownKey(suggestion: "sentinels", known: Self.keys(RulesLoader.TopLevelKey.self)))),
        (#"{"version":2}"#, "version", .unsupportedVersion(2)),
        (#"{"default":"cancel"}"#, "version", .json(.missing)),
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
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","redirectUri":"x"}]}"#, "sentinels[0].redirectUri", .json(.unknownKey(suggestion: "redirectURI", known: Self.keys(RulesLoader.SentinelKey.self)))),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","require":["code"],"forbid":["code"]}]}"#, "sentinels[0].forbid", .requiredAndForbidden("code")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","loopbackAnyPort":true}]}"#, "sentinels[0].loopbackAnyPort", .anyPortNotLoopback(host: "a.example")),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","trailingSlash":"yes"}]}"#, "sentinels[0].trailingSlash", .json(.wrongType(.boolean, found: .string))),
        (#"{"version":1,"sentinels":[{"name":"a","redirectURI":"https://a.example/cb"},{"name":"b","redirectURI":"HTTPS://A.example:443/cb","require":["code"]}]}"#, "sentinels[1]", .shadowedSentinel(byKeyPath: "sentinels[0]", name: "a")),
        (#"{"version":1,"schemes":[{"scheme":"myapp"},{"scheme":"myapp","route":"reset"}]}"#, "schemes[1]", .shadowedSchemeRule(byKeyPath: "schemes[0]", name: "schemes[0]", scheme: "myapp")),
        (#"{"version":1,"schemes":[{"scheme":"janrain","protocol":"janrain","route":"x"}]}"#, "schemes[0].route", .protocolAndRoute),
        (#"{"version":1,"schemes":[{"scheme":"x","protocol":"cordova"}]}"#, "schemes[0].protocol", .unknownProtocol("cordova")),
        (#"{"version":1,"schemes":[{"scheme":"https"}]}"#, "schemes[0].scheme", .webScheme("https")),
        (#"{"version":1,"schemes":[{"route":"x"}]}"#, "schemes[0].scheme", .json(.missing)),
        (#"{"version":1,"handlers":["onCaptureLoginSuccess"]}"#, "handlers", .json(.wrongType(.object, found: .array))),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":"signIn"}}"#, "handlers.onCaptureLoginSuccess", .json(.wrongType(.array, found: .string))),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":["signIn",""]}}"#, "handlers.onCaptureLoginSuccess[1]", .json(.wrongType(.nonEmptyString, found: .string))),
        (#"{"version":1,"handlers":{"onCaptureLoginSuccess":[]}}"#, "handlers.onCaptureLoginSuccess", .noHandlers),
        // Duplicate keys, at any depth, named by their path.
        (#"{"version":1,"default":"allow","default":"cancel"}"#, "default", .json(.repeatedKey)),
        (#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb"},{"redirectURI":"https://a.example/x","name":"b","name":"c"}]}"#, "sentinels[1].name", .json(.repeatedKey)),
        (#"{"version":1,"handlers":{"e":["a"],"e":["b"]}}"#, "handlers.e", .json(.repeatedKey)),
        (#"{"version":1,"default":"allow","d\u0065fault":"cancel"}"#, "default", .json(.repeatedKey)),
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
        (#"{"version":1,"javascriptInterfaces":[{"name":"demo","methods":["a"],"method":"b"}]}"#, "javascriptInterfaces[0].method", .json(.unknownKey(suggestion: "methods", known: Self.keys(RulesLoader.InterfaceKey.self)))),
        // Every key read is typed, the description too; a sentinel, an origin, a scheme rule are what they must be.
        (#"{"version":1,"description":["x"]}"#, "description", .json(.wrongType(.string, found: .array))),
        (#"{"version":1,"allow":[7]}"#, "allow[0]", .json(.wrongType(.string, found: .number))),
        (#"{"version":1,"sentinels":["https://a.example/cb"]}"#, "sentinels[0]", .json(.wrongType(.object, found: .string))),
        (#"{"version":1.5}"#, "version", .json(.wrongType(.wholeNumber, found: .number))),
        (#"{"version":1,"expectedState":null}"#, "expectedState", .json(.wrongType(.string, found: .null))),
        (#"{"version":1,"allow":["https://a.example",]}"#, "", .json(.syntax(.unexpectedCharacter(UInt8(ascii: "]")), line: 1, column: 43))),
    ])
    func rejected(json: String, keyPath: String, problem: RulesProblem) {
        let error = Self.error(json)
        #expect(error?.keyPath == keyPath, "\(json): \(String(describing: error))")
        #expect(error?.problem == problem, "\(json)")
    }


    /// An object's keys as the unknown-key problem lists them.
    static func keys<Key: JSONDocumentKey>(_ type: Key.Type) -> [String] { Key.allCases.map(\.rawValue) }

    @Test("not JSON at all: where it stops and why")
    func notJSON() {
        #expect(Self.error("{\"version\": 1,") == RulesError("", .json(.syntax(.endOfInput, line: 1, column: 15))))
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
            #expect(error == RulesError("", .unreadable(.notFound), file: "/nonexistent/rules.json"))
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

    @Test("a problem in a rules file's value is placed at its line and column")
    func problemPositions() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-rules-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "{\"version\": 1,\n \"default\": \"cancle\"\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try RulesLoader.load(path: path)
            Issue.record("loaded")
        } catch {
            #expect(error.keyPath == "default" && error.problem == .unknownAction("cancle"))
            #expect(error.line == 2 && error.column == 13)
        }
    }

    @Test("every problem of a rules file at once, in the file's order, each at its line and column")
    func everyProblem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-rules-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = """
            {"version": 1,
             "default": "cancle",
             "nope": 2,
             "allow": ["https://a.example/path", "https://*"],
             "sentinels": [{"name": "x"}, {"name": "y", "redirectURI": "https://y.example/cb"}],
             "handlers": {"onX": []}
            }
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try RulesLoader.load(path: path)
            Issue.record("loaded")
        } catch {
            let all = [error] + error.others
            #expect(all.map(\.keyPath) == ["default", "nope", "allow[0]", "allow[1]", "sentinels[0].redirectURI", "handlers.onX"])
            #expect(all.map { [$0.line ?? 0, $0.column ?? 0] } == [[2, 13], [3, 10], [4, 12], [4, 38], [5, 16], [6, 22]])
            #expect(all[0].problem == .unknownAction("cancle") && all[3].problem == .misplacedWildcard("https://*"))
            #expect(all.allSatisfy { $0.file == path })
            #expect(error.others.allSatisfy { $0.others.isEmpty })
        }
    }
}
