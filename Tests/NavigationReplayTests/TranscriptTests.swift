// TranscriptTests.swift: replay's events through the renderer without a process: times stay numbers,
// secrets are masked and control characters escaped in both forms, check's decision object is the
// navigation's, and --expect names the differing key with its values masked.
import InputFiles
import SecretMasking
import BrowserURL
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

    @Test("a bridge host recording's header names the engine that ran the page; any other recorder names none")
    func hostEngineFromTheHeader() {
        #expect(NavlogHeader(recorder: NavlogHeader.hostRecorder(engineName: "Chromium")).hostEngine == "chromium")
        #expect(NavlogHeader(recorder: "bridge host (WebKitGTK)").hostEngine == "webkit")
        #expect(NavlogHeader(recorder: "bridge fixture").hostEngine == nil && NavlogHeader().hostEngine == nil)
    }

    @Test("a rejected record's line is masked and escaped in both forms")
    func rejected() throws {
        let url = "https://exa mple.com/cb?access_token=SECRETSECRETSECRET\u{1B}[2J"
        guard case .failure(let error) = BrowserURL.parse(url) else { Issue.record("\(url) parsed"); return }
        let event = RejectedRecord(location: .line(3), reason: .unparseableURL(url, error))
        let object = try #require(Self.decoded(Self.masked.reading("log.navlog").json.lines(event).first))
        guard object["type"] == .string("rejected"), case .string(let reason)? = object["message"] else {
            Issue.record("no rejected line with a message"); return
        }
        #expect(object["file"] == .string("log.navlog") && object["line"] == .number(3) && object["code"] == .string("invalid-url"))
        // A line of no file (a hosted run writing no recording) is no place.
        let unfiled = try #require(Self.decoded(Self.masked.json.lines(event).first))
        #expect(unfiled["file"] == .null && unfiled["line"] == .null)
        #expect(!reason.contains("SECRETSECRETSECRET"))
        for line in Self.text.lines(event) {
            #expect(!line.contains("SECRETSECRETSECRET"))
            #expect(!line.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression).contains("\u{1B}"))
        }
    }

    @Test("--reveal shows secrets and still escapes control characters")
    func reveal() {
        let renderer = TranscriptRenderer(format: .text, redactor: Redactor(isEnabled: false))
        let line = renderer.lines(RejectedRecord(location: .line(1), reason: .cdp(.eventWithoutURL(method: "token=SECRETSECRETSECRET \u{1B}[2J"))))[0]
        #expect(line.contains("SECRETSECRETSECRET") && line.contains("\\u{1B}[2J") && !line.contains("\u{1B}"))
    }

    @Test("check's decision line and replay's navigation share one decision renderer")
    func decision() throws {
        let n = try Self.navigation(#"{"url":"https://yourdomain.com/password_reset.php?code=abcdefghijkl&access_token=mnopqrstuvwx"}"#)
        let check = try #require(Self.masked.json.object(DecisionEvent(url: n.record.url, n.decision)))
        let replay = try #require(Self.masked.json.object(n))
        for key in ["input", "url", "decision", "kind", "rule", "params", "error", "intercepted", "explanation"] {
            #expect(check[key] != nil && check[key] == replay[key], "\(key)")
        }
        #expect(check["params"] == .object(JSONFields([("code", .string("…(12)")), ("access_token", .string("…(12)"))])))
    }

    /// A JSON line decoded.
    static func decoded(_ line: String?) -> [String: JSONValue]? {
        guard let line, case .object(let object)? = JSONValue.parse(line) else { return nil }
        return object
    }

    @Test("--expect: each differing line as a value, the differing keys with both values; the report masks them")
    func expectation() throws {
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID().uuidString).jsonl")
        try [#"{"seq":1,"decision":"allow","url":"https://x.example/cb?code=SECRETSECRETSECRET","params":{"code":"SECRETSECRETSECRET"}}"#,
             #"{"seq":2,"decision":"allow"}"#, #"{"seq":3,"decision":"allow"}"#, "not json"].joined(separator: "\n")
            .write(to: saved, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: saved) }
        let expectation = try TranscriptExpectation(path: saved.path)
        expectation.compare(#"{"seq":1,"decision":"cancel","url":"https://x.example/cb?code=OTHEROTHEROTHER1","params":{"code":"OTHEROTHEROTHER1"}}"#)
        expectation.compare(#"{"decision":"allow","seq":2}"#)
        expectation.compare(#"{"seq":3,"decision":"allow","rule":"signin"}"#)
        expectation.compare("also not json")
        expectation.compare(#"{"seq":5}"#)
        expectation.finish()
        #expect(!expectation.matches)
        #expect(expectation.differences == [
            TranscriptDifference(line: 1, .keys(seq: .number(1), [
                KeyDifference(key: "decision", expected: .string("allow"), actual: .string("cancel")),
                KeyDifference(key: "params", expected: .object(["code": .string("SECRETSECRETSECRET")]),
                              actual: .object(["code": .string("OTHEROTHEROTHER1")])),
                KeyDifference(key: "url", expected: .string("https://x.example/cb?code=SECRETSECRETSECRET"),
                              actual: .string("https://x.example/cb?code=OTHEROTHEROTHER1")),
            ])),
            TranscriptDifference(line: 2, .keys(seq: .number(2), [])),
            TranscriptDifference(line: 3, .keys(seq: .number(3), [KeyDifference(key: "rule", expected: nil, actual: .string("signin"))])),
            TranscriptDifference(line: 4, .lines(expected: "not json", actual: "also not json")),
            TranscriptDifference(line: 5, .notExpected(#"{"seq":5}"#)),
        ])
        let comparison = expectation.comparison
        #expect(comparison.differenceCount == 5 && comparison.path == saved.path)
        // The report shows no secret, masked or not, and one line per difference (two for two whole lines).
        let report = comparison.textLines(TranscriptText(redactor: Redactor(), explain: false)).joined(separator: "\n")
        #expect(!report.contains("SECRETSECRETSECRET") && !report.contains("OTHEROTHEROTHER1"))
        #expect(comparison.textLines(TranscriptText(redactor: Redactor(), explain: false)).count == 1 + 6)
        let revealed = comparison.textLines(TranscriptText(redactor: Redactor(isEnabled: false), explain: false)).joined(separator: "\n")
        #expect(revealed.contains("SECRETSECRETSECRET") && revealed.contains("OTHEROTHEROTHER1"))
    }

    @Test("--expect: lines the run did not produce; past the first 20, only counted")
    func expectationMissing() throws {
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("expect-\(UUID().uuidString).jsonl")
        try (1...25).map { #"{"seq":\#($0)}"# }.joined(separator: "\n").write(to: saved, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: saved) }
        let expectation = try TranscriptExpectation(path: saved.path)
        expectation.finish()
        #expect(expectation.differenceCount == 25)
        #expect(expectation.differences == (1...TranscriptExpectation.shown).map { TranscriptDifference(line: $0, .notProduced(#"{"seq":\#($0)}"#)) })
        #expect(throws: TranscriptExpectation.Unreadable.cannotRead(path: "/nonexistent.jsonl", .notFound)) { try TranscriptExpectation(path: "/nonexistent.jsonl") }
    }
}
