// RouterClient.swift: a request through the emulator's one router without a socket (ProviderEmulator's
// EmulatorInProcessClient): every middleware and route as `bridge serve` runs them, the answer read back as
// the handlers' EmulatorResponse so tests assert its status, headers and body.
import ProviderEmulator

extension ProviderEmulator {
    /// One request through `EmulatorRouter.router(self)`. The Host is the request's (localhost when it
    /// names none); an error no middleware answered is a 500, as the server answers it.
    func handle(_ request: EmulatorRequest) async -> EmulatorResponse {
        let client = EmulatorInProcessClient(self)
        let response = await client.send(request)
        await client.close()
        return response
    }
}
