// HostPageTests.swift: what `bridge host PAGE` loads: a page file by the site file beside it or under an
// origin, a URL as it is, and each mistake as its own value.
import FlowInspector
import Foundation
import NavigationPolicy
import Testing
@testable import WebViewHost

@Suite struct HostPageTests {
    static func rules() throws -> Rules { try RulesLoader.load(path: Repository.path("Fixtures/rules/capture.json")) }

    @Test func aPageFileIsServedAsTheSiteFileBesideItSays() throws {
        let options = try HostPage.options(page: Repository.path("web/webViewSignIn.html"), site: nil, origin: nil, rules: try Self.rules())
        #expect(options.startURL == "https://yourdomain.com/webViewSignIn.html")
        #expect(options.site?.origin == "https://yourdomain.com")
    }

    @Test func aPageFileWithAnOriginIsServedFromItsDirectory() throws {
        let options = try HostPage.options(page: Repository.path("Fixtures/pages/late-settings.html"), site: nil, origin: "https://app.example", rules: try Self.rules())
        #expect(options.startURL == "https://app.example/late-settings.html")
    }

    @Test func withoutAnOriginTheRulesFirstHTTPSAllowIsTheOrigin() throws {
        #expect(HostPage.defaultOrigin(try Self.rules()) == "https://yourdomain.com")
        let options = try HostPage.options(page: Repository.path("Fixtures/pages/late-settings.html"), site: nil, origin: nil, rules: try Self.rules())
        #expect(options.startURL == "https://yourdomain.com/late-settings.html")
    }

    @Test func mistakesAreValues() throws {
        let rules = try Self.rules()
        #expect(throws: HostPage.Problem.originForURL) { try HostPage.options(page: "https://a.example/", site: nil, origin: "https://b.example", rules: rules) }
        #expect(throws: HostPage.Problem.notAPage("no-such.html")) { try HostPage.options(page: "no-such.html", site: nil, origin: nil, rules: rules) }
        #expect(throws: HostPage.Problem.notAnOrigin("https://a.example/path")) {
            try HostPage.options(page: Repository.path("Fixtures/pages/late-settings.html"), site: nil, origin: "https://a.example/path", rules: rules)
        }
    }
}
