// RulesConsistency.swift: rejects rules that can never fire, because an earlier rule in the same group
// decides every navigation they would (first match in file order wins). Near-linear: a sentinel can only
// be shadowed by one with the same scheme, host and path (give or take one trailing "/"), and a scheme
// rule by one of the same scheme, so rules are compared only within those buckets (10,000 sentinels on
// different paths load in a blink instead of 50 million comparisons).

enum RulesConsistency {
    static func check(_ rules: Rules) throws(RulesError) {
        var sentinelBuckets: [String: [Int]] = [:]
        for (j, later) in rules.sentinels.enumerated() {
            let key = bucket(later.redirectURI.scheme, later.redirectURI.hostname, later.redirectURI.pathname)
            for i in sentinelBuckets[key, default: []] {
                let earlier = rules.sentinels[i]
                if shadows(earlier, later) {
                    throw RulesError(later.keyPath, .shadowedSentinel(byKeyPath: earlier.keyPath, name: earlier.name))
                }
            }
            sentinelBuckets[key, default: []].append(j)
        }
        var schemeBuckets: [String: [Int]] = [:]
        for (j, later) in rules.schemes.enumerated() {
            for i in schemeBuckets[later.scheme, default: []] {
                let earlier = rules.schemes[i]
                let earlierCatchesAll = earlier.route == nil && earlier.bridgeProtocol == nil && earlier.require.isEmpty
                if earlierCatchesAll || earlier.bridgeProtocol != nil || (earlier.route == later.route && Set(earlier.require).isSubset(of: later.require)) {
                    throw RulesError(later.keyPath, .shadowedSchemeRule(byKeyPath: earlier.keyPath, name: earlier.name, scheme: later.scheme))
                }
            }
            schemeBuckets[later.scheme, default: []].append(j)
        }
    }

    /// The bucket of a redirect URI: scheme, host and path without one trailing "/".
    static func bucket(_ scheme: String, _ host: String, _ path: String) -> String {
        scheme + "://" + host + (path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    /// Whether every navigation `later` matches is matched by `earlier`.
    static func shadows(_ earlier: SentinelRule, _ later: SentinelRule) -> Bool {
        // The cheap tests first; the URL comparison last.
        guard earlier.frames == .any || earlier.frames == later.frames else { return false }
        guard earlier.responseMode == later.responseMode || (earlier.responseMode == .any && earlier.forbid.isEmpty) else { return false }
        guard earlier.require.allSatisfy(later.require.contains), earlier.forbid.allSatisfy(later.forbid.contains) else { return false }
        return SentinelMatcher.covers(earlier, later)
    }
}
