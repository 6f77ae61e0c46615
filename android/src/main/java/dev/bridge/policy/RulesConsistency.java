// RulesConsistency.java: refuses rules that can never fire, because an earlier rule of the same group decides
// every navigation they would (first match in file order wins): the Swift engine's RulesConsistency, its
// earlier rules compared in file order (the Swift one looks the same candidates up by their parameters).
package dev.bridge.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

final class RulesConsistency {
    private RulesConsistency() {}

    static void check(Rules rules) throws RulesError {
        Map<String, List<SentinelRule>> sentinelBuckets = new HashMap<>();
        for (SentinelRule later : rules.sentinels) {
            String path = later.redirectURI.pathname();
            String key = later.redirectURI.scheme() + "://" + later.redirectURI.hostname() + (path.endsWith("/") ? path.substring(0, path.length() - 1) : path);
            List<SentinelRule> bucket = sentinelBuckets.computeIfAbsent(key, k -> new ArrayList<>());
            for (SentinelRule earlier : bucket) {
                if (shadows(earlier, later)) throw new RulesError(later.keyPath, RulesProblem.SHADOWED_SENTINEL);
            }
            bucket.add(later);
        }
        Map<String, List<SchemeRule>> schemeBuckets = new HashMap<>();
        for (SchemeRule later : rules.schemes) {
            List<SchemeRule> bucket = schemeBuckets.computeIfAbsent(later.scheme, k -> new ArrayList<>());
            for (SchemeRule earlier : bucket) {
                boolean catchesAll = earlier.route == null && earlier.bridgeProtocol == null && earlier.require.isEmpty();
                boolean sameRoute = earlier.route == null ? later.route == null : earlier.route.equals(later.route);
                if (catchesAll || earlier.bridgeProtocol != null || sameRoute && later.require.containsAll(earlier.require)) {
                    throw new RulesError(later.keyPath, RulesProblem.SHADOWED_SCHEME_RULE);
                }
            }
            bucket.add(later);
        }
    }

    static boolean shadows(SentinelRule earlier, SentinelRule later) {
        if (earlier.frames != FrameScope.ANY && earlier.frames != later.frames) return false;
        if (earlier.responseMode != later.responseMode && !(earlier.responseMode == ResponseMode.ANY && earlier.forbid.isEmpty())) return false;
        if (!later.require.containsAll(earlier.require) || !later.forbid.containsAll(earlier.forbid)) return false;
        return SentinelMatcher.covers(earlier, later);
    }
}
