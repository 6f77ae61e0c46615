// TranscriptAudit.swift: how `bridge test`'s results read, in each format, through the renderer's one
// Redactor (case URLs and parameter values carry secrets too). Text and JSON lines are per event, like
// every transcript event; JUnit XML (Apache Ant's format, what CI systems show as test results; it
// validates against Fixtures/conformance/junit/JUnit.xsd) and SARIF 2.1.0 are documents of the whole run.
import NavigationPolicy
import RulesAudit

// MARK: Text

extension TranscriptText {
    func audit(_ outcome: AuditOutcome) -> [String] {
        let url = safe(redactor.rawURL(outcome.url))
        switch outcome.subject {
        case .testCase(let testCase):
            let place = safe(testCase.source?.description ?? "case")
            let name = safe(redactor.message(testCase.displayName))
            if outcome.passed { return [style.green("pass") + "  \(place)  \(name)"] }
            return [style.red("FAIL") + "  \(place)  \(name)", "        url: \(url)"]
                + outcome.failures.flatMap(\.differences).map { "        " + difference($0) }
                + explanation(outcome)
        case .attack(let target, let generator, _):
            guard generator != nil else {
                let head = style.bold("attack on \(safe(target.title))") + "  \(url)"
                return [head] + outcome.failures.map { "  " + failureLine($0, generator: "own URL") }
            }
            if outcome.passed { return explain ? ["  " + style.green("pass") + "  \(safe(outcome.name))  \(url)"] + explanation(outcome) : [] }
            return outcome.failures.map { "  " + failureLine($0, generator: outcome.name) } + explanation(outcome)
        }
    }

    private func failureLine(_ failure: AuditFailure, generator: String) -> String {
        style.red("FAIL") + "  \(safe(generator)) [\(failure.check)]  " + safe(redactor.message(failure.message))
    }

    private func explanation(_ outcome: AuditOutcome) -> [String] {
        explain ? outcome.decision.explanationLines(masking: redactor).map { "          " + safe(redactor.message($0)) } : []
    }

    func difference(_ difference: CaseDifference) -> String {
        let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
        return "\(safe(difference.key)): expected \(safe(expected)), got \(safe(actual))"
    }

    func auditSummary(_ s: AuditSummary) -> String {
        var parts: [String] = []
        if s.cases > 0 || s.variants == 0 { parts.append("\(s.cases) case\(s.cases == 1 ? "" : "s"), \(s.casesFailed) failed") }
        if s.targets > 0 { parts.append("attack: \(s.variants) variant\(s.variants == 1 ? "" : "s") of \(s.targets) target\(s.targets == 1 ? "" : "s"), \(s.variantsFailed) failed") }
        if s.badLines > 0 { parts.append("\(s.badLines) bad line\(s.badLines == 1 ? "" : "s") skipped") }
        let line = "test: " + parts.joined(separator: "; ")
        return s.casesFailed + s.variantsFailed + s.badLines == 0 ? style.green(line) : style.red(line)
    }
}

/// A difference's two sides as shown: parameter values masked when the parameter is a secret.
enum TranscriptAuditValues {
    static func sides(_ difference: CaseDifference, redactor: Redactor) -> (expected: String, actual: String) {
        guard let parameter = difference.parameter else { return (difference.expected, difference.actual) }
        let show = { (value: String) in redactor.value(value, forParameter: parameter.name) }
        return (CaseDifference.describe(parameter.expected.map { [$0] } ?? [], show: show), CaseDifference.describe(parameter.actual, show: show))
    }
}

// MARK: JSON lines

extension TranscriptJSON {
    func audit(_ outcome: AuditOutcome) -> JSONFields {
        var o = JSONFields()
        o.add("suite", redactor.message(outcome.suite))
        o.add("name", redactor.message(outcome.name))
        if let source = outcome.source {
            o.add("file", source.file)
            o.add("line", source.line)
        }
        if case .attack(let target, let generator, let expectation) = outcome.subject {
            o.add("target", target.keyPath)
            o.add("generator", .string(generator))
            o.add("expectation", .string(expectation?.rawValue))
        }
        o.add("url", redactor.rawURL(outcome.url))
        o.add("passed", outcome.passed)
        let d = outcome.decision
        o.add("decision", .object(JSONFields([("action", .string(d.action.rawValue)), ("kind", .string(d.kind.rawValue)),
                                              ("rule", .string(d.rule)), ("error", .string(d.error?.code))])))
        o.add("failures", .array(outcome.failures.map { failure in
            var f = JSONFields([("check", .string(failure.check)), ("message", .string(redactor.message(failure.message)))])
            if !failure.differences.isEmpty {
                f.add("differences", .array(failure.differences.map { difference in
                    let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
                    return .object(JSONFields([("key", .string(difference.key)), ("expected", .string(expected)), ("actual", .string(actual))]))
                }))
            }
            return .object(f)
        }))
        if explain { o.add("explanation", .array(d.explanationLines(masking: redactor).map { .string(redactor.message($0)) })) }
        return o
    }

    func caseFileError(_ error: CaseFileError) -> JSONFields {
        JSONFields([("file", .string(error.file)), ("line", .int(error.line)), ("key", .string(error.key)),
                    ("message", .string(redactor.message(error.message)))])
    }

    func auditSummary(_ s: AuditSummary) -> JSONFields {
        JSONFields([("cases", .int(s.cases)), ("casesFailed", .int(s.casesFailed)), ("targets", .int(s.targets)),
                    ("variants", .int(s.variants)), ("variantsFailed", .int(s.variantsFailed)), ("badLines", .int(s.badLines)),
                    ("passed", .bool(s.casesFailed + s.variantsFailed + s.badLines == 0))])
    }
}

// MARK: Documents: JUnit XML and SARIF

/// The whole-run reports of `bridge test`, made by the renderer (its Redactor) from the run's result.
public struct AuditDocuments: Sendable {
    public let redactor: Redactor

    public init(redactor: Redactor) { self.redactor = redactor }

    /// JUnit XML: one <testsuite> per case file and per attack target, one <testcase> per case or variant,
    /// bad case-file lines as <error> test cases of their file's suite. `timestamp` is ISO 8601 without a
    /// time zone (UTC), as the schema wants.
    public func junit(_ result: AuditResult, timestamp: String, hostname: String, seconds: Double) -> String {
        var suites: [(name: String, outcomes: [AuditOutcome], errors: [CaseFileError])] = []
        var index: [String: Int] = [:]
        func suite(_ name: String) -> Int {
            if let i = index[name] { return i }
            index[name] = suites.count
            suites.append((name, [], []))
            return suites.count - 1
        }
        for outcome in result.outcomes { suites[suite(outcome.suite)].outcomes.append(outcome) }
        for error in result.inputErrors { suites[suite(error.file)].errors.append(error) }
        let perCase = result.outcomes.isEmpty ? 0 : seconds / Double(result.outcomes.count)
        let time = Self.decimal(perCase)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (id, s) in suites.enumerated() {
            let failures = s.outcomes.filter { !$0.passed }.count
            let tests = s.outcomes.count + s.errors.count
            let name = xml(redactor.message(s.name))
            out += "  <testsuite name=\"\(name)\" package=\"bridge.test\" id=\"\(id)\" timestamp=\"\(timestamp)\" hostname=\"\(xml(hostname))\""
                + " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(s.errors.count)\" skipped=\"0\" time=\"\(Self.decimal(perCase * Double(tests)))\">\n"
            out += "    <properties>\n"
            if let rules = result.rulesFile { out += "      <property name=\"rules\" value=\"\(xml(rules))\"/>\n" }
            out += "    </properties>\n"
            for outcome in s.outcomes {
                let caseName = xml(redactor.message(outcome.name) + (outcome.source.map { " (line \($0.line))" } ?? ""))
                out += "    <testcase name=\"\(caseName)\" classname=\"\(name)\" time=\"\(time)\""
                if outcome.passed { out += "/>\n"; continue }
                out += ">\n"
                let failure = outcome.failures[0]
                var body = ["url: " + redactor.rawURL(outcome.url)]
                for f in outcome.failures {
                    body.append("[\(f.check)] " + redactor.message(f.message))
                    for difference in f.differences {
                        let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
                        body.append("  \(difference.key): expected \(expected), got \(actual)")
                    }
                }
                out += "      <failure type=\"\(failure.check)\" message=\"\(xml(redactor.message(failure.message)))\">\(body.map(xml).joined(separator: "\n"))</failure>\n"
                out += "    </testcase>\n"
            }
            for error in s.errors {
                out += "    <testcase name=\"\(error.line > 0 ? "line \(error.line)" : "the file")\" classname=\"\(name)\" time=\"0\">\n"
                out += "      <error type=\"bad-line\" message=\"\(xml(redactor.message(error.description)))\"/>\n"
                out += "    </testcase>\n"
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        out += "</testsuites>"
        return out
    }

    /// SARIF 2.1.0: one result per failure (its rule one of AuditFailure's ids), located at the case's
    /// file and line, or at the rules file with the target's key path as a logical location; bad
    /// case-file lines as tool execution notifications.
    public func sarif(_ result: AuditResult, toolVersion: String) -> String {
        let catalogue = AuditFailure.catalogue
        let rules: [JSONOutput] = catalogue.map { entry in
            .object(JSONFields([("id", .string(entry.id)), ("shortDescription", .object(.single("text", .string(entry.summary)))),
                                ("defaultConfiguration", .object(.single("level", .string("error"))))]))
        }
        var results: [JSONOutput] = []
        for outcome in result.outcomes {
            for failure in outcome.failures {
                var text = redactor.message(failure.message)
                for difference in failure.differences {
                    let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
                    text += "; \(difference.key): expected \(expected), got \(actual)"
                }
                if case .testCase = outcome.subject { text = "\(redactor.message(outcome.name)): \(text) (\(redactor.rawURL(outcome.url)))" }
                var entry = JSONFields([("ruleId", .string(failure.check)), ("level", .string("error")), ("message", .object(.single("text", .string(text))))])
                if let index = catalogue.firstIndex(where: { $0.id == failure.check }) { entry.add("ruleIndex", index) }
                var location = JSONFields()
                if let source = outcome.source {
                    location.add("physicalLocation", .object(JSONFields([("artifactLocation", .object(.single("uri", .string(source.file)))),
                                                                         ("region", .object(.single("startLine", .int(source.line))))])))
                } else if case .attack(let target, _, _) = outcome.subject {
                    if let rules = result.rulesFile {
                        location.add("physicalLocation", .object(.single("artifactLocation", .object(.single("uri", .string(rules))))))
                    }
                    location.add("logicalLocations", .array([.object(JSONFields([("name", .string(redactor.message(target.name))),
                                                                                  ("fullyQualifiedName", .string(target.keyPath))]))]))
                }
                entry.add("locations", .array([.object(location)]))
                results.append(.object(entry))
            }
        }
        let notifications: [JSONOutput] = result.inputErrors.map { error in
            .object(JSONFields([("level", .string("error")), ("message", .object(.single("text", .string(redactor.message(error.description))))),
                                ("locations", .array([.object(.single("physicalLocation", .object(JSONFields([
                                    ("artifactLocation", .object(.single("uri", .string(error.file)))),
                                    ("region", .object(.single("startLine", .int(max(error.line, 1))))),
                                ]))))]))]))
        }
        let driver = JSONFields([("name", .string("bridge test")), ("version", .string(toolVersion)), ("semanticVersion", .string(toolVersion)),
                                 ("informationUri", .string("https://github.com/bridge-dev/bridge")), ("rules", .array(rules))])
        let run = JSONFields([
            ("tool", .object(.single("driver", .object(driver)))),
            ("invocations", .array([.object(JSONFields([("executionSuccessful", .bool(result.inputErrors.isEmpty)),
                                                        ("toolExecutionNotifications", .array(notifications))]))])),
            ("results", .array(results)),
        ])
        return JSONOutput.object(JSONFields([("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
                                             ("runs", .array([.object(run)]))])).indentedText
    }

    /// Text for XML attributes and content: markup characters escaped, and control characters (not
    /// allowed in XML 1.0) shown as \u{…} after terminal escaping.
    func xml(_ text: String) -> String {
        var out = ""
        for scalar in Redactor.terminalSafe(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { out += "\\u{\(String(scalar.value, radix: 16))}" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Seconds as an xs:decimal with three places.
    static func decimal(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension TranscriptRenderer {
    /// The JUnit and SARIF documents, through this renderer's Redactor.
    public var documents: AuditDocuments { AuditDocuments(redactor: redactor) }
}
