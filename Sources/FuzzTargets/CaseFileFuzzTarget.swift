// CaseFileFuzzTarget.swift: any bytes as a `bridge test` case file (JSON Lines), parsed and each case read
// run through the rules' audit with its expectation, and the report rendered in every format. Oracle: no
// crash; every non-blank line is a case or an error naming its line; an error's line is within the file.
import CommandOutput
import Foundation
import NavigationPolicy
import SecretMasking
import RulesAudit

public struct CaseFileFuzzTarget: Sendable {
    let rules: Rules
    let renderers = TranscriptFormat.allCases.map { TranscriptRenderer(format: $0, redactor: Redactor(), explain: true) }

    public init() throws(FuzzFailure) {
        let text = #"""
            {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com", "https://*.janraincapture.com"],
             "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/password_reset.php", "responseMode": "any", "require": ["code"]},
                           {"name": "posted", "redirectURI": "https://yourdomain.com/oidc/callback", "responseMode": "form_post"}],
             "schemes": [{"name": "janrain-bridge", "scheme": "janrain", "protocol": "janrain"},
                         {"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["token"]}]}
            """#
        do { rules = try RulesLoader.parse(Data(text.utf8)) } catch { throw FuzzFailure("the embedded rules do not load: \(error)") }
    }

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        let bytes = Array(input)
        let (cases, errors) = CaseFile.parse(bytes, file: "fuzz.cases.jsonl")
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        for error in errors where error.line < 0 || error.line > lines {
            throw FuzzFailure("an error names line \(error.line) of a file with \(lines) lines")
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
    }
}
