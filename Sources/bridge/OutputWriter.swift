// OutputWriter.swift: where rendered lines go. Buffered standard output for commands that write a line per
// input record (replay writes millions): lines are gathered and written in 64 KB blocks, flushed at the end
// (or after every line, for `host`, whose lines come as the page runs). Also the colour choice: --color
// always or never is the user's word for this run and wins; auto is colour only on a terminal that is not
// TERM=dumb, and never with NO_COLOR set (https://no-color.org: a command-line flag overrides it).
// Standard output and error are written through `ReaderGone.write`: SIGPIPE is ignored (BridgeMain), so a
// reader that has gone (`| head`) is a failed write, and `ReaderGone` decides what follows, once.
import SecretMasking
import CommandOutput
import ArgumentParser
import Foundation
import NavigationPolicy
import NavigationReplay

final class OutputWriter: @unchecked Sendable {
    private var buffer = ""
    private let handle: FileHandle
    private let flushEachLine: Bool
    /// Taken around every call when lines come from several threads (`serve`'s request log).
    private let lock: NSLock?

    init(_ handle: FileHandle = .standardOutput, flushEachLine: Bool = false, synchronized: Bool = false) {
        self.handle = handle
        self.flushEachLine = flushEachLine
        lock = synchronized ? NSLock() : nil
        buffer.reserveCapacity(1 << 16)
    }

    func line(_ text: String) { lines([text]) }

    /// The lines, written together (never interleaved with another thread's).
    func lines(_ texts: [String]) {
        lock?.lock(); defer { lock?.unlock() }
        for text in texts {
            buffer += text
            buffer += "\n"
        }
        if flushEachLine || buffer.utf8.count >= 1 << 16 { write() }
    }

    func flush() {
        lock?.lock(); defer { lock?.unlock() }
        write()
    }

    private func write() {
        guard !buffer.isEmpty else { return }
        ReaderGone.write(Data(buffer.utf8), to: handle)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { write() }
}

/// Standard error, one line at a time, escaped for the terminal (the text has been through the Redactor).
enum StandardError {
    static func say(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Terminal.safe(String($0)) }
        ReaderGone.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: .standardError)
    }

    /// An event's lines (already escaped by its renderer), the first after the command's name.
    static func say(_ command: String, _ lines: [String]) {
        guard let first = lines.first else { return }
        let text = ([command + ": " + first] + lines.dropFirst()).joined(separator: "\n") + "\n"
        ReaderGone.write(Data(text.utf8), to: .standardError)
    }
}

/// What a command does once a reader of its output has gone (a write to standard output or error failed
/// with EPIPE: `bridge … | head` after head has exited). By default it ends as a Unix filter does, by
/// SIGPIPE, saying nothing (status 141 in a shell). `bridge host` instead stops its run as on SIGTERM, so
/// that its browser, Xvfb and profile are ended and removed before it exits. Any other failure (standard
/// output redirected to a full disk) is said on standard error, and the command ends with status 2 (`host`
/// after stopping its run). Later writes are dropped.
enum ReaderGone {
    private static let state = State()

    /// Writes `data`; a failed write runs the action (once) and drops the rest.
    static func write(_ data: Data, to handle: FileHandle) {
        guard !state.gone else { return }
        do { try handle.write(contentsOf: data) } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            state.failed(errno: code.map(Int32.init) ?? EIO, onStandardError: handle === FileHandle.standardError)
        }
    }

    /// Replaces the action (nil: the default, ending by SIGPIPE, or by status 2 after saying why).
    static func onReaderGone(_ action: (@Sendable () -> Void)?) { state.set(action) }

    /// Whether a write to standard output failed other than by its reader going away: the command's exit
    /// status is then 2.
    static var outputFailed: Bool { state.unwritable }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var action: (@Sendable () -> Void)?
        private var hasGone = false
        private var failedOtherwise = false

        var gone: Bool { lock.withLock { hasGone } }
        var unwritable: Bool { lock.withLock { failedOtherwise } }

        func set(_ action: (@Sendable () -> Void)?) { lock.withLock { self.action = action } }

        func failed(errno code: Int32, onStandardError: Bool) {
            let action: (@Sendable () -> Void)? = lock.withLock {
                guard !hasGone else { return nil }
                hasGone = true
                failedOtherwise = code != EPIPE
                return self.action
            }
            if code != EPIPE {
                // Said on standard error unless that is what failed; standard error is written directly, as
                // this runs once the writers' state says nothing more goes out.
                if !onStandardError {
                    let words = "bridge: " + CommandProblem.standardOutputUnwritable(errno: code).words(masking: Redactor()) + "\n"
                    try? FileHandle.standardError.write(contentsOf: Data(words.utf8))
                }
                if let action { return action() }
                exit(2)
            }
            if let action { return action() }
            signal(SIGPIPE, SIG_DFL)
            var pipe = sigset_t()
            sigemptyset(&pipe)
            sigaddset(&pipe, SIGPIPE)
            pthread_sigmask(SIG_UNBLOCK, &pipe, nil)
            raise(SIGPIPE)
            _exit(128 + SIGPIPE)
        }
    }
}

enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never

    /// The style for text on standard output.
    var style: TerminalStyle { style(environment: ProcessInfo.processInfo.environment, terminal: isatty(STDOUT_FILENO) == 1) }

    /// The style for an environment and whether standard output is a terminal.
    func style(environment: [String: String], terminal: Bool) -> TerminalStyle {
        switch self {
        case .never: return .plain
        case .always: return TerminalStyle(enabled: true)
        case .auto:
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            return TerminalStyle(enabled: terminal && !noColor && environment["TERM"] != "dumb")
        }
    }
}

