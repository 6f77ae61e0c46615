// LogReplayTests.swift: LogReplay, the library's one way to replay a log of any format, gives what each
// format's reader gives item by item through the same replayer, and ends with what the log's end reveals.
import Foundation
import NavigationPolicy
@testable import NavigationReplay
import Testing

@Suite("Log replay")
struct LogReplayTests {
    /// The replayer's outputs for a log, and its summary, by LogReplay or by the format's reader by hand.
    static func outputs(_ path: String, rules: String, byHand: Bool) throws -> (outputs: [String], summary: ReplaySummary) {
        let input = try ByteInput(path: path)
        let format = LogFormat.sniff(input)
        let replayer = Replayer(engine: try Repository.engine(rules))
        var outputs: [String] = []
        if byHand {
            func take(_ item: consuming LogItem) { outputs.append("\(replayer.replay(item))") }
            switch format {
            case .navlog: NavlogReader().read(input, take)
            case .har: HARReader().read(try input.readAll(limit: LogReplay.wholeLogLimit), take)
            case .cdp: CDPReader().read(try input.readAll(limit: LogReplay.wholeLogLimit), take)
            case .netlog: NetLogReader().read(try input.readAll(limit: LogReplay.wholeLogLimit), take)
            }
            let findings = replayer.finish()
            if !findings.isEmpty { outputs.append("\(Replayer.Output.findings(findings))") }
        } else {
            LogReplay.run(input, format: format, replayer: replayer) { outputs.append("\($0)") }
        }
        return (outputs, replayer.summary)
    }

    @Test("every fixture log, whatever its format, replays as its reader replays it", arguments: [
        "capture-signin.navlog", "capture-broken-flows.navlog", "form-post.netlog.json", "redirect-to-app.har", "redirect-to-app.cdp.json",
    ])
    func sameAsByHand(name: String) throws {
        let path = Repository.path("Fixtures/logs/\(name)")
        let library = try Self.outputs(path, rules: "capture", byHand: false)
        let byHand = try Self.outputs(path, rules: "capture", byHand: true)
        #expect(library.outputs.count > 1)
        #expect(library.outputs == byHand.outputs)
        #expect(library.summary.recordsRead == byHand.summary.recordsRead && library.summary.replayed == byHand.summary.replayed)
    }

    @Test("standard input is named as it was given, \"-\"; the words for it are the output module's")
    func standardInputName() throws {
        let input = try ByteInput(path: "-")
        #expect(input.name == "-" && input.isStandardInput)
        #expect(!ByteInput(name: "x.navlog", bytes: []).isStandardInput)
    }
}
