// CredentialHandOff.swift: whether a navigation hands the app a credential, which is what
// `bridge host --until sentinel` waits for: a sentinel result the rules cancel, the legacy
// janrain:accessToken=, or a drained bridge event (or a call to the app's JavaScript interface), delivered,
// whose arguments carry a secret value.
import SecretPolicy
import BrowserURL
import JSONText
import NavigationPolicy
import SecretMasking
import NavigationReplay

package enum CredentialHandOff {
    package static func isHandOff(_ n: ReplayedNavigation, secrets: SecretParameters = .standard) -> Bool {
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

    /// A call to the app's JavaScript interface hands off a credential when an event it delivered carries
    /// one: a queue's entry (as a drain's), or the call's own arguments (a string of JSON parsed first).
    package static func isHandOff(_ c: ReplayedCall, secrets: SecretParameters = .standard) -> Bool {
        let delivered = Set(c.events.filter { $0.status == .delivered || $0.status == .undispatched }.map(\.event))
        guard !delivered.isEmpty else { return false }
        for argument in c.call.arguments {
            let value = argument.stringValue.flatMap(JSONValue.parse) ?? argument
            if delivered.contains(c.call.method), carriesSecret(value, secrets) { return true }
            // A queue: its entries are bridge URLs, each decoded as a drain's.
            guard case .array(let entries) = value else { continue }
            for entry in entries {
                guard let text = entry.stringValue, case .success(let url) = BrowserURL.parse(text),
                      case .success(.event(let name, let arguments)) = JanrainBridge.decode(url), delivered.contains(name) else { continue }
                if arguments.contains(where: { carriesSecret($0, secrets) }) { return true }
            }
        }
        return false
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
