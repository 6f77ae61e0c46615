// LoopbackBypassTests.swift: the WebKit view's proxy bypass list is the loopback set: GLib's proxy resolver
// (which WebKitNetworkProxySettings' ignore-hosts is read by) sends every loopback host direct, as Chromium's
// view continues a loopback request, and every other host to the stand-in network. Needs the WebKit trait
// (GLib), not a display.
#if WebKit
import BrowserURL
import CSoup
import Foundation
import Testing

@Suite("the WebKit proxy's bypass list")
struct LoopbackBypassTests {
    static let urls = ["http://127.0.0.1:8025/", "http://127.0.0.2/", "http://127.255.255.254:9/", "http://[::1]:8025/", "http://localhost/",
                       "http://app.localhost:3000/", "http://localhost./", "http://a.localhost./", "http://128.0.0.1/", "http://127.evil.com/", "http://[::2]/",
                       "http://localhost.evil.com/", "https://yourdomain.com/", "http://10.0.0.1/"]

    /// What GLib's resolver answers for `url` with the bypass list: "direct://" or the proxy.
    static func route(_ url: String) throws -> String {
        var patterns = Loopback.proxyBypassPatterns.map { strdup($0) } + [nil]
        defer { patterns.forEach { free($0) } }
        let resolver = try #require(patterns.withUnsafeMutableBufferPointer { g_simple_proxy_resolver_new("http://127.0.0.1:9", $0.baseAddress) })
        defer { g_object_unref(UnsafeMutableRawPointer(resolver)) }
        var error: UnsafeMutablePointer<GError>?
        let proxies = try #require(g_proxy_resolver_lookup(resolver, url, nil, &error))
        defer { g_strfreev(proxies) }
        return try #require(proxies[0].map { String(cString: $0) })
    }

    @Test("a loopback host goes direct, any other through the stand-in network", arguments: urls)
    func bypass(url: String) throws {
        let parsed = try BrowserURL.parse(url).get()
        #expect((try Self.route(parsed.href) == "direct://") == parsed.isLoopback, "\(parsed.href)")
    }
}
#endif
