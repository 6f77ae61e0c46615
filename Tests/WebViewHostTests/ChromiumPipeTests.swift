// ChromiumPipeTests.swift: the DevTools pipe's bookkeeping of commands not yet answered, which keeps the
// Chromium host's run from going idle while the browser owes an answer and lets its timeout name the
// command, and the last lines the browser wrote on its standard error. Each test's browser is a stand-in: a
// shell script on descriptors 3 (commands) and 4 (answers).
import Foundation
import Testing
@testable import WebViewHost

@Suite("the DevTools pipe", .serialized)
struct ChromiumPipeTests {
    /// How long a wait for the stand-in's answer may take before the pipe is taken for one that never reads:
    /// only a guard against hanging the run. The suite starts while the whole run starts its browsers on two
    /// cores, where a shell script's first answer has taken over 20 s.
    static let hangGuard: Double = 300

    /// A stand-in's first line: it waits for the first byte of a command. An answer written before the command
    /// is sent reaches the pipe's queue before the command's callback does, and is dropped as an answer to
    /// nothing; the test would then wait for it until the hang guard, holding one of the two cooperative
    /// threads the whole run's other suites need.
    static let afterFirstCommand = "dd bs=1 count=1 <&3 >/dev/null 2>&1\n"

    /// A shell script run as the browser, in a folder of its own.
    struct StandInBrowser {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)")
        var path: String { folder.appendingPathComponent("browser").path }

        /// Written through a descriptor closed on exec: a process another test starts meanwhile must not keep
        /// the script open for writing, which would make starting it fail (ETXTBSY).
        init(_ script: String) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
            let bytes = Array(("#!/bin/sh\n" + script).utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("a command is unanswered until its answer arrives; one the browser never answers stays so, and an excepted method is left out")
    func unansweredCommands() throws {
        // Answers id 1 once a command has come, then reads on without answering (until the pipe closes).
        let browser = try StandInBrowser(Self.afterFirstCommand + "printf '{\"id\":1,\"result\":{}}\\000' >&4\nexec cat <&3 >/dev/null\n")
        defer { browser.remove() }
        let queue = DispatchQueue(label: "pipe test")
        let pipe = try ChromiumPipe(executable: browser.path, arguments: [], queue: queue)
        let answered = DispatchSemaphore(value: 0)
        queue.sync {
            pipe.send("Page.enable") { _ in answered.signal() }
            pipe.send("Fetch.enable")
        }
        // Bounded only so that a pipe that never reads fails the test instead of hanging it.
        #expect(answered.wait(timeout: .now() + Self.hangGuard) == .success)
        let left = queue.sync { (pipe.oldestUnanswered(except: [])?.method, pipe.oldestUnanswered(except: ["Fetch.enable"])?.method) }
        #expect(left.0 == "Fetch.enable" && left.1 == nil)
        // What was sent to a session that detached is no longer awaited; the browser's own still is.
        let forgotten = queue.sync {
            pipe.send("Runtime.runIfWaitingForDebugger", session: "popup")
            pipe.forget(session: "popup")
            return pipe.oldestUnanswered(except: ["Fetch.enable"])?.method
        }
        #expect(forgotten == nil)
        queue.sync { pipe.close() }
    }

    /// What the pipe keeps of a stand-in's standard error: the stand-in runs `script`, answers the first
    /// command, then waits for the pipe to close.
    static func said(before script: String) throws -> [String] {
        let browser = try StandInBrowser(script + "\n" + afterFirstCommand + "printf '{\"id\":1,\"result\":{}}\\000' >&4\nexec cat <&3 >/dev/null\n")
        defer { browser.remove() }
        let queue = DispatchQueue(label: "pipe test")
        let pipe = try ChromiumPipe(executable: browser.path, arguments: [], queue: queue)
        let answered = DispatchSemaphore(value: 0)
        queue.sync { pipe.send("Browser.getVersion") { _ in answered.signal() } }
        // Bounded only so that a pipe that never reads fails the test instead of hanging it.
        #expect(answered.wait(timeout: .now() + Self.hangGuard) == .success)
        return queue.sync { pipe.close(); return pipe.said }
    }

    @Test("what the browser writes on its standard error is kept, its last lines only, each whole")
    func standardErrorTail() throws {
        // 400 numbered lines (about 3,500 bytes), then an answer, then it waits for the pipe to close.
        let lines = try Self.said(before: #"i=1; while [ $i -le 400 ]; do echo "line $i" >&2; i=$((i+1)); done"#)
        #expect(lines.last == "line 400" && lines.map { $0.utf8.count + 1 }.reduce(0, +) <= ChromiumPipe.errorTailBytes)
        #expect(lines.count > 100 && lines.allSatisfy { $0.hasPrefix("line ") })
        let first = try #require(lines.first.flatMap { Int($0.dropFirst(5)) })
        #expect(lines == (first...400).map { "line \($0)" })
    }

    @Test("what the browser said keeps the lines that may explain a stall, each once: not its D-Bus client's, which every container prints")
    func saidWithoutContainerNoise() throws {
        let lines = try Self.said(before: """
            echo '[14239:14272:1207/220215.006928:ERROR:dbus/bus.cc:405] Failed to connect to the bus: no socket' >&2
            echo '[14239:14239:1207/220215.007472:ERROR:dbus/object_proxy.cc:572] Failed to call method: org.freedesktop.DBus.NameHasOwner' >&2
            echo '[14239:14290:1207/220216.100000:ERROR:gpu/command_buffer/service/shared_image_factory.cc:91] Could not create a shared image' >&2
            echo '[14239:14290:1207/220216.200000:ERROR:gpu/command_buffer/service/shared_image_factory.cc:91] Could not create a shared image' >&2
            echo 'Fontconfig error: no fonts' >&2
            """)
        #expect(lines == ["[14239:14290:1207/220216.100000:ERROR:gpu/command_buffer/service/shared_image_factory.cc:91] Could not create a shared image",
                          "Fontconfig error: no fonts"])
    }
}
