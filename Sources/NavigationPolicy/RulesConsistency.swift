// RulesConsistency.swift: rejects rules that can never fire, because an earlier rule in the same group
// decides every navigation they would (first match in file order wins).

enum RulesConsistency {
    static func check(_ rules: Rules) throws(RulesError) {
        for (j, later) in rules.sentinels.enumerated() {
            for earlier in rules.sentinels[..<j] where shadows(earlier, later) {
                throw RulesError(later.keyPath, "can never fire: \(earlier.keyPath) (\(earlier.name.debugDescription)) matches every navigation this rule matches and comes first")
            }
        }
        for (j, later) in rules.schemes.enumerated() {
            for earlier in rules.schemes[..<j] where earlier.scheme == later.scheme {
                let earlierCatchesAll = earlier.route == nil && earlier.bridgeProtocol == nil && earlier.require.isEmpty
                if earlierCatchesAll || earlier.bridgeProtocol != nil || (earlier.route == later.route && Set(earlier.require).isSubset(of: later.require)) {
                    throw RulesError(later.keyPath, "can never fire: \(earlier.keyPath) (\(earlier.name.debugDescription)) already decides every \(later.scheme): URL this rule matches")
                }
            }
        }
    }

    /// Whether every navigation `later` matches is matched by `earlier`.
    static func shadows(_ earlier: SentinelRule, _ later: SentinelRule) -> Bool {
        guard SentinelMatcher.covers(earlier, later) else { return false }
        guard earlier.frames == .any || earlier.frames == later.frames else { return false }
        let modesCover = earlier.responseMode == later.responseMode || (earlier.responseMode == .any && earlier.forbid.isEmpty)
        return modesCover && Set(earlier.require).isSubset(of: later.require) && Set(earlier.forbid).isSubset(of: later.forbid)
    }
}
