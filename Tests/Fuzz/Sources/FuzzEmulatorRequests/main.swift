// FuzzEmulatorRequests: any bytes as a request to the provider emulator, through its one router (every
// middleware and route, as `bridge serve` runs them; the router's responder called in process, no socket). The
// input's first line is the method and target, its second the Content-Type, the rest the body; an input
// whose first line does not start with a known method is sent to a route picked by its first byte, so the
// fuzzer reaches every provider's parsing (forms, JSON, Basic credentials, signatures, filters, search).
// The fault-injection route is left out (its faults answer 5xx on purpose). Oracle: no crash, and no 5xx
// (a bad request is answered with the provider's error in its own words, never a server error); the
// emulator keeps answering afterwards. Built with the package's Emulator trait (Tests/Fuzz/run does so when
// the target is named); without it, a stub that says so.
// Requests go through ProviderEmulator's EmulatorInProcessClient, one client (one channel) for the run.
#if Emulator
import Foundation
import FuzzDriver
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

Thread.detachNewThread {
    let finished = DispatchSemaphore(value: 0)
    Task {
        let client = EmulatorInProcessClient(emulator)
        for await exchange in stream {
            exchange.status = await client.send(exchange.request).status
            exchange.done.signal()
        }
        await client.close()
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
