// AuditReportTests.swift: `bridge test`'s results in every format through the renderer: secrets masked
// in text, JSON lines, JUnit and SARIF (and shown with reveal), and the JUnit document valid against
// Apache Ant's JUnit schema (Fixtures/conformance/junit/JUnit.xsd) by libxml2's XML Schema validator.
import SecretMasking
import TestSupport
import CLibXML2
import CommandOutput
import Foundation
import NavigationPolicy
import RulesAudit
import Testing

@Suite struct AuditReportTests {
    static let root = Repository.root

    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }
    static let secret = "SplxlOBeZQQYbYS6WxSbIA"

    /// A run with a passing case, a failing one (a secret in its URL and its parameter difference), a bad
    /// line, and the attack on rules whose default lets lookalikes leave.
    static func result() throws -> AuditResult {
        let text = """
            {"name": "sign-in", "url": "https://yourdomain.com/password_reset.php?code=\(secret)&access_token=t0k3nt0k3n", "expect": {"rule": "signin"}}
            {"name": "wrong <on purpose> & \\"quoted\\"", "url": "https://yourdomain.com/password_reset.php?code=\(secret)", "expect": {"decision": "cancel", "params": {"code": "other-\(secret)"}}}
            {"url": "https://x.example/", "expect": {"decision": "block"}}
            """
        let read = CaseFile.parse(Array(text.utf8), file: "cases.jsonl")
        var result = try RulesAudit(rulesFile: path("Fixtures/audit/default-allow.json"), cases: read.cases).run()
        result.inputErrors = read.errors
        return result
    }

    static func allLines(_ result: AuditResult, _ renderer: TranscriptRenderer) -> [String] {
        result.inputErrors.flatMap { renderer.lines($0) } + result.outcomes.flatMap { renderer.lines($0) }
            + renderer.lines(result.summary)
    }

    @Test func secretsAreMaskedInEveryFormat() throws {
        let result = try Self.result()
        let renderer = TranscriptRenderer(format: .text, redactor: Redactor(), explain: true)
        let documents = [
            Self.allLines(result, renderer).joined(separator: "\n"),
            Self.allLines(result, TranscriptRenderer(format: .json, redactor: Redactor())).joined(separator: "\n"),
            renderer.documents.junit(result, timestamp: "2026-11-22T10:00:00", hostname: "ci", seconds: 0.5),
            renderer.documents.sarif(result, toolVersion: "0.1.0"),
        ]
        for document in documents {
            #expect(!document.contains(Self.secret))
            #expect(!document.contains("bridge-test-code"))
            #expect(!document.contains("t0k3nt0k3n"))
            #expect(document.contains("Splx…(22)"))
        }
        let revealed = TranscriptRenderer(format: .text, redactor: Redactor(isEnabled: false))
        #expect(Self.allLines(result, revealed).joined().contains(Self.secret))
        #expect(revealed.documents.junit(result, timestamp: "2026-11-22T10:00:00", hostname: "ci", seconds: 0).contains("other-\(Self.secret)"))
    }

    @Test func textAndJSONSayWhatFailedAndWhy() throws {
        let result = try Self.result()
        let text = Self.allLines(result, TranscriptRenderer(format: .text, redactor: Redactor()))
        #expect(text.first == "bad   cases.jsonl:3:54: expect.decision: must be \"allow\" or \"cancel\"")
        #expect(text.contains("pass  cases.jsonl:1  sign-in"))
        #expect(text.contains { $0.hasPrefix("FAIL  cases.jsonl:2  wrong") })
        #expect(text.contains("        params.code: expected \"othe…(28)\", got \"Splx…(22)\""))
        #expect(text.contains { $0.contains("FAIL  host-as-prefix [credential-leaves]  https://yourdomain.com.evil.example/password_reset.php?code=brid…(16)") })
        #expect(text.last?.hasPrefix("test: 2 cases, 1 failed; attack: ") == true)
        #expect(text.last?.hasSuffix("; 1 bad line skipped") == true)

        let json = Self.allLines(result, TranscriptRenderer(format: .json, redactor: Redactor()))
        let objects = try json.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.first?["type"] as? String == "input-error" && objects.first?["code"] as? String == "wrong-value")
        let failed = try #require(objects.first { $0["type"] as? String == "test" && $0["passed"] as? Bool == false && $0["file"] is String })
        #expect(failed["line"] as? Int == 2)
        let differences = try #require(((failed["failures"] as? [[String: Any]])?.first?["differences"]) as? [[String: Any]])
        #expect(differences.map { $0["key"] as? String } == ["decision", "params.code"])
        let summary = try #require(objects.last.flatMap { $0["type"] as? String == "test-summary" ? $0 : nil })
        #expect(summary["cases"] as? Int == 2 && summary["unread"] as? Int == 1 && summary["passed"] as? Bool == false)
        #expect((summary["variantsFailed"] as? Int ?? 0) > 20)
    }

    @Test func junitValidatesAgainstTheJUnitSchema() throws {
        let schemaPath = Self.path("Fixtures/conformance/junit/JUnit.xsd")
        let renderer = TranscriptRenderer(format: .text, redactor: Redactor())
        let failing = renderer.documents.junit(try Self.result(), timestamp: "2026-11-22T10:00:00", hostname: "ci", seconds: 0.25)
        let passing = renderer.documents.junit(try RulesAudit(rulesFile: Self.path("Fixtures/rules/capture.json")).run(),
                                               timestamp: "2026-11-22T10:00:00", hostname: "ci", seconds: 0.25)
        for document in [failing, passing] {
            let errors = try Self.validate(document, schema: schemaPath)
            #expect(errors.isEmpty, "\(errors)")
        }
        #expect(failing.contains("<failure type=\"credential-leaves\""))
        #expect(failing.contains("<error type=\"bad-line\""))
        #expect(failing.contains("wrong &lt;on purpose&gt; &amp; &quot;quoted&quot;"))
        #expect(!passing.contains("<failure"))
        // The validator itself says no to what the schema forbids (a test that cannot fail is a defect).
        let broken = passing.replacingOccurrences(of: "<system-out/>", with: "")
        #expect(try !Self.validate(broken, schema: schemaPath).isEmpty)
        print("JUnit output (failing and passing runs) validated against JUnit.xsd")
    }

    /// libxml2's XML Schema validation of `document`: the error messages (empty when it is valid).
    static func validate(_ document: String, schema path: String) throws -> [String] {
        let parserContext = try #require(xmlSchemaNewParserCtxt(path))
        defer { xmlSchemaFreeParserCtxt(parserContext) }
        let schema = try #require(xmlSchemaParse(parserContext))
        defer { xmlSchemaFree(schema) }
        let validator = try #require(xmlSchemaNewValidCtxt(schema))
        defer { xmlSchemaFreeValidCtxt(validator) }
        let bytes = Array(document.utf8)
        let doc = try #require(bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                xmlReadMemory($0, Int32(bytes.count), "report.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
        })
        defer { xmlFreeDoc(doc) }
        let status = xmlSchemaValidateDoc(validator, doc)
        if status == 0 { return [] }
        let last = xmlGetLastError().map { String(cString: $0.pointee.message) } ?? "status \(status)"
        return [last.trimmingCharacters(in: .whitespacesAndNewlines)]
    }
}
