// TranscriptTests.swift: the transcript's renderers without a process: times stay numbers, every event has
// its JSON line and text line, secrets are masked and control characters escaped in both, colour wraps
// only escaped text, and --expect names the differing key with its values masked.
import Foundation
import NavigationPolicy
import Testing
@testable import NavigationReplay

@Suite("Transcript")
struct TranscriptTests {
    static let masked = TranscriptRenderer(format: .json, redactor: Redactor())
    static let text = TranscriptRenderer(format: .text, redactor: Redactor(), style: TerminalStyle(enabled: true))

    static func navigation(_ line: String) throws -> ReplayedNavigation  {
        try ReplayHarness.replay(text: line + "\n").navigations[0]
    }

    @Test("time is a number whether whole or not, and a string when recorded as one")
    func times() throws {
        let whole = Self.masked.json.line(.navigation(try Self.navigation(#"{"time":12,"url":"https://yourdomain.com/"}"#)))!
        let fraction = Self.masked.json.line(.navigation(try Self.navigation(#"{"time":12.5,"url":"https://yourdomain.com/"}"#)))!
        let stamp = Self.masked.json.line(.navigation(try Self.navigation(#"{"time":"2026-11-22T10:00:00Z","url":"https://yourdomain.com/"}"#)))!
        #expect(whole.contains(#""time":12,"#))
        #expect(fraction.contains(#""time":12.5,"#))
        #expect(stamp.contains(#""time":"2026-11-22T10:00:00Z","#))
    }

    @Test("each host event has one JSON line and text, masked and escaped", arguments: [
        TranscriptEvent.network(NetworkExchange(method: "GET", url: "https://x.example/cb?code=SECRETSECRETSECRET\u{1B}[2J", status: 404, detail: nil, refused: false)),
        .scriptError("Error: token=SECRETSECRETSECRET at https://x.example/a.js:1:2 \u{1B}]0;owned\u{7}"),
        .dialog(DialogEvent(kind: "alert", message: "your code=SECRETSECRETSECRET\u{1B}[1A", answer: "undefined")),
        .evalResult(#"{"accessToken":"SECRETSECRETSECRET","note":"\u001b[2J"}"#),
        .hostResult(HostReport(until: "sentinel", reached: false, stopReason: "timed out", finalURL: "https://x.example/?state=SECRETSECRETSECRET",
                               firstInterception: 0.5, failures: ["timeout: waited for https://x.example/cb?code=SECRETSECRETSECRET"])),
        .rejected(RejectedRecord(location: .line(3), reason: "url \"janrain:accessToken=SECRETSECRETSECRET\u{1B}[2J\" is not a URL")),
    ])
    func hostEvents(event: TranscriptEvent) throws {
        let json = try #require(Self.masked.json.line(event))
        let lines = Self.text.lines(event)
        #expect(!lines.isEmpty)
        for output in [json] + lines {
            #expect(!output.contains("SECRETSECRETSECRET"), "\(output)")
            // Colour codes are the only ESC allowed, and only in text: ESC followed by "[" and a colour number and "m".
            let stripped = output.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
            #expect(!stripped.contains("\u{1B}") && !stripped.contains("\u{7}"), "\(output.debugDescription)")
        }
        #expect(JSONValue.parse(json) != nil, "not JSON: \(json)")
    }

    @Test("--reveal shows secrets and still escapes control characters")
    func reveal() {
        let renderer = TranscriptRenderer(format: .text, redactor: Redactor(isEnabled: false))
        let line = renderer.lines(.scriptError("token=SECRETSECRETSECRET \u{1B}[2J"))[0]
        #expect(line.contains("SECRETSECRETSECRET") && line.contains("\\u{1B}[2J") && !line.contains("\u{1B}"))
    }

    @Test("check's decision line and replay's navigation share one decision renderer")
    func decision() throws {
        let n = try Self.navigation(#"{"url":"https://yourdomain.com/password_reset.php?code=abcdefghijkl&access_token=mnopqrstuvwx"}"#)
        let check = try #require(Self.masked.json.object(.decision(url: n.record.url, n.decision)))
        let replay = try #require(Self.masked.json.object(.navigation(n)))
        for key in ["url", "decision", "kind", "rule", "params", "error", "intercepted"] {
            #expect(check[key] != nil && check[key] == replay[key], "\(key)")
        }
        #expect(check.line.contains(#""code":"…(12)""#))
    }

    @Test("--expect names the differing keys and masks the values it shows")
    func expectation() throws {
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID().uuidString).jsonl")
        try #"{"seq":1,"decision":"allow","url":"https://x.example/cb?code=SECRETSECRETSECRET","params":{"code":"SECRETSECRETSECRET"}}"#
            .write(to: saved, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: saved) }
        let expectation = try TranscriptExpectation(path: saved.path, redactor: Redactor())
        expectation.compare(#"{"seq":1,"decision":"cancel","url":"https://x.example/cb?code=OTHEROTHEROTHER1","params":{"code":"OTHEROTHEROTHER1"}}"#)
        expectation.finish()
        #expect(!expectation.matches)
        let report = expectation.report
        #expect(report.contains(#"decision: expected "allow", got "cancel""#), "\(report)")
        #expect(!report.contains("SECRETSECRETSECRET") && !report.contains("OTHEROTHEROTHER1"), "\(report)")
    }
}
