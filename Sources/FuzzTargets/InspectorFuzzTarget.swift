// InspectorFuzzTarget.swift: any bytes as a page, inspected with the Capture rules (every check, the
// cross-checks included) and rendered in one of the report formats (text, JSON lines, SARIF), chosen by the
// input's length: every format is fuzzed, an input that crashes one reproduces in it, and an input costs one
// inspection and one rendering, not three renderings. Oracle: no crash.
import CommandOutput
import FlowInspector
import Foundation
import NavigationPolicy
import SecretMasking

public struct InspectorFuzzTarget: Sendable {
    let inspector: Inspector
    let reports = FindingFormat.allCases.map { FindingReport(format: $0, redactor: Redactor(), toolVersion: "fuzz") }

    public init() throws(FuzzFailure) {
        let rules = #"""
            {"version":1,"allow":["https://yourdomain.com"],
             "sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/password_reset.php","require":["code"]}],
             "schemes":[{"name":"janrain-bridge","scheme":"janrain","protocol":"janrain"},{"name":"done","scheme":"myapp","route":"password-changed"}]}
            """#
        do { inspector = Inspector(engine: PolicyEngine(rules: try RulesLoader.parse(Data(rules.utf8)))) } catch {
            throw FuzzFailure("the embedded rules do not load: \(error)")
        }
    }

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        var result = InspectionResult()
        switch inspector.inspect(bytes: Array(input), name: "fuzz.html", directory: nil) {
        case .success(let findings): result.findings = findings; result.pages = 1
        case .failure(let error): result.errors = [error]
        }
        _ = reports[input.count % reports.count].lines(result)
    }
}
