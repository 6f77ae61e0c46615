// SchemeIndex.swift: every scheme the engine or the rules name (about, the always-blocked ones, the scheme
// rules', the allowed origins'), for one byte lookup per decision, with what each is to the engine; and
// the scheme rules grouped by scheme, in file order (bridge rules before deep-link rules). A special
// scheme (http, https, ws, wss, ftp, file) is known from the parse already: its index is read by its
// kind, and only other schemes are looked up by their bytes.
import BrowserURL

/// What a scheme is to the engine: about:, always blocked, and the group of scheme rules naming it.
struct SchemeRole: Sendable {
    var isAbout = false
    var alwaysBlocked = false
    var ruleGroup: Int? = nil
}

/// A compiled scheme rule, shared by reference.
final class CompiledSchemeRule: Sendable {
    let rule: SchemeRule
    init(_ rule: SchemeRule) { self.rule = rule }
}

struct SchemeIndex: Sendable {
    /// Scheme rules grouped by scheme, in file order (bridge rules are tried before deep-link rules).
    let rules: [(scheme: String, rules: [CompiledSchemeRule])]
    /// Every scheme named, for one byte lookup per decision, and what each is to the engine.
    let keys: ComponentKeys
    let roles: [SchemeRole]
    /// The rules name a WebViewJavascriptBridge scheme: its https signals are that bridge's.
    let hasWVJB: Bool
    /// Each scheme's index in `keys`, for compiling the other indexes (never read by a decision).
    private let indexByName: [String: Int]
    /// Each special scheme's index in `keys` by its `SchemeKind` raw value (-1: not named).
    private let specialIndexes: [Int]

    init(_ rules: Rules) {
        var schemeOrder: [String] = []
        var byName: [String: [SchemeRule]] = [:]
        for rule in rules.schemes {
            if byName[rule.scheme] == nil { schemeOrder.append(rule.scheme) }
            byName[rule.scheme, default: []].append(rule)
        }
        let grouped = schemeOrder.map { scheme in
            let list = byName[scheme, default: []]
            return (scheme: scheme, rules: (list.filter { $0.bridgeProtocol != nil } + list.filter { $0.bridgeProtocol == nil }).map(CompiledSchemeRule.init))
        }
        self.rules = grouped
        hasWVJB = rules.schemes.contains { $0.bridgeProtocol == .wvjb }
        var schemes: [String] = [], roles: [SchemeRole] = [], index: [String: Int] = [:]
        func role(_ scheme: String) -> Int {
            if let found = index[scheme] { return found }
            index[scheme] = schemes.count
            schemes.append(scheme)
            roles.append(SchemeRole(isAbout: scheme == "about", alwaysBlocked: PolicyEngine.alwaysBlockedSchemes.contains(scheme)))
            return schemes.count - 1
        }
        _ = role("about")
        for scheme in PolicyEngine.alwaysBlockedSchemes.sorted() { _ = role(scheme) }
        for (group, entry) in grouped.enumerated() { roles[role(entry.scheme)].ruleGroup = group }
        for origin in rules.allow { _ = role(origin.scheme) }
        keys = ComponentKeys(schemes)
        self.roles = roles
        indexByName = index
        // Each named scheme classified as the parser classifies a URL's (the special ones by name, once).
        var byKind = [Int](repeating: -1, count: Int(SchemeKind.other.rawValue))
        for (position, scheme) in schemes.enumerated() {
            let kind = SchemeKind(name: scheme)
            if kind.isSpecial && byKind[Int(kind.rawValue)] < 0 { byKind[Int(kind.rawValue)] = position }
        }
        specialIndexes = byKind
    }

    /// The URL's scheme's index in `keys`, or nil when no rule or built-in names it.
    func firstIndex(_ url: BrowserURL) -> Int? {
        let kind = url.schemeKind
        guard kind.isSpecial else { return url.firstIndex(of: .scheme, in: keys) }
        let found = specialIndexes[Int(kind.rawValue)]
        return found < 0 ? nil : found
    }

    /// A named scheme's index in `keys`.
    func index(of scheme: String) -> Int? { indexByName[scheme] }
}
