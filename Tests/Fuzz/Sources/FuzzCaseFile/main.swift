// FuzzCaseFile: any bytes as a `bridge test` case file (JSON Lines), parsed and each case read run through
// the rules' audit with its expectation, and the report rendered in every format. Oracle: no crash; every
// non-blank line is a case or an error naming its line; an error's line is within the file.
import CommandOutput
import Foundation
import FuzzDriver
import NavigationPolicy
import SecretMasking
import RulesAudit

let rulesText = #"""
{"version": 1, "default": "cancel", "allow": ["https://yourdomain.com", "https://*.janraincapture.com"],
 "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/password_reset.php", "responseMode": "any", "require": ["code"]},
               {"name": "posted", "redirectURI": "https://yourdomain.com/oidc/callback", "responseMode": "form_post"}],
 "schemes": [{"name": "janrain-bridge", "scheme": "janrain", "protocol": "janrain"},
             {"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["token"]}]}
"""#
let renderers = TranscriptFormat.allCases.map { TranscriptRenderer(format: $0, redactor: Redactor(), explain: true) }
let rules: Rules = {
    do { return try RulesLoader.parse(Data(rulesText.utf8)) } catch { fatalError("the embedded rules do not load: \(error)") }
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzCaseFile(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(fuzzInput(data, count))
    let (cases, errors) = CaseFile.parse(bytes, file: "fuzz.cases.jsonl")
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    for error in errors where error.line < 0 || error.line > lines {
        fatalError("an error names line \(error.line) of a file with \(lines) lines")
    }
    for platform in Platform.allCases {
        var audit = RulesAudit(rules: rules, cases: cases, attack: false)
        audit.platform = platform
        var result = audit.run()
        result.inputErrors = errors
        for renderer in renderers {
            for outcome in result.outcomes { _ = renderer.lines(outcome) }
            for error in errors { _ = renderer.lines(error) }
            _ = renderer.lines(result.summary)
        }
        let documents = AuditDocuments(redactor: Redactor())
        _ = documents.junit(result, timestamp: "2026-11-26T00:00:00Z", hostname: "fuzz", seconds: 1)
        _ = documents.sarif(result, toolVersion: "fuzz")
    }
    return 0
}

runFuzzer(fuzzCaseFile)
