// DecisionShortcutTests.swift: the engine's shortcuts decide exactly as the plain path does. A decision
// tries only the sentinels with the URL's path (all of them when explaining, or when a rule on the host has
// trailingSlash), and repeated credentials are found on the parameters' bytes; both are checked here
// against the plain way, on the whole URL corpus with rules that put several sentinels on one host. The
// deep-link route and its comparison read bytes in place, checked against the String way. The Redactor's
// byte scan for pairs carried in a value is checked against the substring searches it replaced.
@testable import NavigationPolicy
import BrowserURL
import Foundation
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
        #expect(String(PolicyEngine.routeSubstring(of: url)) == expected, "\(text)")
        #expect(PolicyEngine.sameBytes(PolicyEngine.routeSubstring(of: url), expected), "\(text)")
        #expect(!PolicyEngine.sameBytes(PolicyEngine.routeSubstring(of: url), expected + "x"), "\(text)")
    }

    @Test func credentialNamesAreTheSet() {
        #expect(Set(PolicyEngine.credentialParameterList) == PolicyEngine.credentialParameters)
        #expect(Set(PolicyEngine.credentialParameterList).count == PolicyEngine.credentialParameterList.count)
    }
}

@Suite struct RedactorShortcutTests {
    /// The byte scan for pairs carried in a value says what the substring searches said.
    @Test(arguments: ["", "plain", "a=b", "https%3A%2F%2Fh%2Fcb%3Fcode%3Dx", "%3d", "%3", "%%3D", "%3%3D", "x%3", "%33D", "%E2%80%A6", "=", "%3DD"])
    func mayCarryPairsAgreesWithContains(_ value: String) {
        let expected = value.contains("=") || value.contains("%3D") || value.contains("%3d")
        #expect(Redactor.mayCarryPairs(value[...].utf8) == expected, "\(value)")
    }
}
