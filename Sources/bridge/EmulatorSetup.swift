// EmulatorSetup.swift: the emulator's configuration as `bridge serve` and `bridge host --provider` make it:
// the embedded default or --config, and the widget's stand-in scripts (--assets, else the emulator's own
// resources). And the provider of `bridge host --provider`: the same server, started in this process.
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
    /// 127.0.0.1 port 0, for as long as the process runs; the view's provider requests are forwarded to it
    /// as they would be to a running `bridge serve`.
    static func inProcess(_ configuration: EmulatorConfiguration, siteOrigin: String?) throws -> ProviderRouting {
        var configuration = configuration
        // The hosted page's own origin may read the providers' answers, as the app's registered site does.
        if let origin = siteOrigin.flatMap(EmulatorConfiguration.origin) { configuration.allowedOrigins.append(origin) }
        let server = EmulatorServer(emulator: ProviderEmulator(configuration: configuration), host: "127.0.0.1", port: 0)
        do { return ProviderRouting(base: try server.startInBackground(), inProcess: true) } catch {
            throw CommandProblem.emulatorDidNotStart(reason: "\(error)")
        }
    }
    #endif
}
