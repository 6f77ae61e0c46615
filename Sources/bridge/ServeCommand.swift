// ServeCommand.swift: `bridge serve` runs the provider emulator (ProviderEmulator) on loopback: Janrain
// Capture (native endpoints and hosted pages), Realm, Kii, the app backend of the deep-link reset, a
// Mailpit-shaped outbox and the /emulator/v1/ control routes. The first line on standard output is the
// base URL (text) or {"listening": URL} (json); then one line per request, secrets masked unless --reveal.
import ProviderSettings
import CommandOutput
import ArgumentParser
import BrowserURL
import Foundation
import NavigationPolicy
import NavigationReplay
import ProviderEmulator
import WebViewHost

struct ServeCommand: AsyncParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the providers of the seed flows on 127.0.0.1: Capture, the app's reset backend, an outbox.",
        discussion: """
            The emulator behaves like the providers where an app can see it and is strict where the specs are: \
            codes are single use, expire by the emulator's clock, and are exchanged only for the redirect_uri \
            they were issued for.

            Endpoints: POST /oauth/auth_native_traditional, /oauth/forgot_password_native, /oauth/token and \
            the pages /oauth/signin, /oauth/forgot_password, /oauth/profile_change_password (Capture); \
            /api/client/v2.0/app/bridge-demo/auth/providers/local-userpass/… (Realm); \
            /api/apps/bridge-demo/users/…/password/request-reset and complete-reset, /api/apps/bridge-demo/oauth2/token \
            (Kii); POST /api/reset-password/request, /api/reset-password (the app backend, seed 002); \
            GET /api/v1/messages, /api/v1/message/{ID|latest}, /api/v1/search?query=to:ADDRESS, DELETE \
            /api/v1/messages (the outbox, Mailpit's shapes); GET|POST /emulator/v1/clock, POST \
            /emulator/v1/reset, POST /emulator/v1/faults, GET /emulator/v1/users, /emulator/v1/codes.

            Without --config: one app, bridge-demo; any Capture client_id registers on first use; one \
            verified user, ada@example.com, password analytical-engine, phone +15555550100.

            Example:
              bridge serve --port 0
              curl -s -d client_id=c -d form=forgotPasswordForm \\
                -d redirect_uri=https://yourdomain.com/password_reset.php \\
                -d signInEmailAddress=ada@example.com \\
                http://127.0.0.1:PORT/oauth/forgot_password_native
              curl -s http://127.0.0.1:PORT/api/v1/message/latest
            """
    )

    @Option(name: .long, parsing: .unconditional, help: "The port (0 picks a free one).")
    var port = 8025

    @Option(name: .long, help: "The address to listen on (loopback unless you say otherwise; anything else exposes every code, token and mail to the network).")
    var host = "127.0.0.1"

    @Option(name: .customLong("allow-origin"), help: "An origin whose pages may read the providers' answers (CORS), besides loopback ones and the configuration's allowedOrigins; repeatable.")
    var allowOrigin: [String] = []

    @Option(name: .long, help: "A configuration file (JSON): apps, clients, users, lifetimes, link templates.", completion: .file(extensions: ["json"]))
    var config: String?

    @Option(name: .long, help: "The Janrain widget's stand-in scripts, served as any …/load.js and …/xdcomm.js (default: the ones bridge carries as resources).", completion: .directory)
    var assets: String?

    @Option(name: .long, help: "Output format: text or json (one object per line).")
    var format: TranscriptFormat = .text

    @OptionGroup var colour: ColorOption

    @OptionGroup var revealing: RevealOption

    func checkOptions() throws(CommandProblem) {
        if port < 0 || port > 65535 { throw CommandProblem.portOutOfRange(port) }
        for origin in allowOrigin where EmulatorConfiguration.origin(origin) == nil {
            throw CommandProblem.notAnAllowedOrigin(origin)
        }
    }

    /// Whether the listen address is a loopback one, by the one loopback test: the address is read as a URL's
    /// host first (an IPv6 address in brackets, as a URL writes it: "::1" is "[::1]"; "127.1" is "127.0.0.1").
    static func listensOnLoopback(_ address: String) -> Bool {
        let written = address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address
        guard case .success(let url) = BrowserURL.parse("http://\(written)/"), url.pathname == "/", url.portNumber == nil else { return false }
        return url.isLoopback
    }

    func run() async throws {
        var configuration = try EmulatorSetup.configuration(config: config, assets: assets)
        configuration.allowedOrigins += allowOrigin.compactMap(EmulatorConfiguration.origin)
        if EmulatorSetup.missingAssets(configuration) { StandardError.say("bridge serve", .standInScriptsMissing, masking: revealing.redactor) }
        if !Self.listensOnLoopback(host) { StandardError.say("bridge serve", .exposed(host: host), masking: revealing.redactor) }
        // A parent (a test runner, a shell script) may have blocked these; the server stops on them.
        StopSignals.unblock()
        let server = EmulatorServer(emulator: ProviderEmulator(configuration: configuration), host: host, port: port)
        let renderer = TranscriptRenderer(format: format, redactor: revealing.redactor, style: colour.color.style)
        let out = OutputWriter(flushEachLine: true, synchronized: true)
        do {
            try await server.run(onRunning: { base in out.lines(renderer.lines(Listening(base))) },
                                 log: { method, url, target, status in
                                     out.lines(renderer.lines(ServedRequest(method: method, url: url, target: target, status: status)))
                                 }, failed: { method, url, target, error in
                                     out.lines(renderer.lines(EmulatorFailure(method: method, url: url, target: target, error: error)))
                                 })
        } catch EmulatorServerError.portInUse(let host, let port) {
            throw CommandProblem.portInUse(host: host, port: port)
        } catch {
            StandardError.say("bridge serve: " + renderer.redactor.foreignText("\(error)"))
            throw ExitCode(1)
        }
    }
}
