// FuzzLogReaders: any bytes as a navlog, a HAR export, a CDP log and a Chromium NetLog, each replayed through the Capture
// rules and rendered as a JSON transcript. Oracle: no crash, and every record read is replayed or rejected.
import CommandOutput
import FuzzDriver
import Foundation
import NavigationPolicy
import SecretMasking
import NavigationReplay

let engine = PolicyEngine(rules: try! RulesLoader.parse(Data(#"""
    {"version":1,"default":"cancel","allow":["https://yourdomain.com","https://*.janraincapture.com"],
     "sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/password_reset.php","require":["code","access_token"]},
                  {"name":"reset-link","redirectURI":"https://yourdomain.com/password_reset.php","responseMode":"query","require":["code"],"forbid":["access_token"],"action":"allow"}],
     "schemes":[{"name":"janrain-bridge","scheme":"janrain","protocol":"janrain"},{"name":"wvjb","scheme":"wvjbscheme","protocol":"wvjb"},
                {"name":"done","scheme":"myapp","route":"password-changed"}],
     "handlers":{"onCaptureLoginSuccess":["signInCompleted"]}}
    """#.utf8)))
let renderer = TranscriptRenderer(format: .json, redactor: Redactor())

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLogReaders(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
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
            fatalError("\(format): read \(summary.recordsRead) ≠ replayed \(summary.replayed) + rejected \(summary.rejected)")
        }
    }
    return 0
}

runFuzzer(fuzzLogReaders)
