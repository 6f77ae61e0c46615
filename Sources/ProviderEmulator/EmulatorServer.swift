// EmulatorServer.swift: the emulator's router (EmulatorRouter) on a Hummingbird application. Connections
// that send nothing (a half-sent request head, an idle keep-alive) are closed after the configured idle
// time (Hummingbird's idle timeout); a request body that does not arrive within the configured time is
// timed out on each connection's event loop (BodyDeadlineHandler). As `bridge serve`, SIGTERM and SIGINT stop it within a second
// whatever clients are connected: the service group's graceful shutdown ends the event streams, and what
// is still running after a second is cancelled. Listens on loopback unless told otherwise; port 0 picks a
// free one, and `onRunning` gets the base URL once the server listens.
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

package struct EmulatorServer: Sendable {
    package let emulator: ProviderEmulator
    package let host: String
    package let port: Int

    package init(emulator: ProviderEmulator, host: String = "127.0.0.1", port: Int = 0) {
        self.emulator = emulator
        self.host = host
        self.port = port
    }

    /// Serves until stopped: by SIGTERM or SIGINT when `stopsOnSignals` (bridge serve), else when the task
    /// running it is cancelled (the emulator behind `bridge host --provider`).
    package func run(stopsOnSignals: Bool = true, onRunning: @escaping @Sendable (String) -> Void,
                    log: @escaping @Sendable (_ method: String, _ url: String, _ target: String, _ status: Int) -> Void,
                    failed: @escaping @Sendable (_ method: String, _ url: String, _ target: String, _ error: String) -> Void = { _, _, _, _ in }) async throws {
        let emulator = self.emulator
        var logger = Logger(label: "bridge-serve")
        logger.logLevel = .warning
        let host = self.host
        let idle = TimeAmount.nanoseconds(Int64(emulator.configuration.idleTimeout * 1_000_000_000))
        let bodyTimeout = TimeAmount.nanoseconds(Int64(emulator.configuration.bodyTimeout * 1_000_000_000))
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [BodyDeadlineHandler(timeout: bodyTimeout)], idleTimeout: idle)
        let app = Application(router: EmulatorRouter.router(emulator, log: log, failed: failed), server: .http1(configuration: http1),
                              configuration: .init(address: .hostname(host, port: port), serverName: "bridge-serve"),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? 0
                                  let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)"
                                  await emulator.setBaseURL(base)
                                  onRunning(base)
                              }, logger: logger)
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [], logger: logger)
        group.maximumGracefulShutdownDuration = .seconds(1)
        do {
            try await ServiceGroup(configuration: group).run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw EmulatorServerError.portInUse(host: host, port: port)
        }
    }
}

/// Why the emulator could not serve, where the caller can do something about it.
package enum EmulatorServerError: Error, Sendable, Hashable {
    /// Another process listens on the port.
    case portInUse(host: String, port: Int)
}
