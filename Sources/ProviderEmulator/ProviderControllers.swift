// ProviderControllers.swift: a controller per provider, as Hummingbird's examples write one (its
// dependencies captured when it is made, its endpoints a RouteCollection): Janrain Capture, Social Login,
// the Example IdP, the app's backend, Realm, Kii, and the emulator's own control plane. A controller holds
// the store the state is in and the configuration, and nothing else: its routes reach the state only
// through the store, and only the parts their RouteHandler names (the shared state, and Capture's or Kii's
// own: ProviderStates.swift), and send a browser only to a RedirectTarget (RegisteredURL.swift). The providers differ
// only in their route tables, so a controller is one type and a provider is a value of its tables; the
// tables stay in each provider's file, as data, because the router's 405s and preflights, the planes and
// the endpoint reference are read from them too.
import Hummingbird
import HTTPTypes
import ProviderSettings

struct ProviderController: Sendable {
    /// A provider: its route tables, a group each (its plane and the shape of its errors).
    struct Provider: Sendable {
        let groups: [RouteGroup]
    }

    let provider: Provider
    /// The store the providers' state is in.
    let store: EmulatorStore
    /// The configuration the emulator was made with.
    let configuration: EmulatorConfiguration

    /// A group's routes: each answered by its handler on the store's state.
    func endpoints(_ group: RouteGroup) -> RouteCollection<EmulatorContext> {
        let routes = RouteCollection(context: EmulatorContext.self)
        for route in group.routes {
            routes.on(RouterPath(route.path), method: route.method) { [store, configuration] request, context in
                let request = EmulatorRequest(request, context: context)
                return Response(await store.answer(route.handler, request, configuration))
            }
        }
        return routes
    }
}

extension ProviderController.Provider {
    /// The providers, in the router's order: the providers' APIs and hosted pages (each takes injected
    /// faults), then the control plane (the clock, faults, users, codes and reset; the outbox; the
    /// dashboard), which never fails on purpose.
    static let all: [Self] = [capture, socialLogin, exampleIdP, appBackend, realm, kii, control]

    static let capture = Self(groups: [
        RouteGroup(name: "Janrain Capture: the native API", plane: .provider, errors: .capture, routes: CaptureRoutes.routes),
        RouteGroup(name: "Janrain Capture: the server API", plane: .provider, errors: .capture, routes: CaptureEntityRoutes.routes),
        RouteGroup(name: "Janrain Capture: the hosted pages", plane: .page, errors: .capture, routes: CapturePages.routes),
        RouteGroup(name: "Janrain Capture: social sign-in", plane: .provider, errors: .capture, routes: CaptureSocialRoutes.routes),
    ])
    static let socialLogin = Self(groups: [
        RouteGroup(name: "Janrain Social Login (Engage): the sign-in pages", plane: .page, errors: .plain, routes: EngageRoutes.pages),
        RouteGroup(name: "Janrain Social Login (Engage): auth_info", plane: .provider, errors: .plain, routes: EngageRoutes.routes),
    ])
    static let exampleIdP = Self(groups: [
        RouteGroup(name: "Example IdP (the social sign-in's identity provider)", plane: .page, errors: .plain, routes: ExampleIdPRoutes.routes),
    ])
    static let appBackend = Self(groups: [
        RouteGroup(name: "The app's own backend (the reset flows)", plane: .provider, errors: .plain, routes: AppBackendRoutes.routes),
    ])
    static let realm = Self(groups: [
        RouteGroup(name: "MongoDB Realm: email/password", plane: .provider, errors: .plain, routes: RealmRoutes.routes),
        RouteGroup(name: "MongoDB Realm: location, profile and sessions", plane: .provider, errors: .plain, routes: RealmSessionRoutes.routes),
    ])
    static let kii = Self(groups: [
        RouteGroup(name: "Kii: sign-in and users", plane: .provider, errors: .plain, routes: KiiAuthRoutes.routes),
        RouteGroup(name: "Kii: the password reset", plane: .provider, errors: .plain, routes: KiiRoutes.routes),
        RouteGroup(name: "Kii: the reset page", plane: .page, errors: .plain, routes: KiiRoutes.pages),
    ])
    static let control = Self(groups: [
        RouteGroup(name: "The emulator's control plane", plane: .control, errors: .plain, routes: ControlRoutes.routes),
        RouteGroup(name: "The outbox (Mailpit's API)", plane: .control, errors: .plain, routes: OutboxRoutes.routes),
        RouteGroup(name: "The dashboard", plane: .control, errors: .plain, routes: DashboardRoutes.routes),
    ])
}
