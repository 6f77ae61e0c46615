// HostSessionTests.swift: a hosted run's logic without WebKit, through a fake view that answers the
// session's scripts: a page the rules cancel fails the run and the view is left; a bridge signal drains the
// page's queue and its events reach the rules' handlers; --eval's value is reported once the page has
// loaded, and a throwing --eval fails the run; a new window allowed by its policy decision is not decided
// twice; the end asks the page where it is.
import BrowserURL
import CommandOutput
import JSONText
import Foundation
import NavigationPolicy
import NavigationReplay
import Testing
@testable import WebViewHost

@Suite("host session")
struct HostSessionTests {
    /// A view that answers scripts from a table and records what it was asked.
    final class FakeView: HostViewControl {
        var answers: [String: Result<String?, HostScriptFailure>] = [:]
        var evaluated: [String] = []
        var quits = 0
        var isGone = false

        func evaluate(_ script: String, awaitingPromise: Bool, _ done: @escaping (Result<String?, HostScriptFailure>) -> Void) {
            evaluated.append(script)
            done(answers[script] ?? .success(nil))
        }
        func snapshot(to path: String, _ done: @escaping (SnapshotProblem?) -> Void) { done(nil) }
        func after(seconds: Double, _ action: @escaping () -> Void) {}
        func quit() { quits += 1 }
    }

    final class Outputs { var events: [HostOutput] = [] }

    static func session(_ options: HostOptions = HostOptions(startURL: "https://yourdomain.com/"), view: FakeView) throws -> (HostSession, Outputs) {
        let outputs = Outputs()
        let session = try HostSession(engine: try HostLogicTests.engine(), options: options) { output in
            outputs.events.append(output)
        }
        session.view = view
        return (session, outputs)
    }

    @Test func aPageTheRulesCancelFailsTheRun() throws {
        let view = FakeView()
        view.answers["location.href"] = .success("https://evil.example/")
        let (session, _) = try Self.session(view: view)
        #expect(!session.decide(HostNavigationAction(url: "https://evil.example/")))
        #expect(session.state.failures.map(\.kind) == [.pageCancelled])
        #expect(view.evaluated == ["location.href"] && view.quits == 1)
        #expect(session.finish().finalURL == "https://evil.example/")
    }

    @Test func aBridgeSignalDrainsTheQueueAndItsEventsReachTheHandlers() throws {
        let view = FakeView()
        let entry = "janrain:onCaptureLoginSuccess?arguments=" + PercentEncoding.encodeComponent(#"[{"accessToken":"0123456789abcdef"}]"#)
        view.answers[HostScripts.janrainDrain] = .success(JSONValue.array([.string(entry)]).jsonText)
        let (session, outputs) = try Self.session(view: view)
        #expect(session.decide(HostNavigationAction(url: "https://yourdomain.com/")))
        #expect(!session.decide(HostNavigationAction(url: "janrain:eventsAvailable?1", type: .other)))
        let navigations = outputs.events.compactMap { if case .navigation(let n) = $0 { n } else { nil } }
        #expect(navigations.count == 2)
        let delivered = navigations.last?.events.filter { $0.status == .delivered }.map(\.handlers)
        #expect(delivered == [["signInCompleted"]])
    }

    @Test func evalRunsOnceThePageHasLoaded() throws {
        var options = HostOptions(startURL: "https://yourdomain.com/")
        options.eval = ["1 + 1", "throw new Error('no')"]
        let view = FakeView()
        view.answers["1 + 1"] = .success("2")
        view.answers["throw new Error('no')"] = .failure(.threw("Error: no"))
        let (session, outputs) = try Self.session(options, view: view)
        session.pageLoaded("https://yourdomain.com/")
        session.pageLoaded("https://yourdomain.com/")  // a later load: --eval does not run again
        #expect(outputs.events.compactMap { if case .eval(let result) = $0 { result.json } else { nil } } == ["2"])
        #expect(session.state.failures.map(\.reason) == [.evalThrew(.threw("Error: no"))])
        #expect(view.evaluated.filter { $0 == "1 + 1" }.count == 1)
    }

    @Test func aNewWindowItsPolicyAllowedIsNotDecidedTwice() throws {
        let view = FakeView()
        let (session, outputs) = try Self.session(view: view)
        let open = HostNavigationAction(url: "https://yourdomain.com/popup", newWindow: true)
        #expect(session.decide(open))
        #expect(session.createWindow(open))
        #expect(outputs.events.compactMap { if case .navigation(let n) = $0 { n } else { nil } }.count == 1)
        #expect(!session.createWindow(HostNavigationAction(url: "https://evil.example/", newWindow: true)))
    }
}
