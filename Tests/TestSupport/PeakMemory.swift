// PeakMemory.swift: runs the built `bridge` with standard input from a file and standard output discarded,
// and reports its peak resident set size as the kernel counted it (wait4's ru_maxrss, in kilobytes on
// Linux). Spawned with posix_spawn rather than Foundation's Process: Process reaps its child itself, and
// the peak is only given to whoever waits for the child.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum PeakMemory {
    public struct Run: Sendable {
        public let status: Int32
        /// The child's peak resident set size, in kilobytes.
        public let peakKilobytes: Int
    }

    public static func run(_ arguments: [String], standardInput path: String) throws -> Run {
        guard let executable = BridgeProcess.executable else { throw CocoaError(.fileNoSuchFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        // WEXITSTATUS, which Swift does not import as a function.
        return Run(status: (status >> 8) & 0xFF, peakKilobytes: usage.ru_maxrss)
    }
}
