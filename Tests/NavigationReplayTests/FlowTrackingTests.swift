// FlowTrackingTests.swift: flows across a log — a state that does not match its request, a response with
// none, a sentinel nobody asked for, a bare code (likely a reset link), a reset link the app cancelled, a
// request never answered — and bridge queues dispatched through the rules' handler tables once each.
import SecretMasking
import Foundation
import Testing
import NavigationPolicy
@testable import NavigationReplay

@Suite struct FlowTrackingTests {
    static let redirect = "https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php"
    static func request(state: String?) -> String {
        "https://x.janraincapture.com/oauth/authorize?client_id=c&response_type=code&redirect_uri=\(redirect)" + (state.map { "&state=\($0)" } ?? "")
    }
    static func line(_ url: String, _ extra: String = "") -> String { #"{"url":"\#(url)"\#(extra)}"# + "\n" }

    @Test func matchingStateIsQuiet() throws {
        let r = try ReplayHarness.replay(text: Self.line(Self.request(state: "S1")) + Self.line("https://yourdomain.com/password_reset.php?code=c&access_token=t&state=S1"))
        #expect(r.findings.isEmpty, "\(r.findings)")
    }

    @Test func stateMismatchNamesTheRequest() throws {
        let r = try ReplayHarness.replay(text: Self.line(Self.request(state: "S1")) + Self.line("https://yourdomain.com/password_reset.php?code=c&access_token=t&state=S2"))
        #expect(r.findingCodes == ["state-mismatch"])
        #expect(r.findings[0].location.line == 2)
        #expect(r.findings[0].detail == .stateMismatch(received: "S2", sent: "S1", requestAt: .line(1), requestSeq: 0,
                                                       difference: .characters(differing: 1, length: 2)))
        // Masked when worded (a state of 2 characters shows none of them).
        #expect(!r.findings[0].message(masking: Redactor()).utf8.contains("S1".utf8))
    }

    @Test func missingStateInTheResponse() throws {
        let r = try ReplayHarness.replay(text: Self.line(Self.request(state: "S1")) + Self.line("https://yourdomain.com/password_reset.php?code=c&access_token=t"))
        #expect(r.findingCodes == ["state-missing"])
    }

    @Test func requestWithoutStateAndUnanswered() throws {
        let r = try ReplayHarness.replay(text: Self.line(Self.request(state: nil)))
        #expect(r.findingCodes == ["request-without-state", "request-unanswered"])
    }

    @Test func requestWhoseRedirectURIIsNotCaught() throws {
        let r = try ReplayHarness.replay(text: Self.line("https://x.janraincapture.com/oauth/authorize?client_id=c&state=S&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fother"))
        #expect(r.findingCodes.contains("request-not-intercepted"))
    }

    /// A replay of `lines` with these rules.
    static func replay(rules: String, _ lines: [String]) throws -> [ReplayFinding] {
        let replayer = Replayer(engine: PolicyEngine(rules: try RulesLoader.parse(Data(rules.utf8))))
        var findings: [ReplayFinding] = []
        for (i, url) in lines.enumerated() {
            if case .navigation(let n) = replayer.replay(.record(NavigationRecord(url: url, location: .line(i + 1)))) { findings += n.findings }
        }
        return findings + replayer.finish()
    }

    @Test func aFragmentSentinelsOwnFlowIsIntercepted() throws {
        // responseMode fragment (implicit flow): the request's redirect_uri is caught; the answer in the fragment pairs with it.
        let rules = #"{"version":1,"sentinels":[{"name":"implicit","redirectURI":"https://app.example/cb","responseMode":"fragment","require":["access_token"]}]}"#
        let findings = try Self.replay(rules: rules, [
            "https://id.example/authorize?response_type=token&state=S1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb",
            "https://app.example/cb#access_token=t&state=S1",
        ])
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func loopbackAnyPortAndTrailingSlashPairARequestWithItsAnswer() throws {
        let rules = #"{"version":1,"sentinels":[{"name":"native","redirectURI":"http://127.0.0.1/cb","loopbackAnyPort":true,"trailingSlash":true,"require":["code"]}]}"#
        let findings = try Self.replay(rules: rules, [
            "https://id.example/authorize?response_type=code&state=S1&redirect_uri=http%3A%2F%2F127.0.0.1%3A51234%2Fcb",
            "http://127.0.0.1:51234/cb/?code=c&state=S1",
        ])
        #expect(findings.isEmpty, "\(findings)")
        let mismatch = try Self.replay(rules: rules, [
            "https://id.example/authorize?response_type=code&state=S1&redirect_uri=http%3A%2F%2F127.0.0.1%3A51234%2Fcb",
            "http://127.0.0.1:51234/cb?code=c&state=S2",
        ])
        #expect(mismatch.map(\.code) == ["state-mismatch"])
    }

    @Test func anOAuthErrorAnswerIsReportedAndTheRequestAnswered() throws {
        let r = try ReplayHarness.replay(text: Self.line(Self.request(state: "S1")) + Self.line("https://yourdomain.com/password_reset.php?error=access_denied&error_description=no&state=S1"))
        #expect(r.findingCodes == ["oauth-error"], "\(r.findings)")
        #expect(r.findings.first?.severity == .warning)
        #expect(r.navigations.last?.decision.action == .cancel)
        #expect(r.summary.sentinelErrors == 1 && r.summary.isConsistent)
    }

    @Test func sentinelWithoutRequest() throws {
        let r = try ReplayHarness.replay(text: Self.line("https://yourdomain.com/password_reset.php?code=c&access_token=t&state=S"))
        #expect(r.findingCodes == ["sentinel-without-request"])
    }

    @Test func aBareCodeWithoutRequestIsLikelyAResetLink() throws {
        // Rules without the reset-link rule take the reset mail's link for a sign-in result.
        let rules = #"{"version":1,"allow":["https://yourdomain.com"],"sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/password_reset.php","require":["code"]}]}"#
        let engine = try RulesLoader.parse(Data(rules.utf8))
        let replayer = Replayer(engine: PolicyEngine(rules: engine))
        var record = NavigationRecord(url: "https://yourdomain.com/password_reset.php?code=r", location: .line(1))
        record.recordedDecision = .cancel
        guard case .navigation(let n) = replayer.replay(.record(record)) else { Issue.record("not replayed"); return }
        #expect(n.findings.map(\.code) == ["possible-reset-link"])
    }

    @Test func brokenFlowsFixture() throws {
        let r = try ReplayHarness.replay(file: "Fixtures/logs/capture-broken-flows.navlog")
        let bySeq = Dictionary(grouping: r.findings, by: { $0.seq ?? -1 }).mapValues { $0.map(\.code) }
        #expect(bySeq[0] == ["reset-link-as-signin"])
        #expect(bySeq[2] == ["state-mismatch"])
        #expect(bySeq[3] == ["request-unanswered"])
        #expect(bySeq[4] == ["drain-not-recorded"])
        #expect(r.navigations.filter(\.mismatch).map(\.seq) == [0, 5])  // the reset link, and the lookalike
        #expect(r.navigations[5].decision.kind == .default)  // yourdomain.com.evil.example is not yourdomain.com
    }

    @Test func drainedQueueGoesToHandlersOnce() throws {
        let event = "janrain:onCaptureLoginSuccess?arguments=%5B%7B%22accessToken%22%3A%22t%22%7D%5D"
        let signal = #"{"url":"janrain:eventsAvailable?1","isMainFrame":false,"drained":["\#(event)","janrain:onCaptureFoo?arguments=%5B%5D","janrain:onCaptureSaveFailed?error=cyclic","janrain:nonsense"]}"#
        // The same page drains again and its queue was not emptied: the first entry again.
        let again = #"{"url":"janrain:eventsAvailable?2","isMainFrame":false,"drained":["\#(event)"]}"#
        let r = try ReplayHarness.replay(text: signal + "\n" + again + "\n")
        let first = r.navigations[0].events
        #expect(first.map(\.status) == [.delivered, .unhandled, .failed, .invalid])
        #expect(first[0].handlers == ["signInCompleted"])
        #expect(r.navigations[1].events.map(\.status) == [.repeated])
        #expect(r.findingCodes == ["event-unhandled", "bridge-event-failed", "bridge-entry-invalid", "event-repeated"])
    }

    @Test func wvjbQueueGoesToHandlersAndAnUnhandledOneIsReported() throws {
        let rules = #"{"version":1,"schemes":[{"name":"wvjb","scheme":"wvjbscheme","protocol":"wvjb"}],"handlers":{"login":["onLogin"]}}"#
        let replayer = Replayer(engine: PolicyEngine(rules: try RulesLoader.parse(Data(rules.utf8))))
        var record = NavigationRecord(url: "wvjbscheme://__wvjb_queue_message__", location: .line(1))
        record.drained = [#"[{"handlerName":"login","data":{"ok":true}},{"handlerName":"logout"},{"responseId":"r1"}]"#]
        guard case .navigation(let n) = replayer.replay(.record(record)) else { Issue.record("not replayed"); return }
        #expect(n.events.map(\.status) == [.delivered, .unhandled, .reply])
        #expect(n.events[0].handlers == ["onLogin"])
        #expect(n.findings.map(\.code) == ["event-unhandled"])
    }

    @Test func aNewDocumentHasANewQueue() throws {
        let event = "janrain:onCaptureScreenShow?arguments=%5B%5D"
        let signal = #"{"url":"janrain:eventsAvailable?1","isMainFrame":false,"drained":["\#(event)"]}"#
        let r = try ReplayHarness.replay(text: signal + "\n" + Self.line("https://yourdomain.com/next.html") + signal + "\n")
        #expect(r.navigations[2].events.map(\.status) == [.delivered])
    }

    @Test func seedSignInFlowDispatchesItsEvents() throws {
        let r = try ReplayHarness.replay(file: "Fixtures/logs/capture-signin.navlog")
        #expect(r.findings.isEmpty, "\(r.findings)")
        #expect(r.summary.isConsistent)
        let events = r.navigations.flatMap(\.events)
        #expect(events.map(\.event) == ["onCaptureScreenShow", "onCaptureLoginSuccess", "onCaptureScreenShow", "accessToken"])
        #expect(events.map(\.handlers) == [["trackScreen"], ["signInCompleted"], ["trackScreen"], ["legacySignInCompleted"]])
        #expect(r.summary.sentinelResults == 1)
    }
}
