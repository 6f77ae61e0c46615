// EmulatorInProcessClient.swift: requests sent through the emulator's one router in process, without a
// socket. Every middleware and route runs as under `bridge serve`, and the answer comes back as an
// EmulatorResponse. Used by bridge's tests, an app's tests and the fuzzer.
// Written by hand rather than through HummingbirdTesting's router client, for two reasons:
// - that client makes a channel per request and never closes it, so a fuzz run's hundreds of thousands of
//   requests run out of memory;
// - its module brings AsyncHTTPClient, NIOSSL and BoringSSL into every build that tests.
// The responder is called as that client calls it: one Request, a context from a testing channel, the
// body read to its end. An error no middleware answered becomes a 500, as Hummingbird's server answers it.
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded

package final class EmulatorInProcessClient: Sendable {
    private let responder: RouterResponder<EmulatorContext>
    /// One channel for the client's life: its event loop is the context's (BodyMiddleware's timer).
    private let channel = NIOAsyncTestingChannel()
    private let logger = Logger(label: "bridge.emulator.in-process")

    /// A client of `emulator`'s router (EmulatorRouter.router).
    package init(_ emulator: ProviderEmulator) {
        responder = EmulatorRouter.router(emulator).buildResponder()
    }

    /// A client of another router on the emulator's context (the middleware's tests).
    init(router: Router<EmulatorContext>) {
        responder = router.buildResponder()
    }

    /// `request`'s answer. Its `host`, when given, is the request's authority (where Hummingbird puts an
    /// HTTP/1.1 Host header); otherwise `localhost`.
    package func send(_ request: EmulatorRequest) async -> EmulatorResponse {
        var fields = request.headers
        fields[.contentType] = request.contentType.isEmpty ? nil : request.contentType
        fields[.origin] = request.origin
        fields[.contentLength] = request.body.isEmpty ? nil : String(request.body.count)
        let head = HTTPRequest(method: request.method, scheme: "http", authority: request.host ?? "localhost",
                               path: request.target, headerFields: fields)
        let context = EmulatorContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        do {
            let response = try await responder.respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: request.body))),
                                                       context: context)
            let body = CollectedBody()
            try await response.body.write(body)
            return EmulatorResponse(response, body: body.bytes.withLockedValue { $0 })
        } catch {
            return EmulatorResponse(status: 500, contentType: "", body: [])
        }
    }

    /// Closes the client's channel; send nothing after.
    package func close() async {
        try? await channel.close()
    }
}

/// A response body read to its end.
private final class CollectedBody: ResponseBodyWriter, Sendable {
    let bytes = NIOLockedValueBox<[UInt8]>([])
    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLockedValue { $0.append(contentsOf: buffer.readableBytesView) }
    }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
