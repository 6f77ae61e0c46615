// ReportTests.swift: the one SARIF builder and the one JUnit writer on diagnostics built by hand: rule
// indexes, locations (a file with a line and column, a file alone, a logical place), URIs encoded, and
// JUnit's counts and escapes. The SARIF is decoded, not searched.
import CommandOutput
import JSONText
import NavigationPolicy
import Testing

@Suite struct ReportTests {
    static let rules = [DiagnosticRule(id: "a-check", name: "ACheck", summary: "a summary", rationale: "why", severity: .warning),
                        DiagnosticRule(id: "b-check", summary: "b summary", severity: .error)]

    static func run(_ results: [Diagnostic], _ notifications: [Diagnostic] = []) throws -> [String: JSONValue] {
        let text = SARIFLog(toolName: "bridge", toolVersion: "1.0", rules: rules, columnKind: "unicodeCodePoints")
            .document(results: results, notifications: notifications).indentedText
        guard case .object(let log)? = JSONValue.parse(text), case .array(let runs)? = log["runs"], case .object(let run)? = runs.first else {
            Issue.record("no run in \(text)")
            return [:]
        }
        #expect(log["version"] == .string("2.1.0"))
        return run
    }

    @Test func resultsCarryTheirRuleIndexAndLocation() throws {
        let run = try Self.run([
            Diagnostic(id: "b-check", severity: .error, location: DiagnosticLocation(file: "pages/a b.html", line: 3, column: 7), message: "m"),
            Diagnostic(id: "unknown", severity: .note, location: DiagnosticLocation(logical: .init(name: "sentinel", fullyQualifiedName: "sentinels[0]")), message: "n"),
        ])
        guard case .array(let results)? = run["results"], results.count == 2,
              case .object(let first) = results[0], case .object(let second) = results[1] else { Issue.record("two results"); return }
        #expect(first["ruleIndex"] == .number(1))
        #expect(first["level"] == .string("error"))
        #expect(first["locations"] == .array([.object(["physicalLocation": .object([
            "artifactLocation": .object(["uri": .string("pages/a%20b.html")]),
            "region": .object(["startLine": .number(3), "startColumn": .number(7)]),
        ])])]))
        #expect(second["ruleIndex"] == nil)
        #expect(second["locations"] == .array([.object(["logicalLocations": .array([.object([
            "name": .string("sentinel"), "fullyQualifiedName": .string("sentinels[0]")])])])]))
        #expect(run["columnKind"] == .string("unicodeCodePoints"))
    }

    @Test func notificationsMakeTheRunUnsuccessful() throws {
        let clean = try Self.run([])
        let failed = try Self.run([], [Diagnostic(id: "unreadable", severity: .error, location: DiagnosticLocation(file: "https://x.example/a"), message: "gone")])
        func successful(_ run: [String: JSONValue]) -> JSONValue? {
            guard case .array(let invocations)? = run["invocations"], case .object(let invocation)? = invocations.first else { return nil }
            return invocation["executionSuccessful"]
        }
        #expect(successful(clean) == .bool(true))
        #expect(successful(failed) == .bool(false))
    }

    @Test func ruleDescriptorsKeepWhatTheCatalogueGives() throws {
        let run = try Self.run([])
        guard case .object(let tool)? = run["tool"], case .object(let driver)? = tool["driver"], case .array(let rules)? = driver["rules"],
              case .object(let a) = rules[0], case .object(let b) = rules[1] else { Issue.record("no rules"); return }
        #expect(a["name"] == .string("ACheck") && a["help"] == .object(["text": .string("why")]))
        #expect(b["name"] == nil && b["help"] == nil && b["defaultConfiguration"] == .object(["level": .string("error")]))
    }

    /// The document with every prewritten part written from its value instead.
    static func writtenInPlace(_ value: JSONOutput) -> JSONOutput {
        switch value {
        case .prewritten(let part): return writtenInPlace(part.value)
        case .array(let items): return .array(items.map(writtenInPlace))
        case .object(let fields): return .object(JSONFields(fields.members.map { ($0.key, writtenInPlace($0.value)) }))
        default: return value
        }
    }

    @Test func rulesWrittenOnceReadAsWrittenInPlace() {
        let document = SARIFLog(toolName: "bridge", toolVersion: "1.0", rules: SARIFRules(Self.rules))
            .document(results: [Diagnostic(id: "a-check", severity: .warning, location: DiagnosticLocation(file: "a.html", line: 1, column: 2), message: "m")],
                      notifications: [])
        #expect(document.indentedText == Self.writtenInPlace(document).indentedText)
        #expect(document.text == Self.writtenInPlace(document).text)
    }

    @Test("a prewritten part placed at its level, at another, and on one line", arguments: [0, 1, 2, 7])
    func prewrittenPartAnywhere(level: Int) {
        let value = JSONOutput.object(JSONFields([("a", .array([.int(1), .string("x\n\u{2028}")])), ("b", .object(JSONFields()))]))
        let part = PrewrittenJSON(value, level: 2)
        var placed = JSONOutput.prewritten(part), inPlace = value
        for _ in 0..<level {
            placed = .array([placed])
            inPlace = .array([inPlace])
        }
        #expect(placed.indentedText == inPlace.indentedText)
        #expect(placed.text == inPlace.text)
    }

    @Test func junitCountsAndEscapes() {
        let report = JUnitReport(package: "bridge.test", suites: [JUnitReport.Suite(name: "a <suite>", cases: [
            JUnitReport.TestCase(name: "ok", time: 0.5, result: .passed),
            JUnitReport.TestCase(name: "bad \u{1B}[2J", time: 0.25, result: .failure(type: "x", message: "\"m\"", body: ["one & two", "three"])),
            JUnitReport.TestCase(name: "line 3", time: 0, result: .error(type: "bad-line", message: "m")),
        ])])
        let xml = report.xml(timestamp: "2026-11-25T00:00:00", hostname: "h")
        let suite = xml.split(separator: "\n").first { $0.contains("<testsuite ") }.map(String.init) ?? ""
        #expect(suite.contains(#"tests="3" failures="1" errors="1""#) && suite.contains(#"time="0.750""#) && suite.contains(#"name="a &lt;suite&gt;""#))
        #expect(xml.contains(#"name="bad \u{1B}[2J""#) && !xml.contains("\u{1B}"))
        #expect(xml.contains(">one &amp; two\nthree</failure>"))
    }
}
