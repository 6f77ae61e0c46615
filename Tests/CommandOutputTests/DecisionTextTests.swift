// DecisionTextTests.swift: an explanation's words never carry a secret that sits in a URL's path or a deep
// link's route: the engine's steps quote them whole, and they are masked as a path is, before free text's
// word reading (which a quote, a bracket or a parenthesis in the value would cut short) sees them.
import SecretMasking
import CommandOutput
import Foundation
import NavigationPolicy
import Testing

@Suite struct DecisionTextTests {
    static let engine: PolicyEngine? = {
        let text = #"""
        {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com"],
         "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/cb", "require": ["code"]}],
         "schemes": [{"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["token"]}]}
        """#
        return (try? RulesLoader.parse(Data(text.utf8))).map { PolicyEngine(rules: $0) }
    }()

    static let secret = "SECRETSECRETSECRET"

    @Test("a path's or a route's secret pair is masked in the explanation, whatever the path keeps unencoded in it",
          arguments: ["'", "(", ")", "[", "]", "!", "*", "\u{2028}", ""])
    func pathAndRouteMasked(inside: String) throws {
        let engine = try #require(Self.engine)
        let urls = ["https://yourdomain.com/cb;code=ab\(inside)\(Self.secret)/next", "https://yourdomain.com/cb;code=ab\(inside)\(Self.secret)/",
                    "https://yourdomain.com/cb/;code=ab\(inside)\(Self.secret)", "myapp:other;token=ab\(inside)\(Self.secret)"]
        for url in urls {
            let decision = engine.decide(NavigationRequest(url: url), explain: true)
            // The steps quote the path or route, so the secret is there to mask: --reveal shows it.
            let revealed = decision.explanationLines(masking: Redactor(isEnabled: false))
            #expect(revealed.contains { $0.utf8.firstRange(of: Self.secret.utf8) != nil }, "\(url)")
            let redactor = Redactor()
            for line in decision.explanationLines(masking: redactor).map(redactor.foreignText) {
                #expect(line.utf8.firstRange(of: Self.secret.utf8) == nil, "\(line)")
            }
        }
    }
}
