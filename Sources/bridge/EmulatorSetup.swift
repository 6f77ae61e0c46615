// EmulatorSetup.swift: the emulator's configuration as `bridge serve` and `bridge host --provider` make it:
// the embedded default or --config, and the widget's stand-in scripts (--assets, else the emulator's own
// resources). And the provider of `bridge host --provider`: the same emulator in this process, its router
// asked directly and its server (the dashboard) started beside the view.
import BrowserURL
import CommandOutput
import ProviderSettings
import Foundation
import ProviderEmulator
import WebViewHost

enum EmulatorSetup {
    static func configuration(config: String?, assets: String?) throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.embeddedDefault
        if let config {
            do { configuration = try EmulatorConfiguration.load(path: config) } catch { throw CommandProblem.providerConfig(path: config, error) }
        }
        if let assets {
            guard isDirectory(assets) else { throw CommandProblem.noAssetsDirectory(assets) }
            configuration.standInScripts = .directory(assets)
        }
        return configuration
    }

    /// Whether the stand-in scripts cannot be found (a bridge executable copied without its resource
    /// bundle): the widget's scripts then answer 404.
    static func missingAssets(_ configuration: EmulatorConfiguration) -> Bool {
        guard let directory = ProviderEmulator.standInDirectory(configuration) else { return true }
        return !isDirectory(directory)
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    #if WebKit
    /// The emulator in this process, as the hosted view's provider: the same server as `bridge serve`, on
    /// 127.0.0.1 port 0, for as long as the process runs (for its dashboard), and the same emulator's router
    /// called without a socket (`ProviderRouting.answer`), which both hosts ask for the view's requests.
    static func inProcess(_ configuration: EmulatorConfiguration, siteOrigin: String?) -> ProviderRouting {
        var configuration = configuration
        // The hosted page's own origin may read the providers' answers, as the app's registered site does.
        if let origin = siteOrigin.flatMap(EmulatorConfiguration.origin) { configuration.allowedOrigins.append(origin) }
        let emulator = ProviderEmulator(configuration: configuration)
        let server = EmulatorServer(emulator: emulator, host: "127.0.0.1", port: 0)
        // The view's requests need only the router; the server (for the dashboard) starts beside the view.
        let address = ProviderAddress()
        Thread.detachNewThread {
            do {
                address.resolve(.success(try server.startInBackground()))
            } catch {
                address.resolve(.failure(ProviderServerFailure(reason: "\(error)")))
            }
        }
        let client = EmulatorInProcessClient(emulator)
        return ProviderRouting(address: address, inProcess: true) { exchange in
            // Never waits for the server: this runs on the cooperative pool its start needs.
            let authority = address.baseIfKnown.flatMap { try? BrowserURL.parse($0).get().host }
            return await answer(exchange, from: client, authority: authority)
        }
    }

    /// One provider request through the in-process client, as the server would have read it from the
    /// forwarder: the same method, target, body and header fields, the server's authority as its Host.
    static func answer(_ exchange: ProviderExchange, from client: EmulatorInProcessClient, authority: String?) async -> ProviderAnswer {
        let request = EmulatorRequest(method: exchange.method, target: exchange.target, contentType: exchange.contentType, body: exchange.body,
                                      origin: exchange.origin, host: authority, fields: exchange.headers)
        let response = await client.send(request)
        var headers: [(String, String)] = response.contentType.isEmpty ? [] : [("Content-Type", response.contentType)]
        if let location = response.location { headers.append(("Location", location)) }
        headers += response.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return ProviderAnswer(status: response.status, headers: headers, body: response.body)
    }
    #endif
}
