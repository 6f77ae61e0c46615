// NetLogReaderTests.swift: Chromium's NetLog as Debian's Chromium wrote it (Fixtures/logs/*.netlog.json, made by
// Tests/Browser/make_netlogs.py): the navigations found, every event accounted for, a log cut off where a
// killed browser leaves it, and the cases the fixtures do not reach (HTTP/2 headers, a log without
// request_type, history and reload loads, a redirect the app cancelled) on logs built with the fixtures' own
// constants.
import Foundation
import NavigationPolicy
import Testing
@testable import NavigationReplay

@Suite struct NetLogReaderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Repository.path("Fixtures/logs/\(name)"))))
    }

    static func eventCount(_ bytes: [UInt8]) throws -> Int {
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return (json?["events"] as? [Any])?.count ?? -1
    }

    /// Events as the reader accounts for them: a navigation's first START_JOB becomes its record; every other
    /// event is counted under a reason (requests that are not documents are counted as requests besides).
    static func accounted(_ result: ReplayResult) -> Int {
        let s = result.summary
        return s.replayed - s.synthetic + s.rejected + s.skipped.filter { $0.key != .nonDocumentRequests }.values.reduce(0, +)
    }

    @Test func aRedirectChainToTheAppFromRealChromium() throws {
        let bytes = try Self.fixture("redirect-to-app.netlog.json")
        let result = try ReplayHarness.replay(ByteInput(name: "redirect-to-app.netlog.json", bytes: bytes))
        #expect(result.format == .netlog)
        let records = result.navigations.map(\.record)
        try #require(records.count == 5, "\(records.map(\.url))")
        #expect(records.map(\.url) == [
            "https://yourdomain.com/webViewSignIn.html",
            "https://tracker.example.net/pixel.html",
            "https://myapp.us.janraincapture.com/oauth/authorize?client_id=8fmq2mmz9qrzm6ws4k3z&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&response_type=code&state=bmV0bG9nLXN0YXRlLTAwMQ",
            "https://myapp.us.janraincapture.com/session/continue",
            "myapp://password-changed?status=ok",
        ])
        #expect(records[0].source == .app)  // the app's own load: initiator "not an origin"
        #expect(records[1].isMainFrame == false)  // request_type "subframe"
        #expect(records[2].source == .unknown && records[2].sourceURL == "https://yourdomain.com/")
        #expect(records[3].source == .redirect && records[3].redirectStatus == 302 && records[3].redirectFrom == records[2].url)
        #expect(records[4].isSynthetic && records[4].redirectFrom == records[3].url && records[4].redirectStatus == 302)
        #expect(result.navigations[4].decision.kind == .deeplink && result.navigations[4].decision.action == .cancel)
        #expect(records.compactMap(\.time).count == 5)
        #expect(result.rejected.isEmpty)
        #expect(Self.accounted(result) == (try Self.eventCount(bytes)))
    }

    @Test func aFormPostFromRealChromium() throws {
        let bytes = try Self.fixture("form-post.netlog.json")
        let result = try ReplayHarness.replay(ByteInput(name: "form-post.netlog.json", bytes: bytes), rules: "form-post")
        let records = result.navigations.map(\.record)
        try #require(records.count == 2)
        #expect(records.map(\.method) == ["GET", "POST"])
        #expect(records[1].navigationType == .formSubmitted && records[1].url == "https://yourdomain.com/oidc/callback")
        #expect(result.navigations[1].decision.rule == "signin-form-post")
        #expect(Platform.android.unasked(records[1].request) == .method("POST"))
        #expect(Platform.android.unasked(records[0].request) == .appInitiated)
        #expect(Self.accounted(result) == (try Self.eventCount(bytes)))
    }

    @Test func aLogCutMidEventIsReadUpToTheCut() throws {
        let bytes = try Self.fixture("redirect-to-app.netlog.json")
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // Half of event line 120, as a killed browser leaves it.
        let cut = Array(lines[..<119].joined(separator: [0x0A])) + [0x0A] + Array(lines[119].prefix(lines[119].count / 2))
        let result = try ReplayHarness.replay(ByteInput(name: "cut", bytes: cut))
        #expect(result.format == .netlog)
        #expect(result.rejected.map(\.location) == [.line(120)])
        #expect(result.navigations.count >= 2)
        #expect(result.navigations.map(\.record.url).allSatisfy { !$0.isEmpty })
    }

    @Test func aLogStoppedBetweenEventsLosesNothing() throws {
        let bytes = try Self.fixture("form-post.netlog.json")
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // Chromium stopped after writing an event: its line ends "},", and the array is never closed.
        let unclosed = Array(lines[..<(lines.count - 3)].joined(separator: [0x0A])) + Array("\n".utf8)
        #expect(unclosed.dropLast().last == UInt8(ascii: ","))
        let result = try ReplayHarness.replay(ByteInput(name: "unclosed", bytes: unclosed), rules: "form-post")
        #expect(result.rejected.isEmpty)
        #expect(result.summary.skipped[.unwrittenClosing] == 1)
        #expect(result.navigations.map(\.record.method) == ["GET", "POST"])
    }

    /// A log with the fixtures' constants and these events.
    static func log(_ events: [[String: Any]]) throws -> [UInt8] {
        let fixture = try JSONSerialization.jsonObject(with: Data(try Self.fixture("form-post.netlog.json"))) as? [String: Any]
        let constants = try #require(fixture?["constants"] as? [String: Any])
        // Sorted keys: "constants" first, as Chromium writes it.
        return Array(try JSONSerialization.data(withJSONObject: ["constants": constants, "events": events], options: [.sortedKeys]))
    }

    static func type(_ name: String) throws -> Int {
        let fixture = try JSONSerialization.jsonObject(with: Data(try Self.fixture("form-post.netlog.json"))) as? [String: Any]
        let types = (fixture?["constants"] as? [String: Any])?["logEventTypes"] as? [String: Any]
        return try #require((types?[name] as? NSNumber)?.intValue)
    }

    static func event(_ id: Int, _ type: String, phase: Int = 0, time: Int, _ params: [String: Any]? = nil) throws -> [String: Any] {
        var event: [String: Any] = ["source": ["id": id, "type": 1, "start_time": "\(time)"], "time": "\(time)", "type": try Self.type(type), "phase": phase]
        if let params { event["params"] = params }
        return event
    }

    @Test func whatTheFixturesDoNotReach() throws {
        let events: [[String: Any]] = [
            // An older Chromium: no request_type, the main frame told by its load flag.
            try Self.event(1, "URL_REQUEST_START_JOB", phase: 1, time: 1000, ["url": "https://yourdomain.com/a", "method": "GET", "load_flags": 256, "initiator": "not an origin"]),
            // HTTP/2: headers as a dictionary; a 302 to the sentinel the app cancelled (never followed).
            try Self.event(1, "HTTP_TRANSACTION_READ_RESPONSE_HEADERS", time: 1010, ["headers": [":status": "302", "location": "/password_reset.php?code=abc&state=s"]]),
            try Self.event(1, "REQUEST_ALIVE", phase: 2, time: 1011, ["net_error": -3]),
            // Back/forward (SKIP_CACHE_VALIDATION) and a reload (VALIDATE_CACHE), both GETs.
            try Self.event(2, "URL_REQUEST_START_JOB", phase: 1, time: 1100, ["url": "https://yourdomain.com/b", "method": "GET", "load_flags": 256 | 4, "request_type": "main frame", "initiator": "not an origin"]),
            try Self.event(3, "URL_REQUEST_START_JOB", phase: 1, time: 1200, ["url": "https://yourdomain.com/c", "method": "GET", "load_flags": 256 | 1, "request_type": "main frame", "initiator": "https://yourdomain.com"]),
            // An image: not a document.
            try Self.event(4, "URL_REQUEST_START_JOB", phase: 1, time: 1300, ["url": "https://yourdomain.com/i.png", "method": "GET", "load_flags": 0, "request_type": "other"]),
            try Self.event(4, "REQUEST_ALIVE", phase: 2, time: 1301),
            // Not an event.
            ["no": "type"],
        ]
        let result = try ReplayHarness.replay(ByteInput(name: "t", bytes: try Self.log(events)))
        let records = result.navigations.map(\.record)
        try #require(records.count == 4, "\(records.map(\.url))")
        #expect(records.map(\.url) == ["https://yourdomain.com/a", "https://yourdomain.com/password_reset.php?code=abc&state=s",
                                       "https://yourdomain.com/b", "https://yourdomain.com/c"])
        #expect(records[0].source == .app && records[0].note == .failed("ERR_ABORTED") && records[0].time == .milliseconds(0))
        #expect(records[1].isSynthetic && records[1].redirectStatus == 302 && records[1].time == .milliseconds(11))
        #expect(result.navigations[1].decision.kind == .sentinel)
        #expect(records[2].navigationType == .backForward && records[2].source == .history)
        #expect(records[3].navigationType == .reload)
        #expect(result.rejected.map(\.location) == [.path("events[7]")])
        #expect(result.summary.skipped[.nonDocumentRequests] == 1)
        #expect(Self.accounted(result) == events.count)
    }

    @Test func sniffedByItsFirstKey() {
        #expect(LogFormat.sniff(ByteInput(name: "t", bytes: Array("{\"constants\":{},\n\"events\": [\n".utf8))) == .netlog)
        #expect(LogFormat.sniff(ByteInput(name: "t", bytes: Array("{\n  \"constants\": {\n".utf8))) == .netlog)
        #expect(LogFormat.sniff(ByteInput(name: "t", bytes: Array("{\"events\": [\n{\"phase\":1,".utf8))) == .netlog)
        #expect(LogFormat.sniff(ByteInput(name: "t", bytes: Array("{\"url\":\"https://a/\"}\n".utf8))) == .navlog)
    }

    @Test func notANetLogIsOneRejection() throws {
        let result = try ReplayHarness.replay(ByteInput(name: "t", bytes: Array(#"{"constants": {}, "events": []}"#.utf8)), format: .netlog)
        #expect(result.rejected.map(\.location) == [RecordLocation(.file)] && result.navigations.isEmpty)
        let garbage = try ReplayHarness.replay(ByteInput(name: "t", bytes: Array("{\"constants\": nope".utf8)), format: .netlog)
        #expect(garbage.rejected.count == 1 && garbage.summary.recordsRead == 1)
    }
}
