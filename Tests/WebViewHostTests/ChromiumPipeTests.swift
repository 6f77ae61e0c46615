// ChromiumPipeTests.swift: the DevTools pipe's bookkeeping of commands not yet answered, which lets the
// Chromium host fail a run naming the command Chromium never answered instead of waiting silently for its
// timeout. A stand-in browser (a shell script on descriptors 3 and 4) answers one command and never another.
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
        queue.sync { pipe.close() }
    }
}
