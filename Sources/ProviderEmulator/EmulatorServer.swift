// EmulatorServer.swift: the emulator on Hummingbird 2: every request is read (the body up to the
// configured limit, 413 past it, and within the configured time, 408 past it), answered by
// ProviderEmulator.handle, and reported to `log` (method, path and query, status) for the CLI to print
// through the Redactor, and to the dashboard's live log (GET /emulator/v1/events, server-sent events).
// Connections that send nothing (a half-sent request head, an idle keep-alive) are closed after the
// configured idle time (Hummingbird's idle timeout). SIGTERM and SIGINT stop it within a second whatever
// clients are connected: the service group's graceful shutdown ends the event streams, and what is still
// running after a second is cancelled. Listens on loopback unless told otherwise; port 0 picks a free
// one, and `onRunning` gets the base URL once the server listens.
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NavigationPolicy
import NIOCore
import ServiceLifecycle
import JSONText

public struct EmulatorServer: Sendable {
    public let emulator: ProviderEmulator
    public let host: String
    public let port: Int

    public init(emulator: ProviderEmulator, host: String = "127.0.0.1", port: Int = 0) {
        self.emulator = emulator
        self.host = host
        self.port = port
    }

    public func run(onRunning: @escaping @Sendable (String) -> Void,
                    log: @escaping @Sendable (_ method: String, _ target: String, _ status: Int) -> Void) async throws {
        let emulator = self.emulator
        let configuration = emulator.configuration
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            let host = request.head.authority
            if request.method == .get && request.uri.path == "/emulator/v1/events"
                && emulator.access.refusal(path: request.uri.path, host: host, origin: request.headers[.origin]) == nil {
                return Self.events(emulator, from: Int(request.headers[.init("Last-Event-ID")!] ?? "") ?? 0)
            }
            let metadata = EmulatorRequest(method: request.method.rawValue, target: target, contentType: request.headers[.contentType] ?? "",
                                           origin: request.headers[.origin], host: host)
            let answer: EmulatorResponse
            switch await Self.body(of: request, limit: configuration.maxBodyBytes, within: configuration.bodyTimeout) {
            case .success(let body):
                var full = metadata
                full.body = body
                answer = emulator.handle(full)
            case .failure(let refusal):
                answer = emulator.allowingOrigin(refusal.response(request.uri.path, configuration), metadata)
            }
            log(request.method.rawValue, target, answer.status)
            emulator.logRequest(method: request.method.rawValue, target: target, status: answer.status)
            var headers = HTTPFields()
            headers[.cacheControl] = "no-store"
            // Our own header names, valid by construction.
            for (name, value) in answer.headerFields { headers.append(.init(name: .init(name)!, value: value)) }
            return Response(status: .init(code: answer.status), headers: headers,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        var logger = Logger(label: "bridge-serve")
        logger.logLevel = .warning
        let host = self.host
        let server = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .nanoseconds(Int64(configuration.idleTimeout * 1_000_000_000))))
        let app = Application(responder: responder, server: server,
                              configuration: .init(address: .hostname(host, port: port), serverName: "bridge-serve"),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? 0
                                  let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)"
                                  emulator.setBaseURL(base)
                                  onRunning(base)
                              }, logger: logger)
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = .seconds(1)
        try await ServiceGroup(configuration: group).run()
    }

    /// Why a request's body was not read.
    enum BodyRefusal: Error {
        case tooLarge, tooSlow

        func response(_ path: String, _ configuration: EmulatorConfiguration) -> EmulatorResponse {
            switch self {
            case .tooLarge:
                return ProviderEmulator.providerError(path, status: 413, error: "request_too_large",
                                                      description: "the request body is over \(configuration.maxBodyBytes) bytes")
            case .tooSlow:
                return ProviderEmulator.providerError(path, status: 408, error: "request_timeout",
                                                      description: "the request body did not arrive within \(JSONWriter.numberText(configuration.bodyTimeout)) seconds")
            }
        }
    }

    /// The request's body, up to `limit` bytes and within `seconds`. A request that declares no body (no
    /// Content-Length above 0, no Transfer-Encoding: most GETs) is not raced against a timer.
    static func body(of request: Request, limit: Int, within seconds: Double) async -> Result<[UInt8], BodyRefusal> {
        if request.headers[.transferEncoding] == nil, (request.headers[.contentLength].flatMap { Int($0) } ?? 0) == 0 { return .success([]) }
        return await withTaskGroup(of: Result<[UInt8], BodyRefusal>.self) { group in
            group.addTask {
                var request = request
                do { return .success(Array(try await request.collectBody(upTo: limit).readableBytesView)) } catch { return .failure(.tooLarge) }
            }
            group.addTask {
                try? await Task.sleep(for: .nanoseconds(Int64(seconds * 1_000_000_000)))
                return .failure(.tooSlow)
            }
            let first = await group.next() ?? .failure(.tooSlow)
            group.cancelAll()
            return first
        }
    }

    /// The dashboard's live request log as server-sent events: what is logged after `seq`, then every new
    /// request as it is answered (checked four times a second), until the client goes away.
    static func events(_ emulator: ProviderEmulator, from seq: Int) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            var last = seq
            try await writer.write(ByteBuffer(string: ": bridge serve request log\n\n"))
            // Until the client goes away or the server stops (a graceful shutdown ends the stream at its next
            // check, a quarter of a second at most).
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let (text, newest) = emulator.events(after: last)
                if !text.isEmpty {
                    try await writer.write(ByteBuffer(string: text))
                    last = newest
                }
                try await Task.sleep(for: .milliseconds(250))
            }
            try await writer.finish(nil)
        })
    }
}
