// HostEventsTests.swift: every event bridge host prints beside the navigations has one JSON line and a
// text line, with its secrets masked and control characters escaped in both; colour wraps only escaped
// text. The JSON is decoded, not searched.
import SecretMasking
import CommandOutput
import JSONText
import Foundation
import NavigationPolicy
import SensitiveText
import Testing
import WebViewHost

@Suite("host events")
struct HostEventsTests {
    static let json = TranscriptRenderer(format: .json, redactor: Redactor())
    static let text = TranscriptRenderer(format: .text, redactor: Redactor(), style: TerminalStyle(enabled: true))
    static let secret = "SECRETSECRETSECRET"

    static let events: [any OutputEvent] = [
        NetworkExchange(method: "GET", url: "https://x.example/cb?code=\(secret)\u{1B}[2J", status: 404, detail: nil, refused: false),
        NetworkExchange(method: "GET", url: "https://x.example/a", status: 302, detail: .redirect(location: "https://x.example/cb?code=\(secret)\u{1B}[2J"), refused: false),
        NetworkExchange(method: "GET", url: "https://x.example/a", status: 302, detail: .provider(location: "https://x.example/cb?code=\(secret)"), refused: false),
        NetworkExchange(method: "GET", url: "https://x.example/b", status: 502, detail: .providerUnanswered(why: "token=\(secret) \u{1B}]0;owned\u{7}"), refused: false),
        ScriptError.page(source: "https://x.example/a.js?code=\(secret)", line: 1, column: 2, isMainFrame: true, context: "janrain widget: token=\(secret)", message: "Error: token=\(secret) \u{1B}]0;owned\u{7}"),
        DialogEvent(kind: .alert, message: "your code=\(secret)\u{1B}[1A"),
        ConsoleMessage(level: .warn, message: "access_token=\(secret) \u{1B}]0;owned\u{7}", charactersLeftOut: 12, isMainFrame: true),
        EvalResult(#"{"accessToken":"\#(secret)","note":"\u001b[2J"}"#),
        HostReport(until: "sentinel", reached: false, stopReason: .failed(HostError(.pageNotLoaded(url: "https://x.example/cb?code=\(secret)", why: "\u{1B}[2J"))),
                   finalURL: "https://x.example/?state=\(secret)", firstInterception: 0.5,
                   failures: [HostError(.pageNotLoaded(url: "https://x.example/cb?code=\(secret)", why: "\u{1B}[2J")), HostError(.evalThrew(.threw("Error: token=\(secret)")))]),
        ScreenshotTaken(path: "/tmp/shot \u{1B}[2J.png", seq: 3, after: "end"),
    ]

    /// The line types, in the order of `events`.
    static let kinds: [OutputLineType] = [.network, .network, .network, .network, .scriptError, .dialog, .console, .eval, .hostResult, .screenshot]

    @Test("each event has one JSON line and text, masked and escaped", arguments: zip(events.indices, kinds))
    func maskedAndEscaped(index: Int, kind: OutputLineType) throws {
        let event = Self.events[index]
        let line = try #require(Self.json.lines(event).first)
        guard case .object(let object)? = JSONValue.parse(line) else { Issue.record("not a JSON object: \(line)"); return }
        #expect(object["type"] == .string(kind.rawValue))
        #expect(!Self.strings(.object(object)).contains { $0.contains(Self.secret) })
        let lines = Self.text.lines(event)
        #expect(lines.count == 1)
        for output in [line] + lines {
            // Colour codes are the only ESC allowed, and only in text: ESC "[" digits "m".
            let stripped = output.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
            #expect(!stripped.contains("\u{1B}") && !stripped.contains("\u{7}"), "\(output.debugDescription)")
            #expect(!output.contains(Self.secret))
        }
    }

    @Test("--reveal shows secrets and still escapes control characters")
    func reveal() throws {
        let renderer = TranscriptRenderer(format: .text, redactor: Redactor(isEnabled: false))
        let line = try #require(renderer.lines(ScriptError.wvjbPageHalf(.threw("token=\(Self.secret) \u{1B}[2J"))).first)
        #expect(line.contains(Self.secret) && line.contains("\\u{1B}[2J") && !line.contains("\u{1B}"))
    }

    @Test("the dialog line: its type as dialogType, the page's answer as a JSON value", arguments: [
        (HostDialogKind.alert, JSONValue.null), (.confirm, .bool(false)), (.prompt, .null), (.beforeunload, .bool(true)),
    ])
    func dialogValues(kind: HostDialogKind, answer: JSONValue) throws {
        let line = try #require(Self.json.running("webkit").lines(DialogEvent(kind: kind, message: "sure?")).first)
        guard case .object(let dialog)? = JSONValue.parse(line) else { Issue.record("not an object: \(line)"); return }
        #expect(dialog == ["type": .string("dialog"), "engine": .string("webkit"), "dialogType": .string(kind.rawValue),
                           "message": .string("sure?"), "answer": answer])
    }

    @Test("the network line's values")
    func networkValues() throws {
        let line = try #require(Self.json.running("chromium").lines(NetworkExchange(method: "GET", url: "https://x.example/a.js", status: nil, detail: .file(path: "a.js"), refused: true)).first)
        guard case .object(let network)? = JSONValue.parse(line) else { Issue.record("not an object: \(line)"); return }
        #expect(network == ["type": .string("network"), "engine": .string("chromium"), "method": .string("GET"), "url": .string("https://x.example/a.js"), "status": .null, "refused": .bool(true),
                            "detail": .string("a.js")])
    }

    @Test("a failure's engine lines: each a line of its own under the stop (text), an array of strings (JSON), and in the report once, folded")
    func engineLines() throws {
        let said = ["[1:2:1207/220216.1:ERROR:gpu/gpu_init.cc:9] GPU process exited", "Fontconfig error: \u{1B}[2J no fonts"]
        let owed = UnansweredCommand(method: "Page.captureScreenshot", seconds: 59.1, engineSaid: said)
        let failure = HostError(.timedOut(seconds: 60, waitingFor: .idle, pageLoaded: true, unanswered: owed))
        let report = HostReport(until: "idle", reached: false, stopReason: .failed(failure), finalURL: nil, firstInterception: nil, failures: [failure])
        let lines = TranscriptRenderer(format: .text, redactor: Redactor()).lines(report)
        #expect(lines.count == 3 && lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") && !$0.contains("\\u{A}") }, "\(lines)")
        #expect(lines.dropFirst().map { $0.hasSuffix("GPU process exited") || $0.hasSuffix("no fonts") } == [true, true], "\(lines)")
        let line = try #require(Self.json.lines(report).first)
        guard case .object(let object)? = JSONValue.parse(line), case .array(let failures)? = object["failures"],
              case .object(let first)? = failures.first else { Issue.record("no failures: \(line)"); return }
        #expect(first["engineSaid"] == .array(said.map { .string($0) }), "JSON carries the text, its control characters escaped by JSON")
        #expect(!line.contains("\u{1B}"))
        let html = HTMLReport(title: "t", json: TranscriptJSON(redactor: Redactor(), explain: false))
        html.add(report)
        let page = html.html()
        #expect(page.components(separatedBy: "the engine said (2 lines)").count == 2)
        #expect(page.components(separatedBy: "had not answered").count == 2, "the failure said once, not again as the stop")
    }

    /// Every string in a JSON value.
    static func strings(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let s): return [s]
        case .array(let items): return items.flatMap(strings)
        case .object(let o): return o.values.flatMap(strings)
        default: return []
        }
    }
}
