// EmulatorSetup.swift: the emulator's configuration as `bridge serve` and `bridge host --provider` make it:
// the embedded default or --config, and the widget's stand-in scripts (--assets, else web/stand-in in the
// working directory, else beside the bridge executable's checkout). And the in-process provider of
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
        } else {
            configuration.assetsDirectory = defaultAssets()
        }
        return configuration
    }

    /// What to say when no assets directory was found: the widget's scripts then answer 404.
    static func missingAssets(_ configuration: EmulatorConfiguration) -> String? {
        configuration.assetsDirectory == nil
            ? "no web/stand-in here or in the checkout bridge was built in: the widget's …/load.js and …/xdcomm.js answer 404 (give --assets DIR)"
            : nil
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// web/stand-in here, else in the checkout the executable was built in (…/.build/…/debug/bridge).
    static func defaultAssets() -> String? {
        if isDirectory("web/stand-in") { return "web/stand-in" }
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("web/stand-in")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("janrain-widget.js").path) { return candidate.path }
            directory.deleteLastPathComponent()
        }
        return nil
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
