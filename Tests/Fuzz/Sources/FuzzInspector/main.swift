// FuzzInspector: any bytes as a page, inspected with the Capture rules (every check, the cross-checks
// included) and rendered in one of the report formats (text, JSON lines, SARIF), chosen by the input's
// length: every format is fuzzed, an input that crashes one reproduces in it, and an input costs one
// inspection and one rendering, not three renderings. Oracle: no crash.
import FuzzDriver
import CommandOutput
import FlowInspector
import Foundation
import NavigationPolicy
import SecretMasking

let engine = PolicyEngine(rules: try! RulesLoader.parse(Data(#"""
    {"version":1,"allow":["https://yourdomain.com"],
     "sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/password_reset.php","require":["code"]}],
     "schemes":[{"name":"janrain-bridge","scheme":"janrain","protocol":"janrain"},{"name":"done","scheme":"myapp","route":"password-changed"}]}
    """#.utf8)))
let inspector = Inspector(engine: engine)
let reports = FindingFormat.allCases.map { FindingReport(format: $0, redactor: Redactor(), toolVersion: "fuzz") }

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzInspector(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
    var result = InspectionResult()
    switch inspector.inspect(bytes: Array(input), name: "fuzz.html", directory: nil) {
    case .success(let findings): result.findings = findings; result.pages = 1
    case .failure(let error): result.errors = [error]
    }
    _ = reports[input.count % reports.count].lines(result)
    return 0
}

runFuzzer(fuzzInspector)
