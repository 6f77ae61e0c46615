// ProviderDirectoryTests.swift: the one table of the providers' hosts and the app-backend paths. The
// emulator answers every app-backend path the directory lists (a POST with an empty body is the route's
// own invalid_request, never a 404), and hosts are matched by whole labels.
import ProviderDirectory
import ProviderEmulator
import Testing

@Suite struct ProviderDirectoryTests {
    @Test(arguments: ProviderDirectory.AppBackendPath.allCases)
    func theEmulatorAnswersEveryAppBackendPath(_ path: ProviderDirectory.AppBackendPath) async {
        let response = await Emulator().json(.post, path.rawValue, "{}")
        #expect(response.status == 400)
    }

    @Test(arguments: [
        ("app.janraincapture.com", ProviderDirectory.Provider.capture), ("JANRAIN.COM", .capture), ("x.rpxnow.com", .engage),
        ("d16s8pqtk4uodx.cloudfront.net", .widgetCDN), ("api-jp.kii.com", .kii), ("services.cloud.mongodb.com", .realm),
    ])
    func providerHosts(host: String, provider: ProviderDirectory.Provider) async {
        #expect(ProviderDirectory.provider(forHost: host) == provider)
    }

    @Test(arguments: ["janrain.com.evil.com", "evilkii.com", "x.d16s8pqtk4uodx.cloudfront.net", "mongodb.com", "yourdomain.com"])
    func notProviderHosts(host: String) async {
        #expect(ProviderDirectory.provider(forHost: host) == nil)
    }
}
