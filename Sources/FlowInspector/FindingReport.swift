// FindingReport.swift: the renderers of `bridge inspect`: text (file:line:col: severity: message [check],
// compiler style, and a summary), JSON lines (one object per finding, then one per input not read), and
// SARIF 2.1.0 (OASIS), the format code-scanning dashboards read: one run, the tool's rules from the check
// catalogue with their rationale as help, one result per finding, and inputs that could not be read as
// tool execution notifications; columns count Unicode code points. All JSON goes through the one JSON
// writer; every file name (a fetched page's URL included), message and error through the Redactor.
import BrowserURL
import NavigationPolicy

public enum FindingFormat: String, Sendable, CaseIterable {
    case text, json, sarif
}

public struct FindingReport: Sendable {
    public let format: FindingFormat
    public let redactor: Redactor
    public let toolVersion: String

    public init(format: FindingFormat, redactor: Redactor, toolVersion: String) {
        self.format = format
        self.redactor = redactor
        self.toolVersion = toolVersion
    }

    /// What standard output gets.
    public func lines(_ result: InspectionResult) -> [String] {
        switch format {
        case .sarif: return [sarif(result).indentedText]
        case .json:
            return result.findings.map { finding in
                JSONFields([("file", .string(file(finding.file))), ("line", .int(finding.position.line)),
                            ("column", .int(finding.position.column)), ("severity", .string(finding.severity.rawValue)),
                            ("check", .string(finding.check)), ("message", .string(redactor.message(finding.message)))]).line
            } + result.errors.map { error in
                JSONFields([("file", .string(file(error.input))), ("error", .string(redactor.message(error.message)))]).line
            }
        case .text:
            let count = { (severity: Severity) in result.findings.filter { $0.severity == severity }.count }
            func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
            var summary = "\(plural(result.pages, "page")) inspected: \(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note"))"
            if !result.errors.isEmpty { summary += "; \(result.errors.count) input\(result.errors.count == 1 ? "" : "s") not read" }
            return result.findings.map { finding in
                Redactor.terminalSafe("\(file(finding.file)):\(finding.position.line):\(finding.position.column): \(finding.severity.rawValue): \(redactor.message(finding.message)) [\(finding.check)]")
            } + [summary]
        }
    }

    /// `--list-checks`: every check with its severity and rationale.
    public static func catalogueLines() -> [String] {
        (CheckCatalogue.all + CheckCatalogue.inputChecks).flatMap { check in
            ["\(check.id) (\(check.severity.rawValue)\(check.needsRules ? ", with --rules" : "")): \(check.summary)", "    \(check.rationale)"]
        }
    }

    /// What standard error gets: the inputs that could not be read.
    public func errorLines(_ result: InspectionResult) -> [String] {
        result.errors.map { Redactor.terminalSafe("bridge inspect: \(file($0.input)): \(redactor.message($0.message))") }
    }

    /// A file path as it is; a URL with its secrets masked.
    func file(_ name: String) -> String {
        let lowered = name.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? redactor.rawURL(name) : name
    }

    // MARK: SARIF

    func sarif(_ result: InspectionResult) -> JSONOutput {
        let checks = CheckCatalogue.all + CheckCatalogue.inputChecks
        var indexByID: [String: Int] = [:]
        for (index, check) in checks.enumerated() { indexByID[check.id] = index }
        let rules: [JSONOutput] = checks.map { check in
            .object(JSONFields([
                ("id", .string(check.id)),
                ("name", .string(check.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
                ("shortDescription", text(check.summary)),
                ("fullDescription", text(check.rationale)),
                ("help", text(check.rationale)),
                ("defaultConfiguration", .object(.single("level", .string(check.severity.rawValue)))),
            ]))
        }
        let results: [JSONOutput] = result.findings.map { finding in
            var entry = JSONFields([
                ("ruleId", .string(finding.check)),
                ("level", .string(finding.severity.rawValue)),
                ("message", text(redactor.message(finding.message))),
                ("locations", location(finding.file, region: JSONFields([("startLine", .int(finding.position.line)),
                                                                        ("startColumn", .int(finding.position.column))]))),
            ])
            if let index = indexByID[finding.check] { entry.add("ruleIndex", index) }
            return .object(entry)
        }
        let notifications: [JSONOutput] = result.errors.map { error in
            .object(JSONFields([
                ("level", .string("error")),
                ("message", text("\(file(error.input)): \(redactor.message(error.message))")),
                ("locations", location(error.input, region: nil)),
            ]))
        }
        let driver = JSONFields([
            ("name", .string("bridge")), ("version", .string(toolVersion)), ("semanticVersion", .string(toolVersion)),
            ("informationUri", .string("https://github.com/bridge-dev/bridge")), ("rules", .array(rules)),
        ])
        let run = JSONFields([
            ("tool", .object(.single("driver", .object(driver)))),
            ("columnKind", .string("unicodeCodePoints")),
            ("invocations", .array([.object(JSONFields([("executionSuccessful", .bool(result.errors.isEmpty)),
                                                        ("toolExecutionNotifications", .array(notifications))]))])),
            ("results", .array(results)),
        ])
        return .object(JSONFields([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]))
    }

    /// `[{"physicalLocation": {"artifactLocation": {"uri": …}, "region": …}}]`.
    private func location(_ name: String, region: JSONFields?) -> JSONOutput {
        var physical = JSONFields.single("artifactLocation", .object(.single("uri", .string(Self.uri(file(name))))))
        if let region { physical.add("region", .object(region)) }
        return .array([.object(.single("physicalLocation", .object(physical)))])
    }

    private func text(_ value: String) -> JSONOutput { .object(.single("text", .string(value))) }

    /// A file path or URL as a URI reference: bytes outside RFC 3986's path characters percent-encoded.
    static func uri(_ file: String) -> String {
        if file.hasPrefix("http://") || file.hasPrefix("https://") { return file }
        return PercentEncoding.encodeRFC3986Path(file)
    }
}
