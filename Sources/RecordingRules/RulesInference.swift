// RulesInference.swift: strict rules inferred from recordings of a flow that works (`bridge rules`), as
// values: a sentinel for each redirect URI that carried a code, a token or an OAuth error (its exact origin
// and path, where the credentials were, which it carried; a result the app let load, such as a reset link,
// told from one it cancelled by the credentials each carried), a bridge rule for each bridge protocol seen
// (Janrain's queue, WebViewJavascriptBridge), a deep-link rule for each custom scheme and route with the
// parameters every link carried, the exact origins documents loaded from, the JavaScript interfaces called,
// and `default: cancel`. Each rule keeps the navigations it comes from. What the recordings contradict
// (the same URL cancelled in one and loaded in another; a result with the same credentials both ways) is a
// conflict, and no rule is guessed for it. The document (JSON, descriptions) is written by the output module.
import BrowserURL
import NavigationPolicy
import NavigationReplay
import RulesAudit

public struct InferredSentinel: Sendable, Hashable {
    public var name: String
    public var redirectURI: String
    /// `query`, `fragment` or `any` (both seen).
    public var responseMode: String
    public var require: [String]
    public var forbid: [String]
    public var action: PolicyAction
    public var sources: [RecordReference]
}

public struct InferredScheme: Sendable, Hashable {
    public var name: String
    public var scheme: String
    public var bridgeProtocol: BridgeProtocol?
    public var route: String?
    public var require: [String]
    public var sources: [RecordReference]
}

public struct InferredOrigin: Sendable, Hashable {
    public var origin: String
    public var sources: [RecordReference]
}

public struct InferredInterface: Sendable, Hashable {
    public var name: String
    public var methods: [String]
    public var bridgeProtocol: BridgeProtocol?
}

/// What the recordings contradict, with the navigations on each side.
public enum RecordingConflict: Sendable, Hashable {
    /// One URL cancelled by the app in one place and loaded in another.
    case decidedBothWays(url: String, cancelled: RecordReference, allowed: RecordReference)
    /// Results at one redirect URI with the same credentials, cancelled in one place and loaded in another:
    /// no parameter tells them apart.
    case resultDecidedBothWays(redirectURI: String, parameters: [String], cancelled: RecordReference, allowed: RecordReference)
    /// A result carrying a token that loaded on an origin the flow loads no page of its own from: a token
    /// that leaked (a lookalike let through, a rule too loose); no rule lets it load, so the rules cancel it.
    case tokenLoaded(redirectURI: String, RecordReference)
    /// A form_post result (a POST to the redirect URI) on Android, which never asks the app about a POST:
    /// no rule can catch it there (use a response mode that redirects).
    case formPostNeverAsked(redirectURI: String, RecordReference)
    /// The inferred rules decide a recorded navigation otherwise than the app did (a cancelled page on an
    /// origin that other pages loaded from, say).
    case rulesDisagree(RecordReference, recorded: PolicyAction, decided: PolicyAction, kind: DecisionKind)
}

/// One recorded navigation as a case: its URL with every secret a placeholder of its shape, how it was
/// reported, and the decision the app gave it (or, unrecorded, the one its kind must get).
public struct InferredCase: Sendable, Hashable {
    public var reference: RecordReference
    public var url: String
    public var decision: PolicyAction
    public var isMainFrame: Bool
    public var method: String
    public var isRedirect: Bool
    public var sameDocument: SameDocumentNavigation?
}

/// What the rules allow because the flow needs it, but that is worth a look.
public enum RecordingNote: Sendable, Hashable {
    /// A page the flow loaded over plain http (a redirect hop before https, say): allowed, since the flow
    /// goes through it, but a credential sent there travels in clear, and the attack's other-scheme
    /// variants fail on it.
    case plainHTTPOrigin(origin: String, RecordReference)
}

public struct InferredRules: Sendable {
    public var sentinels: [InferredSentinel] = []
    public var schemes: [InferredScheme] = []
    public var origins: [InferredOrigin] = []
    public var interfaces: [InferredInterface] = []
    public var platform: Platform = .ios
    public var cases: [InferredCase] = []
    public var conflicts: [RecordingConflict] = []
    public var notes: [RecordingNote] = []
    /// The records the readers could not read, by recording.
    public var rejected: [(file: String, record: RejectedRecord)] = []
}

public enum RulesInference {
    /// What one navigation is, for the rules.
    enum Role: Hashable {
        /// `part`: query, fragment, any, or form_post (a POST to a redirect URI an authorization request
        /// asked a form_post response at).
        case result(redirectURI: String, parameters: [String], part: String)
        case document(origin: String)
        case bridge(scheme: String, BridgeProtocol)
        case deepLink(scheme: String, route: String?, parameters: Set<String>)
        /// about:, data:, blob:, javascript:, a URL that does not parse: decided by the engine's own rules.
        case other
    }

    /// `cancelledPost`: the app cancelled this navigation, a POST: a form_post result it caught.
    static func role(_ url: String, method: String = "GET", formPostRedirects: Set<String> = [], cancelledPost: Bool = false) -> Role {
        guard case .success(let parsed) = BrowserURL.parse(url) else { return .other }
        let scheme = parsed.scheme
        // The engine's own readings: a WVJB signal by its host, whatever the scheme.
        if WebViewJavascriptBridge.signal(parsed) != nil {
            return .bridge(scheme: parsed.isSpecial ? "wvjbscheme" : scheme, .wvjb)
        }
        if scheme == "http" || scheme == "https" {
            // A host with "*" (a URL may have one) cannot be written as an exact origin: the rules read it as
            // a wildcard. Left to the default, and reported if the app loaded it.
            if parsed.hostname.contains("*") { return .other }
            if method == "POST", cancelledPost || formPostRedirects.contains(parsed.origin + parsed.pathname) {
                return .result(redirectURI: parsed.origin + parsed.pathname, parameters: [], part: "form_post")
            }
            let query = Set(parsed.queryParameters.pairs.map(\.name)), fragment = Set(parsed.fragmentParameters.pairs.map(\.name))
            func carried(_ names: Set<String>) -> [String] {
                let found = PolicyEngine.resultParameters.filter(names.contains)
                if !found.isEmpty { return found }
                // An OAuth error response (RFC 6749 §4.1.2.1): error with its state or description.
                return names.contains("error") && (names.contains("state") || names.contains("error_description")) ? ["error"] : []
            }
            let inQuery = carried(query), inFragment = carried(fragment)
            if !inQuery.isEmpty || !inFragment.isEmpty {
                let part = inQuery.isEmpty ? "fragment" : inFragment.isEmpty ? "query" : "any"
                let parameters = PolicyEngine.resultParameters.filter { inQuery.contains($0) || inFragment.contains($0) }
                return .result(redirectURI: parsed.origin + parsed.pathname, parameters: parameters.isEmpty ? ["error"] : parameters, part: part)
            }
            return .document(origin: parsed.origin)
        }
        // What the view loads itself (about:, data:, blob:, …), what the engine always blocks, and the web's
        // other schemes are no app's to take: the engine's own rules decide them.
        if Platform.schemesTheViewLoads.contains(scheme) || PolicyEngine.alwaysBlockedSchemes.contains(scheme) || RulesLoader.webSchemes.contains(scheme) {
            return .other
        }
        if scheme == "janrain" { return .bridge(scheme: scheme, .janrain) }
        var parameters = Set(parsed.queryParameters.pairs.map(\.name))
        if parsed.hasOpaquePath, parsed.query == nil, let question = parsed.pathname.firstIndex(of: "?") {
            parameters.formUnion(FormParameters(parsing: parsed.pathname[parsed.pathname.index(after: question)...]).pairs.map(\.name))
        }
        return .deepLink(scheme: scheme, route: PolicyEngine.route(of: parsed), parameters: parameters)
    }

    /// The decision a navigation of this role must get when the recording does not say.
    static func unrecordedDecision(_ role: Role) -> PolicyAction? {
        switch role {
        case .result, .bridge, .deepLink: .cancel
        case .document: .allow
        case .other: nil
        }
    }

    /// Infers rules and cases from `recordings`; `placeholders` turns a recorded URL into the case's.
    public static func infer(_ recordings: [Recording], placeholders: (String) -> String) -> InferredRules {
        var inferred = InferredRules()
        if recordings.contains(where: { $0.platform == .android }) { inferred.platform = .android }
        let navigations = recordings.flatMap(\.navigations)
        inferred.rejected = recordings.flatMap { recording in recording.rejected.map { (recording.name, $0) } }

        // The same URL both ways: reported, and left out of every rule and case.
        var byURL: [String: (cancelled: RecordReference?, allowed: RecordReference?)] = [:]
        for n in navigations {
            guard let recorded = n.record.recordedDecision else { continue }
            var sides = byURL[n.record.url] ?? (nil, nil)
            if recorded == .cancel { sides.cancelled = sides.cancelled ?? n.reference } else { sides.allowed = sides.allowed ?? n.reference }
            byURL[n.record.url] = sides
        }
        var contradicted: Set<String> = []
        for n in navigations {
            guard let sides = byURL[n.record.url], let cancelled = sides.cancelled, let allowed = sides.allowed,
                  contradicted.insert(n.record.url).inserted else { continue }
            inferred.conflicts.append(.decidedBothWays(url: n.record.url, cancelled: cancelled, allowed: allowed))
        }
        let usable = navigations.filter { !contradicted.contains($0.record.url) }
        let formPosts = formPostRedirects(navigations)
        func role(_ n: RecordedNavigation) -> Role {
            Self.role(n.record.url, method: n.record.method, formPostRedirects: formPosts, cancelledPost: n.record.recordedDecision == .cancel)
        }

        // Results, by redirect URI and then by the credentials they carried.
        struct Group { var parts: Set<String> = []; var actions: [PolicyAction: RecordReference] = [:]; var sources: [RecordReference] = [] }
        var endpoints: [String] = []
        var groups: [String: [[String]: Group]] = [:]
        var groupOrder: [String: [[String]]] = [:]
        var documents: [String: [RecordReference]] = [:], documentOrder: [String] = []
        var schemes: [String: InferredScheme] = [:], schemeOrder: [String] = []
        for n in usable {
            switch role(n) {
            case .result(let redirectURI, _, "form_post") where inferred.platform == .android:
                inferred.conflicts.append(.formPostNeverAsked(redirectURI: redirectURI, n.reference))
            case .result(let redirectURI, let parameters, let part):
                if groups[redirectURI] == nil { endpoints.append(redirectURI); groups[redirectURI] = [:] }
                if groups[redirectURI]?[parameters] == nil { groupOrder[redirectURI, default: []].append(parameters) }
                var group = groups[redirectURI]?[parameters] ?? Group()
                group.parts.insert(part)
                let action = n.record.recordedDecision ?? .cancel
                if group.actions[action] == nil { group.actions[action] = n.reference }
                group.sources.append(n.reference)
                groups[redirectURI]?[parameters] = group
            case .document(let origin):
                guard n.record.recordedDecision != .cancel else { continue }
                if documents[origin] == nil { documentOrder.append(origin) }
                documents[origin, default: []].append(n.reference)
            case .bridge(let scheme, let bridgeProtocol):
                let key = "bridge " + scheme
                if schemes[key] == nil {
                    schemeOrder.append(key)
                    schemes[key] = InferredScheme(name: scheme + "-bridge", scheme: scheme, bridgeProtocol: bridgeProtocol, route: nil, require: [], sources: [])
                }
                schemes[key]?.sources.append(n.reference)
            case .deepLink(let scheme, let route, let parameters):
                let key = "link " + scheme + " " + (route ?? "")
                if schemes[key] == nil {
                    schemeOrder.append(key)
                    schemes[key] = InferredScheme(name: scheme + "-" + (route ?? "link"), scheme: scheme, bridgeProtocol: nil, route: route,
                                                  require: parameters.sorted(), sources: [])
                } else if let required = schemes[key]?.require {
                    schemes[key]?.require = required.filter(parameters.contains)
                }
                schemes[key]?.sources.append(n.reference)
            case .other:
                break
            }
        }

        // A sentinel per group; a result the app let load forbids what the cancelled ones at its redirect URI
        // carried and it did not.
        var names: Set<String> = []
        func unique(_ name: String) -> String {
            var candidate = name, n = 2
            while !names.insert(candidate).inserted { candidate = "\(name)-\(n)"; n += 1 }
            return candidate
        }
        for endpoint in endpoints {
            let byParameters = groups[endpoint] ?? [:]
            let cancelledCredentials = Set(byParameters.filter { $0.value.actions[.cancel] != nil }.flatMap(\.key))
            // The most credentials first: an earlier rule whose credentials are a subset of a later one's would
            // always win over it (the loader rejects that), and two groups never hold the same set.
            let ordered = (groupOrder[endpoint] ?? []).sorted { a, b in
                if a.count != b.count { return a.count > b.count }
                return byParameters[a]?.actions[.cancel] != nil && byParameters[b]?.actions[.cancel] == nil
            }
            for parameters in ordered {
                guard let group = byParameters[parameters] else { continue }
                if let cancelled = group.actions[.cancel], let allowed = group.actions[.allow] {
                    inferred.conflicts.append(.resultDecidedBothWays(redirectURI: endpoint, parameters: parameters, cancelled: cancelled, allowed: allowed))
                    continue
                }
                let action: PolicyAction = group.actions[.cancel] == nil ? .allow : .cancel
                // A result that loaded where nothing at its redirect URI was cancelled: on an origin the flow
                // loads its pages from, a page of the flow's own that reads it (the origin allows it); a token
                // loaded anywhere else is one that leaked (a lookalike let through), and is not allowed.
                if action == .allow, cancelledCredentials.isEmpty, let loaded = group.actions[.allow] {
                    let origin = (try? BrowserURL.parse(endpoint).get())?.origin ?? endpoint
                    if documents[origin] != nil {
                        documents[origin, default: []] += group.sources
                        continue
                    }
                    // OAuth's tokens reach only the client (RFC 6749 §10.3, §4.2.2): one loaded in a page the flow
                    // has no other page on leaked. A code, or another system's one-time token handed to its own
                    // endpoint (Engage's token at Capture's token_url), is a link the app lets load.
                    if parameters.contains(where: PolicyEngine.oauthTokenParameters.contains) {
                        inferred.conflicts.append(.tokenLoaded(redirectURI: endpoint, loaded))
                        continue
                    }
                }
                let part = group.parts.count == 1 ? group.parts.first ?? "any" : group.parts.contains("form_post") ? "form_post" : "any"
                let forbid = action == .allow ? cancelledCredentials.subtracting(parameters).sorted() : []
                let name = unique((action == .allow ? "allowed-" : "result-") + parameters.joined(separator: "-"))
                inferred.sentinels.append(InferredSentinel(name: name, redirectURI: endpoint, responseMode: part, require: parameters,
                                                           forbid: forbid, action: action, sources: group.sources))
            }
        }
        // A scheme a bridge speaks on is the bridge's: its other URLs are the bridge's to reject, not links.
        let bridgeSchemes = Set(schemes.values.filter { $0.bridgeProtocol != nil }.map(\.scheme))
        for (key, scheme) in schemes where scheme.bridgeProtocol == nil && bridgeSchemes.contains(scheme.scheme) {
            schemes["bridge " + scheme.scheme]?.sources += scheme.sources
            schemes[key] = nil
        }
        // A scheme's routes before its catch-all (a rule an earlier one always wins over is rejected).
        let ordered = schemeOrder.filter { schemes[$0]?.route != nil || schemes[$0]?.bridgeProtocol != nil }
            + schemeOrder.filter { schemes[$0]?.route == nil && schemes[$0]?.bridgeProtocol == nil }
        inferred.schemes = ordered.compactMap { key in
            guard var scheme = schemes[key] else { return nil }
            scheme.name = unique(scheme.name)
            return scheme
        }
        inferred.origins = documentOrder.map { InferredOrigin(origin: $0, sources: documents[$0] ?? []) }
        // Loopback is the app's own machine: plain http there leaves nothing on the network.
        inferred.notes = inferred.origins.compactMap { origin in
            guard origin.origin.hasPrefix("http://"), case .success(let url) = BrowserURL.parse(origin.origin), !url.isLoopback,
                  let first = origin.sources.first else { return nil }
            return .plainHTTPOrigin(origin: origin.origin, first)
        }
        inferred.interfaces = interfaces(recordings.flatMap(\.calls))

        // Each navigation as a case, its secrets placeholders; the decision the app gave it, or its kind's.
        for n in usable {
            let role = role(n)
            if case .result(_, _, "form_post") = role, inferred.platform == .android { continue }
            guard let decision = n.record.recordedDecision ?? unrecordedDecision(role) else { continue }
            inferred.cases.append(InferredCase(reference: n.reference, url: placeholders(n.record.url), decision: decision,
                                               isMainFrame: n.record.isMainFrame, method: n.record.method,
                                               isRedirect: n.record.request.isRedirect, sameDocument: n.record.sameDocument))
        }
        return inferred
    }

    /// The redirect URIs (origin and path) that authorization requests in the recordings asked a form_post
    /// response at (`response_mode=form_post&redirect_uri=…`).
    static func formPostRedirects(_ navigations: [RecordedNavigation]) -> Set<String> {
        var redirects: Set<String> = []
        for n in navigations {
            guard case .success(let parsed) = BrowserURL.parse(n.record.url) else { continue }
            let query = parsed.queryParameters
            guard query.first("response_mode") == "form_post", let redirect = query.first("redirect_uri"),
                  case .success(let uri) = BrowserURL.parse(redirect) else { continue }
            redirects.insert(uri.origin + uri.pathname)
        }
        return redirects
    }

    /// The interfaces the page called, with the methods it called; one whose argument is Janrain's queue
    /// (a JSON array of `janrain:` URLs) takes the janrain protocol.
    static func interfaces(_ calls: [InterfaceCall]) -> [InferredInterface] {
        var order: [String] = []
        var byName: [String: InferredInterface] = [:]
        // A name the rules file cannot hold (not a JavaScript identifier) is no interface an app adds.
        for call in calls where RulesLoader.isIdentifier(call.interface) && RulesLoader.isIdentifier(call.method) {
            if byName[call.interface] == nil {
                order.append(call.interface)
                byName[call.interface] = InferredInterface(name: call.interface, methods: [], bridgeProtocol: nil)
            }
            if byName[call.interface]?.methods.contains(call.method) == false { byName[call.interface]?.methods.append(call.method) }
            for argument in call.arguments {
                if case .string(let text) = argument, text.hasPrefix("["), text.contains("janrain:") { byName[call.interface]?.bridgeProtocol = .janrain }
            }
        }
        return order.compactMap { byName[$0] }
    }
}

extension InferredRules {
    /// The cases as a case file holds them, each expecting the decision the app gave its navigation and the
    /// kind and rule `engine` (the inferred rules, loaded) decides it with. A navigation the engine decides
    /// otherwise than the app did is a conflict, and not a case. `name` names a case by its navigation.
    public mutating func testCases(engine: PolicyEngine, name: (RecordReference) -> String) -> [TestCase] {
        var testCases: [TestCase] = []
        for inferredCase in cases {
            var testCase = TestCase(inferredCase.url, expect: CaseExpectation(), name: name(inferredCase.reference),
                                    isMainFrame: inferredCase.isMainFrame)
            testCase.method = inferredCase.method
            testCase.isRedirect = inferredCase.isRedirect
            testCase.sameDocument = inferredCase.sameDocument
            let decision = engine.decide(testCase.request)
            guard decision.action == inferredCase.decision else {
                conflicts.append(.rulesDisagree(inferredCase.reference, recorded: inferredCase.decision, decided: decision.action, kind: decision.kind))
                continue
            }
            testCase.expect = CaseExpectation(decision: decision.action, kind: decision.kind, rule: ExpectedText(decision.rule))
            testCases.append(testCase)
        }
        return testCases
    }
}
