// StopSignals.swift: SIGINT and SIGTERM unblocked on the calling thread, and an interruption asked for
// without a signal (HostInterruption). A parent that blocks them (a test runner, a shell script) leaves
// them blocked in every process it starts and every child started from there: `bridge serve` would not
// stop on them, nor `bridge host` and the Xvfb it starts. The one place this is done, for every command
// that must stop on them.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

package enum StopSignals {
    /// Unblocks SIGINT and SIGTERM on the calling thread (and so in the children it starts).
    package static func unblock() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}

/// An interruption asked for from outside a run's own loop (the CLI's output writer, when the reader of its
/// output has gone): the running view stops at its next tick as on SIGTERM, and any run after it stops at
/// its first. A flag rather than a signal: it may be asked for before a run has its signal handlers.
package enum HostInterruption {
    private static let flag = Flag()

    package static func request() { flag.set() }
    package static var isRequested: Bool { flag.isSet }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}
