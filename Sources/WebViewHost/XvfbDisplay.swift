// XvfbDisplay.swift: a private X display for the hosted web view when none is given. Xvfb picks a free
// display number itself and writes it to a pipe once it accepts connections (-displayfd), so two hosts
// started together never race for one number and nothing polls for a socket. Stopped (SIGTERM, then
// waited for) by `stop()`; the host calls it on every way out. Foundation only, no WebKit.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public final class XvfbDisplay {
    /// The display name to put in DISPLAY, e.g. ":99".
    public let name: String
    private let process: Process

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    public var processIdentifier: Int32 { process.processIdentifier }

    /// The Xvfb executable on PATH, if any.
    public static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/Xvfb"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts Xvfb and waits (at most `timeout` seconds) until it is ready.
    public static func start(timeout: Double = 10) throws -> XvfbDisplay {
        guard let xvfb = executable() else {
            throw HostError(.noDisplay, "no display: DISPLAY is not set and Xvfb is not installed (Debian: apt-get install xvfb xauth), or give --display")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x1024x24", "-nocursor"]
        let ready = Pipe()
        let messages = Pipe()
        process.standardOutput = ready
        process.standardError = messages
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw HostError(.noDisplay, "could not start \(xvfb): \(error)")
        }
        let line = readLine(ready.fileHandleForReading, timeout: timeout)
        guard let line, let number = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let said = String(decoding: messages.fileHandleForReading.availableDataOrEmpty(), as: UTF8.self)
                .split(separator: "\n").suffix(3).joined(separator: " | ")
            throw HostError(.noDisplay, "Xvfb did not report a display within \(timeout) s" + (said.isEmpty ? "" : ": \(said)"))
        }
        return XvfbDisplay(name: ":\(number)", process: process)
    }

    /// Stops Xvfb and waits for it to exit: SIGTERM, then SIGKILL after two seconds (a child started by a
    /// process whose signals are blocked, as under a test runner, inherits the mask and ignores SIGTERM).
    public func stop() {
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

extension FileHandle {
    /// What is in the pipe now, without blocking on a writer that is still alive.
    func availableDataOrEmpty() -> Data {
        var pollfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pollfd, 1, 0) > 0 else { return Data() }
        return availableData
    }
}
