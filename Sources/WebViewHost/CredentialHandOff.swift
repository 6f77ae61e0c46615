// CredentialHandOff.swift: whether a navigation hands the app a credential, which is what
// `bridge host --until sentinel` waits for: a sentinel result the rules cancel, the legacy
// janrain:accessToken=, or a drained bridge event, delivered, whose arguments carry a secret value.
import BrowserURL
import NavigationPolicy
import NavigationReplay

public enum CredentialHandOff {
    public static func isHandOff(_ n: ReplayedNavigation, secrets: SecretParameters = .standard) -> Bool {
        // A result the platform never showed the app (not-asked-on-android) was handed to nobody.
        if n.findings.contains(where: { if case .notAsked = $0.detail { true } else { false } }) { return false }
        switch n.decision.interception {
        case .sentinel(.authorization)?, .sentinel(.formPost)?: return n.decision.action == .cancel
        case .bridge(.legacyAccessToken)?: return true
        case .bridge(.drainRequest)?:
            let delivered = Set(n.events.filter { $0.status == .delivered || $0.status == .undispatched }.map(\.event))
            for entry in n.record.drained ?? [] {
                guard case .success(let url) = BrowserURL.parse(entry),
                      case .success(.event(let name, let arguments)) = JanrainBridge.decode(url),
                      delivered.contains(name) else { continue }
                if arguments.contains(where: { carriesSecret($0, secrets) }) { return true }
            }
            return false
        default: return false
        }
    }

    /// A JSON value with a non-empty secret value at any depth.
    static func carriesSecret(_ value: JSONValue, _ secrets: SecretParameters) -> Bool {
        switch value {
        case .object(let o):
            return o.contains { key, v in
                if secrets.isSecret(key) {
                    switch v {
                    case .string(let s) where !s.isEmpty: return true
                    case .number: return true
                    default: break
                    }
                }
                return carriesSecret(v, secrets)
            }
        case .array(let a): return a.contains { carriesSecret($0, secrets) }
        default: return false
        }
    }
}
