// ProviderStatesTests.swift: each provider's own state is given only to its own routes (Capture's clients to
// Capture's, Kii's wrong PINs to Kii's), and the control plane's reset makes every part again from the
// configuration.
@testable import ProviderEmulator
import ProviderSettings
import Foundation
import Testing

@Suite("provider emulator: a state per provider")
struct ProviderStatesTests {
    /// Which state a route's handler is given.
    enum Owner: Equatable { case shared, capture, kii, everyProvider }

    static func owner(_ handler: RouteHandler) -> Owner {
        switch handler {
        case .shared: .shared
        case .capture: .capture
        case .kii: .kii
        case .everyProvider: .everyProvider
        }
    }

    static func owners(_ provider: ProviderController.Provider) -> [String: Owner] {
        Dictionary(provider.groups.flatMap(\.routes).map { ("\($0.method) \($0.path)", owner($0.handler)) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("Capture's clients reach only Capture's routes (and the app backend's call to Capture's token endpoint); Kii's PIN counts only Kii's; only reset reaches every part")
    func ownersByProvider() {
        #expect(Set(Self.owners(.capture).values) == [.capture])
        #expect(Self.owners(.appBackend).filter { $0.value != .shared } == ["POST /password_reset/exchange": .capture])
        #expect(Self.owners(.kii).filter { $0.value != .shared } == ["POST /api/apps/{appID}/users/{user}/password/complete-reset": .kii])
        #expect(Self.owners(.control).filter { $0.value != .shared } == ["POST /emulator/v1/reset": .everyProvider])
        for provider in [ProviderController.Provider.socialLogin, .exampleIdP, .realm] {
            #expect(Set(Self.owners(provider).values) == [.shared])
        }
    }

    @Test("reset makes the shared state and each provider's own again from the configuration")
    func resetEveryPart() throws {
        var config = EmulatorConfiguration.embeddedDefault
        config.clients = [.init(id: "configured", secret: "s")]
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var states = ProviderStates(config, access: AccessPolicy(config), clock: .stopped(at: start))
        states.shared.clock.advance(1800)
        states.capture.clients["registered-later"] = .init(id: "registered-later")
        states.capture.apiClients = [:]
        states.kii.wrongPINs["ada@example.com"] = 4
        states.shared.baseURL = "http://127.0.0.1:8123"
        let reset = try #require(ControlRoutes.routes.first { $0.method == .post && $0.path == "/emulator/v1/reset" })
        _ = reset.handler.answer(&states, EmulatorRequest(method: .post, target: "/emulator/v1/reset"), config)
        #expect(states.capture.clients == ["configured": .init(id: "configured", secret: "s")])
        #expect(states.shared.now == start)
        #expect(states.capture.apiClients == CaptureState(config).apiClients)
        #expect(states.kii.wrongPINs.isEmpty)
        #expect(states.shared.baseURL == "http://127.0.0.1:8123")
    }

    @Test("wrong Kii PINs counted before a reset count no more after it")
    func resetForgetsWrongPINs() async throws {
        let emulator = ProviderEmulator(stoppedAt: Date())
        let user = "/api/apps/bridge-demo/users/EMAIL:ada%40example.com/password"
        func newPIN() async throws -> String {
            _ = await emulator.handle(EmulatorRequest(method: .post, target: user + "/request-reset", contentType: "application/json",
                                                      body: Array(#"{"notificationMethod":"SMS","smsResetMethod":"PIN"}"#.utf8)))
            let sms = object(await emulator.handle(EmulatorRequest(method: .get, target: "/api/v1/message/latest")))
            return try #require((sms["Text"] as? String).map { $0.filter(\.isNumber) })
        }
        func complete(_ pin: String) async -> Int {
            await emulator.handle(EmulatorRequest(method: .post, target: user + "/complete-reset", contentType: "application/json",
                                                  body: Array(#"{"pinCode":"\#(pin)","newPassword":"babbage-engine"}"#.utf8))).status
        }
        let first = try await newPIN()
        for _ in 1...4 { #expect(await complete(first == "000000" ? "111111" : "000000") == 403) }
        #expect(await emulator.handle(EmulatorRequest(method: .post, target: "/emulator/v1/reset")).status == 200)
        let second = try await newPIN()
        #expect(await complete(second == "000000" ? "111111" : "000000") == 403)
        #expect(await complete(second) == 204)
    }
}
