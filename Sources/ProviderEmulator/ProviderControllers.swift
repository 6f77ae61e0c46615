// ProviderControllers.swift: a controller per provider, as Hummingbird's examples write one (a struct with
// its dependencies captured when it is made, its endpoints a RouteCollection): Janrain Capture, Social
// Login, the Example IdP, the app's backend, Realm, Kii, and the emulator's own control plane. A controller
// holds the store the state is in and the configuration, and nothing else: its routes reach the state only
// through the store, and send a browser only to a RedirectTarget (RegisteredURL.swift). The route tables
// stay in each provider's file, as data, because the router's 405s and preflights, the planes and the
// endpoint reference are read from them too.
import Hummingbird
import HTTPTypes
import ProviderSettings

/// A provider's part of the emulator.
protocol ProviderController: Sendable {
    /// The provider's route tables, a group each (its plane and the shape of its errors).
    static var groups: [RouteGroup] { get }
    /// The store the providers' state is in.
    var store: EmulatorStore { get }
    /// The configuration the emulator was made with.
    var configuration: EmulatorConfiguration { get }
    init(store: EmulatorStore, configuration: EmulatorConfiguration)
}

extension ProviderController {
    /// A group's routes: each answered by its handler on the store's state.
    func endpoints(_ group: RouteGroup) -> RouteCollection<EmulatorContext> {
        let routes = RouteCollection(context: EmulatorContext.self)
        for route in group.routes {
            routes.on(RouterPath(route.path), method: route.method) { [store, configuration] request, context in
                let request = EmulatorRequest(request, context: context)
                return Response(await store.perform { state in route.handler(&state, request, configuration) })
            }
        }
        return routes
    }
}

struct CaptureController: ProviderController {
    static let groups = [
        RouteGroup(name: "Janrain Capture: the native API", plane: .provider, errors: .capture, routes: CaptureRoutes.routes),
        RouteGroup(name: "Janrain Capture: the server API", plane: .provider, errors: .capture, routes: CaptureEntityRoutes.routes),
        RouteGroup(name: "Janrain Capture: the hosted pages", plane: .page, errors: .capture, routes: CapturePages.routes),
        RouteGroup(name: "Janrain Capture: social sign-in", plane: .provider, errors: .capture, routes: CaptureSocialRoutes.routes),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}

struct SocialLoginController: ProviderController {
    static let groups = [
        RouteGroup(name: "Janrain Social Login (Engage): the sign-in pages", plane: .page, errors: .plain, routes: EngageRoutes.pages),
        RouteGroup(name: "Janrain Social Login (Engage): auth_info", plane: .provider, errors: .plain, routes: EngageRoutes.routes),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}

struct ExampleIdPController: ProviderController {
    static let groups = [
        RouteGroup(name: "Example IdP (the social sign-in's identity provider)", plane: .page, errors: .plain, routes: ExampleIdPRoutes.routes),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}

struct AppBackendController: ProviderController {
    static let groups = [
        RouteGroup(name: "The app's own backend (the reset flows)", plane: .provider, errors: .plain, routes: AppBackendRoutes.routes),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}

struct RealmController: ProviderController {
    static let groups = [
        RouteGroup(name: "MongoDB Realm: email/password", plane: .provider, errors: .plain, routes: RealmRoutes.routes),
        RouteGroup(name: "MongoDB Realm: location, profile and sessions", plane: .provider, errors: .plain, routes: RealmSessionRoutes.routes),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}

struct KiiController: ProviderController {
    static let groups = [
        RouteGroup(name: "Kii: sign-in and users", plane: .provider, errors: .plain, routes: KiiAuthRoutes.routes),
        RouteGroup(name: "Kii: the password reset", plane: .provider, errors: .plain, routes: KiiRoutes.routes),
        RouteGroup(name: "Kii: the reset page", plane: .page, errors: .plain, routes: KiiRoutes.pages),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}

/// The emulator's own routes: the control plane (clock, faults, users, codes, reset), the outbox and the
/// dashboard. They never fail on purpose.
struct ControlController: ProviderController {
    static let groups = [
        RouteGroup(name: "The emulator's control plane", plane: .control, errors: .plain, routes: ControlRoutes.routes),
        RouteGroup(name: "The outbox (Mailpit's API)", plane: .control, errors: .plain, routes: OutboxRoutes.routes),
        RouteGroup(name: "The dashboard", plane: .control, errors: .plain, routes: DashboardRoutes.routes),
    ]
    let store: EmulatorStore
    let configuration: EmulatorConfiguration
}
