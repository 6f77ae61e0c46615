// ProviderRouting.swift: which of the hosted view's requests go to the provider emulator (`bridge host
// --provider`), and how one request and its answer look on the way there: the providers' hosts and, on
// any host, the app-backend paths of the reset flows, ahead of the site's own routes, both as the
// emulator's ProviderDirectory lists them. The emulator answers in this process (`answer`, a closure the
// CLI makes from ProviderEmulator's in-process client: this module does not link the emulator) or at a
// running `bridge serve`'s base URL. Plain Swift, no WebKit: tested without the trait.
import BrowserURL
import FlowInspector
import Foundation
import ProviderDirectory

/// One request on its way to the emulator.
package struct ProviderExchange: Sendable {
    package var method: String
    /// Path and query, as the emulator routes them.
    package var target: String
    package var contentType: String
    package var body: [UInt8]
    package var origin: String?
    /// The other header fields passed on (Authorization, Accept, and the page's host and scheme as
    /// X-Forwarded-Host and X-Forwarded-Proto).
    package var headers: [(String, String)]

    package init(method: String, target: String, contentType: String, body: [UInt8], origin: String?, headers: [(String, String)] = []) {
        self.method = method
        self.target = target
        self.contentType = contentType
        self.body = body
        self.origin = origin
        self.headers = headers
    }

    /// The header fields a page's request carries on to the emulator besides Content-Type and Origin.
    static let passedFields = ["Authorization", "Accept"]

    /// A page's request to `url` as both hosts send it on: Content-Type, Origin and `passedFields` read with
    /// `field` (by name, any case), and the page's host and scheme as a reverse proxy says them
    /// (X-Forwarded-Host, X-Forwarded-Proto), so that the emulator's links back to a provider (Social Login's
    /// callback) name the provider's host, not its own loopback address.
    package init(pageRequestTo url: String, method: String, target: String, body: [UInt8], field: (String) -> String?) {
        var headers = Self.passedFields.compactMap { name in field(name).map { (name, $0) } }
        if case .success(let page) = BrowserURL.parse(url), page.hasHost {
            headers += [("X-Forwarded-Host", page.host), ("X-Forwarded-Proto", page.scheme)]
        }
        self.init(method: method, target: target, contentType: field("Content-Type") ?? "", body: body, origin: field("Origin"), headers: headers)
    }
}

/// The emulator's answer.
package struct ProviderAnswer: Sendable {
    package var status: Int
    /// Content-Type, Location and CORS headers.
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

package struct ProviderRouting: Sendable {
    /// The emulator's base URL (http://127.0.0.1:PORT): a running `bridge serve`, or the same server
    /// started in this process on port 0, read once it listens (empty if it could not start, which `server` says).
    package var base: String { (try? address.base.get()) ?? "" }
    /// Where the emulator's server listens, or why it does not; the server of an emulator in this process
    /// starts beside the view (its requests need only `answer`), so this may wait for it.
    package var server: Result<String, ProviderServerFailure> { address.base }
    private let address: ProviderAddress
    /// The emulator runs in this process (`--provider`), not in a `bridge serve` the user started.
    package let isInProcess: Bool
    /// The emulator in this process answering through its router without a socket, when it can: the same
    /// routes and middleware as at `base`, without a loopback connection's setup on the page's first request.
    package let answer: (@Sendable (ProviderExchange) async -> ProviderAnswer)?

    package init(base: String, inProcess: Bool = false, answer: (@Sendable (ProviderExchange) async -> ProviderAnswer)? = nil) {
        self.init(address: ProviderAddress(base), inProcess: inProcess, answer: answer)
    }

    /// An emulator whose server is still starting: `address` is told its base when it listens.
    package init(address: ProviderAddress, inProcess: Bool = false, answer: (@Sendable (ProviderExchange) async -> ProviderAnswer)? = nil) {
        self.address = address
        isInProcess = inProcess || answer != nil
        self.answer = answer
    }

    /// What the transcript says of the provider: where it listens, or that its server did not start.
    var note: HostNote {
        switch server {
        case .success(let base): .provider(base: base, inProcess: isInProcess)
        case .failure(let failure): .providerServerDidNotStart(reason: failure.reason)
        }
    }

    /// Is this host one of the providers'? Whole labels only: `janrain.com.evil.com` is not.
    package static func isProviderHost(_ host: String) -> Bool { ProviderDirectory.provider(forHost: host) != nil }

    /// Does a request for this URL go to the emulator?
    package func routes(_ urlText: String) -> Bool { target(for: urlText) != nil }

    /// The emulator's target (path and query) for a URL it answers, or nil when the URL is not the
    /// emulator's. The URL is parsed once, for both questions.
    package func target(for urlText: String) -> String? {
        guard let url = try? BrowserURL.parse(urlText).get(), url.scheme == "http" || url.scheme == "https",
              Self.isProviderHost(url.hostname) || ProviderDirectory.isAppBackendPath(url.pathname) else { return nil }
        return url.pathname + url.search
    }

    /// The URL a request is forwarded to at a running server.
    package static func forwardURL(base: String, target: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + target
    }
}

extension ProviderAnswer {
    /// What a page may see of the emulator's answer, and what the run's report says of it: its type, a
    /// redirect, Vary and CORS headers; the redirect's target; and a cross-origin request the emulator gave
    /// no CORS grant (the page's fetch of it then fails with no reason a user sees, so the host says which
    /// origin to allow). One reading for both hosts.
    package func passed(toPageAt url: String, origin: String?, method: String) -> (answer: ProviderAnswer, exchange: NetworkExchange) {
        let kept = headers.filter { name, _ in
            let lower = name.lowercased()
            return ["content-type", "location", "vary"].contains(lower) || lower.hasPrefix("access-control-")
        }
        let location = kept.first { $0.0.lowercased() == "location" }?.1
        let unreadable = origin.flatMap { origin in
            HostSite.origin(of: url) != origin && !kept.contains { $0.0.lowercased() == "access-control-allow-origin" } ? origin : nil
        }
        let detail = unreadable.map { NetworkDetail.providerWithoutCORS(origin: $0, location: location) } ?? .provider(location: location)
        let exchange = NetworkExchange(method: method, url: url, status: status, detail: detail, refused: unreadable != nil)
        return (ProviderAnswer(status: status, headers: kept, body: body), exchange)
    }
}

/// Why the emulator's server in this process does not listen (its error, in its words).
package struct ProviderServerFailure: Error, Sendable {
    package let reason: String
    package init(reason: String) { self.reason = reason }
}

/// The base URL of an emulator's server, known at once (a running `bridge serve`) or once a server started
/// on another thread listens; reading it waits until then.
package final class ProviderAddress: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<String, ProviderServerFailure>?

    package init(_ base: String) { result = .success(base) }
    package init() {}

    /// The server listens at `base`, or could not start.
    package func resolve(_ value: Result<String, ProviderServerFailure>) {
        condition.lock()
        if result == nil { result = value }
        condition.broadcast()
        condition.unlock()
    }

    /// The base if the server already listens, without waiting (for code that must not block, such as a
    /// task on the cooperative pool the server's own start needs).
    package var baseIfKnown: String? {
        condition.lock()
        defer { condition.unlock() }
        return try? result?.get()
    }

    package var base: Result<String, ProviderServerFailure> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}
