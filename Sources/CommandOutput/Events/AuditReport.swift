// AuditReport.swift: how `bridge test`'s results read, in each format, through the renderer's one
// Redactor (case URLs and parameter values carry secrets too). A case or variant, a bad case-file line
// and the run's counts are OutputEvents (text and JSON lines); the whole-run documents map the
// result onto CommandOutput's one JUnit writer and one SARIF builder.
import FindingSeverity
import RulesAudit
import SecretMasking
import JSONText
import NavigationPolicy
import SensitiveText

// MARK: Text

extension AuditOutcome: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] { text.audit(self) }
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? { OutputLine(.test, json.audit(self)) }
}

extension CaseFileError: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        [text.style.red("bad ") + "  " + text.safe(text.redactor.text(words))]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        // The file and the key are the user's text: masked as input, as the message quotes them.
        let redactor = json.redactor
        var object = JSONFields()
        OutputLocation(file: file, line: line > 0 ? line : nil, column: column)
            .add(to: &object, path: false, masking: redactor)
        object.add("key", .string(key.map { redactor.text(Sensitive($0, as: .input)) }))
        object.add("code", problem.code)
        object.add("message", redactor.text(problem.words(key: key)))
        return OutputLine(.inputError, object)
    }
}

extension AuditSummary: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        let s = self
        var parts: [String] = []
        if s.cases > 0 || s.variants == 0 { parts.append("\(s.cases) case\(s.cases == 1 ? "" : "s"), \(s.casesFailed) failed") }
        if s.targets > 0 { parts.append("attack: \(s.variants) variant\(s.variants == 1 ? "" : "s") of \(s.targets) target\(s.targets == 1 ? "" : "s"), \(s.variantsFailed) failed") }
        if s.badLines > 0 { parts.append("\(s.badLines) bad line\(s.badLines == 1 ? "" : "s") skipped") }
        let line = "test: " + parts.joined(separator: "; ")
        return [s.casesFailed + s.variantsFailed + s.badLines == 0 ? text.style.green(line) : text.style.red(line)]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        let s = self
        return OutputLine(.testSummary, JSONFields([
            ("cases", .int(s.cases)), ("casesFailed", .int(s.casesFailed)), ("targets", .int(s.targets)),
            ("variants", .int(s.variants)), ("variantsFailed", .int(s.variantsFailed)), ("unread", .int(s.badLines)),
            ("passed", .bool(s.casesFailed + s.variantsFailed + s.badLines == 0))]))
    }
}

extension TranscriptText {
    func audit(_ outcome: AuditOutcome) -> [String] {
        let url = safe(redactor.rawURL(outcome.url))
        switch outcome.subject {
        case .testCase(let testCase):
            let place = safe(testCase.source.map { redactor.fileName($0.file) + ":\($0.line)" } ?? "case")
            let name = safe(redactor.foreignText(testCase.displayName))
            if outcome.passed { return [style.green("pass") + "  \(place)  \(name)"] }
            return [style.red("FAIL") + "  \(place)  \(name)", "        url: \(url)"]
                + outcome.failures.flatMap(\.differences).map { "        " + difference($0) }
                + outcome.failures.filter { $0.differences.isEmpty }.map { "        [\($0.check)] " + safe(redactor.text($0.words)) }
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
        style.red("FAIL") + "  \(safe(generator)) [\(failure.check)]  " + safe(redactor.text(failure.words))
    }

    private func explanation(_ outcome: AuditOutcome) -> [String] {
        explain ? outcome.decision.explanationLines(masking: redactor).map { "          " + safe($0) } : []
    }

    func difference(_ difference: CaseDifference) -> String {
        let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
        return "\(safe(difference.key)): expected \(safe(expected)), got \(safe(actual))"
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
        OutputLocation(file: outcome.source?.file, line: outcome.source?.line).add(to: &o, path: false, masking: redactor)
        o.add("suite", redactor.foreignText(outcome.suite))
        o.add("name", redactor.foreignText(outcome.name))
        if case .attack(let target, let generator, let expectation) = outcome.subject {
            o.add("target", target.keyPath)
            o.add("generator", .string(generator))
            o.add("expectation", .string(expectation?.rawValue))
        } else {
            o.add("target", .null)
            o.add("generator", .null)
            o.add("expectation", .null)
        }
        o.add("passed", outcome.passed)
        o.add(contentsOf: decision(input: outcome.url, outcome.decision))
        o.add("failures", .array(outcome.failures.map { failure in
            .object(JSONFields([("code", .string(failure.check)), ("message", .string(redactor.text(failure.words))),
                                ("differences", .array(failure.differences.map { difference in
                                    let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
                                    return .object(JSONFields([("key", .string(difference.key)), ("expected", .string(expected)),
                                                               ("actual", .string(actual))]))
                                }))]))
        }))
        o.add("explanation", explanation(outcome.decision))
        return o
    }
}

// MARK: Documents: JUnit XML and SARIF

/// The whole-run reports of `bridge test`, made by the renderer (its Redactor) from the run's result.
package struct AuditDocuments: Sendable {
    package let redactor: Redactor

    package init(redactor: Redactor) { self.redactor = redactor }

    /// JUnit XML: one <testsuite> per case file and per attack target, one <testcase> per case or variant,
    /// bad case-file lines as <error> test cases of their file's suite; the run's seconds shared evenly.
    package func junit(_ result: AuditResult, timestamp: String, hostname: String, seconds: Double) -> String {
        var suites: [JUnitReport.Suite] = []
        var index: [String: Int] = [:]
        let properties = result.rulesFile.map { [(name: "rules", value: redactor.fileName($0))] } ?? []
        // A suite is its case file (a path, masked as one) or its attack target (words).
        func suite(_ key: String, shown: @autoclosure () -> String) -> Int {
            if let i = index[key] { return i }
            index[key] = suites.count
            suites.append(JUnitReport.Suite(name: shown(), properties: properties))
            return suites.count - 1
        }
        let perCase = result.outcomes.isEmpty ? 0 : seconds / Double(result.outcomes.count)
        for outcome in result.outcomes {
            let name = redactor.foreignText(outcome.name) + (outcome.source.map { " (line \($0.line))" } ?? "")
            var junitResult = JUnitReport.TestCase.Result.passed
            if let failure = outcome.failures.first {
                var body = ["url: " + redactor.rawURL(outcome.url)]
                for f in outcome.failures {
                    body.append("[\(f.check)] " + redactor.text(f.words))
                    for difference in f.differences {
                        let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
                        body.append("  \(difference.key): expected \(expected), got \(actual)")
                    }
                }
                junitResult = .failure(type: failure.check, message: redactor.text(failure.words), body: body)
            }
            suites[suite(outcome.suite, shown: outcome.source.map { redactor.fileName($0.file) } ?? redactor.foreignText(outcome.suite))].cases.append(JUnitReport.TestCase(name: name, time: perCase, result: junitResult))
        }
        for error in result.inputErrors {
            suites[suite(error.file, shown: redactor.fileName(error.file))].cases.append(JUnitReport.TestCase(
                name: error.line > 0 ? "line \(error.line)" : "the file", time: perCase,
                result: .error(type: "bad-line", message: redactor.text(error.words))))
        }
        return JUnitReport(package: "bridge.test", suites: suites).xml(timestamp: timestamp, hostname: hostname)
    }

    /// SARIF 2.1.0: one result per failure (its rule one of AuditFailure's ids), located at the case's
    /// file and line, or at the rules file with the target's key path as a logical location; bad
    /// case-file lines as tool execution notifications.
    package func sarif(_ result: AuditResult, toolVersion: String) -> String {
        let rules = AuditFailure.catalogue.map { DiagnosticRule(id: $0.id, summary: $0.summary, severity: .error) }
        var results: [Diagnostic] = []
        for outcome in result.outcomes {
            for failure in outcome.failures {
                var text = redactor.text(failure.words)
                for difference in failure.differences {
                    let (expected, actual) = TranscriptAuditValues.sides(difference, redactor: redactor)
                    text += "; \(difference.key): expected \(expected), got \(actual)"
                }
                var location = DiagnosticLocation()
                if case .testCase = outcome.subject { text = "\(redactor.foreignText(outcome.name)): \(text) (\(redactor.rawURL(outcome.url)))" }
                if let source = outcome.source {
                    location = DiagnosticLocation(file: redactor.fileName(source.file), line: source.line)
                } else if case .attack(let target, _, _) = outcome.subject {
                    location = DiagnosticLocation(file: result.rulesFile.map(redactor.fileName), logical: .init(name: redactor.foreignText(target.name), fullyQualifiedName: target.keyPath))
                }
                results.append(Diagnostic(id: failure.check, severity: .error, location: location, message: text))
            }
        }
        let notifications = result.inputErrors.map { error in
            Diagnostic(id: "bad-line", severity: .error, location: DiagnosticLocation(file: redactor.fileName(error.file), line: max(error.line, 1)),
                       message: redactor.text(error.words))
        }
        return SARIFLog(toolName: "bridge test", toolVersion: toolVersion, rules: rules)
            .document(results: results, notifications: notifications).indentedText
    }
}

extension TranscriptRenderer {
    /// The JUnit and SARIF documents, through this renderer's Redactor.
    package var documents: AuditDocuments { AuditDocuments(redactor: redactor) }
}

/// One generator as `bridge test --list-attacks` lists it: the kinds of target it applies to, what it
/// expects, its summary, and its example with the example's secrets masked.
package struct AttackListing: OutputEvent {
    package var generator: AttackGenerator
    package init(_ generator: AttackGenerator) { self.generator = generator }

    package func textLines(_ text: TranscriptText) -> [String] {
        let kinds = AttackTarget.Kind.allCases.filter(generator.appliesTo.contains).map(\.rawValue).joined(separator: ", ")
        let expectation = generator.expectation(for: AttackCatalogue.exampleTarget(generator.example.kind))
        return ["\(generator.id) (\(kinds); \(expectation.rawValue)): \(generator.summary)", "    e.g. " + text.url(generator.example.variant)]
    }

    /// `id` (what --skip takes), `targets` (the kinds of rule it attacks), `expectation` (what the rules must
    /// do with a variant of the example's kind), `summary` and `example` (a variant, its secrets masked).
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        let kinds = AttackTarget.Kind.allCases.filter(generator.appliesTo.contains).map { JSONOutput.string($0.rawValue) }
        let expectation = generator.expectation(for: AttackCatalogue.exampleTarget(generator.example.kind))
        return OutputLine(.attackGenerator, JSONFields([("id", .string(generator.id)), ("targets", .array(kinds)),
                                                        ("expectation", .string(expectation.rawValue)), ("summary", .string(generator.summary)),
                                                        ("example", .string(json.redactor.rawURL(generator.example.variant)))]))
    }
}
