// EmulatorPlane.swift: which plane a route is on, and what follows from it. Each group of EmulatorRouter
// declares its plane once; the group's own middleware (PlaneMiddleware) enforces it. Hummingbird runs a
// group's middleware only for a route of that group that matched, on the path as its router split it, so
// `//emulator/v1/codes` is the control route and is refused to another page as `/emulator/v1/codes` is, and
// a path that matches no route is a 404 however it is spelt. No list of path prefixes decides a plane.

/// Who may call a route and what its answers carry.
package enum EmulatorPlane: String, Sendable, CaseIterable {
    /// A provider's API: any page may call it, as a real provider's; loopback and configured origins may
    /// read its answers (CORS, preflights answered); faults may be injected.
    case provider
    /// A provider's hosted pages, which a web view navigates to: as `provider`, and every page carries a
    /// Content-Security-Policy that runs no script and frames nothing but what the page names.
    case page
    /// The emulator's own routes, the outbox and the dashboard: no request from another page, whatever its
    /// method or content type; no CORS; never a fault.
    case control

    /// Whether faults injected through /emulator/v1/faults reach the plane's routes.
    var takesFaults: Bool { self != .control }

    /// Whether the plane answers preflights and lets the origins the access policy allows read its answers.
    var sharesAcrossOrigins: Bool { self != .control }
}

/// The shape a provider's errors take: Capture's `{stat: "error", code, error, error_description}`, or
/// `{error, error_description}` (the app backend's, Realm's and the emulator's own).
package enum ProviderErrorShape: Sendable {
    case capture
    case plain
}

/// A provider's table in the router: its name (a heading of the Endpoints article), its plane, its errors'
/// shape, and its routes.
struct RouteGroup: Sendable {
    let name: String
    let plane: EmulatorPlane
    let errors: ProviderErrorShape
    let routes: [ProviderEmulator.Route]
}
