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

    @Test(arguments: [
        (#"{"version": 1, "origin": "https://a.example", "routes": {}, "extra": 1}"#, "unknown key \"extra\""),
        (#"{"version": 2, "origin": "https://a.example", "routes": {}}"#, "version: must be 1"),
        (#"{"version": 1, "origin": "https://a.example/path", "routes": {}}"#, "origin: must be an origin"),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"ftp://a.example/": "./"}}"#, "routes.ftp://a.example/: the key must be an http or https URL"),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": "missing.js"}}"#, "missing.js does not exist"),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": "./"}}"#, "a directory needs a key ending in /"),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {"redirect": "myapp://", "status": 200}}}"#, "a redirect needs 301"),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {}}}"#, "needs \"file\", \"redirect\" or \"status\""),
        (#"{"version": 1, "origin": "https://a.example", "routes": {"https://a.example/x": {"status": 410, "typ": "text/plain"}}}"#, "routes.https://a.example/x: unknown key \"typ\""),
    ])
    func wrongSiteFilesNameTheKey(text: String, message: String) throws {
        let file = try SiteFile(text)
        do {
            _ = try HostSite.load(path: file.path)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
            #expect("\(error)".hasPrefix(file.path))
        }
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
