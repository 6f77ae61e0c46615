// TranscriptTests.swift: replay's events through the renderer without a process: times stay numbers,
// secrets are masked and control characters escaped in both forms, check's decision object is the
// navigation's, and --expect names the differing key with its values masked.
import CommandOutput
import Foundation
import JSONText
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
        let whole = try #require(Self.masked.json.object(try Self.navigation(#"{"time":12,"url":"https://yourdomain.com/"}"#)))
        let fraction = try #require(Self.masked.json.object(try Self.navigation(#"{"time":12.5,"url":"https://yourdomain.com/"}"#)))
        let stamp = try #require(Self.masked.json.object(try Self.navigation(#"{"time":"2026-11-22T10:00:00Z","url":"https://yourdomain.com/"}"#)))
        #expect(whole["time"] == .number(12) && whole["time"]?.text == "12")
        #expect(fraction["time"] == .number(12.5) && fraction["time"]?.text == "12.5")
        #expect(stamp["time"] == .string("2026-11-22T10:00:00Z"))
    }

    @Test("a rejected record's line is masked and escaped in both forms")
    func rejected() throws {
        let event = RejectedRecord(location: .line(3), reason: "url \"janrain:accessToken=SECRETSECRETSECRET\u{1B}[2J\" is not a URL")
        let object = try #require(Self.decoded(Self.masked.json.line(event)))
        guard case .object(let rejected)? = object["rejected"], case .string(let reason)? = rejected["reason"] else {
            Issue.record("no rejected.reason"); return
        }
        #expect(rejected["at"] == .string("line 3"))
        #expect(!reason.contains("SECRETSECRETSECRET"))
        for line in Self.text.lines(event) {
            #expect(!line.contains("SECRETSECRETSECRET"))
            #expect(!line.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression).contains("\u{1B}"))
        }
    }

    @Test("--reveal shows secrets and still escapes control characters")
    func reveal() {
        let renderer = TranscriptRenderer(format: .text, redactor: Redactor(isEnabled: false))
        let line = renderer.lines(RejectedRecord(location: .line(1), reason: "token=SECRETSECRETSECRET \u{1B}[2J"))[0]
        #expect(line.contains("SECRETSECRETSECRET") && line.contains("\\u{1B}[2J") && !line.contains("\u{1B}"))
    }

    @Test("check's decision line and replay's navigation share one decision renderer")
    func decision() throws {
        let n = try Self.navigation(#"{"url":"https://yourdomain.com/password_reset.php?code=abcdefghijkl&access_token=mnopqrstuvwx"}"#)
        let check = try #require(Self.masked.json.object(DecisionEvent(url: n.record.url, n.decision)))
        let replay = try #require(Self.masked.json.object(n))
        for key in ["url", "decision", "kind", "rule", "params", "error", "intercepted"] {
            #expect(check[key] != nil && check[key] == replay[key], "\(key)")
        }
        #expect(check["params"] == .object(JSONFields([("code", .string("…(12)")), ("access_token", .string("…(12)"))])))
    }

    /// A JSON line decoded.
    static func decoded(_ line: String?) -> [String: JSONValue]? {
        guard let line, case .object(let object)? = JSONValue.parse(line) else { return nil }
        return object
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
