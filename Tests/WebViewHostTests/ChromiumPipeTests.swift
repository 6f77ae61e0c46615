// ChromiumPipeTests.swift: the DevTools pipe's bookkeeping of commands not yet answered, which keeps the
// Chromium host's run from going idle while the browser owes an answer and lets its timeout name the command. A stand-in browser (a shell script on descriptors 3 and 4) answers one command and never another.
import Foundation
import Testing
@testable import WebViewHost

@Suite("the DevTools pipe")
struct ChromiumPipeTests {
    @Test("a command is unanswered until its answer arrives; one the browser never answers stays so, and an excepted method is left out")
    func unansweredCommands() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Reads the first command, answers id 1, then reads on without answering (until the pipe closes).
        let browser = folder.appendingPathComponent("browser")
        try "#!/bin/sh\nprintf '{\"id\":1,\"result\":{}}\\000' >&4\nexec cat <&3 >/dev/null\n".write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let queue = DispatchQueue(label: "pipe test")
        let pipe = try ChromiumPipe(executable: browser.path, arguments: [], queue: queue)
        let answered = DispatchSemaphore(value: 0)
        queue.sync {
            pipe.send("Page.enable") { _ in answered.signal() }
            pipe.send("Fetch.enable")
        }
        // Bounded only so that a pipe that never reads fails the test instead of hanging it.
        #expect(answered.wait(timeout: .now() + 20) == .success)
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
}

extension ChromiumPipeTests {
    @Test("what the browser writes on its standard error is kept, its last lines only, each whole")
    func standardErrorTail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 400 numbered lines (about 3,500 bytes), then an answer, then it waits for the pipe to close.
        let browser = folder.appendingPathComponent("browser")
        try """
            #!/bin/sh
            i=1; while [ $i -le 400 ]; do echo "line $i" >&2; i=$((i+1)); done
            printf '{"id":1,"result":{}}\\000' >&4
            exec cat <&3 >/dev/null

            """.write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let queue = DispatchQueue(label: "pipe test")
        let pipe = try ChromiumPipe(executable: browser.path, arguments: [], queue: queue)
        let answered = DispatchSemaphore(value: 0)
        queue.sync { pipe.send("Browser.getVersion") { _ in answered.signal() } }
        // Bounded only so that a pipe that never reads fails the test instead of hanging it.
        #expect(answered.wait(timeout: .now() + 20) == .success)
        let said = queue.sync { pipe.close(); return pipe.said }
        let lines = said.split(separator: "\n")
        #expect(lines.last == "line 400" && said.utf8.count <= ChromiumPipe.errorTailBytes)
        #expect(lines.count > 100 && lines.allSatisfy { $0.hasPrefix("line ") })
        let first = try #require(lines.first.flatMap { Int($0.dropFirst(5)) })
        #expect(lines.map { String($0) } == (first...400).map { "line \($0)" })
    }
}
