// EmulatorStore.swift: the providers' state (EmulatorState: users, issued codes, the outbox, the clock and
// the faults still to inject) in an actor, as Hummingbird's examples keep a repository: every route's
// handler runs on it whole, one request at a time, so a code is redeemed once however many requests race
// for it. The handlers stay synchronous functions of the state (pure, and what the tests and the fuzzer
// call); the controllers (ProviderControllers.swift) hold the store and the configuration they were made
// with and reach the state only through `perform`.
import Foundation
import ProviderSettings

actor EmulatorStore {
    private var state: EmulatorState

    init(_ configuration: EmulatorConfiguration, access: AccessPolicy) {
        state = EmulatorState(configuration, access: access)
    }

    /// Runs `body` on the state, alone.
    func perform<Result: Sendable>(_ body: @Sendable (inout EmulatorState) -> Result) -> Result {
        body(&state)
    }

    /// The base URL the server listens on, for links to the emulator's own pages (Kii's reset page).
    func setBaseURL(_ url: String) {
        state.baseURL = url
    }

    /// The time on the emulator's clock.
    var now: Date { state.now }

    /// The fault injected for this path, if one is left (it is used up).
    func takeFault(_ path: String) -> EmulatorState.Fault? {
        state.takeFault(path)
    }
}
