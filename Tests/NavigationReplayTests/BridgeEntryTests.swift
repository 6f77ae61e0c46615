// BridgeEntryTests.swift: drained bridge entries that are not events (Fixtures/logs/bridge-bad-entries.navlog):
// each is an invalid event and a bridge-entry-invalid finding carrying why as a value, and a page's own
// `?error=` text stays the page's. The words are the renderer's (the fixture's saved transcript holds them).
import NavigationPolicy
import Testing
@testable import NavigationReplay

@Suite struct BridgeEntryTests {
    @Test func eachDrainedEntryThatIsNotAnEventSaysWhy() throws {
        let r = try ReplayHarness.replay(file: "Fixtures/logs/bridge-bad-entries.navlog", rules: "bridges")
        let janrain: [QueueEntryProblem] = [.notAURL, .notAnEvent, .undecodable(.argumentsMissing(event: "onX")),
            .undecodable(.argumentsNotJSON(event: "onX")), .undecodable(.argumentsObjectKeysNotNumeric(event: "onX")),
            .undecodable(.argumentsNotArray(event: "onX")), .undecodable(.eventNameMissing), .undecodable(.accessTokenMissing),
            .undecodable(.notJanrain)]
        let drained = r.navigations[0].events
        #expect(drained.prefix(9).map(\.detail) == janrain.map { .invalidEntry($0) })
        #expect(drained.prefix(9).map(\.status) == Array(repeating: .invalid, count: 9))
        #expect(drained[9] == DispatchedEvent(event: "onLogin", handlers: [], status: .failed, detail: .pageError("stringify")))
        #expect(r.navigations[0].findings.prefix(9).map(\.detail) == janrain.enumerated().map { .bridgeEntryInvalid(index: $0.offset, problem: $0.element) })

        let wvjb: [QueueEntryProblem] = [.undecodable(.wvjbEntryUnrecognized(index: 0)), .undecodable(.wvjbEntryUnrecognized(index: 0)),
                                         .undecodable(.wvjbQueueNotArray)]
        #expect(r.navigations[1].events.prefix(3).map(\.detail) == wvjb.map { .invalidEntry($0) })
        #expect(r.navigations[1].findings.prefix(3).map(\.detail) == wvjb.enumerated().map { .bridgeEntryInvalid(index: $0.offset, problem: $0.element) })

        // Navigations that are themselves bridge URLs that do not decode: the decision's error.
        #expect(r.navigations[2].decision.error == .bridgeMessageInvalid(.argumentsNotArray(event: "onX")))
        #expect(r.navigations[3].decision.error == .bridgeMessageInvalid(.eventNameMissing))
        #expect(r.navigations[5].decision.error == .bridgeMessageInvalid(.notWVJBSignal(scheme: "wvjbscheme")))
    }
}
