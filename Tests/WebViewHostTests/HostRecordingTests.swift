// HostRecordingTests.swift: the host's transcript keeps the view's order while a bridge queue is being
// drained, and what it records replays to the same decisions. No WebKit needed: the view is played here.
import SecretMasking
import BrowserURL
import Foundation
import NavigationPolicy
import NavigationReplay
import Testing
@testable import WebViewHost

@Suite struct HostRecordingTests {
    static func engine() throws -> PolicyEngine { try PolicyEngine(rulesFile: Repository.path("Fixtures/rules/capture.json")) }
    static let login = "janrain:onCaptureLoginSuccess?arguments=" + PercentEncoding.encodeComponent(#"[{"accessToken":"0123456789abcdef","oneTime":false}]"#)

    final class Outputs { var navigations: [ReplayedNavigation] = [] }

    @Test func navigationsAfterASignalWaitForItsDrain() throws {
        let outputs = Outputs()
        let recording = try HostRecording(engine: try Self.engine(), explain: false, redactor: Redactor(), recordPath: nil) { output in
            if case .navigation(let n) = output { outputs.navigations.append(n) }
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
        let recording = try HostRecording(engine: try Self.engine(), explain: false, redactor: Redactor(), recordPath: nil) { output in
            if case .navigation(let n) = output { outputs.navigations.append(n) }
        }
        recording.navigation(NavigationRequest(url: "janrain:eventsAvailable?1"), source: .script, decided: .cancel, awaitingDrain: true)
        _ = recording.finish()
        #expect(outputs.navigations.count == 1)
        #expect(outputs.navigations[0].record.note == .stoppedBeforeDrained)
        #expect(outputs.navigations[0].findings.map(\.code).contains("drain-not-recorded"))
    }

    @Test func theRecordingReplaysToTheSameDecisionsWithSecretsMasked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString).navlog").path
        let live = Outputs()
        let recording = try HostRecording(engine: try Self.engine(), explain: false, redactor: Redactor(), recordPath: path) { output in
            if case .navigation(let n) = output { live.navigations.append(n) }
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

        let replayer = Replayer(engine: try Self.engine())
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

    /// An authorization request with `sent` as its state, then the sentinel answering it with `received`.
    static func authorization(sent: String, received: String, into recording: HostRecording) {
        let redirect = PercentEncoding.encodeComponent("https://yourdomain.com/password_reset.php")
        recording.navigation(NavigationRequest(url: "https://yourdomain.us.janraincapture.com/oauth/signin?client_id=c&redirect_uri=\(redirect)&response_type=code&state=\(sent)"),
                             source: .app, decided: .allow)
        recording.navigation(NavigationRequest(url: "https://yourdomain.com/password_reset.php?code=abcdef0123456789&access_token=0123456789abcdef&state=\(received)"),
                             source: .redirect, decided: .cancel)
    }

    /// Records a run to a file, then replays the file: the live findings and the replayed ones.
    static func recordAndReplay(_ play: (HostRecording) -> Void) throws -> (live: [ReplayFinding], replayed: [ReplayFinding], replayedSummary: ReplaySummary, text: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString).navlog").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var live: [ReplayFinding] = []
        let recording = try HostRecording(engine: try engine(), explain: false, redactor: Redactor(), recordPath: path) { output in
            if case .navigation(let n) = output { live += n.findings }
            if case .finding(let f) = output { live.append(f) }
        }
        play(recording)
        _ = recording.finish()
        let replayer = Replayer(engine: try engine())
        var replayed: [ReplayFinding] = []
        NavlogReader().read(try ByteInput(path: path)) { item in
            if case .navigation(let n) = replayer.replay(item) { replayed += n.findings }
        }
        replayed += replayer.finish()
        return (live, replayed, replayer.summary, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test("a state mismatch in a recording replays as one, and the replay fails as the live run did, without the states in the file")
    func aStateMismatchReplaysAsOne() throws {
        let run = try Self.recordAndReplay { Self.authorization(sent: "STATE-AAAAAAA", received: "STATE-BBBBBBB", into: $0) }
        #expect(run.live.map(\.code) == ["state-mismatch"])
        #expect(run.live.first?.stateDifference == .characters(differing: 7, length: 13))
        #expect(run.replayed.map(\.code) == ["state-mismatch"])
        #expect(run.replayed.first?.stateDifference == .maskedValues(length: 13))
        #expect(!run.replayedSummary.isConsistent)
        #expect(!run.text.contains("AAAAAAA") && !run.text.contains("BBBBBBB"))
    }

    @Test("equal states stay equal in a recording: its replay finds no mismatch")
    func equalStatesStayEqual() throws {
        let run = try Self.recordAndReplay { Self.authorization(sent: "STATE-AAAAAAA", received: "STATE-AAAAAAA", into: $0) }
        #expect(run.live.isEmpty)
        #expect(run.replayed.isEmpty)
        #expect(run.replayedSummary.isConsistent)
    }

    @Test("the keyed digests differ between runs: a mask in one recording cannot be matched against another's")
    func digestsAreKeyedPerRun() {
        let one = RecordingFingerprint(), other = RecordingFingerprint()
        #expect(one.digest("1234") == one.digest("1234"))
        #expect(one.digest("1234") != one.digest("1235"))
        #expect(one.digest("1234") != other.digest("1234"))
        #expect(Redactor(fingerprint: one).mask("1234").hasPrefix("…(4:"))
        #expect(Redactor.maskedLength(Redactor(fingerprint: one).mask("1234")) == 4)
    }
}
