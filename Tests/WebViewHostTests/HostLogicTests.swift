// HostLogicTests.swift: the hosted view's logic without WebKit: a navigation action becomes the request
// and source the engine and recording see; the stop state machine (conditions, idleness, the timeout,
// failures after a stop); and what counts as a credential hand-off for --until sentinel.
import BrowserURL
import JSONText
import Foundation
import NavigationPolicy
import NavigationReplay
import SensitiveText
import Testing
@testable import WebViewHost

@Suite("hosted view logic")
struct HostLogicTests {
    static func engine() throws -> PolicyEngine { PolicyEngine(rules: try RulesLoader.parse(Data(#"""
        {"version":1,"default":"cancel","allow":["https://yourdomain.com"],
         "sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/cb","require":["code"]}],
         "schemes":[{"name":"bridge","scheme":"janrain","protocol":"janrain"},{"name":"done","scheme":"myapp","route":"done"}],
         "javascriptInterfaces":[{"name":"demo","methods":["bridgeCallback"],"protocol":"janrain"},{"name":"AndroidBridge","methods":["signInCompleted"]}],
         "handlers":{"onCaptureLoginSuccess":["signInCompleted"]}}
        """#.utf8))) }

    static func call(_ name: String, _ arguments: [JSONValue]) throws -> ReplayedCall {
        let dot = try #require(name.firstIndex(of: "."))
        let replayer = Replayer(engine: try engine())
        guard case .call(let c) = replayer.replay(.call(InterfaceCall(interface: String(name[..<dot]), method: String(name[name.index(after: dot)...]),
                                                                       arguments: arguments, location: .line(1)))) else { fatalError("not a call: \(name)") }
        return c
    }

    static func navigation(_ url: String, drained: [String]? = nil) throws -> ReplayedNavigation {
        var record = NavigationRecord(url: url, location: .line(1))
        record.drained = drained
        let replayer = Replayer(engine: try engine())
        guard case .navigation(let n) = replayer.replay(.record(record)) else { fatalError("not replayed: \(url)") }
        return n
    }

    @Test("each WebViewJavascriptBridge callback hears what became of its own message, past an entry that does not decode")
    func wvjbRepliesStayAligned() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(#"""
            {"version":1,"default":"cancel","schemes":[{"name":"wvjb","scheme":"wvjbscheme","protocol":"wvjb"}],
             "handlers":{"a":["first"],"b":["second"]}}
            """#))
        var record = NavigationRecord(url: "wvjbscheme://__wvjb_queue_message__/", location: .line(1))
        record.drained = [#"[{"handlerName":"a","callbackId":"cb1"}]"#, "{not json", #"{"handlerName":"b","callbackId":"cb2"}"#]
        guard case .navigation(let n) = Replayer(engine: engine).replay(.record(record)) else { Issue.record("not replayed"); return }
        let replies = HostSession.wvjbReplies(record.drained ?? [], events: n.events)
        #expect(replies.map(\.callbackID) == ["cb1", "cb2"])
        #expect(replies.map(\.data) == [.object(["status": .string("delivered"), "handlers": .array([.string("first")])]),
                                          .object(["status": .string("delivered"), "handlers": .array([.string("second")])])])
    }

    @Test("an action becomes the request: main frame, a link's target name, null for new windows")
    func request() {
        let link = HostNavigationAction(url: "https://yourdomain.com/a", frameName: "side", hasUserGesture: true, type: .linkClicked,
                                        currentURL: "https://yourdomain.com/")
        #expect(link.request.isMainFrame && link.request.targetFrame == "side" && link.request.sourceURL == "https://yourdomain.com/")
        #expect(HostNavigationAction(url: "x:", newWindow: true).request.targetFrame == nil)
        #expect(HostNavigationAction(url: "x:").request.targetFrame == "")
        #expect(HostNavigationAction(url: "x:", method: "POST", type: .formSubmitted).request.method == "POST")
    }

    @Test("who started it: the app first, then redirect, user, history, script", arguments: [
        (HostNavigationAction(url: "u", isRedirect: true, hasUserGesture: true), true, NavigationSource.app),
        (HostNavigationAction(url: "u", isRedirect: true, hasUserGesture: true), false, .redirect),
        (HostNavigationAction(url: "u", hasUserGesture: true, type: .backForward), false, .user),
        (HostNavigationAction(url: "u", type: .backForward), false, .history),
        (HostNavigationAction(url: "u"), false, .script),
    ])
    func source(action: HostNavigationAction, first: Bool, expected: NavigationSource) {
        #expect(action.source(isFirst: first) == expected)
    }

    @Test("--until sentinel stops on a cancelled sentinel result, the legacy token or a delivered event carrying a secret")
    func handOff() throws {
        #expect(CredentialHandOff.isHandOff(try Self.navigation("https://yourdomain.com/cb?code=abc")))
        #expect(CredentialHandOff.isHandOff(try Self.navigation("janrain:accessToken=abc")))
        let args = PercentEncoding.encodeComponent(#"[{"accessToken":"t0k3n","oneTime":false}]"#)
        #expect(CredentialHandOff.isHandOff(try Self.navigation("janrain:eventsAvailable?1", drained: ["janrain:onCaptureLoginSuccess?arguments=\(args)"])))
        let empty = PercentEncoding.encodeComponent(#"[{"accessToken":"","oneTime":false}]"#)
        #expect(!CredentialHandOff.isHandOff(try Self.navigation("janrain:eventsAvailable?1", drained: ["janrain:onCaptureLoginSuccess?arguments=\(empty)"])))
        let screen = PercentEncoding.encodeComponent(#"[{"screen":"signIn"}]"#)
        #expect(!CredentialHandOff.isHandOff(try Self.navigation("janrain:eventsAvailable?1", drained: ["janrain:onCaptureScreenShow?arguments=\(screen)"])))
        #expect(!CredentialHandOff.isHandOff(try Self.navigation("https://yourdomain.com/page")))
    }

    @Test("a call to the app's JavaScript interface hands off a credential its delivered event carries, as a string of JSON or in a queue's entry")
    func interfaceHandOff() throws {
        #expect(CredentialHandOff.isHandOff(try Self.call("AndroidBridge.signInCompleted", [.string(#"{"access_token":"t0k3n"}"#)])))
        #expect(!CredentialHandOff.isHandOff(try Self.call("AndroidBridge.signInCompleted", [.string(#"{"access_token":""}"#)])))
        // A method the app never added delivers nothing, whatever it carries.
        #expect(!CredentialHandOff.isHandOff(try Self.call("AndroidBridge.other", [.string(#"{"access_token":"t0k3n"}"#)])))
        let login = "janrain:onCaptureLoginSuccess?arguments=" + PercentEncoding.encodeComponent(#"[{"accessToken":"t0k3n"}]"#)
        #expect(CredentialHandOff.isHandOff(try Self.call("demo.bridgeCallback", [.string(JSONValue.array([.string(login)]).jsonText)])))
        let screen = "janrain:onCaptureScreenShow?arguments=" + PercentEncoding.encodeComponent(#"[{"screen":"signIn"}]"#)
        #expect(!CredentialHandOff.isHandOff(try Self.call("demo.bridgeCallback", [.string(JSONValue.array([.string(screen)]).jsonText)])))
        // It counts as the first interception when it delivered something, and stops --until sentinel.
        var state = HostRunState(until: .sentinel, timeout: 30, idle: 1)
        #expect(state.reported(try Self.call("demo.bridgeCallback", [.string(JSONValue.array([.string(screen)]).jsonText)])) == .carryOn)
        #expect(state.firstInterception == nil)  // unhandled: the app did nothing with it
        #expect(state.reported(try Self.call("AndroidBridge.signInCompleted", [.string(#"{"access_token":""}"#)])) == .carryOn)
        #expect(state.firstInterception != nil)
        #expect(state.reported(try Self.call("AndroidBridge.signInCompleted", [.string(#"{"access_token":"t0k3n"}"#)])) == .stop)
    }

    @Test("the stop conditions: sentinel and deeplink on the navigation that meets them, once")
    func conditions() throws {
        var sentinel = HostRunState(until: .sentinel, timeout: 30, idle: 1)
        #expect(sentinel.reported(try Self.navigation("myapp://done")) == .carryOn)
        #expect(sentinel.reported(try Self.navigation("https://yourdomain.com/cb?code=abc")) == .stop)
        #expect(sentinel.succeeded && sentinel.stopReason == .handOff(rule: "signin", kind: .sentinel))
        #expect(sentinel.reported(try Self.navigation("https://yourdomain.com/cb?code=abc")) == .carryOn)
        var deeplink = HostRunState(until: .deeplink, timeout: 30, idle: 1)
        #expect(deeplink.reported(try Self.navigation("https://yourdomain.com/cb?code=abc")) == .carryOn)
        #expect(deeplink.reported(try Self.navigation("myapp://done")) == .stop)
        #expect(deeplink.stopReason == .deepLink(rule: "done"))
    }

    @Test("idle: only after the page loaded, --eval finished and the recording waits for no drain")
    func idle() {
        let start = Date(timeIntervalSince1970: 1000)
        var state = HostRunState(until: .idle, timeout: 30, idle: 1, started: start)
        #expect(state.tick(at: start.addingTimeInterval(5), recordingWaits: false) == .carryOn)
        state.pageLoaded(at: start.addingTimeInterval(5))
        #expect(state.tick(at: start.addingTimeInterval(7), recordingWaits: false) == .carryOn)  // --eval still running
        state.evalsFinished()
        #expect(state.tick(at: start.addingTimeInterval(7), recordingWaits: true) == .carryOn)
        #expect(state.tick(at: start.addingTimeInterval(5.5), recordingWaits: false) == .carryOn)
        #expect(state.tick(at: start.addingTimeInterval(7), recordingWaits: false) == .stop)
        #expect(state.succeeded && state.stopReason == .idle(seconds: 1))
    }

    @Test("idle: not while the engine owes an answer (a browser still starting), which a timeout then names")
    func idleWhileUnanswered() {
        let start = Date(timeIntervalSince1970: 1000)
        var state = HostRunState(until: .idle, timeout: 30, idle: 1, started: start)
        state.pageLoaded(at: start.addingTimeInterval(1))
        state.evalsFinished()
        let owed = UnansweredCommand(method: "Fetch.continueRequest", seconds: 28, engineSaid: ["[1:2:1207/220215.0:ERROR:gpu/gpu_init.cc:1] GPU process exited"])
        #expect(state.tick(at: start.addingTimeInterval(20), recordingWaits: false, unanswered: owed) == .carryOn)
        #expect(state.tick(at: start.addingTimeInterval(30), recordingWaits: false, unanswered: owed) == .stop)
        #expect(state.stopReason == .failed(HostError(.timedOut(seconds: 30, waitingFor: .idle, pageLoaded: true, unanswered: owed))))
        var answered = HostRunState(until: .idle, timeout: 30, idle: 1, started: start)
        answered.pageLoaded(at: start.addingTimeInterval(1))
        answered.evalsFinished()
        #expect(answered.tick(at: start.addingTimeInterval(20), recordingWaits: false, unanswered: owed) == .carryOn)
        #expect(answered.tick(at: start.addingTimeInterval(21), recordingWaits: false) == .stop)
        #expect(answered.succeeded && answered.stopReason == .idle(seconds: 1))
    }

    @Test("the timeout: a failure naming what was awaited, or success with --until timeout")
    func timeout() {
        let start = Date(timeIntervalSince1970: 1000)
        var waiting = HostRunState(until: .deeplink, timeout: 2, idle: 1, started: start)
        #expect(!waiting.timeoutPassed(at: start.addingTimeInterval(1.9)) && waiting.timeoutPassed(at: start.addingTimeInterval(2)))
        #expect(waiting.tick(at: start.addingTimeInterval(2), recordingWaits: false) == .stop)
        #expect(!waiting.succeeded && waiting.failures.map(\.kind) == [.timeout])
        #expect(waiting.stopReason == .failed(HostError(.timedOut(seconds: 2, waitingFor: .deeplink, pageLoaded: false, unanswered: nil))))
        var timed = HostRunState(until: .timeout, timeout: 2.5, idle: 1, started: start)
        #expect(timed.tick(at: start.addingTimeInterval(3), recordingWaits: false) == .stop)
        #expect(timed.succeeded && timed.stopReason == .timeoutReached(seconds: 2.5))
    }

    @Test("a failure after the stop is still recorded, and the run no longer counts as reached")
    func failureAfterStop() {
        var state = HostRunState(until: .sentinel, timeout: 30, idle: 1)
        #expect(state.reach(.idle(seconds: 1)) == .stop)
        #expect(state.fail(HostError(.webProcessTerminated("the web process crashed"))) == .carryOn)
        #expect(!state.succeeded && state.webProcessDied && state.stopReason == .idle(seconds: 1))
    }

    @Test("the first interception is the first cancelled sentinel, bridge or deep link")
    func firstInterception() throws {
        let start = Date(timeIntervalSince1970: 1000)
        var state = HostRunState(until: .idle, timeout: 30, idle: 1, started: start)
        state.decided(try Self.navigation("https://yourdomain.com/page").decision, at: start.addingTimeInterval(0.2))
        #expect(state.firstInterception == nil)
        state.decided(try Self.navigation("janrain:eventsAvailable?1").decision, at: start.addingTimeInterval(0.5))
        state.decided(try Self.navigation("myapp://done").decision, at: start.addingTimeInterval(0.9))
        #expect(state.firstInterception == 0.5)
    }
}

@Suite("hosted view dialogs")
struct HostDialogTests {
    @Test("answered as a WKWebView with no UI delegate", arguments: [
        (HostDialogKind.alert, HostDialogAnswer.undefined, false), (.confirm, .confirmed(false), false), (.prompt, .null, false),
        (.beforeunload, .confirmed(true), true),
    ])
    func answers(kind: HostDialogKind, answer: HostDialogAnswer, confirms: Bool) {
        #expect(HostDialogs.answer(kind) == answer)
        #expect(HostDialogs.confirms(kind) == confirms)
        #expect(HostDialogs.event(kind, message: "m") == DialogEvent(kind: kind, message: "m"))
        #expect(HostDialogs.event(kind, message: "m").answer == answer)
    }
}
