// RulesConsistency.swift: rejects rules that can never fire, because an earlier rule in the same group
// decides every navigation they would (first match in file order wins). Linear for the rules people write:
// a sentinel can only be shadowed by one with the same scheme, host and path (give or take one trailing
// "/"), and only by one whose required and forbidden parameters are subsets of its own, so within a bucket
// a sentinel looks up the subsets of its own lists (ShadowIndex) instead of comparing itself with every
// earlier sentinel on that URI; a scheme rule is compared with those of the same scheme.

enum RulesConsistency {
    static func check(_ rules: Rules) throws(RulesError) {
        var sentinelBuckets: [String: ShadowIndex] = [:]
        for (j, later) in rules.sentinels.enumerated() {
            let key = bucket(later.redirectURI.scheme, later.redirectURI.hostname, later.redirectURI.pathname)
            for i in sentinelBuckets[key]?.candidates(for: later) ?? [] {
                let earlier = rules.sentinels[i]
                if shadows(earlier, later) {
                    throw RulesError(later.keyPath, .shadowedSentinel(byKeyPath: earlier.keyPath, name: earlier.name))
                }
            }
            sentinelBuckets[key, default: ShadowIndex()].add(j, later)
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

/// The earlier sentinels of one bucket, by what decides whether they can shadow a later one: the frames and
/// response mode they take, and the sets of parameters they require and forbid. An earlier sentinel shadows
/// only when its sets are subsets of the later one's, so `candidates` looks up every subset of the later
/// sentinel's sets (a handful for the short lists rules have) rather than every earlier sentinel.
struct ShadowIndex {
    private struct Key: Hashable {
        let frames: FrameScope
        let mode: ResponseMode
        let require: [String]
        let forbid: [String]
    }
    private var byKey: [Key: [Int]] = [:]
    private var all: [Int] = []
    /// Past this many parameters in a later sentinel's lists, its subsets outnumber what a scan costs.
    private static let subsetLimit = 10

    mutating func add(_ index: Int, _ rule: SentinelRule) {
        byKey[Key(frames: rule.frames, mode: rule.responseMode, require: Self.set(rule.require), forbid: Self.set(rule.forbid)), default: []].append(index)
        all.append(index)
    }

    /// The earlier sentinels that may shadow `later`, in file order (so the first that does is the one named).
    func candidates(for later: SentinelRule) -> [Int] {
        let require = Self.set(later.require), forbid = Self.set(later.forbid)
        guard require.count + forbid.count <= Self.subsetLimit else { return all }
        var found: [Int] = []
        for frames in Set([later.frames, .any]) {
            for mode in Set([later.responseMode, .any]) {
                for required in Self.subsets(require) {
                    for forbidden in Self.subsets(forbid) {
                        found += byKey[Key(frames: frames, mode: mode, require: required, forbid: forbidden)] ?? []
                    }
                }
            }
        }
        return found.sorted()
    }

    /// A list as a set, in one order.
    private static func set(_ names: [String]) -> [String] { Array(Set(names)).sorted() }

    /// Every subset of a sorted list, each sorted.
    private static func subsets(_ names: [String]) -> [[String]] {
        (0..<(1 << names.count)).map { mask in names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] } }
    }
}
