// SARIFReport.swift: findings as SARIF 2.1.0 (OASIS), the format code-scanning dashboards read: one run,
// the tool's rules from the check catalogue (with their rationale as help), one result per finding, and
// inputs that could not be read as tool execution notifications. Columns count Unicode code points.
import Foundation

public enum SARIFReport {
    public static func json(_ result: InspectionResult, toolVersion: String) -> Data {
        let checks = CheckCatalogue.all + CheckCatalogue.inputChecks
        let indexByID = Dictionary(uniqueKeysWithValues: checks.enumerated().map { ($1.id, $0) })
        let rules: [[String: Any]] = checks.map { check in
            [
                "id": check.id,
                "name": check.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                "shortDescription": ["text": check.summary],
                "fullDescription": ["text": check.rationale],
                "help": ["text": check.rationale],
                "defaultConfiguration": ["level": level(check.severity)],
            ]
        }
        let results: [[String: Any]] = result.findings.map { finding in
            var entry: [String: Any] = [
                "ruleId": finding.check,
                "level": level(finding.severity),
                "message": ["text": finding.message],
                "locations": [[
                    "physicalLocation": [
                        "artifactLocation": ["uri": uri(finding.file)],
                        "region": ["startLine": finding.position.line, "startColumn": finding.position.column],
                    ],
                ]],
            ]
            if let index = indexByID[finding.check] { entry["ruleIndex"] = index }
            return entry
        }
        let notifications: [[String: Any]] = result.errors.map { error in
            ["level": "error", "message": ["text": error.description],
             "locations": [["physicalLocation": ["artifactLocation": ["uri": uri(error.input)]]]]]
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "bridge", "version": toolVersion, "semanticVersion": toolVersion,
                                    "informationUri": "https://github.com/bridge-dev/bridge", "rules": rules]],
                "columnKind": "unicodeCodePoints",
                "invocations": [["executionSuccessful": result.errors.isEmpty, "toolExecutionNotifications": notifications]],
                "results": results,
            ]],
        ]
        return (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// A file path or URL as a URI reference (spaces and other unsafe bytes percent-encoded).
    static func uri(_ file: String) -> String {
        if file.hasPrefix("http://") || file.hasPrefix("https://") { return file }
        return file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file
    }
}
