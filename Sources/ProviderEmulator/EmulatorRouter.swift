// EmulatorRouter.swift: the emulator as a Hummingbird router: the middleware every request goes through
// (EmulatorMiddleware.swift), then each provider's controller (ProviderControllers.swift), a route
// collection per table behind its plane's middleware, each route (method and path, `{name}` a path
// parameter) answered by its handler on the store's state. The live request log
// is a route of the control group (server-sent events). `bridge serve`, `bridge host --provider` (the same
// server on port 0) and the tests and the fuzzer (EmulatorInProcessClient, no socket) all use this one router.
import Hummingbird
import HTTPTypes
import NIOCore
import ServiceLifecycle

package enum EmulatorRouter {
    /// The router for `emulator`; `log` gets every answered request (method, path and query, status), and
    /// `failed` every error no provider's answer was made for (answered 500): the method, the target and the
    /// error as Swift describes it (foreign text; the renderer masks it).
    package static func router(_ emulator: ProviderEmulator,
                              log: @escaping @Sendable (_ method: String, _ url: String, _ target: String, _ status: Int) -> Void = { _, _, _, _ in },
                              failed: @escaping @Sendable (_ method: String, _ url: String, _ target: String, _ error: String) -> Void = { _, _, _, _ in })
        -> Router<EmulatorContext> {
        let router = Router(context: EmulatorContext.self)
        router.add(middleware: RequestLogMiddleware(emulator: emulator, log: log))
        router.add(middleware: HostPolicyMiddleware(emulator: emulator))
        router.add(middleware: ProviderErrorMiddleware(failed: failed))
        router.add(middleware: StandInAssetsMiddleware(emulator: emulator))
        router.add(middleware: BodyMiddleware(configuration: emulator.configuration))

        // Each provider's table is a route collection whose plane is enforced by its own middleware, which
        // Hummingbird runs only for a route of the collection that matched. A provider path also answers
        // preflights (OPTIONS), once per path.
        var preflighted: Set<String> = [], refused: Set<String> = []
        for provider in ProviderController.Provider.all {
            let controller = ProviderController(provider: provider, store: emulator.store, configuration: emulator.configuration)
            for group in controller.provider.groups {
                router.addRoutes(collection(group, controller.endpoints(group), emulator, preflighted: &preflighted, refused: &refused))
            }
        }
        // The live request log streams, so it is no route of a table; it is on the control plane.
        let events = RouteCollection(context: EmulatorContext.self).add(middleware: PlaneMiddleware(emulator: emulator, plane: .control, errors: .plain))
        events.get(RouterPath(eventsPath)) { request, _ in
            EmulatorRouter.events(emulator, from: Int(request.headers[HTTPField.Name("Last-Event-ID")!] ?? "") ?? 0)
        }
        router.addRoutes(events)
        return router
    }

    /// Every provider's route tables, in the router's order.
    static let groups: [RouteGroup] = ProviderController.Provider.all.flatMap(\.groups)

    /// The plane of the route Hummingbird matched, by its endpoint path (`context.endpointPath`, the
    /// route's path as the router wrote it); nil for a request no route answered.
    static func plane(ofEndpoint endpoint: String?) -> EmulatorPlane? {
        endpoint.flatMap { planeByEndpoint[$0] }
    }

    private static let planeByEndpoint: [String: EmulatorPlane] = {
        var planes: [String: EmulatorPlane] = [RouterPath(eventsPath).description: .control]
        for group in groups { for route in group.routes { planes[RouterPath(route.path).description] = group.plane } }
        return planes
    }()

    /// A request's path as the router reads it: its segments, empty ones dropped (`//oauth//token` is
    /// `/oauth/token`). Faults are kept by this path, so they reach the route whatever the spelling.
    static func routedPath(_ path: String) -> String {
        RouterPath(path).description
    }

    /// The shape of the errors for a request no route answered: the shape of the groups whose routes begin
    /// with the request's first segment, when they agree (Capture's under /oauth/); plain otherwise.
    static func errorShape(unrouted path: String) -> ProviderErrorShape {
        guard let first = path.split(separator: "/").first else { return .plain }
        let shapes = Set(groups.filter { $0.routes.contains { $0.pattern.first == first } }.map(\.errors))
        guard shapes.count == 1, let shape = shapes.first else { return .plain }
        return shape
    }

    /// The live request log (server-sent events).
    static let eventsPath = "/emulator/v1/events"

    /// The methods each route path answers (by its RouterPath), over every table, a preflight's OPTIONS included.
    static let allowedMethods: [String: [HTTPRequest.Method]] = {
        var methods: [String: [HTTPRequest.Method]] = [:]
        for group in groups {
            for route in group.routes { methods[RouterPath(route.path).description, default: []].append(route.method) }
            if group.plane.sharesAcrossOrigins {
                for route in group.routes where !methods[RouterPath(route.path).description, default: []].contains(.options) {
                    methods[RouterPath(route.path).description, default: []].append(.options)
                }
            }
        }
        return methods
    }()

    /// The methods a path that no route takes them on is answered 405 for, by the router. Hummingbird's router
    /// answers a known path asked with another method with its not-found responder, as it answers an unknown
    /// path; these routes make the router itself tell the two apart.
    static let refusedMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .patch, .options, .trace]

    /// A provider's table as a route collection: its plane's middleware, then its controller's endpoints, the
    /// preflights of the paths not yet preflighted, and 405 (with Allow, in the provider's words) for the
    /// other methods on the paths not yet refused.
    static func collection(_ group: RouteGroup, _ endpoints: RouteCollection<EmulatorContext>, _ emulator: ProviderEmulator,
                           preflighted: inout Set<String>, refused: inout Set<String>) -> RouteCollection<EmulatorContext> {
        let routes = RouteCollection(context: EmulatorContext.self).add(middleware: PlaneMiddleware(emulator: emulator, plane: group.plane, errors: group.errors))
        routes.addRoutes(endpoints)
        if group.plane.sharesAcrossOrigins {
            for route in group.routes where preflighted.insert(RouterPath(route.path).description).inserted {
                routes.on(RouterPath(route.path), method: .options) { _, _ in Response(status: .noContent) }
            }
        }
        for route in group.routes where refused.insert(RouterPath(route.path).description).inserted {
            let allowed = allowedMethods[RouterPath(route.path).description] ?? []
            for method in refusedMethods where !allowed.contains(method) {
                routes.on(RouterPath(route.path), method: method) { request, _ in
                    var answer = Response(ProviderEmulator.providerError(group.errors, status: 405, error: "method_not_allowed",
                                                                         description: "\(request.method.rawValue) is not allowed on \(request.uri.path)"))
                    answer.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                    return answer
                }
            }
        }
        return routes
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
                let (text, newest) = await emulator.events(after: last)
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
    /// A Hummingbird request as the handlers see it: its body as BodyMiddleware read it, the route's parameters.
    init(_ request: Request, context: EmulatorContext) {
        self.init(method: request.method, target: Self.target(of: request),
                  contentType: request.headers[.contentType] ?? "", body: context.body, origin: request.headers[.origin],
                  host: Self.host(of: request), headers: request.headers, pathParameters: context.parameters)
    }

    /// The Host a request names: its authority (HTTP/1.1's Host header, which Hummingbird moves there), or a
    /// Host field a request made without a connection carries.
    static func host(of request: Request) -> String? {
        request.headers[HTTPField.Name("Host")!] ?? request.head.authority
    }

    /// The request-target: the path and, when there is one, "?" and the query.
    static func target(of request: Request) -> String {
        request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
    }

    /// The URL the request asked for, as a server reconstructs it (RFC 9112 §3.3): the scheme the emulator
    /// serves, the Host it was sent to, the request-target.
    static func url(of request: Request) -> String {
        "http://" + (host(of: request) ?? "localhost") + target(of: request)
    }
}
