// EngineComparison.swift: `bridge host --engine both`: the same page run in WebKit (as iOS's WKWebView) and
// in Chromium (as Android's WebView), and the two sequences of what the app did compared, so a flow that
// works on one platform and not the other is found on a desk. A step is what the app did with a navigation
// (the view's decision, which on Android may differ from the rules': a POST it was never asked about loads),
// its kind and rule, and the URL with its secrets masked by length (two runs get different codes). Steps
// that say nothing about the flow are left out (about: documents, which only WebKit reports), a bridge
// signal is its rule (its URL carries a timestamp), and a repeated step counts once (how many signals a
// burst of events takes depends on timing). A call to the app's JavaScript interface is a step too (the
// result reaching an Android app through window.NAME.METHOD where iOS's takes a sentinel is a difference).
// The result is a value; the event words it.
import Foundation
import JSONText
import NavigationPolicy
import SecretMasking
import NavigationReplay

/// What the app did with one navigation, as the comparison sees it.
package struct EngineStep: Sendable, Hashable {
    package let url: String
    package let decision: PolicyAction
    package let kind: DecisionKind
    package let rule: String?
    /// For a call to the app's JavaScript interface: `NAME.METHOD` (then `url` is the same).
    package let call: String?

    /// A call to the app's JavaScript interface: the app took it (did cancel, as with a bridge signal).
    package init(_ call: ReplayedCall) {
        self.call = call.call.name
        url = call.call.name
        decision = .cancel
        kind = .bridge
        rule = call.call.interface
    }

    package init(_ navigation: ReplayedNavigation) {
        call = nil
        let decision = navigation.decision
        kind = decision.kind
        rule = decision.rule
        self.decision = navigation.record.recordedDecision ?? decision.action
        // Masked, then without the masks' prefixes: the length of a secret is compared, never its bytes.
        let masked = Redactor().rawURL(navigation.record.url).replacingOccurrences(of: "[^=&#?;/]{0,12}…\\(", with: "…(", options: .regularExpression)
        url = decision.kind == .bridge ? (decision.url.map { $0.scheme + ":" } ?? "bridge:") : masked
    }

    /// Whether the comparison skips it.
    package static func isIncidental(_ navigation: ReplayedNavigation) -> Bool {
        navigation.record.url.hasPrefix("about:")
    }
}

/// The two engines' steps, compared.
package struct EngineComparison: Sendable, Hashable {
    package let webkit: [EngineStep]
    package let chromium: [EngineStep]

    package init(webkit: [ReplayedNavigation], chromium: [ReplayedNavigation]) {
        self.init(webkit: webkit.filter { !EngineStep.isIncidental($0) }.map(EngineStep.init),
                  chromium: chromium.filter { !EngineStep.isIncidental($0) }.map(EngineStep.init))
    }

    /// Steps in the order each run reported them (navigations and interface calls); a repeat counts once.
    package init(webkit: [EngineStep], chromium: [EngineStep]) {
        self.webkit = Self.once(webkit)
        self.chromium = Self.once(chromium)
    }

    static func once(_ steps: [EngineStep]) -> [EngineStep] {
        var kept: [EngineStep] = []
        for step in steps where kept.last != step { kept.append(step) }
        return kept
    }

    /// The first position where the sequences differ (one may have ended), or nil when they agree.
    package var firstDifference: Int? {
        for index in 0..<max(webkit.count, chromium.count) {
            if index >= webkit.count || index >= chromium.count || webkit[index] != chromium[index] { return index }
        }
        return nil
    }
}
