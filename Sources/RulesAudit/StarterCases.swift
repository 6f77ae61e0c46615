// StarterCases.swift: `bridge test --init`: a starter case file made from the rules, which passes as
// written: for every sentinel a good result, an OAuth error result and a near miss; a signal for every
// bridge; a route for every deep link (and the link without its required parameters); a page on every
// allowed origin. Each case pins what the engine decides today, named for what it is meant to show; where
// the two part (a rule another one shadows), a note says so.
import NavigationPolicy
import SensitiveText

/// A starter case the engine decides otherwise than its rule means: another rule comes first.
public struct StarterNote: Sendable, Hashable {
    /// The rule the case is meant for: its key path and name.
    public let keyPath: String
    public let intended: String
    /// The case's name.
    public let caseName: String
    /// What decides the case today: a rule's name, else the decision's kind.
    public let decidedByRule: String?
    public let decidedKind: DecisionKind

}

public enum StarterCases {
    public static func make(_ rules: Rules) -> (cases: [TestCase], notes: [StarterNote]) {
        let engine = PolicyEngine(rules: rules)
        var cases: [TestCase] = []
        var notes: [StarterNote] = []
        func pin(_ url: String, _ name: String, params: [String] = [], intended: String? = nil, keyPath: String = "", mainFrame: Bool = true) {
            let decision = engine.decide(NavigationRequest(url: url, isMainFrame: mainFrame), expectedState: rules.expectedState)
            var expect = CaseExpectation(decision: decision.action, kind: decision.kind, rule: ExpectedText(decision.rule),
                                         error: ExpectedText(decision.error?.code))
            for name in params {
                expect.params[name] = ExpectedText(decision.parameters.first(name))
            }
            if let intended, decision.rule != intended {
                notes.append(StarterNote(keyPath: keyPath, intended: intended, caseName: name, decidedByRule: decision.rule, decidedKind: decision.kind))
            }
            cases.append(TestCase(url, expect: expect, name: name, isMainFrame: mainFrame))
        }
        let prefix = AttackCatalogue.generator(id: "host-as-prefix")!
        let errorResponse = AttackCatalogue.generator(id: "oauth-error")!
        for target in AttackTargets.targets(rules) {
            switch target.kind {
            case .sentinel:
                let rule = rules.sentinels.first { $0.name == target.name }!
                let names = (rule.require + ["code", "state"]).reduce(into: [String]()) { if !$0.contains($1) && !rule.forbid.contains($1) { $0.append($1) } }
                let frame = target.isMainFrame
                pin(target.url, "\(target.name): a good result", params: names.filter { target.url.contains($0 + "=") }, intended: target.name,
                    keyPath: target.keyPath, mainFrame: frame)
                if let url = errorResponse.variants(for: target).first { pin(url, "\(target.name): an OAuth error response", params: ["error"], mainFrame: frame) }
                if let url = prefix.variants(for: target).first { pin(url, "\(target.name): a near miss (the host as a prefix of another)", mainFrame: frame) }
            case .bridge:
                let rule = rules.schemes.first { $0.name == target.name }!
                let signal = rule.bridgeProtocol == .janrain ? "\(rule.scheme):eventsAvailable" : target.url
                pin(signal, "\(target.name): the bridge's signal", intended: target.name, keyPath: target.keyPath)
            case .deepLink:
                let rule = rules.schemes.first { $0.name == target.name }!
                pin(target.url, "\(target.name): the deep link", params: rule.require, intended: target.name, keyPath: target.keyPath)
                if !rule.require.isEmpty, let query = target.url.firstIndex(of: "?") {
                    pin(String(target.url[..<query]), "\(target.name): the deep link without \(rule.require.joined(separator: ", "))")
                }
            case .origin:
                guard let query = target.url.firstIndex(of: "?") else { continue }
                pin(String(target.url[..<query]), "\(target.keyPath): a page on \(target.name)")
            }
        }
        return (cases, notes)
    }
}
