// ProviderEmulator.swift: the providers of the seed flows in one value: Janrain Capture's native sign-in,
// password-reset mail, code exchange and hosted pages, Realm's and Kii's password flows, the app backend
// of the deep-link reset, an outbox shaped like
// Mailpit's API, and the control routes under /emulator/v1/ (clock, reset, faults, users, codes), after the
// Firebase emulator's. This value holds what the router's middleware and controllers share: the
// configuration, its access policy, the store the providers' state is in (an actor) and the request log
// (another); each provider's controller (ProviderControllers.swift) serves its route tables through
// Hummingbird's router. Bad requests get the provider's own kind of error, never a 5xx and
// never a crash, and the emulator keeps serving.
import ProviderSettings
import Foundation
import NavigationPolicy
import JSONText
import HTTPTypes

package final class ProviderEmulator: Sendable {
    package let configuration: EmulatorConfiguration
    /// The configuration's access policy, made once: the middleware reads it without waiting for the store,
    /// and the state (the routes' registered-URL checks) holds the same one, across resets too.
    let access: AccessPolicy
    /// The providers' state.
    let store: EmulatorStore
    /// The dashboard's live log, apart from the state: a reset does not restart its numbering.
    private let requestLog = RequestLog()

    /// An emulator of `configuration`, its clock the machine's; a test's clock is `stoppedAt` a time, so
    /// that codes expire only when the test moves the clock.
    package init(configuration: EmulatorConfiguration = .embeddedDefault, stoppedAt: Date? = nil) {
        self.configuration = configuration
        access = AccessPolicy(configuration)
        store = EmulatorStore(configuration, access: access, clock: stoppedAt.map { EmulatorClock.stopped(at: $0) } ?? EmulatorClock())
    }

    /// The routes, by method and path pattern ({name} matches one segment).
    struct Route: Sendable {
        let method: HTTPRequest.Method
        /// The path, `{name}` a parameter (Hummingbird's RouterPath syntax).
        let path: String
        let pattern: [Substring]
        let handler: RouteHandler
    }

    /// The base URL the server listens on, for links to the emulator's own pages (Kii's reset page).
    package func setBaseURL(_ url: String) async {
        await store.setBaseURL(url)
    }

    /// Records an answered request for the dashboard's live log, at the emulator's time.
    package func logRequest(method: String, target: String, status: Int) async {
        await requestLog.record(method: method, target: target, status: status, at: store.now)
    }

    /// The logged requests after `seq`, as server-sent events (RequestLog.events(after:)).
    package func events(after seq: Int) async -> (text: String, last: Int) {
        await requestLog.events(after: seq)
    }

    /// A request the access policy refuses, in the shape of the route's provider.
    static func refused(_ shape: ProviderErrorShape, _ refusal: AccessPolicy.Refusal) -> EmulatorResponse {
        switch refusal {
        case .wrongHost(let host):
            return providerError(shape, status: 403, error: "forbidden_host",
                                 description: "this emulator does not answer to the host \(host.debugDescription): use an IP address or localhost, or list the name in the configuration's allowedHosts")
        case .crossOrigin(let origin):
            return providerError(shape, status: 403, error: "cross_origin_refused",
                                 description: "the emulator's control routes, codes and outbox answer no other page (Origin \(origin.debugDescription))")
        case .crossSite(let site):
            return providerError(shape, status: 403, error: "cross_origin_refused",
                                 description: "the emulator's control routes, codes and outbox answer no other page (Sec-Fetch-Site \(site.debugDescription))")
        }
    }

    /// The fault injected for this path, if one is left (it is used up).
    func takeFault(_ path: String) async -> EmulatorState.Fault? {
        await store.takeFault(path)
    }

    /// The directory the widget's stand-in scripts are read from, if any.
    package static func standInDirectory(_ configuration: EmulatorConfiguration) -> String? {
        switch configuration.standInScripts {
        case .bundled: Bundle.module.resourceURL.map { $0.appendingPathComponent("StandIn").path }
        case .directory(let path): path
        case .none: nil
        }
    }

    /// The widget's scripts, from the assets directory: any `…/load.js` (and Engage's `/load/APP`) and
    /// `…/xdcomm.js`, as Janrain's CDN serves them.
    static func asset(_ path: String, _ configuration: EmulatorConfiguration) -> EmulatorResponse? {
        let file: String
        if path.hasSuffix("/load.js") || path.hasPrefix("/load/") { file = "janrain-widget.js" }
        else if path.hasSuffix("/xdcomm.js") { file = "xdcomm.js" }
        else { return nil }
        guard let directory = standInDirectory(configuration) else {
            return providerError(.plain, status: 404, error: "not_found",
                                 description: "the widget's stand-in scripts are not served: no assets directory (--assets DIR)")
        }
        guard let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(file)) else {
            return providerError(.plain, status: 404, error: "not_found", description: "\(file) is not in \(directory)")
        }
        return EmulatorResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: [UInt8](data))
    }

    static func route(_ method: HTTPRequest.Method, _ path: String,
                      _ handler: @escaping RouteHandler.Answer<EmulatorState>) -> Route {
        route(method, path, handler: .shared(handler))
    }

    /// A route whose handler is given the state its case names.
    static func route(_ method: HTTPRequest.Method, _ path: String, handler: RouteHandler) -> Route {
        Route(method: method, path: path, pattern: path.split(separator: "/"), handler: handler)
    }

    /// An error in the shape its provider uses (the route group's): Capture's `{stat:"error", code, error,
    /// error_description}`, or `{error, error_description}`.
    static func providerError(_ shape: ProviderErrorShape, status: Int, error: String, description: String, code: Int? = nil) -> EmulatorResponse {
        if shape == .capture {
            return .json(status, JSONFields([("stat", .string("error")), ("code", .int(code ?? status)), ("error", .string(error)),
                                             ("error_description", .string(description))]))
        }
        return .json(status, JSONFields([("error", .string(error)), ("error_description", .string(description))]))
    }
}
