// NavlogWriterTests.swift: what NavlogWriter writes, NavlogReader reads back as the same record.
import Foundation
import JSONText
import NavigationPolicy
import SecretMasking
import Testing
@testable import NavigationReplay

@Suite struct NavlogWriterTests {
    static func readBack(_ lines: [String]) -> [LogItem] {
        var items: [LogItem] = []
        NavlogReader().read(ByteInput(name: "written", bytes: Array((lines.joined(separator: "\n") + "\n").utf8))) { items.append($0) }
        return items
    }

    @Test func everyFieldRoundTrips() throws {
        var record = NavigationRecord(url: "janrain:eventsAvailable?1700000000000", location: .line(2))
        record.seq = 7
        record.time = .milliseconds(1234)
        record.method = "POST"
        record.navigationType = .formSubmitted
        record.isMainFrame = false
        record.targetFrame = "signal \"frame\"\n"
        record.source = .redirect
        record.sourceURL = "https://yourdomain.com/a?b=c"
        record.redirectFrom = "https://yourdomain.com/post"
        record.redirectStatus = 302
        record.recordedDecision = .cancel
        record.note = .text("tab\there, unicode é \u{2028}")
        record.hasUserGesture = true
        record.drained = ["janrain:onCaptureLoginSuccess?arguments=%5B%7B%22accessToken%22%3A%22x%22%7D%5D", "\\back\\slash"]
        let writer = NavlogWriter()
        let items = Self.readBack([writer.header(NavlogHeader(platform: "other", recorder: "test", startedAt: "2026-11-21T00:00:00Z", origin: "native-hook")),
                                   writer.line(record)])
        guard items.count == 2, case .header(let header) = items[0], case .record(let read) = items[1] else {
            Issue.record("expected a header and a record, got \(items)")
            return
        }
        #expect(header.platform == "other" && header.recorder == "test" && header.origin == "native-hook")
        #expect(read.seq == 7 && read.time == .milliseconds(1234) && read.url == record.url)
        #expect(read.method == "POST" && read.navigationType == .formSubmitted && read.isMainFrame == false)
        #expect(read.targetFrame == record.targetFrame && read.source == .redirect && read.sourceURL == record.sourceURL)
        #expect(read.redirectFrom == record.redirectFrom && read.redirectStatus == 302)
        #expect(read.recordedDecision == .cancel && read.note == record.note && read.hasUserGesture == true)
        #expect(read.drained == record.drained)
    }

    @Test("a header's handler table round-trips in its order; one that is not event → array of strings is rejected naming the key")
    func handlerTableRoundTrips() {
        let table = [RecordedHandlers(event: "onCaptureLoginSuccess", handlers: ["signInCompleted", "audit"]), RecordedHandlers(event: "accessToken", handlers: [])]
        guard case .header(let header)? = Self.readBack([NavlogWriter().header(NavlogHeader(handlers: table))]).first else {
            Issue.record("not read back as a header")
            return
        }
        #expect(header.handlers == table)
        for (line, problem) in [(#"{"format":"bridge-navlog","version":1,"handlers":["x"]}"#, NavlogFieldProblem.wrongType(key: "handlers", expected: .handlerTable)),
                                (#"{"format":"bridge-navlog","version":1,"handlers":{"e":"x"}}"#, .wrongType(key: "handlers", expected: .handlerTable)),
                                (#"{"format":"bridge-navlog","version":1,"handlers":{"e":["a",1]}}"#, .wrongType(key: "handlers.e[1]", expected: .string))] {
            guard case .rejected(let rejected)? = Self.readBack([line]).first else { Issue.record("not rejected: \(line)"); continue }
            #expect(rejected.reason == .field(problem), "\(line)")
        }
    }

    @Test func anInterfaceCallRoundTrips() throws {
        var call = InterfaceCall(interface: "demo", method: "bridgeCallback",
                                 arguments: [.string("[\"janrain:x?arguments=%5B%5D\"]"), .number(3), .object(["a": .bool(true)]), .null], location: .line(1))
        call.seq = 4
        call.time = .milliseconds(15)
        guard case .call(let read)? = Self.readBack([NavlogWriter().line(call)]).first else { Issue.record("not read back as a call"); return }
        #expect(read.interface == "demo" && read.method == "bridgeCallback" && read.arguments == call.arguments)
        #expect(read.seq == 4 && read.time == .milliseconds(15))
    }

    @Test("a call line that is not NAME.METHOD, or is also a navigation, is rejected with its line",
          arguments: [#"{"call":"bridgeCallback","arguments":[]}"#, #"{"call":"demo.","arguments":[]}"#,
                      #"{"call":"demo.x","url":"https://a/"}"#, #"{"call":"demo.x","arguments":"no"}"#])
    func badCallLines(_ line: String) {
        guard case .rejected(let rejected)? = Self.readBack([line]).first else { Issue.record("not rejected: \(line)"); return }
        #expect(rejected.location == .line(1))
    }

    @Test func aNewWindowIsANullTargetFrameAndUnrecordedFieldsAreLeftOut() throws {
        var record = NavigationRecord(url: "https://yourdomain.com/", location: .line(1))
        record.targetFrame = nil
        let line = NavlogWriter().line(record)
        let written = try #require(JSONValue.parse(line)?.objectValue)
        #expect(written["targetFrame"] == .null)
        #expect(Set(written.keys) == ["url", "method", "navigationType", "isMainFrame", "targetFrame"], "\(line)")
        guard case .record(let read)? = Self.readBack([line]).first else { Issue.record("not read back"); return }
        #expect(read.targetFrame == nil)
    }

    /// A token as a page or an engine could put it in any of a record's fields.
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    @Test("a record masked for a recording holds no secret in any field: URLs, the frame's name, the drained queue, each kind of note",
          arguments: [RecordNote.text("token \(token)"), .failed(token), .drainFailed("TypeError: \(token) is not a function")])
    func aMaskedRecordHoldsNoSecret(note: RecordNote) {
        var record = NavigationRecord(url: "https://yourdomain.com/cb?code=\(Self.token)", location: .line(2))
        record.sourceURL = "https://yourdomain.com/a?access_token=\(Self.token)"
        record.redirectFrom = "https://login.example/authorize?id_token=\(Self.token)"
        record.targetFrame = Self.token
        record.drained = ["janrain:onCaptureLoginSuccess?arguments=%5B%7B%22accessToken%22%3A%22\(Self.token)%22%7D%5D"]
        record.note = note
        let line = NavlogWriter().line(record.masked(by: Redactor()))
        #expect(!line.contains(Self.token), "\(line)")
        #expect(NavlogWriter().line(record).contains(Self.token), "the unmasked record carries it in the first place")
    }

    @Test("the readers' and the host's notes are values; the navlog writes each as its text and reads it back as that text",
          arguments: [RecordNote.failed("ERR_ABORTED"), .redirectNotFollowed(toWebURL: true), .redirectNotFollowed(toWebURL: false),
                      .redirectNotFollowedByBrowser, .drainedQueueNotArray, .noQueueToDrain(.janrain), .noQueueToDrain(.wvjb),
                      .drainFailed(nil), .drainFailed("EvalError"), .stoppedBeforeDrained])
    func notesRoundTripAsText(note: RecordNote) {
        var record = NavigationRecord(url: "https://yourdomain.com/", location: .line(1))
        record.note = note
        guard case .record(let read)? = Self.readBack([NavlogWriter().line(record)]).first else { Issue.record("not read back"); return }
        #expect(read.note == .text(NavlogWriter.text(note)))
    }
}
