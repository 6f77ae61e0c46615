// FindingReport.swift: the renderers of `bridge inspect`: text (file:line:col: severity: message [check],
// compiler style, and a summary), JSON lines (one object per finding, then one per input not read), and
// SARIF 2.1.0 (OASIS), the format code-scanning dashboards read: one run, the tool's rules from the check
// catalogue with their rationale as help, one result per finding, and inputs that could not be read as
// tool execution notifications; columns count Unicode code points. The SARIF is CommandOutput's one
// builder; every file name (a fetched page's URL included), error and finding goes through the Redactor: a
// finding's words (FindingText.swift) quote the page's values with their readings.
import FindingSeverity
import FlowInspector
import JSONText
import NavigationPolicy
import SecretMasking

package enum FindingFormat: String, Sendable, CaseIterable {
    case text, json, sarif
}

package struct FindingReport: Sendable {
    package let format: FindingFormat
    package let redactor: Redactor
    package let toolVersion: String
    /// Colour for the text format's severities.
    package let style: TerminalStyle

    package init(format: FindingFormat, redactor: Redactor, toolVersion: String, style: TerminalStyle = .plain) {
        self.style = style
        self.format = format
        self.redactor = redactor
        self.toolVersion = toolVersion
    }

    /// What standard output gets.
    package func lines(_ result: InspectionResult) -> [String] {
        switch format {
        case .sarif: return [sarif(result).indentedText]
        case .json: return outputLines(result).map { $0.line(engine: nil).line }
        case .text:
            let count = { (severity: Severity) in result.findings.filter { $0.severity == severity }.count }
            func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
            var summary = "\(plural(result.pages, "page")) inspected: \(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note"))"
            if !result.errors.isEmpty { summary += "; \(result.errors.count) input\(result.errors.count == 1 ? "" : "s") not read" }
            return result.findings.map { finding in
                let severity: String
                switch finding.severity {
                case .error: severity = style.red(finding.severity.rawValue)
                case .warning: severity = style.yellow(finding.severity.rawValue)
                default: severity = style.cyan(finding.severity.rawValue)
                }
                return Terminal.safe("\(file(finding.file)):\(finding.position.line):\(finding.position.column): ") + severity
                    + Terminal.safe(": \(redactor.text(finding.detail.words)) [\(finding.check)]")
            } + [summary]
        }
    }

    /// The schema's finding, input-error and inspect-summary lines (OutputLine): `--format json`, and what
    /// `--report` is made from.
    package func outputLines(_ result: InspectionResult) -> [OutputLine] {
        result.findings.map { finding in
            var o = JSONFields()
            // No line names a page's finding (or an inferred rule's): its id is null.
            o.add("id", .null)
            OutputLocation(file: finding.file, line: finding.position.line, column: finding.position.column).add(to: &o, path: true, masking: redactor)
            o.add("seq", .null)
            o.add("code", finding.check)
            o.add("severity", finding.severity.rawValue)
            o.add("message", redactor.text(finding.detail.words))
            return OutputLine(.finding, o)
        } + result.errors.map { error in
            var o = JSONFields()
            OutputLocation(file: error.input).add(to: &o, path: false, masking: redactor)
            o.add("key", .null)
            o.add("code", error.reason.code)
            o.add("message", redactor.text(error.words))
            return OutputLine(.inputError, o)
        } + [OutputLine(.inspectSummary, JSONFields([
            ("pages", .int(result.pages)),
            ("findingCounts", .object(JSONFields(Severity.allCases.map { severity in
                (severity.rawValue, .int(result.findings.filter { $0.severity == severity }.count))
            }))),
            ("unread", .int(result.errors.count))]))]
    }

    /// `--list-checks`: every check with its severity and rationale.
    /// `--list-checks`: every check, as a listing event each (its text, or its `check` line).
    package static var catalogue: [CheckListing] { (CheckCatalogue.all + CheckCatalogue.inputChecks).map(CheckListing.init) }

    /// What standard error gets: the inputs that could not be read.
    package func errorLines(_ result: InspectionResult) -> [String] {
        result.errors.map { Terminal.safe("bridge inspect: \(file($0.input)): \(redactor.text($0.words))") }
    }

    /// A file path as it is; a URL with its secrets masked.
    func file(_ name: String) -> String { redactor.fileName(name) }

    // MARK: SARIF

    /// Every check as a SARIF rule (the catalogue's, made and written once).
    static let sarifRules = SARIFRules((CheckCatalogue.all + CheckCatalogue.inputChecks).map { check in
        DiagnosticRule(id: check.id, name: check.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                       summary: check.summary, rationale: check.rationale, severity: check.severity)
    })

    func sarif(_ result: InspectionResult) -> JSONOutput {
        let results = result.findings.map { finding in
            var diagnostic = finding.diagnostic(redactor)
            diagnostic.location.file = file(finding.file)
            return diagnostic
        }
        let notifications = result.errors.map { error in
            Diagnostic(id: "input-unreadable", severity: .error, location: DiagnosticLocation(file: file(error.input)),
                       message: "\(file(error.input)): \(redactor.text(error.words))")
        }
        return SARIFLog(toolName: "bridge", toolVersion: toolVersion, rules: Self.sarifRules, columnKind: "unicodeCodePoints")
            .document(results: results, notifications: notifications)
    }
}

/// One check as `bridge inspect --list-checks` lists it: its id (what a finding's code is), severity, whether
/// it needs `--rules`, what it finds and why it matters.
package struct CheckListing: OutputEvent {
    package var check: InspectorCheck
    package init(_ check: InspectorCheck) { self.check = check }

    package func textLines(_ text: TranscriptText) -> [String] {
        ["\(check.id) (\(check.severity.rawValue)\(check.needsRules ? ", with --rules" : "")): \(check.summary)", "    \(check.rationale)"]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.check, JSONFields([("id", .string(check.id)), ("severity", .string(check.severity.rawValue)), ("needsRules", .bool(check.needsRules)),
                                       ("summary", .string(check.summary)), ("rationale", .string(check.rationale))]))
    }
}
