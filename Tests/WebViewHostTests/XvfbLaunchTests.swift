// XvfbLaunchTests.swift: an Xvfb launched early (`XvfbDisplay.launch`, as `bridge host` does before loading
// its rules) reports its display when asked, and one never asked for (a run that failed first) is stopped
// when it goes away: no Xvfb is left behind. A refused connection is tried again only while it runs.
import Foundation
import Testing
@testable import WebViewHost

@Suite("an Xvfb launched early", .enabled(if: XvfbDisplay.executable() != nil, "needs Xvfb (apt-get install xvfb; .ci/setup installs it)"))
struct XvfbLaunchTests {
    /// Whether a process with this id is still running (not a zombie: Foundation reaps its children).
    static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    @Test("asked for, it reports a display; stopped, it is gone")
    func ready() throws {
        let display = try XvfbDisplay.launch().ready()
        #expect(display.name.hasPrefix(":") && Int(display.name.dropFirst()) != nil, "\(display.name)")
        let pid = display.processIdentifier
        #expect(Self.isRunning(pid))
        display.stop()
        #expect(!Self.isRunning(pid))
    }

    @Test("a connection refused while it runs is tried again; once it has exited, it is not")
    func connectRetries() throws {
        let display = try XvfbDisplay.launch().ready()
        var calls = 0
        let retried = display.connect(attempts: 5, interval: 0.001) { calls += 1; return calls == 3 }
        #expect(retried.connected && retried.tries == 3 && calls == 3)
        calls = 0
        let refused = display.connect(attempts: 4, interval: 0.001) { calls += 1; return false }
        #expect(!refused.connected && refused.tries == 4 && calls == 4)
        display.stop()
        calls = 0
        let exited = display.connect(attempts: 5, interval: 0.001) { calls += 1; return false }
        #expect(!exited.connected && exited.tries == 1 && calls == 1)
    }

    @Test("never asked for, it is stopped when it goes away")
    func unused() throws {
        var launch: XvfbLaunch? = try XvfbDisplay.launch()
        let pid = try #require(launch?.processIdentifier)
        #expect(Self.isRunning(pid))
        launch = nil
        #expect(launch == nil && !Self.isRunning(pid))
    }
}
