// EmulatorRouter.swift: the emulator as a Hummingbird router: the middleware every request goes through
// (EmulatorMiddleware.swift), then a group per provider, each route from that provider's table (method and
// path, `{name}` a path parameter) answered by its handler on the emulator's state. The live request log
// is a route of the control group (server-sent events). `bridge serve`, `bridge host --provider` (the same
// server on port 0) and the tests and the fuzzer (EmulatorInProcessClient, no socket) all use this one router.
import Hummingbird
import HTTPTypes
import NIOCore
import ServiceLifecycle

public enum EmulatorRouter {
    /// The router for `emulator`; `log` gets every answered request (method, path and query, status).
    public static func router(_ emulator: ProviderEmulator,
                              log: @escaping @Sendable (_ method: String, _ target: String, _ status: Int) -> Void = { _, _, _ in })
        -> Router<EmulatorContext> {
        let router = Router(context: EmulatorContext.self)
        router.add(middleware: EmulatorStateMiddleware(emulator: emulator))
        router.add(middleware: RequestLogMiddleware(log: log))
        router.add(middleware: AccessPolicyMiddleware())
        router.add(middleware: EmulatorCORSMiddleware())
        router.add(middleware: ProviderErrorMiddleware())
        router.add(middleware: StandInAssetsMiddleware())
        router.add(middleware: BodyMiddleware())

        for group in groups {
            let routes = group.faults ? router.group().add(middleware: FaultMiddleware()) : router.group()
            add(group.routes, to: routes)
        }
        router.get(RouterPath(eventsPath)) { request, context in
            EmulatorRouter.events(try state(of: context), from: Int(request.headers[HTTPField.Name("Last-Event-ID")!] ?? "") ?? 0)
        }
        return router
    }

    /// The route tables, a group each: the providers (each with fault injection), then the control plane (the
    /// clock, faults, users, codes and reset; the outbox; the dashboard), which never fails on purpose.
    static let groups: [(name: String, routes: [ProviderEmulator.Route], faults: Bool)] = [
        ("Janrain Capture: the native API", CaptureRoutes.routes, true),
        ("Janrain Capture: the server API", CaptureEntityRoutes.routes, true),
        ("Janrain Capture: the hosted pages", CapturePages.routes, true),
        ("Janrain Capture: social sign-in", CaptureSocialRoutes.routes, true),
        ("Janrain Social Login (Engage)", EngageRoutes.routes, true),
        ("Example IdP (the social sign-in's identity provider)", ExampleIdPRoutes.routes, true),
        ("The app's own backend (the reset flows)", AppBackendRoutes.routes, true),
        ("MongoDB Realm: email/password", RealmRoutes.routes, true),
        ("MongoDB Realm: location, profile and sessions", RealmSessionRoutes.routes, true),
        ("Kii: sign-in and users", KiiAuthRoutes.routes, true),
        ("Kii: the password reset", KiiRoutes.routes, true),
        ("The emulator's control plane", ControlRoutes.routes, false),
        ("The outbox (Mailpit's API)", OutboxRoutes.routes, false),
        ("The dashboard", DashboardRoutes.routes, false),
    ]

    /// The live request log (server-sent events).
    static let eventsPath = "/emulator/v1/events"

    /// Each route of a provider's table in the group, answered by its handler on the emulator's state.
    static func add(_ routes: [ProviderEmulator.Route], to group: RouterGroup<EmulatorContext>) {
        for route in routes {
            group.on(RouterPath(route.path), method: HTTPRequest.Method(route.method) ?? .get) { request, context in
                let emulator = try state(of: context)
                var parameters: [String: String] = [:]
                for (name, value) in context.parameters { parameters[String(name)] = String(value) }
                let answer = emulator.perform(route, EmulatorRequest(request, body: context.body), parameters)
                return Response(answer)
            }
        }
    }

    /// The emulator the context carries.
    static func state(of context: EmulatorContext) throws -> ProviderEmulator {
        guard let emulator = context.emulator else { throw HTTPError(.internalServerError) }
        return emulator
    }

    /// The dashboard's live request log as server-sent events: what is logged after `seq`, then every new
    /// request as it is answered (checked four times a second), until the client goes away or the server
    /// stops (a graceful shutdown ends the stream at its next check).
    static func events(_ emulator: ProviderEmulator, from seq: Int) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            var last = seq
            try await writer.write(ByteBuffer(string: ": bridge serve request log\n\n"))
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

extension EmulatorRequest {
    /// A Hummingbird request as the handlers see it.
    init(_ request: Request, body: [UInt8]) {
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        var headers: [String: String] = [:]
        // HTTPTypes' canonical names are lowercase already.
        for field in request.headers {
            let name = field.name.canonicalName
            if let earlier = headers[name] { headers[name] = earlier + ", " + field.value } else { headers[name] = field.value }
        }
        self.init(method: request.method.rawValue, target: target, contentType: headers["content-type"] ?? "", body: body,
                  origin: headers["origin"], host: Self.host(of: request), lowercasedHeaders: headers)
    }

    /// The Host a request names: its authority (HTTP/1.1's Host header, which Hummingbird moves there), or a
    /// Host field a request made without a connection carries.
    static func host(of request: Request) -> String? {
        request.headers[HTTPField.Name("Host")!] ?? request.head.authority
    }
}
