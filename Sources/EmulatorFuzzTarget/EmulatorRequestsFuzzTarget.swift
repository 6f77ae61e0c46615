// EmulatorRequestsFuzzTarget.swift: any bytes as a request to the provider emulator, through its one router (every
// middleware and route, as `bridge serve` runs them; the router's responder called in process, no socket). The
// input's first line is the method and target, its second the Content-Type, the rest the body; an input
// whose first line does not start with a known method is sent to a route picked by its first byte, so the
// fuzzer reaches every provider's parsing (forms, JSON, Basic credentials, signatures, filters, search).
// The fault-injection route is left out (its faults answer 5xx on purpose). Oracle: no crash, and no 5xx
// (a bad request is answered with the provider's error in its own words, never a server error); the
// emulator keeps answering afterwards. An input whose first byte is 1 to 8 is a request from another page
// (an Origin or a cross-site Sec-Fetch-Site, picked by that byte) to a control route spelt with the slashes
// the next bytes choose, any method, a text/plain body (a no-cors POST); its oracle: the control state (the
// clock, the outbox, the codes) is what it was before. A module of its own, apart from FuzzTargets:
// the fuzz package links it (and NIO, built with the sanitizer) only with its Emulator trait.
// Requests go through ProviderEmulator's EmulatorInProcessClient, one client (one channel) for the run; a test
// awaits `run`, libFuzzer's thread calls `runBlocking`.
import Foundation
import FuzzTargets
import ProviderEmulator

private let routes = ["/oauth/auth_native_traditional", "/oauth/token", "/oauth/forgot_password_native", "/oauth/refresh_access_token",
              "/entity", "/entity.find", "/entity.count", "/entity.create", "/entity.update", "/entity.delete", "/oauth/auth_native",
              "/widget/token_url", "/google/start", "/google/callback", "/api/v2/auth_info", "/idp/authorize",
              "/api/client/v2.0/app/app1/auth/providers/local-userpass/login", "/api/client/v2.0/app/app1/auth/providers/local-userpass/register",
              "/api/client/v2.0/app/app1/auth/providers/local-userpass/reset/call", "/api/client/v2.0/auth/session",
              "/api/apps/app1/oauth2/token", "/api/oauth2/token", "/api/apps/app1/users", "/api/apps/app1/users/me",
              "/api/v1/messages", "/api/v1/search", "/api/v1/message/latest", "/emulator/v1/clock", "/emulator/v1/users",
              "/emulator/v1/codes", "/reset-password", "/oauth/signin"]
private let methods: [EmulatorRequest.Method] = [.get, .post, .put, .delete, .patch, .options, .head]

/// The control routes a page from another origin tries to read or change.
private let controlRoutes = ["/emulator/v1/reset", "/emulator/v1/clock", "/emulator/v1/faults", "/emulator/v1/codes", "/emulator/v1/users",
                     "/emulator/v1/outbox", "/api/v1/messages", "/api/v1/search", "/api/v1/message/latest", "/view/latest.html", "/"]
/// What marks a request as another page's: its Origin, or only a browser's Sec-Fetch-Site.
private let crossOrigins: [(origin: String?, fetchSite: String?)] = [
    ("https://evil.example", nil), ("https://yourdomain.com", nil), ("null", nil), ("http://localhost:3000", nil),
    (nil, "cross-site"), (nil, "same-site"), ("https://evil.example", "same-origin"), ("http://127.0.0.1:9", nil),
]

public final class EmulatorRequestsFuzzTarget: Sendable {
    private let client: EmulatorInProcessClient

    /// The emulator with a mail in its outbox from the start, so a reset or a delete that got through would show.
    public init() async {
        client = EmulatorInProcessClient(ProviderEmulator())
        _ = await client.send(EmulatorRequest(method: .post, target: "/oauth/forgot_password_native", contentType: "application/x-www-form-urlencoded",
                                              body: Array("client_id=c&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fcb&signInEmailAddress=ada%40example.com".utf8)))
    }

    /// One input, from a thread outside Swift's concurrency pool (libFuzzer's): it waits for the answers,
    /// which the pool computes. Called from a task, it could wait for the thread it holds.
    public func runBlocking(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        let bytes = Array(input)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do throws(FuzzFailure) { try await self.run(bytes) } catch { outcome.failure = error }
            done.signal()
        }
        done.wait()
        if let failure = outcome.failure { throw failure }
    }

    /// A blocking call's result, written by its task before the semaphore is signalled and read after.
    private final class Outcome: @unchecked Sendable {
        var failure: FuzzFailure?
    }

    public func run(_ input: [UInt8]) async throws(FuzzFailure) {
        let bytes = Array(input.prefix(8192))
        if let first = bytes.first, (1...8).contains(first) {
            let before = await controlState()
            let request = crossOriginRequest(bytes)
            let answer = await client.send(request)
            if answer.status >= 500 { throw FuzzFailure("\(request.method) \(request.target) answered \(answer.status)") }
            if await controlState() != before {
                throw FuzzFailure("\(request.method) \(request.target) from \(request.origin ?? "no Origin") \(request.headers) changed the control state")
            }
            return
        }
        let request = request(bytes)
        let answer = await client.send(request)
        if answer.status >= 500 { throw FuzzFailure("\(request.method) \(request.target) answered \(answer.status)") }
    }

    /// Closes the client's channel.
    public func close() async { await client.close() }

    /// The control state a page from another origin must not change, as the emulator's own routes report it to
    /// a client with no Origin: the clock's offset (its `now` moves with the machine's), the outbox (read
    /// without marking anything read), and how many codes were issued (their states move with the clock).
    private func controlState() async -> [String] {
        let clock = String(decoding: await client.send(EmulatorRequest(method: .get, target: "/emulator/v1/clock")).body, as: UTF8.self)
        let outbox = String(decoding: await client.send(EmulatorRequest(method: .get, target: "/api/v1/messages")).body, as: UTF8.self)
        let codes = String(decoding: await client.send(EmulatorRequest(method: .get, target: "/emulator/v1/codes")).body, as: UTF8.self)
        return [String(clock.split(separator: "offsetSeconds").last ?? ""), outbox, String(codes.split(separator: "\"issuedAt\"").count)]
    }
}

/// The request an input describes.
private func request(_ bytes: [UInt8]) -> EmulatorRequest {
    let lines = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
    let first = String(decoding: lines.first ?? [], as: UTF8.self)
    let parts = first.split(separator: " ", maxSplits: 1)
    let named = parts.first.flatMap { word in methods.first { $0.rawValue == word } }
    var method = named ?? .get
    var target = parts.count > 1 ? String(parts[1]) : "/"
    if named == nil || !target.hasPrefix("/") {
        let pick = Int(bytes.first ?? 0)
        method = methods[pick % 2 == 0 ? 1 : 0]
        target = routes[pick % routes.count] + (first.isEmpty ? "" : "?" + first.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)
    }
    // Injected faults answer 5xx on purpose: that route is not fuzzed.
    if (target.removingPercentEncoding ?? target).lowercased().contains("fault") { target = "/emulator/v1/clock" }
    let contentType = lines.count > 1 ? String(decoding: lines[1], as: UTF8.self) : "application/x-www-form-urlencoded"
    let body = lines.count > 2 ? Array(lines[2]) : []
    return EmulatorRequest(method: method, target: target, contentType: contentType, body: body)
}

/// A request from another page to a control route: `bytes[0]` (1 to 8) picks how it is marked, `bytes[1]`
/// the route, `bytes[2]` the method, each later byte up to a newline whether a slash of the path is doubled.
private func crossOriginRequest(_ bytes: [UInt8]) -> EmulatorRequest {
    let marked = crossOrigins[Int(bytes[0] - 1) % crossOrigins.count]
    let route = controlRoutes[Int(bytes.count > 1 ? bytes[1] : 0) % controlRoutes.count]
    let method = methods[Int(bytes.count > 2 ? bytes[2] : 0) % methods.count]
    let spelling = bytes.dropFirst(3).prefix { $0 != 0x0A }
    var target = "", slash = spelling.startIndex
    for character in route {
        if character == "/", slash < spelling.endIndex {
            target += String(repeating: "/", count: 1 + Int(spelling[slash] % 3))
            slash += 1
        } else {
            target.append(character)
        }
    }
    let body = Array(bytes.drop { $0 != 0x0A }.dropFirst())
    var headers: EmulatorRequest.Fields = [:]
    if let site = marked.fetchSite { headers[.secFetchSite] = site }
    return EmulatorRequest(method: method, target: target, contentType: "text/plain", body: body, origin: marked.origin,
                           host: "127.0.0.1:8025", headers: headers)
}

