// ShadowIndexTests.swift: the rules loader's shadowing check, which looks up only the earlier sentinels that
// can shadow a later one (ShadowIndex), names the same first shadowing rule as comparing every pair would:
// seeded random sentinels on one redirect URI, with every frames, response mode and small require/forbid
// lists, checked against the pairwise comparison written out here.
import BrowserURL
import SeededRandom
import Testing
@testable import NavigationPolicy

@Suite("rules: shadowing by index")
struct ShadowIndexTests {
    static let names = ["code", "access_token", "state", "error", "id_token"]

    /// What comparing every earlier sentinel on the same URI with each later one says: the first pair found.
    static func pairwise(_ sentinels: [SentinelRule]) -> (later: Int, earlier: Int)? {
        for (j, later) in sentinels.enumerated() {
            for i in 0..<j where RulesConsistency.bucket(sentinels[i].redirectURI.scheme, sentinels[i].redirectURI.hostname, sentinels[i].redirectURI.pathname)
                == RulesConsistency.bucket(later.redirectURI.scheme, later.redirectURI.hostname, later.redirectURI.pathname)
                && RulesConsistency.shadows(sentinels[i], later) {
                return (j, i)
            }
        }
        return nil
    }

    @Test("the index finds the pairwise comparison's first shadowing sentinel, or none", arguments: 0..<300)
    func sameAsPairwise(seed: Int) throws {
        var random = SplitMix64(UInt64(seed))
        let uris = ["https://yourdomain.com/cb", "https://yourdomain.com/cb/", "http://127.0.0.1:8080/cb"]
        var sentinels: [SentinelRule] = []
        for index in 0..<Int(random.next() % 6 + 2) {
            let uri = try BrowserURL.parse(uris[Int(random.next() % UInt64(uris.count))]).get()
            var rule = SentinelRule(name: "s\(index)", redirectURI: uri, keyPath: "sentinels[\(index)]")
            rule.frames = [FrameScope.any, .main, .sub][Int(random.next() % 3)]
            rule.responseMode = [ResponseMode.any, .query, .fragment][Int(random.next() % 3)]
            rule.require = Self.names.filter { _ in random.next() % 3 == 0 }
            rule.forbid = Self.names.filter { !rule.require.contains($0) && random.next() % 5 == 0 }
            rule.trailingSlash = random.next() % 4 == 0
            rule.loopbackAnyPort = random.next() % 4 == 0
            sentinels.append(rule)
        }
        var rules = Rules()
        rules.sentinels = sentinels
        let expected = Self.pairwise(sentinels)
        do {
            try RulesConsistency.check(rules)
            #expect(expected == nil, "the pairwise check found sentinels[\(expected?.later ?? 0)] shadowed")
        } catch {
            guard let expected else { Issue.record("shadowed by the index only: \(error)"); return }
            #expect(error == RulesError(sentinels[expected.later].keyPath, .shadowedSentinel(byKeyPath: sentinels[expected.earlier].keyPath,
                                                                                            name: sentinels[expected.earlier].name)))
        }
    }
}
