// OriginIndex.swift: the allowed origins compiled for a decision's lookup: their hosts as byte keys (a
// wildcard's host, without its "*.", a key that includes its subdomains), and each one's scheme (an index into the
// scheme index's keys) and port in effect, in file order. Origins are matched on the href's bytes, never
// copying a pattern.
import BrowserURL

struct OriginIndex: Sendable {
    let schemes: [Int]
    let hostKeys: ComponentKeys
    let ports: [Int?]
    /// Each exact pattern's origin, serialized once (a wildcard's is the URL's own): a URL it matches has
    /// the same scheme, host and port in effect, so the same origin, and an allowed decision carries this
    /// string rather than a new one made from the URL.
    let exactOrigins: [String?]

    init(_ allow: [OriginPattern], schemes schemeIndex: SchemeIndex) {
        // Every allowed origin's scheme is in the scheme index (it registers them).
        schemes = allow.map { schemeIndex.index(of: $0.scheme) ?? -1 }
        hostKeys = ComponentKeys(allow.map(\.host), includingSubdomains: allow.map(\.isWildcard))
        ports = allow.map(\.port)
        exactOrigins = allow.map { $0.isWildcard ? nil : (try? BrowserURL.parse($0.text).get())?.origin }
    }

    /// The first allowed origin (file order) the URL is on: the same scheme and port in effect, and the
    /// exact host or, for a wildcard, whole labels before its host (`*.example.com` matches a.example.com
    /// and a.b.example.com, never example.com itself nor evilexample.com). The scheme is looked up once,
    /// the hosts compared on the href's bytes. `scheme`: the URL's scheme in the scheme index's keys.
    func firstIndex(_ url: BrowserURL, scheme: Int) -> Int? {
        guard !ports.isEmpty else { return nil }
        let port = url.effectivePort
        var next = url.firstIndex(of: .hostname, in: hostKeys, from: 0)
        while let index = next {
            if schemes[index] == scheme && ports[index] == port { return index }
            next = url.firstIndex(of: .hostname, in: hostKeys, from: index + 1)
        }
        return nil
    }
}
