// InterfaceCallTests.swift: calls to the Android app's JavaScript interfaces as replay sees them, on
// Fixtures/logs/android-interface.navlog (Janrain's Android demo: the app cancels the janrain: signal and
// drains the queue through window.demo.bridgeCallback, which never empties it) with
// Fixtures/rules/android-demo.json: the queue a call carries is dispatched as a drain is, a call without a
// protocol is the event its method names, and a call to a method the app never added is an error.
import Foundation
import NavigationPolicy
import Testing
@testable import NavigationReplay

@Suite struct InterfaceCallTests {
    static func replay() throws -> (ReplayResult, [ReplayedCall]) {
        let result = try ReplayHarness.replay(file: "Fixtures/logs/android-interface.navlog", rules: "android-demo")
        return (result, result.calls)
    }

    @Test func theDemoDrainsThroughItsInterface() throws {
        let (result, calls) = try Self.replay()
        try #require(calls.count == 4)
        #expect(calls.map(\.call.name) == ["demo.bridgeCallback", "demo.bridgeCallback", "AndroidBridge.signInCompleted", "demo.close"])
        #expect(calls[0].events.map(\.event) == ["onCaptureScreenShow"] && calls[0].events[0].handlers == ["trackScreen"])
        // The demo never empties createJanrainBridge.eventQueue: the second drain repeats the first entry.
        #expect(calls[1].events.map(\.status) == [.repeated, .delivered] && calls[1].events[1].handlers == ["signInCompleted"])
        #expect(calls[1].findings.map(\.kind) == [.eventRepeated])
        // No protocol: the call is its method's event, taken by the app's method itself.
        #expect(calls[2].events == [DispatchedEvent(event: "signInCompleted", handlers: ["AndroidBridge.signInCompleted"], status: .delivered, detail: nil)])
        #expect(calls[3].findings.map(\.detail) == [.interfaceMissing(interface: "demo", method: "close", interfaceAdded: true)])
        // The signals have no drained queue, and need none: the app drains through its interface.
        #expect(!result.findings.contains { $0.kind == .drainNotRecorded })
        #expect(result.summary.calls == 4 && result.summary.recordsRead == result.summary.replayed + result.summary.rejected)
    }

    @Test func anInterfaceTheAppNeverAddedIsAnError() throws {
        let replayer = Replayer(engine: try Repository.engine("capture"))
        guard case .call(let c) = replayer.replay(.call(InterfaceCall(interface: "AndroidBridge", method: "signInCompleted", arguments: [], location: .line(1)))) else {
            Issue.record("not a call")
            return
        }
        #expect(c.findings.map(\.detail) == [.interfaceMissing(interface: "AndroidBridge", method: "signInCompleted", interfaceAdded: false)])
        #expect(c.findings.map(\.severity) == [.error])
    }
}
