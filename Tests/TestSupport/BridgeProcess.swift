// BridgeProcess.swift: runs the built `bridge` executable as a user would, with arguments and standard
// input, and collects its exit status and output. Standard input is written, and standard error read, on
// threads of their own while standard output is read: a pipe holds 64 KB, so a child that fills one
// while the test waits on another would wait forever.
import Foundation

/// Bytes one thread reads to the end of a pipe and another takes once it is done (the group's wait orders
/// the two).
private final class PipeDrain: @unchecked Sendable {
    private(set) var data = Data()
    private let done = DispatchGroup()

    init(_ handle: FileHandle) {
        done.enter()
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.leave()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

public struct BridgeRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Each line of standard output that is a JSON object, in order (`--format json`).
    public var jsonObjects: [[String: Any]] { JSONLines.objects(stdout) }

    /// The lines of standard output whose `type` is `type` (`--format json`).
    public func lines(_ type: String) -> [[String: Any]] { JSONLines.objects(stdout, type: type) }
}

public enum BridgeProcess {
    /// The `bridge` binary beside the test bundle (the same build folder).
    public static var executable: URL? {
        var candidates: [URL] = []
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0])
        candidates.append(argv0.deletingLastPathComponent().appendingPathComponent("bridge"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("bridge"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("bridge"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// `directory`: the working directory (default: the test's), for runs whose output names their inputs
    /// as given (`Fixtures/logs/…` from the repository's root).
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                           directory: URL? = nil) throws -> BridgeRun {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        return try run(executable: executable, arguments, stdin: stdin, environment: environment, directory: directory)
    }

    /// Another program run the same way (a shell running a recipe, node running a harness): its status and
    /// both outputs, read without either pipe filling. `environment` is added to this process's.
    public static func run(executable: URL, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                           directory: URL? = nil) throws -> BridgeRun {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let errors = PipeDrain(err.fileHandleForReading)
        let writer = input.fileHandleForWriting
        let bytes = Data((stdin ?? "").utf8)
        Thread.detachNewThread {
            writer.write(bytes)
            try? writer.close()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return BridgeRun(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A run whose standard output cannot be written: a pipe with no reader from the start (`bridge … | head
/// -0`, or a reader long gone), or a device that refuses every write (`/dev/full`, a full disk).
public struct ReaderlessRun {
    /// Whether it ended within the wait (else it was killed).
    public var ended: Bool
    public var reason: Process.TerminationReason
    /// The exit status, or the signal that ended it.
    public var status: Int32
    public var stderr: String

    /// Runs bridge with its standard output a pipe whose reading end is closed before it starts, or
    /// `output` when given; waits at most `seconds` (so that a run that never notices fails the test instead
    /// of hanging it).
    public static func run(_ arguments: [String], environment: [String: String] = [:], output: FileHandle? = nil,
                           seconds: Double = 60) throws -> ReaderlessRun {
        guard let executable = BridgeProcess.executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        try out.fileHandleForReading.close()
        process.standardOutput = output ?? out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try out.fileHandleForWriting.close()
        let errors = PipeDrain(err.fileHandleForReading)
        let exited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { process.waitUntilExit(); exited.signal() }
        let ended = exited.wait(timeout: .now() + seconds) == .success
        if !ended {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return ReaderlessRun(ended: ended, reason: process.terminationReason, status: process.terminationStatus,
                             stderr: String(decoding: errors.wait(), as: UTF8.self))
    }
}

/// A helper process that says what the test needs on its first line (a port, a base URL): a loopback
/// server. Stopped with SIGKILL: the test runner blocks signals, and its children inherit the mask, so
/// SIGTERM would wait forever.
public final class LineProcess {
    public let process = Process()
    public let firstLine: String
    private let output = Pipe()

    public let errors = Pipe()

    /// Starts `arguments` (through /usr/bin/env unless an executable is given; `environment` added to the
    /// test's) and reads its first line.
    public init(_ arguments: [String], executable: URL = URL(fileURLWithPath: "/usr/bin/env"), environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        firstLine = String(text.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Stops it and returns what it printed after the first line.
    @discardableResult public func stop() -> String {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What it wrote on standard error, once it has stopped.
    public var standardError: String { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    /// Sends `signal` and waits up to `seconds` for the process to end; whether it ended.
    public func signal(_ signal: Int32, waitingUpTo seconds: Double) -> Bool {
        kill(process.processIdentifier, signal)
        let ended = DispatchSemaphore(value: 0)
        let process = self.process
        DispatchQueue.global().async { process.waitUntilExit(); ended.signal() }
        return ended.wait(timeout: .now() + seconds) == .success
    }
}
