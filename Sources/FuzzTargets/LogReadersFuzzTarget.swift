// LogReadersFuzzTarget.swift: any bytes as a navlog, a HAR export, a CDP log and a Chromium NetLog, each
// replayed through the Capture rules and rendered as a JSON transcript, and made into rules (`bridge
// rules`). Oracle: no crash, every record read is replayed or rejected, and the rules inferred from any log
// load and decide their own cases as the log did.
import CommandOutput
import Foundation
import NavigationPolicy
import SecretMasking
import NavigationReplay
import RecordingRules

public struct LogReadersFuzzTarget: Sendable {
    let engine: PolicyEngine
    let renderer = TranscriptRenderer(format: .json, redactor: Redactor())
    let placeholders = Redactor(replacement: .placeholder)

    public init() throws(FuzzFailure) {
        let rules = #"""
            {"version":1,"default":"cancel","allow":["https://yourdomain.com","https://*.janraincapture.com"],
             "sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/password_reset.php","require":["code","access_token"]},
                          {"name":"reset-link","redirectURI":"https://yourdomain.com/password_reset.php","responseMode":"query","require":["code"],"forbid":["access_token"],"action":"allow"}],
             "schemes":[{"name":"janrain-bridge","scheme":"janrain","protocol":"janrain"},{"name":"wvjb","scheme":"wvjbscheme","protocol":"wvjb"},
                        {"name":"done","scheme":"myapp","route":"password-changed"}],
             "handlers":{"onCaptureLoginSuccess":["signInCompleted"]}}
            """#
        do { engine = PolicyEngine(rules: try RulesLoader.parse(Data(rules.utf8))) } catch { throw FuzzFailure("the embedded rules do not load: \(error)") }
    }

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        let bytes = Array(input)
        for format in LogFormat.allCases {
            let replayer = Replayer(engine: engine, explain: true)
            let replay: (LogItem) -> Void = { item in
                for event in replayer.replay(item).events { _ = renderer.lines(event) }
            }
            switch format {
            case .navlog: NavlogReader().read(ByteInput(name: "fuzz", bytes: bytes), replay)
            case .har: HARReader().read(bytes, replay)
            case .cdp: CDPReader().read(bytes, replay)
            case .netlog: NetLogReader().read(bytes, replay)
            }
            for finding in replayer.finish() { _ = renderer.lines(finding) }
            let summary = replayer.summary
            if summary.recordsRead != summary.replayed + summary.rejected {
                throw FuzzFailure("\(format): read \(summary.recordsRead) ≠ replayed \(summary.replayed) + rejected \(summary.rejected)")
            }
            var inferred = RulesInference.infer([Recording.read(ByteInput(name: "fuzz", bytes: bytes), name: "fuzz", format: format)],
                                                placeholders: placeholders.rawURL)
            let text = RecordedRulesDocument.rules(inferred, recordings: ["fuzz"])
            let rules: Rules
            do { rules = try RulesLoader.parse(Data(text.utf8)) } catch { throw FuzzFailure("\(format): the inferred rules do not load: \(error)\n\(text)") }
            _ = inferred.testCases(engine: PolicyEngine(rules: rules), name: RecordedRulesDocument.reference)
        }
    }
}
