// LoopbackTests.swift: the one loopback definition, on hosts as the URL parser writes them (however the
// input spells them), and the pattern the hosted page's script tests with, which must name the same hosts.
import BrowserURL
import Testing

@Suite("loopback hosts")
struct LoopbackTests {
    /// Inputs and whether their host is loopback.
    static let hosts: [(String, Bool)] = [
        ("http://127.0.0.1/", true), ("http://127.0.0.2:8080/", true), ("http://127.255.255.255/", true), ("http://127.1/", true),
        ("http://0x7f.0.0.1/", true), ("http://2130706433/", true), ("http://[::1]/", true), ("http://[0:0:0:0:0:0:0:1]/", true),
        ("http://localhost/", true), ("http://LOCALHOST:3000/", true), ("http://localhost./", true), ("http://app.localhost/", true),
        ("http://a.b.localhost./", true),
        ("http://128.0.0.1/", false), ("http://126.255.255.255/", false), ("http://127.evil.com/", false), ("http://[::2]/", false),
        ("http://[::ffff:127.0.0.1]/", false), ("http://localhost.evil.com/", false), ("http://evil-localhost/", false),
        ("http://notlocalhost/", false), ("http://yourdomain.com/", false), ("http://0.0.0.0/", false), ("http://10.0.0.1/", false),
    ]

    @Test("a host is loopback as the URL parser writes it", arguments: hosts)
    func loopback(input: String, expected: Bool) throws {
        let url = try BrowserURL.parse(input).get()
        #expect(url.isLoopback == expected, "\(url.hostname)")
    }

    @Test("the script's pattern names the same hosts", arguments: hosts)
    func patternAgrees(input: String, expected: Bool) throws {
        let hostname = try BrowserURL.parse(input).get().hostname
        let pattern = try Regex(Loopback.hostnamePattern)
        let matches = try pattern.wholeMatch(in: hostname) != nil
        #expect(matches == expected, "\(hostname)")
    }

    @Test("an empty label before .localhost is no name under it")
    func emptyLabel() {
        #expect(!Loopback.contains(hostname: ".localhost"))
        #expect((try? Regex(Loopback.hostnamePattern).wholeMatch(in: ".localhost")) == nil)
    }
}
