// EmulatorServer.swift: the emulator on Hummingbird 2: every request is read (the body up to the
// configured limit: 413 past it), answered by ProviderEmulator.handle, and reported to `log` (method,
// path and query, status) for the CLI to print through the Redactor, and to the dashboard's live log
// (GET /emulator/v1/events, server-sent events). Listens on loopback unless told
// otherwise; port 0 picks a free one, and `onRunning` gets the base URL once the server listens.
import Foundation
import Hummingbird
import Logging
import NIOCore

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
        let limit = emulator.configuration.maxBodyBytes
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            var request = request
            let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            if request.method == .get && request.uri.path == "/emulator/v1/events" {
                return Self.events(emulator, from: Int(request.headers[.init("Last-Event-ID")!] ?? "") ?? 0)
            }
            let answer: EmulatorResponse
            do {
                let body = try await request.collectBody(upTo: limit)
                answer = emulator.handle(EmulatorRequest(method: request.method.rawValue, target: target,
                                                         contentType: request.headers[.contentType] ?? "",
                                                         body: Array(body.readableBytesView),
                                                         origin: request.headers[.origin]))
            } catch {
                answer = ProviderEmulator.allowingOrigin(ProviderEmulator.providerError(request.uri.path, status: 413, error: "request_too_large",
                                                                                        description: "the request body is over \(limit) bytes"),
                                                         request.headers[.origin])
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
        let app = Application(responder: responder, configuration: .init(address: .hostname(host, port: port), serverName: "bridge-serve"),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? 0
                                  let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)"
                                  emulator.setBaseURL(base)
                                  onRunning(base)
                              }, logger: logger)
        try await app.runService()
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
            while !Task.isCancelled {
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
