// ChromiumPipe.swift: Debian's Chromium, headless, and the DevTools protocol over a pipe
// (--remote-debugging-pipe: the browser reads commands on descriptor 3 and writes answers and events on 4,
// each a JSON message ended by a NUL byte). No WebSocket, no download, no port. Written by hand on
// posix_spawn: the browser must inherit two descriptors at fixed numbers, which Foundation's Process cannot
// give a child. Messages are read on a thread of their own and handed, decoded, to the caller's queue;
// commands are answered through their callbacks on that queue. Both ways through JSONText: commands are
// written by the one writer, messages read by the one scanner as JSONValues. What the browser writes on its
// standard error is kept, its last lines only, for a run that stalls to say what the browser said.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONText
import SensitiveText

final class ChromiumPipe: @unchecked Sendable {
    /// A message from the browser: an answer (`id`, `result` or `error`) or an event (`method`, `params`).
    typealias Message = [String: JSONValue]

    /// Where Chromium is, or nil when it is not installed.
    static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let toBrowser: Int32
    private let fromBrowser: Int32
    let pid: pid_t
    private let queue: DispatchQueue
    private var nextID = 0
    private var replies: [Int: (Message) -> Void] = [:]
    /// Each command not yet answered: its method, when it was sent, and the session it was sent to.
    private var unanswered: [Int: (method: String, sent: Date, session: String?)] = [:]
    private var closed = false
    /// The browser's standard error, read as it comes (a dispatch source on the queue, cancelled on close:
    /// a helper that outlives the browser would keep a blocking reader waiting).
    private let errorSource: DispatchSourceRead
    private let errorFD: Int32
    private var errorEnded = false
    private var errorTail: [UInt8] = []
    static let errorTailBytes = 2000
    /// An event: its method, its params, and the session it belongs to (nil: the browser's).
    var onEvent: ((String, Message, String?) -> Void)?
    /// The browser closed the pipe (it exited or crashed).
    var onClose: (() -> Void)?

    /// Starts `executable` with `arguments` (after the pipe's own flag) and reads it on `queue`.
    init(executable: String, arguments: [String], queue: DispatchQueue) throws {
        self.queue = queue
        signal(SIGPIPE, SIG_IGN)  // a browser that died makes a write fail, not the process
        var commands: [Int32] = [0, 0], events: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&events) == 0 else { throw HostError(.devToolsPipe(why: String(cString: strerror(errno)))) }
        // Above the low numbers, so that placing one at 3 cannot overwrite the other.
        let childReads = fcntl(commands[0], F_DUPFD, 10), childWrites = fcntl(events[1], F_DUPFD, 10)
        Glibc.close(commands[0]); Glibc.close(events[1])
        toBrowser = commands[1]
        fromBrowser = events[0]
        _ = fcntl(toBrowser, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromBrowser, F_SETFD, FD_CLOEXEC)
        var errors: [Int32] = [0, 0]
        guard pipe(&errors) == 0 else {
            for fd in [childReads, childWrites, toBrowser, fromBrowser] { Glibc.close(fd) }
            throw HostError(.devToolsPipe(why: String(cString: strerror(errno))))
        }
        _ = fcntl(errors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(errors[0], F_SETFL, fcntl(errors[0], F_GETFL) | O_NONBLOCK)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childReads, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrites, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // The browser starts in a process group of its own (a terminal's Ctrl-C is the host's to handle, and
        // close() ends the browser's helpers with it), with the default action for the signals this process
        // ignores or handles and none blocked (a test runner blocks them).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), unblocked = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable, "--remote-debugging-pipe"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        Glibc.close(childReads); Glibc.close(childWrites); Glibc.close(errors[1])
        guard status == 0 else {
            Glibc.close(toBrowser); Glibc.close(fromBrowser); Glibc.close(errors[0])
            throw HostError(.processNotStarted(executable: executable, why: String(cString: strerror(status))))
        }
        pid = child
        let errorFD = errors[0]
        self.errorFD = errorFD
        errorSource = DispatchSource.makeReadSource(fileDescriptor: errorFD, queue: queue)
        errorSource.setEventHandler { [weak self] in self?.readErrors() }
        errorSource.setCancelHandler { Glibc.close(errorFD) }
        errorSource.resume()
        let reader = Thread { [self] in readLoop() }
        reader.name = "bridge chromium pipe"
        reader.start()
    }

    /// Sends a command (to `session`, or the browser); `reply` gets the whole answer: `result` or `error`.
    /// Call on the queue.
    func send(_ method: String, _ params: JSONFields = JSONFields(), session: String? = nil, _ reply: ((Message) -> Void)? = nil) {
        guard !closed else { reply?(["error": .object(["message": .string("the browser is gone")])]); return }
        nextID += 1
        var message = JSONFields([("id", .int(nextID)), ("method", .string(method)), ("params", .object(params))])
        if let session { message.add("sessionId", session) }
        if let reply { replies[nextID] = reply }
        unanswered[nextID] = (method, Date(), session)
        var data = Data(message.line.utf8)
        data.append(0)
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                // A signal that interrupts the write has written nothing: the rest of the message still goes.
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// The command waiting longest for its answer, other than `except`'s (which may rightly wait: a
    /// script's promise). Call on the queue.
    func oldestUnanswered(except: Set<String>) -> (method: String, sent: Date)? {
        unanswered.values.filter { !except.contains($0.method) }.min { $0.sent < $1.sent }.map { ($0.method, $0.sent) }
    }

    /// A session that detached (its window closed) owes nothing more: what was sent to it is no longer
    /// awaited. Call on the queue.
    func forget(session: String) {
        unanswered = unanswered.filter { $0.value.session != session }
    }

    /// Ends the browser and waits for it; then ends any helper of its still running (its process group),
    /// so that nothing writes to its profile once this returns. Call on the queue.
    func close() {
        guard !closed else { return }
        closed = true
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        kill(-pid, SIGKILL)
        Glibc.close(toBrowser)
        readErrors()
        endErrors()
    }

    private func endErrors() {
        guard !errorEnded else { return }
        errorEnded = true
        errorSource.cancel()
    }

    /// The last lines the browser wrote on its standard error (up to `errorTailBytes`, from a line's
    /// start) that may explain a failure (`mayExplain`), each once. Call on the queue.
    var said: [String] {
        let start = errorTail.count < Self.errorTailBytes ? 0 : (errorTail.firstIndex(of: 10).map { $0 + 1 } ?? 0)
        var seen = Set<Substring>()
        return String(decoding: errorTail[start...], as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, Self.mayExplain(trimmed), seen.insert(Self.logMessage(trimmed).message).inserted else { return nil }
            return trimmed
        }
    }

    /// Chromium's log line, `[pid:tid:time:LEVEL:source.cc:line] message`: its level and source (nil for a
    /// line of another shape) and the line without what changes from one line to the next (so that a line
    /// said again is said once).
    static func logMessage(_ line: String) -> (source: Substring?, message: Substring) {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return (nil, line[...]) }
        let fields = line[line.index(after: line.startIndex)..<close].split(separator: ":", maxSplits: 3)
        guard fields.count == 4 else { return (nil, line[...]) }
        return (fields[3], fields[3] + line[close...])
    }

    /// False for the lines a headless browser writes in any container whatever the page does: its D-Bus
    /// client finding no system or session bus (source `dbus/…`). Anything else may say why the page stalled.
    static func mayExplain(_ line: String) -> Bool {
        guard let source = logMessage(line).source else { return true }
        return !source.split(separator: ":").contains { $0.hasPrefix("dbus/") }
    }

    /// Reads what is there now (the descriptor does not block), until the browser's side closes.
    private func readErrors() {
        guard !errorEnded else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(errorFD, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { endErrors() }
                return
            }
            errorTail.append(contentsOf: chunk[0..<count])
            if errorTail.count > Self.errorTailBytes { errorTail.removeFirst(errorTail.count - Self.errorTailBytes) }
        }
    }

    private func readLoop() {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fromBrowser, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            while let end = buffer.firstIndex(of: 0) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                guard case .success(.object(let message)) = JSONValue.parse(utf8: line) else { continue }
                queue.async { [self] in dispatch(message) }
            }
        }
        Glibc.close(fromBrowser)
        queue.async { [self] in onClose?() }
    }

    private func dispatch(_ message: Message) {
        if let id = message["id"]?.intValue {
            unanswered[id] = nil
            replies.removeValue(forKey: id)?(message)
        } else if let method = message["method"]?.stringValue {
            onEvent?(method, message["params"]?.objectValue ?? [:], message["sessionId"]?.stringValue)
        }
    }
}
