// AttackCatalogueTests.swift: the attack catalogue's own examples, as tests: each generator makes its
// example variant from the example rules, and the engine holds every variant of the example rules to its
// expectation; with "default": "allow", every lookalike that leaves the rule's origin with a credential
// is reported.
import BrowserURL
import Foundation
import NavigationPolicy
import Testing
@testable import RulesAudit

@Suite struct AttackCatalogueTests {
    static func rules() throws -> Rules { try RulesLoader.parse(Data(AttackCatalogue.exampleRulesJSON.utf8)) }

    static func target(_ kind: AttackTarget.Kind) -> AttackTarget { AttackCatalogue.exampleTarget(kind) }

    @Test(arguments: AttackCatalogue.all.map(\.id))
    func makesItsExample(_ id: String) throws {
        let generator = try #require(AttackCatalogue.all.first { $0.id == id })
        let variants = generator.variants(for: Self.target(generator.example.kind))
        #expect(variants.contains(generator.example.variant), "\(id) made \(variants)")
    }

    @Test(arguments: AttackCatalogue.all.map(\.id))
    func exampleVariantsMeetTheirExpectation(_ id: String) throws {
        try #require(AttackCatalogue.all.contains { $0.id == id })
        let audit = RulesAudit(rules: try Self.rules())
        for target in audit.attackTargets {
            let outcomes = audit.run(target).filter { if case .attack(_, let g, _) = $0.subject { return g == id } else { return false } }
            for outcome in outcomes {
                #expect(outcome.passed, "\(target.title) \(outcome.url.debugDescription): \(outcome.failures)")
            }
        }
    }

    @Test func idsAreUniqueAndEveryKindIsAttacked() {
        let ids = AttackCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for kind in AttackTarget.Kind.allCases {
            #expect(AttackCatalogue.all.contains { $0.appliesTo.contains(kind) && $0.expectation(for: Self.target(kind)) == .lookalike }, "\(kind)")
        }
    }

    /// Must trigger: with "default": "allow", every lookalike variant that parses, carries credentials and
    /// lands at another origin is reported as credential-leaves, naming the default.
    @Test func defaultAllowLetsLookalikesLeave() throws {
        var rules = try Self.rules()
        rules.defaultAction = .allow
        let result = RulesAudit(rules: rules).run()
        var expectedLeaks = 0
        for outcome in result.outcomes {
            guard case .attack(let target, _, let expectation?) = outcome.subject, expectation == .lookalike, !target.credentials.isEmpty,
                  let url = BrowserURL(outcome.url), url.origin != target.ownOrigin || target.ownOrigin == nil,
                  outcome.decision.action == .allow else { continue }
            expectedLeaks += 1
            let leak = try #require(outcome.failures.first { $0.check == "credential-leaves" }, "\(outcome.url)")
            guard case .credentialLeaves(_, _, _, let letThroughBy) = leak else { Issue.record("\(leak)"); continue }
            #expect(letThroughBy == .defaultAction(.allow))
        }
        #expect(expectedLeaks > 20)
        #expect(result.failures.contains { $0.url == "https://yourdomain.com.evil.example/callback?code=bridge-test-code&state=bridge-test-state" })
    }
}
