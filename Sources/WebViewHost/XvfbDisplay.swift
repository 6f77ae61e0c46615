// XvfbDisplay.swift: a private X display for the hosted web view when none is given. Xvfb picks a free
// display number itself and writes it to a pipe once it accepts connections (-displayfd), so two hosts
// started together never race for one number and nothing polls for a socket. Stopped (SIGTERM, then
// waited for) by `stop()`; the host calls it on every way out. Foundation only, no WebKit.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SensitiveText

package final class XvfbDisplay {
    /// The display name to put in DISPLAY, e.g. ":99".
    package let name: String
    private let process: Process
    /// Xvfb's standard error, read only to say why a display could not be used.
    private let messages: Pipe

    private init(name: String, process: Process, messages: Pipe) {
        self.name = name
        self.process = process
        self.messages = messages
    }

    package var processIdentifier: Int32 { process.processIdentifier }

    /// Why this display may not open: whether its Xvfb is still running, and the last lines it wrote.
    var state: XvfbState {
        XvfbState(pid: process.processIdentifier, exitStatus: process.isRunning ? nil : process.terminationStatus, said: Self.lastLines(messages))
    }

    /// Tries `connect` until it succeeds, at most `attempts` times, `interval` seconds apart, while this
    /// Xvfb is running: it says it is ready once it listens, so a refusal while it still runs is taken as
    /// passing and tried again; once it has exited, nothing is retried. Returns the tries made and whether
    /// the last succeeded.
    func connect(attempts: Int, interval: Double, _ connect: () -> Bool) -> (connected: Bool, tries: Int) {
        var tries = 0
        while true {
            tries += 1
            if connect() { return (true, tries) }
            guard tries < attempts, process.isRunning else { return (false, tries) }
            usleep(useconds_t(interval * 1_000_000))
        }
    }

    /// The last three lines in a pipe now, joined, without waiting for more.
    private static func lastLines(_ pipe: Pipe) -> String {
        String(decoding: pipe.fileHandleForReading.availableDataOrEmpty(), as: UTF8.self)
            .split(separator: "\n").suffix(3).joined(separator: " | ")
    }

    /// The Xvfb executable on PATH, if any.
    package static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/Xvfb"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The display to draw into when no Xvfb is needed: `requested` (--display), else DISPLAY when set;
    /// nil means the host starts Xvfb.
    package static func given(_ requested: String?) -> String? {
        requested ?? ProcessInfo.processInfo.environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Starts Xvfb and waits (at most `timeout` seconds) until it is ready.
    package static func start(timeout: Double = 10) throws -> XvfbDisplay {
        try launch().ready(timeout: timeout)
    }

    /// Starts Xvfb without waiting for it: the caller does its own setup while Xvfb starts, then asks
    /// `ready`. SIGINT and SIGTERM are unblocked first, as Xvfb inherits the mask (a test runner blocks them).
    package static func launch() throws -> XvfbLaunch {
        guard let xvfb = executable() else {
            throw HostError(.noDisplayAvailable)
        }
        StopSignals.unblock()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x1024x24", "-nocursor"]
        let ready = Pipe()
        let messages = Pipe()
        process.standardOutput = ready
        process.standardError = messages
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw HostError(.xvfbNotStarted(path: xvfb, why: "\(error)"))
        }
        return XvfbLaunch(process: process, ready: ready, messages: messages)
    }

    /// The display a launch reports (at most `timeout` seconds after it was asked for), or why not.
    fileprivate static func ready(_ launch: XvfbLaunch, timeout: Double) throws -> XvfbDisplay {
        let process = launch.process
        let line = readLine(launch.readyPipe.fileHandleForReading, timeout: timeout)
        guard let line, let number = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let said = lastLines(launch.messages)
            throw HostError(.xvfbSilent(seconds: timeout, said: said))
        }
        return XvfbDisplay(name: ":\(number)", process: process, messages: launch.messages)
    }

    /// Stops Xvfb and waits for it to exit: SIGTERM, then SIGKILL after two seconds (a child started by a
    /// process whose signals are blocked, as under a test runner, inherits the mask and ignores SIGTERM).
    package func stop() { Self.stop(process) }

    fileprivate static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// One line from a pipe, or nil after `timeout` seconds or at end of file.
    private static func readLine(_ handle: FileHandle, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var pollfd = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while Date() < deadline {
            let wait = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            let ready = poll(&pollfd, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}

/// An Xvfb started and not yet asked for its display (`XvfbDisplay.launch`). One that is never made into a
/// display (the run failed before it needed one) is stopped when it goes away. Unchecked Sendable: it goes
/// from the command to the host's view in HostOptions, on the one thread that runs the host.
package final class XvfbLaunch: @unchecked Sendable {
    fileprivate let process: Process
    fileprivate let readyPipe: Pipe
    fileprivate let messages: Pipe
    private var adopted = false

    package var processIdentifier: Int32 { process.processIdentifier }

    fileprivate init(process: Process, ready: Pipe, messages: Pipe) {
        self.process = process
        readyPipe = ready
        self.messages = messages
    }

    /// Waits (at most `timeout` seconds) until Xvfb reports its display; the display then owns the process.
    package func ready(timeout: Double = 10) throws -> XvfbDisplay {
        adopted = true
        return try XvfbDisplay.ready(self, timeout: timeout)
    }

    deinit {
        if !adopted { XvfbDisplay.stop(process) }
    }
}

extension FileHandle {
    /// What is in the pipe now, without blocking on a writer that is still alive.
    func availableDataOrEmpty() -> Data {
        var pollfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pollfd, 1, 0) > 0 else { return Data() }
        return availableData
    }
}
