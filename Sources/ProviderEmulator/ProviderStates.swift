// ProviderStates.swift: what a provider remembers that no other provider may read or change, apart from what
// the providers share (EmulatorState: users, issued codes, the outbox, the clock, the faults). Janrain
// Capture keeps its clients (login clients registered on first use, the server API's clients); Kii counts
// wrong PINs. A route of Capture's is given Capture's state beside the shared one, Kii's only Kii's, and
// every other route the shared state alone (RouteHandler), so a route cannot read another provider's
// clients. All of it stays in one actor (EmulatorStore) because a Capture sign-in registers its client and
// issues a shared code in one step, and that step must be one.
import Foundation
import ProviderSettings

/// Janrain Capture's own state.
struct CaptureState {
    /// The login clients, by id: the configured ones, and any other registered on first use unless the
    /// configuration is strict.
    var clients: [String: EmulatorConfiguration.Client] = [:]
    /// The server API's clients (entity, entity.find…), by id.
    var apiClients: [String: EmulatorConfiguration.Client] = [:]

    init(_ config: EmulatorConfiguration) {
        for client in config.clients { clients[client.id] = client }
        for client in config.apiClients { apiClients[client.id] = client }
    }
}

/// Kii's own state.
struct KiiState {
    /// Consecutive wrong PINs per user (by e-mail).
    var wrongPINs: [String: Int] = [:]

    /// Counts a wrong PIN; at `maxPINAttempts` every PIN the user holds stops working. True when it did.
    mutating func wrongPIN(email: String, in shared: inout EmulatorState, _ config: EmulatorConfiguration) -> Bool {
        let wrong = (wrongPINs[email] ?? 0) + 1
        wrongPINs[email] = wrong
        guard wrong >= config.maxPINAttempts else { return false }
        shared.useUp(.kiiPIN, of: email)
        wrongPINs[email] = nil
        return true
    }
}

/// Everything the emulator remembers: the shared state and each provider's own, as the configuration
/// starts them (and the control plane's reset makes them again).
struct ProviderStates {
    var shared: EmulatorState
    var capture: CaptureState
    var kii: KiiState

    init(_ config: EmulatorConfiguration, access: AccessPolicy, clock: EmulatorClock) {
        shared = EmulatorState(config, access: access, clock: clock)
        capture = CaptureState(config)
        kii = KiiState()
    }
}

/// A route's handler, by the state it is given.
enum RouteHandler: Sendable {
    typealias Answer<State> = @Sendable (inout State, EmulatorRequest, EmulatorConfiguration) -> EmulatorResponse

    /// The shared state alone: every provider but Capture and Kii, and the control plane.
    case shared(Answer<EmulatorState>)
    /// The shared state and Capture's own.
    case capture(@Sendable (inout EmulatorState, inout CaptureState, EmulatorRequest, EmulatorConfiguration) -> EmulatorResponse)
    /// The shared state and Kii's own.
    case kii(@Sendable (inout EmulatorState, inout KiiState, EmulatorRequest, EmulatorConfiguration) -> EmulatorResponse)
    /// Every state: the control plane's reset.
    case everyProvider(Answer<ProviderStates>)

    /// The answer to `request` on `states`, each part given only to the handler it belongs to.
    func answer(_ states: inout ProviderStates, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        switch self {
        case .shared(let handler): handler(&states.shared, request, config)
        case .capture(let handler): handler(&states.shared, &states.capture, request, config)
        case .kii(let handler): handler(&states.shared, &states.kii, request, config)
        case .everyProvider(let handler): handler(&states, request, config)
        }
    }
}
