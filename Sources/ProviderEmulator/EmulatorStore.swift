// EmulatorStore.swift: the providers' state (ProviderStates: what they share, and Capture's and Kii's own)
// in an actor, as Hummingbird's examples keep a repository: every route's handler runs on it whole, one
// request at a time, so a code is redeemed once however many requests race for it. The handlers stay
// synchronous functions of the state (pure, and what the tests and the fuzzer call); the controllers
// (ProviderControllers.swift) hold the store and the configuration they were made with and reach the state
// only through `answer`, which gives a handler the parts its RouteHandler case names.
import Foundation
import ProviderSettings

actor EmulatorStore {
    private var states: ProviderStates

    init(_ configuration: EmulatorConfiguration, access: AccessPolicy, clock: EmulatorClock) {
        states = ProviderStates(configuration, access: access, clock: clock)
    }

    /// The answer of `handler` to `request`, run on the state alone.
    func answer(_ handler: RouteHandler, _ request: EmulatorRequest, _ configuration: EmulatorConfiguration) -> EmulatorResponse {
        handler.answer(&states, request, configuration)
    }

    /// The base URL the server listens on, for links to the emulator's own pages (Kii's reset page).
    func setBaseURL(_ url: String) {
        states.shared.baseURL = url
    }

    /// The time on the emulator's clock.
    var now: Date { states.shared.now }

    /// The fault injected for this path, if one is left (it is used up).
    func takeFault(_ path: String) -> EmulatorState.Fault? {
        states.shared.takeFault(path)
    }
}
