// Loopback.swift: which hosts are this machine's own, the one definition bridge uses wherever it asks: a
// sentinel's any-port match and http allowed for a redirect URI (RFC 8252 §7.3, §8.3), `bridge serve
// --host`, and the hosts both hosted engines reach directly rather than through the stand-in network (the
// WebKit proxy's bypass list and the injected script's test are made from the patterns here, so a page
// reaches the same hosts the same way in Chromium and in WebKit).
// The set: IPv4 127.0.0.0/8 (RFC 1122 §3.2.1.3), IPv6 ::1 (RFC 4291 §2.5.3), and the name localhost and
// every name under it (RFC 6761 §6.3; the Secure Contexts spec's "potentially trustworthy" hosts, and
// Chromium's net::IsLocalHostname), with or without the trailing dot. An IPv4-mapped ::ffff:127.0.0.1 is
// not in it: bridge does not guess which family a page's socket would use.

public enum Loopback {
    /// Whether a host, as BrowserURL serializes it (`hostname`: IPv4 as four decimal numbers, IPv6 in
    /// brackets and compressed, a domain lower-cased and ASCII), is loopback.
    public static func contains(hostname: String) -> Bool {
        if hostname == "[::1]" { return true }
        let name = hostname.hasSuffix(".") ? hostname.dropLast() : Substring(hostname)
        if name == "localhost" || name.utf8.count > 10 && name.hasSuffix(".localhost") { return true }
        // The URL parser writes an IPv4 address as four decimal numbers; a domain always has a letter.
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return hostname == name && labels.count == 4 && labels.first == "127"
            && labels.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }

    /// The same set as GLib's proxy resolver takes its hosts to bypass (GSimpleProxyResolver's ignore-hosts:
    /// names, `*.` wildcards, addresses and CIDR ranges).
    public static let proxyBypassPatterns = ["localhost", "localhost.", "*.localhost", "*.localhost.", "127.0.0.0/8", "::1"]

    /// The same set as a JavaScript regular expression over `URL.hostname` (a page's script asks it): the
    /// body of a `/…/` literal, and a pattern Swift's Regex reads the same way.
    public static let hostnamePattern = #"^(localhost\.?|.+\.localhost\.?|127\.\d+\.\d+\.\d+|\[::1\])$"#
}

extension BrowserURL {
    /// Whether the URL's host is loopback (``Loopback``).
    public var isLoopback: Bool { Loopback.contains(hostname: hostname) }
}
