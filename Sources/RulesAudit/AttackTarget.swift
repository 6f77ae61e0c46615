// AttackTarget.swift: what the attack aims at, read from the rules: every sentinel, bridge scheme, deep-link
// route and allowed origin, each as the URL it answers to carrying the rule's credentials (placeholder
// values, clearly not real), the rule's own origin (where a credential may load), and the pieces the
// generators vary.
import SecretPolicy
import BrowserURL
import NavigationPolicy
import SecretMasking

public struct AttackTarget: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case sentinel, bridge
        case deepLink = "deep link"
        case origin = "allowed origin"
    }

    public var kind: Kind
    /// The rule's name, or the allowed origin's text: what a decision names when the target decides it.
    public var name: String
    /// Where the rule is in the rules file (`sentinels[0]`, `allow[2]`).
    public var keyPath: String
    /// The URL the target answers to, with its credentials.
    public var url: String
    /// The decision kind the target gives.
    public var decisionKind: DecisionKind
    /// The secret parameters the URL carries (what must not leave for another origin).
    public var credentials: [String]
    /// The origin a credential may load at (the redirect URI's, the allowed origin's); nil for custom
    /// schemes, whose credentials must not load in the page at all.
    public var ownOrigin: String?
    /// The pieces of `url` (nil for opaque URLs such as `janrain:accessToken=…`).
    var parts: URLParts?
    /// The host a lookalike imitates: the URL's, or a wildcard's domain (`janraincapture.com`).
    var realHost: String
    var isWildcard = false
    var trailingSlash = false
    var loopbackAnyPort = false
    var responseMode: ResponseMode = .query
    /// How the target's result arrives: a POST for a form_post sentinel (the provider's page posts it), else GET.
    public var method: HTTPMethod { responseMode == .formPost ? .post : .get }
    /// A deep-link rule's route, when it has one.
    var route: String?
    /// A redirect URI's own query, before the credentials were added.
    var redirectQuery: String?
    /// Whether the target's navigations are reported in the main frame (false for a rule with
    /// `"frames": "sub"`, which only a subframe's navigation reaches).
    public internal(set) var isMainFrame = true

    /// `sentinels[0] "signin"`.
    public var title: String { "\(keyPath) \(name.debugDescription)" }

    /// Whether the decision is this target's: its rule (or allowed origin) decided it, as its kind.
    public func decides(_ decision: Decision) -> Bool {
        decision.kind == decisionKind && decision.rule == name
    }
}

/// A hierarchical URL in pieces, written back as text with any piece replaced.
struct URLParts: Sendable, Hashable {
    var scheme: String
    var userinfo: String? = nil
    var host: String
    var port: String? = nil
    var path: String
    var query: String? = nil
    var fragment: String? = nil

    var text: String {
        var out = scheme + "://"
        if let userinfo { out += userinfo + "@" }
        out += host
        if let port { out += ":" + port }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    func with(_ change: (inout URLParts) -> Void) -> String {
        var copy = self
        change(&copy)
        return copy.text
    }
}

enum AttackTargets {
    static let placeholderState = "bridge-test-state"

    /// A placeholder value for a parameter: plainly made up, and shaped like the real thing.
    static func placeholder(_ name: String, state: String?) -> String {
        let lower = name.lowercased()
        if lower == "state" { return state ?? placeholderState }
        if lower.contains("email") { return "ada@example.com" }
        if lower == "error" { return "access_denied" }
        return "bridge-test-" + name.lowercased().replacingUnderscores
    }

    static func targets(_ rules: Rules) -> [AttackTarget] {
        let secrets = SecretParameters.standard
        var out: [AttackTarget] = []
        for rule in rules.sentinels {
            let url = rule.redirectURI
            var names = rule.require.filter { !rule.forbid.contains($0) }
            if !names.contains(where: secrets.isSecret) && !names.contains("error") && !rule.forbid.contains("code") { names.append("code") }
            if !names.contains("state") && !rule.forbid.contains("state") { names.append("state") }
            // A form_post result is in the posted body: the URL carries none of it.
            if rule.responseMode == .formPost { names = [] }
            let payload = names.map { "\($0)=\(PercentEncoding.encodeComponent(placeholder($0, state: rules.expectedState)))" }.joined(separator: "&")
            let existingQuery = url.search.isEmpty ? nil : String(url.search.dropFirst())
            var parts = URLParts(scheme: url.scheme, host: url.hostname, port: url.port.isEmpty ? nil : url.port, path: url.pathname,
                                 query: existingQuery, fragment: nil)
            if rule.responseMode == .fragment {
                parts.fragment = payload
            } else if rule.responseMode == .formPost {
                parts.query = existingQuery
            } else {
                parts.query = existingQuery.map { $0 + "&" + payload } ?? payload
            }
            var target = AttackTarget(kind: .sentinel, name: rule.name, keyPath: rule.keyPath, url: parts.text, decisionKind: .sentinel,
                                      credentials: names.filter(secrets.isSecret), ownOrigin: url.origin, parts: parts, realHost: url.hostname)
            target.trailingSlash = rule.trailingSlash
            target.loopbackAnyPort = rule.loopbackAnyPort
            target.responseMode = rule.responseMode
            target.redirectQuery = existingQuery
            target.isMainFrame = rule.frames != .sub
            out.append(target)
        }
        for rule in rules.schemes {
            switch rule.bridgeProtocol {
            case .janrain?:
                let token = placeholder("accessToken", state: nil)
                out.append(AttackTarget(kind: .bridge, name: rule.name, keyPath: rule.keyPath, url: "\(rule.scheme):accessToken=\(token)",
                                        decisionKind: .bridge, credentials: ["accessToken"], ownOrigin: nil, parts: nil, realHost: ""))
            case .wvjb?:
                out.append(AttackTarget(kind: .bridge, name: rule.name, keyPath: rule.keyPath, url: "\(rule.scheme)://__wvjb_queue_message__/",
                                        decisionKind: .bridge, credentials: [], ownOrigin: nil, parts: nil, realHost: ""))
            case nil:
                let route = rule.route ?? "any-route"
                let query = rule.require.isEmpty ? nil
                    : rule.require.map { "\($0)=\(PercentEncoding.encodeComponent(placeholder($0, state: rules.expectedState)))" }.joined(separator: "&")
                let parts = URLParts(scheme: rule.scheme, host: route, path: "", query: query)
                var target = AttackTarget(kind: .deepLink, name: rule.name, keyPath: rule.keyPath, url: parts.text, decisionKind: .deeplink,
                                          credentials: rule.require.filter(secrets.isSecret), ownOrigin: nil, parts: parts, realHost: route)
                target.route = rule.route
                out.append(target)
            }
        }
        for (index, origin) in rules.allow.enumerated() {
            let host = origin.isWildcard ? "login." + origin.host : origin.host
            let defaultPort = origin.scheme == "https" ? 443 : origin.scheme == "http" ? 80 : nil
            let port = origin.port != nil && origin.port != defaultPort ? origin.port.map(String.init) : nil
            let query = ["code", "state"].map { "\($0)=\(placeholder($0, state: rules.expectedState))" }.joined(separator: "&")
            let parts = URLParts(scheme: origin.scheme, host: host, port: port, path: "/", query: query)
            let own = BrowserURL(parts.text)?.origin
            var target = AttackTarget(kind: .origin, name: origin.text, keyPath: "allow[\(index)]", url: parts.text, decisionKind: .allowed,
                                      credentials: ["code", "state"], ownOrigin: own, parts: parts, realHost: origin.host)
            target.isWildcard = origin.isWildcard
            out.append(target)
        }
        return out
    }
}

extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
