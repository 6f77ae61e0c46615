// DecisionShortcutTests.swift: the engine's shortcuts decide exactly as the plain path does. A decision
// tries only the sentinels with the URL's path (all of them when explaining, or when a rule on the host has
// trailingSlash), and a response's fields and repeated credentials are found in one pass on the
// parameters' bytes (ResponseFields); these are checked against the plain way, on the whole URL corpus with
// rules that put several sentinels on one host and against a lookup per name. Allowed origins matched on
// bytes pick the origin a plain reading of the list picks. The deep-link route and its comparison read
// bytes in place, checked against the String way. A special scheme's index, read by its kind, is the one its bytes
// look up.
@testable import NavigationPolicy
import BrowserURL
import Foundation
import SeededRandom
import Testing

@Suite struct DecisionShortcutTests {
    static let corpus: [String] = {
        let path = RulesFixtures.root.deletingLastPathComponent().appendingPathComponent("corpus/oauth_urls.txt").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }()

    /// Six sentinels on each of three corpus hosts (by path), one host with a trailingSlash rule among them.
    static func rules() throws -> Rules {
        var sentinels: [String] = []
        for host in ["example.com:8443", "m.example.jp", "app.example.com"] {
            for path in ["/oauth/callback", "/auth/callback", "/callback", "/password_reset.php", "/magic-link/verify", "/cb"] {
                let slash = host == "m.example.jp" && path == "/cb" ? ", \"trailingSlash\": true" : ""
                sentinels.append("{\"name\": \"\(host)\(path)\", \"redirectURI\": \"https://\(host)\(path)\", \"require\": [\"state\"]\(slash)}")
                sentinels.append("{\"name\": \"\(host)\(path) error\", \"redirectURI\": \"https://\(host)\(path)\", \"require\": [\"error\"], \"responseMode\": \"query\"}")
            }
        }
        let json = "{\"version\": 1, \"allow\": [\"https://*.example.com\"], \"sentinels\": [\(sentinels.joined(separator: ", "))]}"
        return try RulesLoader.parse(Data(json.utf8))
    }

    @Test func specialSchemesAreIndexedByKindAsByBytes() throws {
        let json = #"{"version": 1, "allow": ["https://a.example", "wss://a.example", "ws://a.example"], "schemes": [{"name": "app", "scheme": "myapp", "route": "done"}]}"#
        let index = SchemeIndex(try RulesLoader.parse(Data(json.utf8)))
        for url in ["http://a.example/", "https://a.example/", "ws://a.example/", "wss://a.example/", "ftp://a.example/",
                    "file:///etc/passwd", "myapp://done", "about:blank", "javascript:0", "other://x", "HTTPS://a.example/"] {
            let parsed = try #require(BrowserURL(url))
            #expect(index.firstIndex(parsed) == parsed.firstIndex(of: .scheme, in: index.keys), "\(url)")
        }
        #expect(index.firstIndex(try #require(BrowserURL("http://a.example/"))) == nil)
        #expect(index.firstIndex(try #require(BrowserURL("https://a.example/"))) == index.index(of: "https"))
    }

    @Test func pathShortcutDecidesAsExplaining() throws {
        #expect(Self.corpus.count >= 1000)
        let engine = PolicyEngine(rules: try Self.rules())
        var sentinelHits = 0
        for url in Self.corpus {
            let quick = engine.decide(NavigationRequest(url: url))
            let explained = engine.decide(NavigationRequest(url: url), explain: true)
            #expect(quick.action == explained.action && quick.kind == explained.kind && quick.rule == explained.rule
                    && quick.error == explained.error && quick.parameters == explained.parameters
                    && quick.interception == explained.interception, "\(url)")
            if quick.kind == .sentinel { sentinelHits += 1 }
        }
        #expect(sentinelHits > 100, "the corpus must reach the sentinels for this to mean anything")
    }

    /// The route read on bytes is the host, or else the first path segment, as the String way finds it.
    @Test(arguments: ["myapp://reset-password?token=t", "myapp:reset-password?token=t", "myapp:///reset-password/x",
                      "myapp:", "myapp:///", "myapp://", "myapp:/a/b", "myapp:%C3%A9/x", "janrain:accessToken=T",
                      "exp+myapp://expo-development-client/?url=x", "myapp:////deep"])
    func routeIsTheHostOrFirstSegment(_ text: String) throws {
        let url = try BrowserURL.parse(text).get()
        let expected = url.hostname.isEmpty
            ? url.pathname.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            : url.hostname
        let route = PolicyEngine.routeRange(of: url)
        #expect(url.string(inBytes: route) == expected, "\(text)")
        #expect(url.bytes(route, equal: expected), "\(text)")
        #expect(!url.bytes(route, equal: expected + "x"), "\(text)")
        #expect(expected.isEmpty || !url.bytes(route, equal: String(expected.dropLast()) + "x"), "\(text)")
    }

    /// Allowed origins matched on bytes pick the origin the plain reading picks: the first in file order with
    /// the URL's scheme, port in effect and host (a wildcard: whole labels before its host); the decision
    /// carries the URL's own origin (an exact pattern's, serialized once, is the same).
    @Test func allowedOriginIsTheFirstThatMatches() throws {
        let allow = ["https://a.example.com:8443", "https://*.example.com", "http://a.example.com", "https://example.com",
                     "http://*.example.com:8080", "https://*.co.uk", "https://127.0.0.1:3000", "http://localhost:5173",
                     "https://B.Example.ORG:443", "https://bücher.example", "https://[::1]:8443"]
        let json = "{\"version\": 1, \"allow\": [\(allow.map { "\"\($0)\"" }.joined(separator: ", "))]}"
        let rules = try RulesLoader.parse(Data(json.utf8))
        let engine = PolicyEngine(rules: rules)
        let urls = Self.corpus + ["https://a.example.com:8443/x", "https://a.example.com/", "https://A.EXAMPLE.COM:443/", "http://a.example.com:80/",
                                  "http://b.a.example.com:8080/", "https://example.com./", "https://evilexample.com/", "https://.example.com/",
                                  "https://x.co.uk/", "https://co.uk/", "ws://a.example.com/", "https://127.0.0.1:3000/", "http://localhost:5173/cb",
                                  "https://b.example.org/", "https://xn--bcher-kva.example/x", "https://BÜCHER.example/", "https://[0:0::1]:8443/"]
        var allowed = 0
        for text in urls {
            guard case .success(let url) = BrowserURL.parse(text) else { continue }
            let expected = rules.allow.first { origin in
                guard url.scheme == origin.scheme, url.effectivePort == origin.port else { return false }
                if !origin.isWildcard { return url.hostname == origin.host }
                return url.hostname.utf8.count > origin.host.utf8.count + 1 && url.hostname.hasSuffix("." + origin.host)
            }
            let decision = engine.decide(NavigationRequest(url: text))
            if let expected {
                #expect(decision.kind == .allowed && decision.rule == expected.text, "\(text)")
                // The origin an exact pattern carries, serialized once, is the URL's own.
                #expect(decision.interception == .allowedOrigin(url.origin), "\(text)")
                allowed += 1
            } else if decision.kind == .allowed {
                #expect(decision.rule == nil, "\(text): only about: pages are allowed without an origin")
            }
        }
        #expect(allowed >= 20)
    }

    /// A sentinel decision decodes its result when its interception is read: it is what a lookup per name
    /// of the decision's parameters gives, on every corpus URL a sentinel takes.
    @Test func sentinelResultIsTheParametersFirstValues() throws {
        let engine = PolicyEngine(rules: try Self.rules())
        var checked = 0
        for url in Self.corpus {
            let decision = engine.decide(NavigationRequest(url: url))
            guard decision.kind == .sentinel else { continue }
            let p = decision.parameters, state = p.first("state")
            let expected: SentinelResult = p.first("error").map {
                .oauthError(error: $0, description: p.first("error_description"), uri: p.first("error_uri"), state: state)
            } ?? .authorization(code: p.first("code"), accessToken: p.first("access_token"), idToken: p.first("id_token"), state: state)
            #expect(decision.interception == .sentinel(expected), "\(url)")
            checked += 1
        }
        #expect(checked > 100)
    }

    /// A result whose fields lie after hundreds of pairs is read from the right ones.
    @Test func sentinelResultSurvivesLongResponses() throws {
        let json = "{\"version\": 1, \"sentinels\": [{\"name\": \"s\", \"redirectURI\": \"https://h/cb\", \"require\": [\"state\"]}]}"
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(json.utf8)))
        let authorization = SentinelResult.authorization(code: "c d", accessToken: nil, idToken: "i", state: "s")
        for filler in [0, 10, 254, 255, 300] {
            let padding = (0..<filler).map { "x\($0)=\($0)" }.joined(separator: "&")
            let url = "https://h/cb?\(padding)\(filler == 0 ? "" : "&")code=c+d&id_token=i&state=s&code=again"
            let decision = engine.decide(NavigationRequest(url: url))
            #expect(decision.kind == .sentinel && decision.interception == .sentinel(authorization), "\(filler) pairs before")
        }
        let error = engine.decide(NavigationRequest(url: "https://h/cb?error=access_denied&error_description=no+way&state=s&error_uri=u"))
        #expect(error.interception == .sentinel(.oauthError(error: "access_denied", description: "no way", uri: "u", state: "s")))
    }

    /// The state is compared with the one sent on the response's bytes, decoded when it is encoded.
    @Test(arguments: [("s%20t", "s t", true), ("s+t", "s t", true), ("s%2Bt", "s+t", true), ("st", "s t", false),
                      ("s%20t", "s%20t", false), ("", "", true), ("abc", "abd", false)])
    func stateIsComparedDecoded(_ sent: String, _ expected: String, _ same: Bool) throws {
        let json = "{\"version\": 1, \"sentinels\": [{\"name\": \"s\", \"redirectURI\": \"https://h/cb\", \"require\": [\"state\"]}]}"
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(json.utf8)))
        let decision = engine.decide(NavigationRequest(url: "https://h/cb?code=c&state=\(sent)"), expectedState: expected)
        #expect(decision.kind == .sentinel)
        #expect((decision.error == nil) == same, "\(sent) against \(expected)")
        if !same { #expect(decision.error?.code == "state-mismatch") }
    }

    @Test func credentialNamesAreTheSet() {
        let credentials = ResponseFields.Name.allCases.filter(\.isCredential).map(\.parameter)
        #expect(Set(credentials) == PolicyEngine.credentialParameters)
        // The public set is made from the fields; pinned here to the names the contract promises.
        #expect(PolicyEngine.credentialParameters == ["code", "access_token", "id_token", "refresh_token", "token", "state", "error", "tokenId"])
        #expect(Set(credentials).count == credentials.count)
        #expect(Set(ResponseFields.Name.allCases.map(\.parameter)).count == ResponseFields.Name.allCases.count)
    }

    /// The one-pass field finder says what a lookup per name says: each field's first value, and the first
    /// credential (in pair order) that repeats a pair before it. Shapes: encoded and "+" names, repeats of
    /// credentials and of other names, error responses, names that are prefixes of others, both parts.
    @Test(arguments: ["", "code=c&state=s", "state=a&code=c&state=b", "co%64e=1&code=2", "code+=1&code=2",
                      "error=access_denied&error_description=a+b&error_uri=https%3A%2F%2Fe&state=s",
                      "error_description=x&error=e&error=f", "a=1&a=2&token=t&token=u", "tokenId=1&token=2&tokenId=3",
                      "access_token=a&id_token=i&refresh_token=r&state=s&access_token=b", "cod=1&codes=2&code",
                      "state&state=x", "%73tate=1&state=2", "error_uri=u&error_uri=v", "x=%ZZ&code=%E2%82%AC"])
    func responseFieldsAgreeWithLookupsPerName(_ text: String) throws {
        for parameters in [FormParameters(parsing: text), try BrowserURL.parse("https://h/cb?\(text)#\(text)").get().queryAndFragmentParameters] {
            let fields = ResponseFields(parameters)
            for name in ResponseFields.Name.allCases {
                #expect(fields.first(name, in: parameters) == parameters.first(name.parameter), "\(text) \(name.parameter)")
            }
            let credentials = ResponseFields.Name.allCases.filter(\.isCredential).map(\.parameter)
            #expect(fields.repeatedCredential?.parameter == parameters.firstRepeatedName(among: credentials), "\(text)")
        }
    }

    /// A sentinel's require and forbid, answered from the response's fields when every name is one, say
    /// what a scan of the pairs per name says (encoded names included); a rule naming a parameter that is
    /// no field is answered by the scan.
    @Test(arguments: ["", "code=c&state=s", "co%64e=1", "state+=1", "error=e&state=s", "id_token=i&access_token=a",
                      "session_state=x&code=c", "%73tate=1&error_description=d", "state", "x=%ZZ&token=t"])
    func requireAndForbidFromFieldsAgreeWithScans(_ text: String) throws {
        let lists: [(require: [String], forbid: [String])] = [
            (["state"], ["error"]), (["code", "state"], ["error", "access_token"]), (["error"], []),
            (["id_token", "access_token"], ["code"]), (["session_state"], ["error"]), (["state"], ["session_state", "code"]),
        ]
        let parameters = try BrowserURL.parse("https://h/cb?\(text)").get().queryParameters
        let fields = ResponseFields(parameters)
        for (require, forbid) in lists {
            let quoted = { (names: [String]) in names.map { "\"\($0)\"" }.joined(separator: ", ") }
            let json = "{\"version\": 1, \"sentinels\": [{\"name\": \"s\", \"redirectURI\": \"https://h/cb\", \"require\": [\(quoted(require))], \"forbid\": [\(quoted(forbid))]}]}"
            let compiled = CompiledSentinel(try RulesLoader.parse(Data(json.utf8)).sentinels[0])
            #expect((compiled.requiredFields == nil) == require.contains("session_state"))
            #expect((compiled.forbiddenFields == nil) == forbid.contains("session_state"))
            #expect(compiled.firstLacking(parameters, fields) == require.first { !parameters.contains($0) }, "\(text) \(require)")
            #expect(compiled.firstForbidden(parameters, fields) == forbid.first(where: parameters.contains), "\(text) \(forbid)")
        }
    }
}
