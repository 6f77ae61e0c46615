// StopSignals.swift: SIGINT and SIGTERM unblocked on the calling thread. A parent that blocks them (a test
// runner, a shell script) leaves them blocked in every process it starts and every child started from
// there: `bridge serve` would not stop on them, nor `bridge host` and the Xvfb it starts. The one place
// this is done, for every command that must stop on them.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum StopSignals {
    /// Unblocks SIGINT and SIGTERM on the calling thread (and so in the children it starts).
    public static func unblock() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
