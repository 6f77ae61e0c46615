// EventRouterTests.swift: handler tables dispatch in order, once, and report what nobody handles.
import BrowserURL
import NavigationPolicy
import Testing

@Suite("Event router")
struct EventRouterTests {
    static func entry(_ name: String, _ json: String) -> String {
        "janrain:\(name)?arguments=\(PercentEncoding.encodeComponent(json))"
    }

    @Test("a drained Janrain queue reaches the registered handlers in order, once")
    func queue() {
        let router = EventRouter()
        var calls: [String] = []
        router.add("onCaptureLoginSuccess") { args in calls.append("first:\(args.first?["accessToken"]?.stringValue ?? "?")") }
        router.add("onCaptureLoginSuccess") { _ in calls.append("second") }
        let queue = [Self.entry("onCaptureRenderComplete", "[{}]"),
                     Self.entry("onCaptureLoginSuccess", #"[{"accessToken":"tok","oneTime":false}]"#),
                     "janrain:onCaptureSaveFailed?error=cyclic%20object"]
        let report = router.dispatchJanrainQueue(queue)
        #expect(calls == ["first:tok", "second"])
        #expect(report.delivered.map(\.event) == ["onCaptureLoginSuccess"])
        #expect(report.unhandled == ["onCaptureRenderComplete"])
        #expect(report.invalid == [InvalidQueueEntry(index: 2, problem: .failedOnPage(event: "onCaptureSaveFailed", error: "cyclic object"))])
        // Draining the same (never cleared) queue again dispatches nothing twice.
        let again = router.dispatchJanrainQueue(queue)
        #expect(calls.count == 2)
        #expect(again.duplicatesSkipped == 3)
    }

    @Test("once handlers run once; removed handlers never")
    func onceAndRemove() {
        let router = EventRouter()
        var count = 0, removedCalls = 0
        router.add("e", once: true) { _ in count += 1 }
        let token = router.add("e") { _ in removedCalls += 1 }
        #expect(router.remove(token))
        #expect(!router.remove(token))
        #expect(router.dispatch("e", []) == 1)
        #expect(router.dispatch("e", []) == 0)
        #expect(count == 1 && removedCalls == 0)
    }

    @Test("the first bridge version's object arguments are tolerated, in key order")
    func objectArguments() throws {
        let url = try BrowserURL.parse(Self.entry("onCaptureScreenShow", #"{"1":"b","0":"a"}"#)).get()
        #expect(JanrainBridge.decode(url) == .success(.event(name: "onCaptureScreenShow", arguments: [.string("a"), .string("b")])))
    }

    @Test("WebViewJavascriptBridge queues decode messages and replies")
    func wvjb() {
        let queue = #"[{"handlerName":"login","data":{"u":1},"callbackId":"cb_1"},{"responseId":"cb_0","responseData":"ok"}]"#
        guard case .success(let messages) = WebViewJavascriptBridge.decodeQueue(queue) else {
            Issue.record("did not decode")
            return
        }
        #expect(messages == [.wvjbMessage(handlerName: "login", data: .object(["u": .number(1)]), callbackID: "cb_1"),
                             .wvjbReply(responseID: "cb_0", data: .string("ok"))])
        if case .success = WebViewJavascriptBridge.decodeQueue(#"[{"x":1}]"#) { Issue.record("accepted a bad entry") }
    }

    /// Each way a drained Janrain entry is not an event, as the value the router reports.
    @Test("a drained entry that is not an event is reported with why, as a value", arguments: [
        ("nothing at all", QueueEntryProblem.notAURL),
        ("janrain:eventsAvailable", .notAnEvent),
        ("janrain:accessToken=tok", .notAnEvent),
        ("https://x.example/", .undecodable(.notJanrain)),
        ("janrain:onX?arguments=5", .undecodable(.argumentsNotArray(event: "onX"))),
    ])
    func invalidEntries(text: String, problem: QueueEntryProblem) {
        let router = EventRouter()
        #expect(router.dispatchJanrainEntry(text, queueID: "page", index: 0) == .invalid(problem))
        #expect(router.dispatchJanrainQueue([text], queueID: "other", startIndex: 4).invalid == [InvalidQueueEntry(index: 4, problem: problem)])
    }
}
