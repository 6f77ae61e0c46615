// ExplanationAgreementTests.swift: the engine explains a decision with the comparison it decided by, so
// the explanation never disagrees with the decision. Over the URL corpus, the attack's variants against
// every rules preset, and the WPT URL inputs: deciding with and without an explanation gives the same
// decision; every sentinel the explanation says did not match is one the comparison refuses, for the reason
// it gives; the sentinel that decided is one the comparison matches, explained as it matched.
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy
import TestSupport
import Testing
@testable import RulesAudit

@Suite("the engine's explanation against its decision")
struct ExplanationAgreementTests {
    /// The rules presets and the attack catalogue's example rules.
    static func ruleSets() throws -> [(name: String, rules: Rules)] {
        let directory = Repository.path("Fixtures/rules")
        var sets = [("the attack's example rules", try RulesLoader.parse(AttackCatalogue.exampleRulesJSON))]
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".json") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            if let rules = try? RulesLoader.parse(text), !rules.sentinels.isEmpty { sets.append((file, rules)) }
        }
        return sets
    }

    /// The URLs: the corpus, the WPT inputs that parse, and each rule set's attack variants.
    static func urls(for rules: Rules) throws -> [String] {
        let corpus = try String(contentsOfFile: Repository.path("Fixtures/corpus/oauth_urls.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let wpt = try JSONValue.parse(String(contentsOfFile: Repository.path("Fixtures/conformance/wpt-url/urltestdata.json"), encoding: .utf8))
        var inputs: [String] = []
        if case .array(let cases)? = wpt {
            for case .object(let test) in cases {
                if case .string(let input)? = test["input"], test["base"] == nil || test["base"] == .null { inputs.append(input) }
                if case .string(let href)? = test["href"] { inputs.append(href) }
            }
        }
        let variants = AttackTargets.targets(rules).flatMap { target in
            [target.url] + AttackCatalogue.all.filter { $0.appliesTo.contains(target.kind) }.flatMap { $0.variants(for: target) }
        }
        return corpus + inputs + variants
    }

    @Test("over the corpus, the attack's variants and the WPT inputs, the explanation is the comparison the decision was made by")
    func agreement() throws {
        var decided = 0, mismatchesExplained = 0, matchesExplained = 0
        for (name, rules) in try Self.ruleSets() {
            let engine = PolicyEngine(rules: rules)
            for text in try Self.urls(for: rules) {
                let request = NavigationRequest(url: text)
                let plain = engine.decide(request), explained = engine.decide(request, explain: true)
                decided += 1
                #expect(plain.action == explained.action && plain.kind == explained.kind && plain.rule == explained.rule
                        && plain.error?.code == explained.error?.code, "\(name): \(text)")
                guard let url = explained.url else { continue }
                for rule in rules.sentinels {
                    let outcome = SentinelMatcher.compare(url, rule)
                    for step in explained.explanation {
                        switch step {
                        case .sentinelMismatch(let reference, let reason) where reference.keyPath == rule.keyPath:
                            mismatchesExplained += 1
                            #expect(outcome == .mismatch(reason), "\(name) \(rule.keyPath): \(text)")
                        case .matchedSentinel(let reference, _, let how, _) where reference.keyPath == rule.keyPath:
                            matchesExplained += 1
                            #expect(how.map { SentinelMatcher.Outcome.match($0) } == outcome, "\(name) \(rule.keyPath): \(text)")
                        default: break
                        }
                    }
                    if explained.kind == .sentinel && explained.rule == rule.name && rules.sentinels.filter({ $0.name == rule.name }).count == 1 {
                        #expect(outcome.isMatch, "\(name) \(rule.keyPath): \(text)")
                    }
                }
            }
        }
        #expect(decided > 50_000 && mismatchesExplained > 1_000 && matchesExplained > 100, "\(decided) \(mismatchesExplained) \(matchesExplained)")
    }
}
