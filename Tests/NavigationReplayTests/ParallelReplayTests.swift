// ParallelReplayTests.swift: ParallelReplay (parsing and decisions on other threads, replay in order)
// gives what the one-at-a-time replay gives, output for output and in the summary: on every navlog
// fixture with batches and chunks small enough to split it anywhere, and on a generated log of many batches.
import SecretMasking
import CommandOutput
import JSONText
import Foundation
import NavigationPolicy
@testable import NavigationReplay
import Testing

@Suite("Parallel replay")
struct ParallelReplayTests {
    /// Every output as transcript JSON lines, and the summary's.
    static func transcript(_ input: () throws -> ByteInput, rules: String, parallel: ParallelReplay?) throws -> [String] {
        let replayer = Replayer(engine: try Repository.engine(rules))
        let renderer = TranscriptRenderer(format: .json, redactor: Redactor())
        var lines: [String] = []
        let take: (Replayer.Output) -> Void = { output in for event in output.events { lines += renderer.lines(event) } }
        if let parallel { parallel.run(try input(), replayer, take) } else { NavlogReader().read(try input()) { take(replayer.replay($0)) } }
        for finding in replayer.finish() { lines += renderer.lines(finding) }
        lines += renderer.lines(LogSummary(replayer.summary, log: "log", format: .navlog))
        return lines
    }

    static let fixtureNames = ["bad-lines", "capture-broken-flows", "capture-password-changed", "capture-reset-link", "capture-signin",
                           "deeplink-reset", "realm-reset"]

    @Test("the same transcript as one at a time, on every navlog fixture, split every way", arguments: fixtureNames, [(1, 1), (3, 2), (2, 1), (5, 3)])
    func fixtures(name: String, sizes: (batch: Int, chunk: Int)) throws {
        let path = Repository.path("Fixtures/logs/\(name).navlog")
        let rules = name.hasPrefix("deeplink") ? "deeplink" : name.hasPrefix("realm") ? "realm" : "capture"
        var parallel = ParallelReplay(workers: 2)
        parallel.batchLines = sizes.batch
        parallel.chunkLines = sizes.chunk
        let serial = try Self.transcript({ try ByteInput(path: path) }, rules: rules, parallel: nil)
        let split = try Self.transcript({ try ByteInput(path: path) }, rules: rules, parallel: parallel)
        #expect(serial.count > 1)
        #expect(split == serial)
    }

    @Test("the same transcript on a generated log of many batches, the last line cut short")
    func generated() throws {
        let urls = try String(contentsOfFile: Repository.path("Fixtures/corpus/oauth_urls.txt"), encoding: .utf8).split(separator: "\n").prefix(3000)
        var text = #"{"format":"bridge-navlog","version":1,"platform":"ios-wkwebview"}"# + "\n"
        for (index, url) in urls.enumerated() {
            text += #"{"seq":\#(index),"url":\#(JSONValue.string(String(url)).jsonText),"navigationType":"other","source":"redirect"}"# + "\n"
            if index % 700 == 0 { text += "not json\n\n" }
        }
        text += #"{"seq":99999,"url":"https://yourdomain.com/password_reset.php?co"#
        let bytes = Array(text.utf8)
        var parallel = ParallelReplay(workers: 2)
        parallel.batchLines = 500
        parallel.chunkLines = 64
        let serial = try Self.transcript({ ByteInput(name: "generated", bytes: bytes) }, rules: "capture", parallel: nil)
        let split = try Self.transcript({ ByteInput(name: "generated", bytes: bytes) }, rules: "capture", parallel: parallel)
        #expect(serial.count > 3000)
        #expect(split == serial)
        #expect(serial.last.flatMap(JSONValue.parse)?["type"] == .string("log-summary") && serial.last.flatMap(JSONValue.parse)?["unread"] == .number(6), "\(serial.last ?? "")")
    }
}
