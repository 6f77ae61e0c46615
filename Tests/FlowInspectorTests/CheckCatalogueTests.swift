// CheckCatalogueTests.swift: generated from the checks' own examples: each triggering example makes its
// check fire at the line and column the example marks, each non-triggering one does not, and the good pages the examples edit inspect clean.
import Testing
@testable import FlowInspector

@Suite("Check catalogue")
struct CheckCatalogueTests {
    static let checks = CheckCatalogue.all + CheckCatalogue.inputChecks

    @Test("every check has an id, a summary, a rationale and examples", arguments: checks.map(\.id))
    func describesItself(id: String) throws {
        let check = try #require(CheckCatalogue.check(id))
        #expect(!check.summary.isEmpty && check.rationale.count > 40)
        #expect(!check.nonTriggering.isEmpty)
        if id != "invalid-utf8" { #expect(!check.triggering.isEmpty, "\(id) has no example that triggers it") }
        #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
    }

    @Test("ids are unique")
    func uniqueIDs() {
        #expect(Set(Self.checks.map(\.id)).count == Self.checks.count)
    }

    @Test("triggering examples fire their check", arguments: checks.map(\.id))
    func triggers(id: String) throws {
        let check = try #require(CheckCatalogue.check(id))
        for (index, example) in check.triggering.enumerated() {
            let findings = try ExampleRunner.findings(example, rules: example.usesRules || check.needsRules)
            let fired = findings.filter { $0.check == id && $0.severity == check.severity }
            #expect(!fired.isEmpty, "\(id) example \(index) did not trigger; found \(findings.map(\.check))")
            let expected = try #require(example.expectedPosition, "\(id) example \(index) does not say where its finding must point (.at), or its text is not in the page")
            #expect(fired.contains { $0.position == expected },
                    "\(id) example \(index): expected at \(expected.line):\(expected.column), found at \(fired.map { "\($0.position.line):\($0.position.column)" })")
        }
    }

    @Test("non-triggering examples do not fire their check", arguments: checks.map(\.id))
    func doesNotTrigger(id: String) throws {
        let check = try #require(CheckCatalogue.check(id))
        for (index, example) in check.nonTriggering.enumerated() {
            let findings = try ExampleRunner.findings(example, rules: true)
            #expect(!findings.contains { $0.check == id }, "\(id) example \(index) triggered: \(findings.filter { $0.check == id }.map(\.detail))")
        }
    }

    @Test("the good example pages inspect clean, rules included")
    func goodPagesAreClean() throws {
        for example in [CheckExample.goodSignIn, CheckExample.goodReset] {
            let findings = try ExampleRunner.findings(example, rules: true)
            #expect(findings.isEmpty, "\(findings.map { "\($0.position.line):\($0.position.column) \($0.check) \($0.detail)" })")
        }
    }
}
