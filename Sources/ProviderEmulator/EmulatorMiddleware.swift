// EmulatorMiddleware.swift: what every request to the emulator goes through before and after its route,
// as Hummingbird middleware in the router (outermost first), each holding what it needs of the emulator: the request
// log (the CLI's line and the dashboard's live log); the access policy (a wrong Host, or a control route
// asked from another page, refused before anything else); CORS (a preflight answered, and an answer a
// listed or loopback origin may read marked so); the provider's own errors for what no route answers (404,
// and 405 for a known path asked with another method); the widget's stand-in scripts; the body read within
// the configured limit (its time is kept by BodyDeadlineHandler, where the bytes arrive). Fault injection is
// middleware on the provider groups only.
import ProviderSettings
import Foundation
import HTTPTypes
import Hummingbird
import JSONText
import NIOCore

/// Reports every answered request: to the CLI's log closure and to the dashboard's live log; except the
/// dashboard's own reads (a GET of a control route marked `X-Bridge-Dashboard`, and the live log's own stream,
/// which an EventSource cannot mark), which would otherwise fill the log they are read to show. Which route
/// answered is the router's word (`context.endpointPath`, set when a route matched).
struct RequestLogMiddleware: RouterMiddleware {
    let emulator: ProviderEmulator
    let log: @Sendable (_ method: String, _ url: String, _ target: String, _ status: Int) -> Void
    static let dashboardHeader = HTTPField.Name("X-Bridge-Dashboard")!

    func handle(_ request: Request, context: EmulatorContext, next: (Request, EmulatorContext) async throws -> Response) async throws -> Response {
        let response: Response
        do { response = try await next(request, context) } catch {
            await report(request, 500)
            throw error
        }
        let endpoint = context.endpointPath
        let dashboardRead = request.method == .get && EmulatorRouter.plane(ofEndpoint: endpoint) == .control
            && (request.headers[Self.dashboardHeader] != nil || endpoint == RouterPath(EmulatorRouter.eventsPath).description)
        if !dashboardRead { await report(request, response.status.code) }
        return response
    }

    /// The CLI's line names the URL asked for; the dashboard's log, which shows one server's, its target.
    private func report(_ request: Request, _ status: Int) async {
        log(request.method.rawValue, EmulatorRequest.url(of: request), EmulatorRequest.target(of: request), status)
        await emulator.logRequest(method: request.method.rawValue, target: EmulatorRequest.target(of: request), status: status)
    }
}

/// The Host check, before routing and for every request: a Host that does not name this machine (DNS
/// rebinding) gets the provider's 403, nothing else.
struct HostPolicyMiddleware: RouterMiddleware {
    let emulator: ProviderEmulator

    func handle(_ request: Request, context: EmulatorContext, next: (Request, EmulatorContext) async throws -> Response) async throws -> Response {
        guard let host = EmulatorRequest.host(of: request), !emulator.access.isAllowedHost(host) else {
            return try await next(request, context)
        }
        return Response(ProviderEmulator.refused(EmulatorRouter.errorShape(unrouted: request.uri.path), .wrongHost(host)))
    }
}

/// A group's plane, enforced on the routes of that group only (Hummingbird runs a group's middleware for a
/// route of the group that matched): the control plane refuses every other page; a provider's plane answers
/// preflights and lets an origin the access policy allows read its answers (CORS, with credentials), takes
/// injected faults, and its HTML pages carry a Content-Security-Policy.
struct PlaneMiddleware: RouterMiddleware {
    let emulator: ProviderEmulator
    let plane: EmulatorPlane
    let errors: ProviderErrorShape

    func handle(_ request: Request, context: EmulatorContext, next: (Request, EmulatorContext) async throws -> Response) async throws -> Response {
        if let refusal = emulator.access.refusal(plane, host: EmulatorRequest.host(of: request), origin: request.headers[.origin],
                                                 fetchSite: request.headers[.secFetchSite]) {
            return Response(ProviderEmulator.refused(errors, refusal))
        }
        let reader = plane.sharesAcrossOrigins ? request.headers[.origin].flatMap { emulator.access.allowsReading(from: $0) ? $0 : nil } : nil
        var response: Response
        if request.method == .options {
            response = Response(status: .noContent)
            if reader != nil {
                response.headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
                response.headers[.accessControlAllowHeaders] = "Content-Type, Authorization, X-Kii-AppID, X-Kii-AppKey"
                response.headers[.accessControlMaxAge] = "600"
            }
        } else if plane.takesFaults, let fault = await emulator.takeFault(EmulatorRouter.routedPath(request.uri.path)) {
            response = Response(ProviderEmulator.providerError(errors, status: fault.status, error: "injected_fault",
                                                               description: "a fault injected through /emulator/v1/faults"))
        } else {
            response = try await next(request, context)
        }
        if let reader {
            response.headers[.accessControlAllowOrigin] = reader
            response.headers[.accessControlAllowCredentials] = "true"
            response.headers[.vary] = "Origin"
        }
        if plane == .page, response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = Self.pagePolicy
        }
        return response
    }

    /// A hosted page's policy: no script at all (a `javascript:` URL in a frame or a link runs nothing), its own
    /// inline style, images from itself; a frame only at http(s) (the xd_receiver the page was given, checked
    /// against the registered origins before the page is made); no <base>; forms posted anywhere, since a
    /// provider's form answers with a redirect to the app's redirect URI, which may be a custom scheme.
    static let pagePolicy = "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src https: http:; base-uri 'none'"
}

/// What no route answers, in the provider's words: 404 (a known path asked with another method is a route
/// of its own, answered 405 by the router: EmulatorRouter.collection). An HTTP error thrown on the
/// way keeps its status; anything else thrown is the emulator's failure, a 500 whose words say so without
/// the error's own text (the request log shows its status).
struct ProviderErrorMiddleware: RouterMiddleware {
    /// Told of every error answered 500 (the emulator's own failure): the method, the URL asked for and its
    /// request-target as spelled, the error.
    var failed: @Sendable (_ method: String, _ url: String, _ target: String, _ error: String) -> Void = { _, _, _, _ in }

    func handle(_ request: Request, context: EmulatorContext, next: (Request, EmulatorContext) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return Response(ProviderEmulator.providerError(EmulatorRouter.errorShape(unrouted: path), status: 404, error: "not_found",
                                                           description: "no such endpoint: \(path)"))
        } catch let error as HTTPError {
            return Response(ProviderEmulator.providerError(EmulatorRouter.errorShape(unrouted: path), status: Int(error.status.code),
                                                           error: error.status.code >= 500 ? "server_error" : "invalid_request",
                                                           description: error.status.reasonPhrase))
        } catch {
            failed(request.method.rawValue, EmulatorRequest.url(of: request), EmulatorRequest.target(of: request), "\(error)")
            return Response(ProviderEmulator.providerError(EmulatorRouter.errorShape(unrouted: path), status: 500, error: "server_error",
                                                           description: "the emulator failed to answer this request"))
        }
    }
}

/// The widget's stand-in scripts, on any path Janrain's CDN serves them under (GET …/load.js, /load/APP,
/// …/xdcomm.js): not a fixed route, so they are answered before routing, on the provider plane (a page loads
/// them as Janrain's CDN: readable by the origins the access policy allows, faults injected for the path).
struct StandInAssetsMiddleware: RouterMiddleware {
    let emulator: ProviderEmulator
    var plane: PlaneMiddleware { PlaneMiddleware(emulator: emulator, plane: .provider, errors: .plain) }

    func handle(_ request: Request, context: EmulatorContext, next: (Request, EmulatorContext) async throws -> Response) async throws -> Response {
        if request.method == .get, let asset = ProviderEmulator.asset(request.uri.path, emulator.configuration) {
            return try await plane.handle(request, context: context) { _, _ in Response(asset) }
        }
        return try await next(request, context)
    }
}

/// Reads the request's body into the context, in line: up to the configured limit (413 past it) and, over a
/// connection, within the configured time (BodyDeadlineHandler ends a late body's stream: 408, and the
/// connection closes). A request that declares no body (no Content-Length above 0, no Transfer-Encoding:
/// most GETs) has none to read.
struct BodyMiddleware: RouterMiddleware {
    let configuration: EmulatorConfiguration

    func handle(_ request: Request, context: EmulatorContext, next: (Request, EmulatorContext) async throws -> Response) async throws -> Response {
        guard BodyDeadlineHandler.declaresBody(request.headers) else {
            return try await next(request, context)
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: configuration.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            return Response(Refusal.tooLarge.response(request.uri.path, configuration))
        } catch is BodyDeadlineHandler.Expired {
            var response = Response(Refusal.tooSlow.response(request.uri.path, configuration))
            response.headers[.connection] = "close"
            return response
        }
        var context = context
        context.body = Array(body.readableBytesView)
        return try await next(request, context)
    }

    /// Why a request's body was not read.
    enum Refusal: Error {
        case tooLarge, tooSlow

        func response(_ path: String, _ configuration: EmulatorConfiguration) -> EmulatorResponse {
            switch self {
            case .tooLarge:
                return ProviderEmulator.providerError(EmulatorRouter.errorShape(unrouted: path), status: 413, error: "request_too_large",
                                                      description: "the request body is over \(configuration.maxBodyBytes) bytes")
            case .tooSlow:
                return ProviderEmulator.providerError(EmulatorRouter.errorShape(unrouted: path), status: 408, error: "request_timeout",
                                                      description: "the request body did not arrive within \(JSONWriter.numberText(configuration.bodyTimeout)) seconds")
            }
        }
    }
}

extension Response {
    /// The emulator's answer on the wire: its headers, and Cache-Control: no-store (nothing it says may be
    /// kept: codes, tokens, mail).
    init(_ answer: EmulatorResponse) {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        // Our own header names, valid by construction.
        for (name, value) in answer.headerFields {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        self.init(status: .init(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
