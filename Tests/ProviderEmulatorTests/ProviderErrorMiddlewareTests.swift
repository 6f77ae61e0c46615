// ProviderErrorMiddlewareTests.swift: what a route throws is answered in its provider's shape: an HTTP error
// with its own status, anything else as the emulator's failure (500), never a 400 that blames the caller and
// never with the error's own text; a path no route has is a 404, a route's path with another method a 405.
import Foundation
import HTTPTypes
import Hummingbird
@testable import ProviderEmulator
import Testing

@Suite("provider emulator: errors thrown on the way")
struct ProviderErrorMiddlewareTests {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String { "internal detail /var/lib/secret-path" }
    }

    /// What the middleware reported as failed: method, target, error.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var reported: [[String]] = []
        func add(_ failure: [String]) { lock.lock(); reported.append(failure); lock.unlock() }
        var all: [[String]] { lock.lock(); defer { lock.unlock() }; return reported }
    }

    static func client(failures: Failures = Failures()) -> EmulatorInProcessClient {
        let router = Router(context: EmulatorContext.self)
        router.add(middleware: ProviderErrorMiddleware(failed: { failures.add([$0, $1, $2, $3]) }))
        router.get("/oauth/boom") { _, _ -> Response in throw Unexpected() }
        router.get("/oauth/unavailable") { _, _ -> Response in throw HTTPError(.serviceUnavailable) }
        router.get("/oauth/teapot") { _, _ -> Response in throw HTTPError(.badRequest) }
        return EmulatorInProcessClient(router: router)
    }

    static func object(_ response: EmulatorResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    @Test("an unexpected error is the emulator's 500, in Capture's shape under /oauth/, without its own text")
    func unexpectedErrorIsA500() async {
        let client = Self.client()
        let answer = await client.send(EmulatorRequest(method: .get, target: "/oauth/boom"))
        await client.close()
        #expect(answer.status == 500)
        let object = Self.object(answer)
        #expect(object["stat"] as? String == "error" && object["error"] as? String == "server_error")
        // No field of the answer carries the error's own text.
        #expect(!object.values.contains { ($0 as? String)?.contains(Unexpected().description) == true }, "\(object)")
    }

    @Test("an unexpected error is reported (method, the URL asked for, the error's own description) for the serve log; an HTTP error is not")
    func unexpectedErrorIsReported() async {
        let failures = Failures()
        let client = Self.client(failures: failures)
        _ = await client.send(EmulatorRequest(method: .get, target: "/oauth/boom?x=1"))
        _ = await client.send(EmulatorRequest(method: .get, target: "/oauth/unavailable"))
        await client.close()
        // The URL as the server reconstructs it: a request made without a connection names no Host.
        #expect(failures.all == [["GET", "http://localhost/oauth/boom?x=1", "/oauth/boom?x=1", Unexpected().description]])
    }

    @Test("an HTTP error keeps its status", arguments: [("/oauth/unavailable", 503, "server_error"), ("/oauth/teapot", 400, "invalid_request")])
    func httpErrorKeepsItsStatus(target: String, status: Int, error: String) async {
        let client = Self.client()
        let answer = await client.send(EmulatorRequest(method: .get, target: target))
        await client.close()
        #expect(answer.status == status)
        #expect(Self.object(answer)["error"] as? String == error)
    }

    @Test("every route is registered under its own method: another method on its path is a 405, another path a 404")
    func routesHaveTheirMethods() async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        for route in EmulatorRouter.groups.flatMap(\.routes) where !route.path.contains("{") {
            let other: HTTPRequest.Method = route.method == .patch ? .put : .patch
            let answer = await emulator.handle(EmulatorRequest(method: other, target: route.path, host: "127.0.0.1:8025"))
            #expect(answer.status == 405, "\(other.rawValue) \(route.path)")
            #expect(answer.headers["Allow"]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(route.method.rawValue) == true,
                    "\(route.method.rawValue) \(route.path)")
        }
        let missing = await emulator.handle(EmulatorRequest(method: .get, target: "/oauth/no-such-route", host: "127.0.0.1:8025"))
        #expect(missing.status == 404)
    }
}
