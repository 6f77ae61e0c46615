// FuzzEmulatorRequests: any bytes as a request to the provider emulator, through its one router (every
// middleware and route, as `bridge serve` runs them; the router's responder called in process, no socket). The
// input's first line is the method and target, its second the Content-Type, the rest the body; an input
// whose first line does not start with a known method is sent to a route picked by its first byte, so the
// fuzzer reaches every provider's parsing (forms, JSON, Basic credentials, signatures, filters, search).
// The fault-injection route is left out (its faults answer 5xx on purpose). Oracle: no crash, and no 5xx
// (a bad request is answered with the provider's error in its own words, never a server error); the
// emulator keeps answering afterwards. Built with the package's Emulator trait (Tests/Fuzz/run does so when
// the target is named); without it, a stub that says so.
// The responder is called as HummingbirdTesting's router client calls it, but with one request channel for
// every input: that client makes an NIOAsyncTestingChannel per request and never closes it, so a channel,
// its pipeline and its event loop's dispatch queue stay alive for each request: nothing for a unit test's
// few requests, out of memory for a fuzz run's hundreds of thousands.
#if Emulator
import Foundation
import FuzzDriver
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import ProviderEmulator

/// Requests go to the router's responder on another thread; each input waits for its answer.
final class Exchange: @unchecked Sendable {
    let request: EmulatorRequest
    var status = 0
    let done = DispatchSemaphore(value: 0)
    init(_ request: EmulatorRequest) { self.request = request }
}

let routes = ["/oauth/auth_native_traditional", "/oauth/token", "/oauth/forgot_password_native", "/oauth/refresh_access_token",
              "/entity", "/entity.find", "/entity.count", "/entity.create", "/entity.update", "/entity.delete", "/oauth/auth_native",
              "/widget/token_url", "/google/start", "/google/callback", "/api/v2/auth_info", "/idp/authorize",
              "/api/client/v2.0/app/app1/auth/providers/local-userpass/login", "/api/client/v2.0/app/app1/auth/providers/local-userpass/register",
              "/api/client/v2.0/app/app1/auth/providers/local-userpass/reset/call", "/api/client/v2.0/auth/session",
              "/api/apps/app1/oauth2/token", "/api/oauth2/token", "/api/apps/app1/users", "/api/apps/app1/users/me",
              "/api/v1/messages", "/api/v1/search", "/api/v1/message/latest", "/emulator/v1/clock", "/emulator/v1/users",
              "/emulator/v1/codes", "/reset-password", "/oauth/signin"]
let methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]

let (stream, continuation) = AsyncStream<Exchange>.makeStream()
let emulator = ProviderEmulator()

/// A response body read to its end and dropped (what the test client's writer does, without keeping it).
struct DiscardingWriter: ResponseBodyWriter {
    func write(_ buffer: ByteBuffer) async throws {}
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

Thread.detachNewThread {
    let finished = DispatchSemaphore(value: 0)
    Task {
        let responder = EmulatorRouter.router(emulator).buildResponder()
        let channel = NIOAsyncTestingChannel()
        let logger = Logger(label: "FuzzEmulatorRequests")
        for await exchange in stream {
            let r = exchange.request
            var headers = HTTPFields()
            if !r.contentType.isEmpty, let name = HTTPField.Name("Content-Type") { headers[name] = r.contentType }
            if !r.body.isEmpty { headers[.contentLength] = String(r.body.count) }
            let request = Request(
                head: HTTPRequest(method: HTTPRequest.Method(r.method) ?? .get, scheme: "http", authority: "localhost", path: r.target,
                                  headerFields: headers),
                body: RequestBody(buffer: ByteBuffer(bytes: r.body)))
            let context = EmulatorContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            do {
                let response = try await responder.respond(to: request, context: context)
                try await response.body.write(DiscardingWriter())
                exchange.status = Int(response.status.code)
            } catch {
                // An error no middleware turned into the provider's answer: the server would answer it in
                // Hummingbird's words, not the provider's, so it counts as a server error (as the test client counts it).
                exchange.status = 500
            }
            exchange.done.signal()
        }
        try? await channel.close()
        finished.signal()
    }
    finished.wait()
}

/// The request an input describes.
func request(_ bytes: [UInt8]) -> EmulatorRequest {
    let lines = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
    let first = String(decoding: lines.first ?? [], as: UTF8.self)
    let parts = first.split(separator: " ", maxSplits: 1)
    var method = parts.first.map(String.init) ?? "GET"
    var target = parts.count > 1 ? String(parts[1]) : "/"
    if !methods.contains(method) || !target.hasPrefix("/") {
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

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEmulatorRequests(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let exchange = Exchange(request(Array(fuzzInput(data, count).prefix(8192))))
    continuation.yield(exchange)
    exchange.done.wait()
    if exchange.status >= 500 { fatalError("\(exchange.request.method) \(exchange.request.target) answered \(exchange.status)") }
    return 0
}

runFuzzer(fuzzEmulatorRequests)
#else
import FuzzDriver
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEmulatorRequestsStub(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { 0 }

print("FuzzEmulatorRequests was built without the Emulator trait: Tests/Fuzz/run FuzzEmulatorRequests builds it with it")
exit(2)
#endif
