// HostRecordingTests.swift: the host's transcript keeps the view's order while a bridge queue is being
// drained, and what it records replays to the same decisions. No WebKit needed: the view is played here.
import Foundation
import NavigationPolicy
import NavigationReplay
import Testing
@testable import WebViewHost

@Suite struct HostRecordingTests {
    static let engine = try! PolicyEngine(rulesFile: Repository.path("Fixtures/rules/capture.json"))
    static let login = "janrain:onCaptureLoginSuccess?arguments=" + Redactor.encodeURIComponent(#"[{"accessToken":"0123456789abcdef","oneTime":false}]"#)

    final class Outputs { var navigations: [ReplayedNavigation] = [] }

    @Test func navigationsAfterASignalWaitForItsDrain() throws {
        let outputs = Outputs()
        let recording = try HostRecording(engine: Self.engine, explain: false, redactor: Redactor(), recordPath: nil) { output in
            if case .transcript(.navigation(let n)) = output { outputs.navigations.append(n) }
        }
        recording.navigation(NavigationRequest(url: "https://yourdomain.com/webViewSignIn.html"), source: .app, decided: .allow)
        let signal = recording.navigation(NavigationRequest(url: "janrain:eventsAvailable?1"), source: .script, decided: .cancel, awaitingDrain: true)
        recording.navigation(NavigationRequest(url: "myapp://password-changed"), source: .script, decided: .cancel)
        #expect(outputs.navigations.map(\.seq) == [0])
        #expect(recording.isWaiting)
        recording.drained(signal, entries: [Self.login])
        #expect(outputs.navigations.map(\.seq) == [0, 1, 2])
        #expect(outputs.navigations[1].events.map(\.event) == ["onCaptureLoginSuccess"])
        #expect(outputs.navigations[1].events.first?.handlers == ["signInCompleted"])
        #expect(!recording.isWaiting)
    }

    @Test func anUndrainedSignalIsWrittenWhenTheHostStops() throws {
        let outputs = Outputs()
        let recording = try HostRecording(engine: Self.engine, explain: false, redactor: Redactor(), recordPath: nil) { output in
            if case .transcript(.navigation(let n)) = output { outputs.navigations.append(n) }
        }
        recording.navigation(NavigationRequest(url: "janrain:eventsAvailable?1"), source: .script, decided: .cancel, awaitingDrain: true)
        _ = recording.finish()
        #expect(outputs.navigations.count == 1)
        #expect(outputs.navigations[0].record.note == "the host stopped before the queue was drained")
        #expect(outputs.navigations[0].findings.map(\.code).contains("drain-not-recorded"))
    }

    @Test func theRecordingReplaysToTheSameDecisionsWithSecretsMasked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString).navlog").path
        let live = Outputs()
        let recording = try HostRecording(engine: Self.engine, explain: false, redactor: Redactor(), recordPath: path) { output in
            if case .transcript(.navigation(let n)) = output { live.navigations.append(n) }
        }
        recording.navigation(NavigationRequest(url: "https://yourdomain.com/webViewSignIn.html"), source: .app, decided: .allow)
        let signal = recording.navigation(NavigationRequest(url: "janrain:eventsAvailable?1"), source: .script, decided: .cancel, awaitingDrain: true)
        recording.drained(signal, entries: [Self.login])
        recording.navigation(NavigationRequest(url: "https://yourdomain.com/password_reset.php?code=abcdef0123456789&access_token=0123456789abcdef"),
                             source: .redirect, decided: .cancel)
        _ = recording.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("0123456789abcdef") && !text.contains("abcdef0123456789"))
        #expect(text.hasPrefix(#"{"format":"bridge-navlog","version":1"#))

        let replayer = Replayer(engine: Self.engine)
        var replayed: [ReplayedNavigation] = []
        NavlogReader().read(try ByteInput(path: path)) { item in
            if case .navigation(let n) = replayer.replay(item) { replayed.append(n) }
        }
        #expect(replayed.map(\.decision.action) == live.navigations.map(\.decision.action))
        #expect(replayed.map(\.decision.kind) == live.navigations.map(\.decision.kind))
        #expect(replayed.map(\.decision.rule) == live.navigations.map(\.decision.rule))
        #expect(replayed.map { $0.events.map(\.event) } == live.navigations.map { $0.events.map(\.event) })
        #expect(replayed.map(\.record.location) == live.navigations.map(\.record.location))
        #expect(replayed.allSatisfy { !$0.mismatch })
    }
}
