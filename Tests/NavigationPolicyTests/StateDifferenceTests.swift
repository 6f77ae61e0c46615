// StateDifferenceTests.swift: each way a state can differ from the one sent is told apart, on values and on
// a recording's masks, and the engine's state-mismatch error carries it.
import Foundation
import NavigationPolicy
import Testing

@Suite struct StateDifferenceTests {
    static let examples: [(received: String, sent: String, expected: StateDifference?)] = [
        ("af0ifjsldkj", "af0ifjsldkj", nil),
        ("af0ifjsldkj ", "af0ifjsldkj", .surroundingWhitespace),
        ("AF0IFJSLDKJ", "af0ifjsldkj", .letterCase),
        ("a%3Db%2Fc", "a=b/c", .percentEncoding),
        ("af0ifj", "af0ifjsldkj", .truncated(received: 6, sent: 11)),
        ("af0ifjsldkj&x", "af0ifjsldkj", .extended(received: 13, sent: 11)),
        ("zzz", "af0ifjsldkj", .lengths(received: 3, sent: 11)),
        ("af0ifjsldkX", "af0ifjsldkj", .characters(differing: 1, length: 11)),
        ("…(13:0123456789abcdef)", "…(13:fedcba9876543210)", .maskedValues(length: 13)),
        ("…(12:0123456789abcdef)", "…(13:fedcba9876543210)", .lengths(received: 12, sent: 13)),
    ]

    @Test(arguments: examples.indices)
    func example(_ index: Int) {
        let example = Self.examples[index]
        #expect(StateDifference.between(received: example.received, sent: example.sent) == example.expected)
    }

    @Test("the engine's state-mismatch error carries the difference")
    func engineError() throws {
        let rules = try RulesLoader.parse(Data(#"""
        {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com"],
         "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/cb", "require": ["code"]}]}
        """#.utf8))
        let decision = PolicyEngine(rules: rules).decide(NavigationRequest(url: "https://yourdomain.com/cb?code=c0de&state=XYZ-123"), expectedState: "xyz-123")
        #expect(decision.error == .stateMismatch(received: "XYZ-123", sent: "xyz-123", difference: .letterCase))
    }
}
