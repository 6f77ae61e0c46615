// BackgroundServerTests.swift: the emulator started from code that is not async (bridge host's provider):
// it answers at the base URL it hands back, and a port already taken is an error, not a hang.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ProviderEmulator
import Testing

@Suite("The emulator in the background")
struct BackgroundServerTests {
    @Test("it listens before the base URL is handed back; a port in use is thrown, not waited on")
    func startsAndRefusesATakenPort() async throws {
        let base = try EmulatorServer(emulator: ProviderEmulator(stoppedAt: Date())).startInBackground()
        let url = try #require(URL(string: base + "/"))
        let (_, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let port = try #require(URLComponents(string: base)?.port)
        #expect(throws: (any Error).self) { try EmulatorServer(emulator: ProviderEmulator(stoppedAt: Date()), port: port).startInBackground() }
    }
}
