// EmulatorSetup.swift: the emulator's configuration as `bridge serve` and `bridge host --provider` make it:
// the embedded default or --config, and the widget's stand-in scripts (--assets, else the emulator's own
// resources). And the in-process provider of
// `bridge host --provider` with no URL: the emulator answering the hosted view's requests directly.
import Foundation
import ProviderEmulator
import WebViewHost

enum EmulatorSetup {
    static func configuration(config: String?, assets: String?) throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.embeddedDefault
        if let config {
            do { configuration = try EmulatorConfiguration.load(path: config) } catch { throw UsageError("config: \(config): \(error)") }
        }
        if let assets {
            guard isDirectory(assets) else { throw UsageError("--assets \(assets): no such directory") }
            configuration.assetsDirectory = assets
        }
        return configuration
    }

    /// What to say when the stand-in scripts cannot be found (a bridge executable copied without its
    /// resource bundle): the widget's scripts then answer 404.
    static func missingAssets(_ configuration: EmulatorConfiguration) -> String? {
        guard let directory = configuration.assetsDirectory, isDirectory(directory) else {
            return "the widget's stand-in scripts are not found (bridge_ProviderEmulator.resources beside the executable): …/load.js and …/xdcomm.js answer 404 (give --assets DIR)"
        }
        return nil
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    #if WebKit
    /// The emulator in this process, as the hosted view's provider.
    static func inProcess(_ configuration: EmulatorConfiguration, siteOrigin: String?) -> ProviderRouting {
        var configuration = configuration
        // The hosted page's own origin may read the providers' answers, as the app's registered site does.
        if let origin = siteOrigin.flatMap(EmulatorConfiguration.origin) { configuration.allowedOrigins.append(origin) }
        let emulator = ProviderEmulator(configuration: configuration)
        return ProviderRouting(.inProcess { exchange in
            let answer = emulator.handle(EmulatorRequest(method: exchange.method, target: exchange.target, contentType: exchange.contentType,
                                                         body: exchange.body, origin: exchange.origin))
            emulator.logRequest(method: exchange.method, target: exchange.target, status: answer.status)
            return ProviderAnswer(status: answer.status, headers: answer.headerFields, body: answer.body)
        })
    }
    #endif
}
