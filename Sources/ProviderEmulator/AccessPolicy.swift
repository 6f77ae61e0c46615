// AccessPolicy.swift: who may talk to the emulator from where, decided before any route runs. The emulator
// holds every code, token and mail of a developer's tests, and any web page open in their browser can send
// it requests, so:
// - the Host header must name this machine as an address (an IP literal, localhost) or a name the
//   configuration lists: a DNS-rebinding page, whose requests carry its own host name, is refused;
// - the control plane (the routes whose group declares it: the emulator's own, the outbox, the dashboard)
//   answers only requests with no Origin (curl, tests, SDKs) or from its own origin (the dashboard's own
//   fetches), never another page, whatever the method or content type: a browser's `Sec-Fetch-Site` that is
//   not same-origin (or none, a typed address) is refused too, for the requests that carry no Origin;
// - the providers' endpoints let a page read their answers (CORS, with credentials) only when the page's
//   origin is a loopback one or one the configuration lists, as a real provider allows only the origins
//   registered for the app; others get the answer without CORS headers, which a browser keeps from them.
import BrowserURL
import NavigationPolicy
import ProviderSettings

struct AccessPolicy: Sendable {
    /// Serialized origins (https://yourdomain.com) whose pages may read the providers' answers.
    let allowedOrigins: Set<String>
    /// Host names, besides IP literals and localhost, the server answers to.
    let allowedHosts: Set<String>

    init(_ configuration: EmulatorConfiguration) {
        allowedOrigins = Set(configuration.allowedOrigins.compactMap(EmulatorConfiguration.serializedOrigin))
        allowedHosts = Set(configuration.allowedHosts.map { $0.lowercased() })
    }

    /// Why a request is refused before routing.
    enum Refusal: Equatable {
        /// The Host header names a host the server does not answer to.
        case wrongHost(String)
        /// A control route asked from another page's origin.
        case crossOrigin(String)
        /// A control route asked by a browser for another site's page (its `Sec-Fetch-Site`).
        case crossSite(String)
    }

    /// Nil when a route on `plane` may answer; the Host was checked before routing (HostPolicyMiddleware).
    /// `host` is the Host header (nil: a request without one, which HTTP/1.0 allows; no page's request lacks
    /// one), the origin a same-origin request names; `fetchSite` is the request's `Sec-Fetch-Site`.
    func refusal(_ plane: EmulatorPlane, host: String?, origin: String?, fetchSite: String?) -> Refusal? {
        guard plane == .control else { return nil }
        if let origin, !isSameOrigin(origin, host: host) { return .crossOrigin(origin) }
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" { return .crossSite(fetchSite) }
        return nil
    }

    /// Whether the page at `origin` may read a provider endpoint's answer.
    func allowsReading(from origin: String) -> Bool {
        guard let url = try? BrowserURL.parse(origin).get(), url.origin != "null" else { return false }
        return url.isLoopback || allowedOrigins.contains(url.origin)
    }

    /// An IP literal, localhost (and names under .localhost), or a listed name; any port.
    func isAllowedHost(_ host: String) -> Bool {
        guard let url = try? BrowserURL.parse("http://" + host + "/").get(), url.pathname == "/", url.search.isEmpty,
              url.username.isEmpty, url.password.isEmpty else { return false }
        let name = url.hostname
        if name.hasPrefix("[") || url.isLoopback || allowedHosts.contains(name) { return true }
        // The URL parser writes an IPv4 address as four decimal numbers; a name always has a letter.
        return name.split(separator: ".").count == 4 && name.utf8.allSatisfy { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
    }

    /// The request comes from a page served by this server (the dashboard).
    func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let own = EmulatorConfiguration.serializedOrigin("http://" + host) else { return false }
        return EmulatorConfiguration.serializedOrigin(origin) == own
    }
}
