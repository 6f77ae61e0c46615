// RouterClient.swift: a request through the emulator's one router without a socket (HummingbirdTesting's
// router framework): every middleware and route as `bridge serve` runs them, the answer read back as the
// handlers' EmulatorResponse so tests assert its status, headers and body.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ProviderEmulator
import Testing

extension ProviderEmulator {
    /// One request through `EmulatorRouter.router(self)`. The Host is the request's (localhost when it
    /// names none). A request the test framework cannot make is recorded as an issue (status 0).
    func handle(_ request: EmulatorRequest) async -> EmulatorResponse {
        do {
            return try await send(request)
        } catch {
            Issue.record(error, "\(request.method) \(request.target) was not answered")
            return EmulatorResponse(status: 0, contentType: "", body: [])
        }
    }

    private func send(_ request: EmulatorRequest) async throws -> EmulatorResponse {
        let app = Application(router: EmulatorRouter.router(self))
        return try await app.test(.router) { client in
            var headers = HTTPFields()
            if !request.contentType.isEmpty, let type = HTTPField.Name("Content-Type") { headers[type] = request.contentType }
            if let origin = request.origin { headers[.origin] = origin }
            if let host = request.host, let name = HTTPField.Name("Host") { headers[name] = host }
            for (name, value) in request.headers { if let field = HTTPField.Name(name) { headers[field] = value } }
            let response = try await client.execute(uri: request.target, method: HTTPRequest.Method(request.method) ?? .get, headers: headers,
                                                    body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body))
            var rest: [String: String] = [:]
            for field in response.headers where !["content-type", "location", "cache-control", "content-length"].contains(field.name.canonicalName) {
                rest[field.name.rawName] = field.value
            }
            return EmulatorResponse(status: response.status.code, contentType: response.headers[.contentType] ?? "",
                                    body: Array(response.body.readableBytesView), location: response.headers[.location], headers: rest)
        }
    }
}
