// RulesLoaderFuzzTarget.swift: any bytes as a rules file. Oracle: no crash; a file that loads compiles into
// an engine that decides a few navigations (and explains them), and `bridge test`'s attack and starter cases
// are made from it and run, without crashing. The same bytes are not read as a case file: that reader is
// CaseFileFuzzTarget's (a rules file read as JSON Lines is an error per line, most of a run spent on errors).
import Foundation
import NavigationPolicy
import RulesAudit

public struct RulesLoaderFuzzTarget: Sendable {
    let probes = ["https://yourdomain.com/password_reset.php?code=a&access_token=b", "janrain:eventsAvailable?1",
                  "myapp://reset-password?token=t&email=a%40b.c", "http://127.0.0.1:5000/cb?error=access_denied", "javascript:alert(1)"]

    public init() {}

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        guard let rules = try? RulesLoader.parse(Data(input)) else { return }
        let engine = PolicyEngine(rules: rules)
        for url in probes { _ = engine.decide(NavigationRequest(url: url), explain: true) }
        let starter = StarterCases.make(rules)
        _ = RulesAudit(rules: rules, cases: starter.cases, attack: true).run()
    }
}
