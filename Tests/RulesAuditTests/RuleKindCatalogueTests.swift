// RuleKindCatalogueTests.swift: tests generated from each rule kind's own examples. A URL prefixed
// "subframe:" is decided as a subframe navigation, one prefixed "POST:" as a form posted there.
import Foundation
import NavigationPolicy
import RulesAudit
import Testing

@Suite("Rule kinds, from their examples")
struct RuleKindCatalogueTests {
    static func decide(_ engine: PolicyEngine, _ url: String) -> Decision {
        if url.hasPrefix("POST:") {
            return engine.decide(NavigationRequest(url: String(url.dropFirst("POST:".count)), method: "POST"))
        }
        if url.hasPrefix("subframe:") {
            return engine.decide(NavigationRequest(url: String(url.dropFirst("subframe:".count)), isMainFrame: false))
        }
        return engine.decide(NavigationRequest(url: url))
    }

    static func subjectDecided(_ d: Decision, _ example: RuleKindExample) -> Bool {
        if example.kind.hasPrefix("allow") { return d.kind == .allowed }
        return d.rule == "subject"
    }

    @Test("each kind triggers on its examples and only on them", arguments: RuleKindCatalogue.all)
    func examples(example: RuleKindExample) throws {
        let rules = try RulesLoader.parse(Data(example.rules.utf8))
        let engine = PolicyEngine(rules: rules)
        #expect(!example.triggers.isEmpty && !example.doesNotTrigger.isEmpty)
        for url in example.triggers {
            let d = Self.decide(engine, url)
            #expect(Self.subjectDecided(d, example), "\(example.kind): \(url) must trigger; got \(d.kind) \(String(describing: d.rule))")
        }
        for url in example.doesNotTrigger {
            let d = Self.decide(engine, url)
            #expect(!Self.subjectDecided(d, example), "\(example.kind): \(url) must not trigger")
        }
    }
}
