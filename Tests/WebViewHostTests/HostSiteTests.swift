// HostSiteTests.swift: what the stand-in network serves for web/bridge-site.json, and site files that are
// wrong are refused with the key they get wrong. No WebKit needed.
import TestSupport
import FlowInspector
import Foundation
import Testing
@testable import WebViewHost

enum Repository {
    static let root = TestSupport.Repository.root

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

@Suite struct HostSiteTests {
    let site: HostSite

    init() throws { site = try HostSite.load(path: Repository.path("web/bridge-site.json")) }

    @Test func thePagesAreServedUnderTheAppsOrigin() {
        #expect(site.origin == "https://yourdomain.com")
        #expect(site.respond(to: "https://yourdomain.com/webViewSignIn.html#x") == .file(path: Repository.path("web/webViewSignIn.html"), contentType: "text/html; charset=utf-8"))
        #expect(site.respond(to: "https://yourdomain.com/") == .status(404))  // no index.html in web/
        #expect(site.url(forFile: Repository.path("web/webViewSignIn.html")) == "https://yourdomain.com/webViewSignIn.html")
        #expect(site.url(forFile: Repository.path("web/password_reset.html")) == "https://yourdomain.com/password_reset.html")
        #expect(site.url(forFile: "/etc/passwd") == nil)
    }

    @Test func exactRoutesWinOverTheDirectoryAndIgnoreTheQuery() {
        #expect(site.respond(to: "https://yourdomain.com/password_reset.php?code=abc") == .file(path: Repository.path("web/password_reset.html"), contentType: "text/html; charset=utf-8"))
        // The reset page's server exchange is the emulator's (bridge host --provider), not the site's.
        #expect(site.respond(to: "https://yourdomain.com/password_reset/exchange") == .status(404))
        #expect(site.respond(to: "https://d16s8pqtk4uodx.cloudfront.net/bridge-demo/load.js") == .file(path: Repository.path("Sources/ProviderEmulator/StandIn/janrain-widget.js"), contentType: "text/javascript; charset=utf-8"))
    }

    @Test func nothingElseIsServed() {
        if case .refused = site.respond(to: "https://evil.com/") {} else { Issue.record("evil.com was served") }
        if case .refused = site.respond(to: "https://yourdomain.com.evil.com/webViewSignIn.html") {} else { Issue.record("a look-alike host was served") }
        if case .refused = site.respond(to: "https://d16s8pqtk4uodx.cloudfront.net/other.js") {} else { Issue.record("an unrouted path on a routed host was served") }
        #expect(site.respond(to: "https://yourdomain.com/../Package.swift") == .status(404) || site.respond(to: "https://yourdomain.com/../Package.swift") == .status(403))
        // The URL parser removes dot segments (%2e%2e too) before the site sees the path: never above web/.
        #expect(site.respond(to: "https://yourdomain.com/stand-in/%2e%2e/%2e%2e/Package.swift") == .status(404))
        #expect(site.hosts == ["yourdomain.com", "d16s8pqtk4uodx.cloudfront.net"])  // the provider is --provider's, not the site's
    }

    @Test func redirectsAndStatusesFromASiteFile() throws {
        let file = try SiteFile("""
            {"version": 1, "origin": "https://a.example",
             "routes": {"https://a.example/post": {"redirect": "myapp://done", "status": 303}, "https://a.example/gone": {"status": 410}}}
            """)
        let site = try HostSite.load(path: file.path)
        #expect(site.respond(to: "https://a.example/post") == .redirect(location: "myapp://done", status: 303))
        #expect(site.respond(to: "https://a.example/gone") == .status(410))
    }

    @Test("a site file that cannot be used names the key path and the problem, as a value", arguments: [
        (#"{"version": 1, "origin": "https://a.example", "routes": {}, "extra": 1}"#, "extra",
         HostSiteProblem.json(.unknownKey(suggestion: nil, known: ["version", "description", "origin", "routes"]))),
        (#"{"version": 2, "origin": "https://a.example", "routes": {}}"#, "version", .unsupportedVersion(2)),
        (#"{"version": 1, "origin": "https://a.example/path", "routes": {}}"#, "origin", .notAnOrigin("https://a.example/path")),
        (#"{"version": 1, "origin": "https://a.example"}"#, "routes", .json(.missing)),
        (#"{"version": 1, "origin": "https://a.example", "routes": [],}"#, "", .json(.syntax(.expectedKey(found: UInt8(ascii: "}")), line: 1, column: 60))),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"ftp://a.example/": "./"}}"#, "routes.ftp://a.example/", .keyNotWebURL),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": "missing.js"}}"#, "routes.https://a.example/x", .missingFile("missing.js")),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": "./"}}"#, "routes.https://a.example/x", .directoryNeedsSlashKey),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {"redirect": "myapp://", "status": 200}}}"#,
         "routes.https://a.example/x.status", .notARedirectStatus(200)),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {}}}"#, "routes.https://a.example/x", .noTarget),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {"status": 410, "typ": "text/plain"}}}"#,
         "routes.https://a.example/x.typ", .json(.unknownKey(suggestion: "type", known: ["file", "type", "redirect", "status"]))),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {"status": "410"}}}"#,
         "routes.https://a.example/x.status", .json(.wrongType(.wholeNumber, found: .string))),
    ])
    func wrongSiteFilesNameTheKey(text: String, keyPath: String, problem: HostSiteProblem) throws {
        let file = try SiteFile(text)
        #expect(throws: HostSiteError(file: file.path, keyPath: keyPath, problem)) { try HostSite.load(path: file.path) }
    }
}

/// A site file in a temporary directory.
struct SiteFile {
    let path: String
    init(_ text: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("bridge-site.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
