// RulesInference.swift: strict rules inferred from recordings of a flow that works (`bridge rules`), as
// values: a sentinel for each redirect URI that carried a code, a token or an OAuth error (its exact origin
// and path, where the credentials were, which it carried; a result the app let load, such as a reset link,
// told from one it cancelled by the credentials each carried), a bridge rule for each bridge protocol seen
// (Janrain's queue, WebViewJavascriptBridge), a deep-link rule for each custom scheme and route with the
// parameters every link carried, the exact origins documents loaded from, the JavaScript interfaces called,
// and `default: cancel`. Each rule keeps the navigations it comes from. What the recordings contradict
// (the same URL cancelled in one and loaded in another; a result with the same credentials both ways) is a
// conflict, and no rule is guessed for it. The document (JSON, descriptions) is written by the output module.
import SecretPolicy
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy
import NavigationReplay
import RulesAudit
import SecretMasking

package struct InferredSentinel: Sendable, Hashable {
    package var name: String
    package var redirectURI: String
    /// `query`, `fragment` or `any` (both seen).
    package var responseMode: String
    package var require: [String]
    package var forbid: [String]
    package var action: PolicyAction
    package var sources: [RecordReference]
    /// The authorization request's parameter that named it (`redirect_uri`, `token_url`) when no result was
    /// recorded there (its one source is the request); nil when made from recorded results.
    package var requestedBy: String? = nil
}

package struct InferredScheme: Sendable, Hashable {
    package var name: String
    package var scheme: String
    package var bridgeProtocol: BridgeProtocol?
    package var route: String?
    package var require: [String]
    package var sources: [RecordReference]
}

package struct InferredOrigin: Sendable, Hashable {
    package var origin: String
    package var sources: [RecordReference]
}

package struct InferredInterface: Sendable, Hashable {
    package var name: String
    package var methods: [String]
    package var bridgeProtocol: BridgeProtocol?
}

/// What the recordings contradict, with the navigations on each side.
package enum RecordingConflict: Sendable, Hashable {
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
package struct InferredCase: Sendable, Hashable {
    package var reference: RecordReference
    package var url: String
    package var decision: PolicyAction
    package var isMainFrame: Bool
    package var method: HTTPMethod
    package var isRedirect: Bool
    package var sameDocument: SameDocumentNavigation?
}

/// What the rules allow because the flow needs it, but that is worth a look.
package enum RecordingNote: Sendable, Hashable {
    /// A page the flow loaded over plain http (a redirect hop before https, say): allowed, since the flow
    /// goes through it, but a credential sent there travels in clear, and the attack's other-scheme
    /// variants fail on it.
    case plainHTTPOrigin(origin: String, RecordReference)
}

/// An authorization request the flow made (OAuth's and OIDC's `authorize`, Capture's `oauth/signin` and
/// native sign-ins, Engage's sign-in): where it asks the result to be sent, and what the result carries.
package struct AuthorizationRequest: Sendable, Hashable {
    /// The parameter that names where the result goes: `redirect_uri` (the app's, RFC 6749 §3.1.2) or
    /// Engage's `token_url` (the provider's own endpoint, which the app lets load).
    package var parameter: String
    /// The redirect URI as a sentinel names it: origin and path, parsed.
    package var redirectURI: String
    /// The redirect URI's origin.
    package var origin: String
    /// The credentials the response type asks for.
    package var require: [String]
    /// query, fragment, any or form_post.
    package var responseMode: String
    package var reference: RecordReference
}

/// A bridge event the recording delivered, with the handlers the app delivered it to (from the recording's
/// header), or none known.
package struct InferredHandler: Sendable, Hashable {
    package var event: String
    /// The recorded handlers; empty when the recording does not say (the rules then name a placeholder).
    package var handlers: [String]
    /// A queue entry that carries the event, without its arguments (the case's URL), when the protocol has
    /// one a navigation can carry (Janrain's).
    package var entry: String?
    package var sources: [RecordReference]

    /// The placeholder the rules name for a handler the recording does not name.
    package static func placeholder(for event: String) -> String { "FILL-IN-handler-for-" + event }

    /// The handlers the rules name.
    package var written: [String] { handlers.isEmpty ? [Self.placeholder(for: event)] : handlers }
}

/// Why an origin the flow loaded is not allowed.
package enum OriginRefusal: Sendable, Hashable {
    /// Its host is one of the attack's host constructions (`check`) of another host of the rules:
    /// `yourdomain.com.evil.example` of `yourdomain.com`.
    case imitates(host: String, check: String)
    /// Allowing it lets one of the attack's variants (`check`) carry a credential out to it.
    case variantLoads(url: String, check: String)
}

/// What `bridge rules` decided that the rules it writes do not show: what it left out, refused or changed
/// from the recording, each with where it was recorded. The rules made (sentinels, schemes, origins, handlers,
/// interfaces) are read from InferredRules itself; together they are said one line each (a line of text, a
/// finding line of the JSON Lines schema), so a reviewer reads why every rule is there and why what is
/// missing is missing.
package enum RecordingInference: Sendable, Hashable {
    /// A result the app let load at a redirect URI an authorization request names (the recording's rules were
    /// loose): the rules cancel it, and its case expects that.
    case resultCancelled(redirectURI: String, loaded: RecordReference, request: RecordReference)
    /// A result at an origin that is not the flow's own (no page of the flow loaded from it, no authorization
    /// request names it), or whose URL carries userinfo: no sentinel; the default cancels it.
    case resultNotOwn(url: String, origin: String, throughUserinfo: Bool, RecordReference)
    /// A redirect URI, a deep link's route or a host that carries a credential: not written into the rules.
    case credentialInRule(url: String, RecordReference)
    /// An authorization request's redirect URI that cannot be a sentinel (userinfo, a credential, not http(s)).
    case requestRedirectRefused(url: String, parameter: String, RecordReference)
    /// A page loaded through a URL with userinfo: its origin is not allowed.
    case documentThroughUserinfo(url: String, RecordReference)
    /// An origin the flow loaded that the rules do not allow, with the sentinels at it.
    case originRefused(String, OriginRefusal, sources: [RecordReference])
    /// What the attack on the rules about to be written still lets through after the refusals.
    case attackFails(check: String, url: String, target: String)
    /// The rules would take nothing: the recordings hold no result, bridge, deep link, JavaScript interface
    /// call or authorization request.
    case interceptsNothing
    /// A drained bridge message the recording delivered that its protocol cannot decode, and why: no handler is
    /// made for it. Every place it was delivered is kept, the first first.
    case bridgeMessageUnread(entry: String, bridge: BridgeProtocol, problem: QueueEntryProblem, sources: [RecordReference])
}

package struct InferredRules: Sendable {
    package var sentinels: [InferredSentinel] = []
    package var schemes: [InferredScheme] = []
    package var origins: [InferredOrigin] = []
    package var interfaces: [InferredInterface] = []
    package var handlers: [InferredHandler] = []
    package var platform: Platform = .ios
    package var cases: [InferredCase] = []
    package var conflicts: [RecordingConflict] = []
    package var notes: [RecordingNote] = []
    /// Every inference, in the order made.
    package var inferences: [RecordingInference] = []
    /// The authorization requests the recordings hold.
    package var requests: [AuthorizationRequest] = []
    /// The records the readers could not read, by recording.
    package var rejected: [(file: String, record: RejectedRecord)] = []

    /// Whether the rules refuse to be trusted as written: the attack still finds a way through, or they
    /// intercept nothing the recording shows.
    package var isRefused: Bool {
        inferences.contains {
            switch $0 {
            case .attackFails, .interceptsNothing, .originRefused: true
            default: false
            }
        }
    }
}

package enum RulesInference {
    /// What one navigation is, for the rules.
    enum Role: Hashable {
        /// `part`: query, fragment, any, or form_post (a POST to a redirect URI an authorization request
        /// asked a form_post response at). `origin`: the result URL's origin; `userinfo`: its URL had one.
        case result(redirectURI: String, parameters: [String], part: String, origin: String, userinfo: Bool)
        case document(origin: String, userinfo: Bool)
        case bridge(scheme: String, BridgeProtocol)
        /// `route` nil: none, or one that carries a credential (`routeIsCredential`).
        case deepLink(scheme: String, route: String?, parameters: Set<String>, routeIsCredential: Bool)
        /// A redirect URI whose path carries a credential: no rule is written from it.
        case credentialInPath
        /// about:, data:, blob:, javascript:, a URL that does not parse: decided by the engine's own rules.
        case other
    }

    /// `parsed`: the navigation's URL (nil: it does not parse). `cancelledPost`: the app cancelled this
    /// navigation, a POST: a form_post result it caught.
    static func role(_ parsed: BrowserURL?, method: HTTPMethod = .get, formPostRedirects: Set<String> = [], cancelledPost: Bool = false) -> Role {
        guard let parsed else { return .other }
        let scheme = parsed.scheme
        // The engine's own readings: a WVJB signal by its host, whatever the scheme.
        if WebViewJavascriptBridge.signal(parsed) != nil {
            return .bridge(scheme: parsed.isSpecial ? "wvjbscheme" : scheme, .wvjb)
        }
        if scheme == "http" || scheme == "https" {
            // A host with "*" (a URL may have one) cannot be written as an exact origin: the rules read it as
            // a wildcard. Left to the default, and reported if the app loaded it.
            if parsed.hostname.contains("*") { return .other }
            let userinfo = !parsed.username.isEmpty || !parsed.password.isEmpty
            let redirectURI = parsed.origin + parsed.pathname
            // A credential by its shape in the host or the path: no rule may name it.
            let hostCarriesCredential = CredentialShape.contains(in: parsed.hostname)
            let pathCarriesCredential = hostCarriesCredential || CredentialShape.contains(in: parsed.pathname)
            if method == .post, cancelledPost || formPostRedirects.contains(redirectURI) {
                if pathCarriesCredential { return .credentialInPath }
                return .result(redirectURI: redirectURI, parameters: [], part: "form_post", origin: parsed.origin, userinfo: userinfo)
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
                if pathCarriesCredential { return .credentialInPath }
                let part = inQuery.isEmpty ? "fragment" : inFragment.isEmpty ? "query" : "any"
                let parameters = PolicyEngine.resultParameters.filter { inQuery.contains($0) || inFragment.contains($0) }
                return .result(redirectURI: redirectURI, parameters: parameters.isEmpty ? ["error"] : parameters, part: part,
                               origin: parsed.origin, userinfo: userinfo)
            }
            if hostCarriesCredential { return .credentialInPath }
            return .document(origin: parsed.origin, userinfo: userinfo)
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
        // A route that is a credential (a token as a deep link's host or first segment) is no route to name:
        // the rule takes the scheme.
        let route = PolicyEngine.route(of: parsed)
        if let route, CredentialShape.contains(in: route) {
            return .deepLink(scheme: scheme, route: nil, parameters: parameters, routeIsCredential: true)
        }
        return .deepLink(scheme: scheme, route: route, parameters: parameters, routeIsCredential: false)
    }

    /// The decision a navigation of this role must get when the recording does not say.
    static func unrecordedDecision(_ role: Role) -> PolicyAction? {
        switch role {
        case .result, .bridge, .deepLink: .cancel
        case .document: .allow
        case .other, .credentialInPath: nil
        }
    }

    /// The authorization requests among the navigations: a URL whose query names a `redirect_uri` with a
    /// `response_type` or `client_id` beside it (OAuth 2.0 and OIDC's authorization endpoint, Capture's
    /// `oauth/signin` and native sign-ins), or Engage's `token_url`. Those whose redirect URI cannot be a
    /// sentinel are said.
    static func authorizationRequests(_ navigations: [(RecordedNavigation, BrowserURL?)], inferences: inout [RecordingInference]) -> [AuthorizationRequest] {
        var requests: [AuthorizationRequest] = []
        for (n, parsed) in navigations {
            guard let parsed, parsed.scheme == "http" || parsed.scheme == "https", parsed.query != nil else { continue }
            let query = parsed.queryParameters
            let parameter: String, value: String
            if let redirect = query.first("redirect_uri"), query.first("response_type") != nil || query.first("client_id") != nil {
                parameter = "redirect_uri"; value = redirect
            } else if let tokenURL = query.first("token_url") {
                parameter = "token_url"; value = tokenURL
            } else { continue }
            guard case .success(let uri) = BrowserURL.parse(value), uri.scheme == "http" || uri.scheme == "https",
                  uri.username.isEmpty, uri.password.isEmpty, !uri.hostname.contains("*"),
                  !CredentialShape.contains(in: uri.hostname), !CredentialShape.contains(in: uri.pathname) else {
                inferences.append(.requestRedirectRefused(url: value, parameter: parameter, n.reference))
                continue
            }
            var require: [String]
            var mode: String
            if parameter == "token_url" {
                require = ["token"]; mode = "any"
            } else {
                // code, token, id_token, in any order, joined by spaces (RFC 6749 §3.1.1) or Capture's `_and_`.
                let words = (query.first("response_type") ?? "code").replacingOccurrences(of: "_and_", with: " ").split(separator: " ").map(String.init)
                require = []
                if words.contains("code") { require.append("code") }
                if words.contains("token") { require.append("access_token") }
                if words.contains("id_token") { require.append("id_token") }
                if require.isEmpty { require = ["code"] }
                switch query.first("response_mode") {
                case "query"?: mode = "query"
                case "fragment"?: mode = "fragment"
                // The result is in the posted body, which a navigation delegate does not read: the sentinel
                // catches the POST by where it goes and requires nothing of its URL (the loader refuses that).
                case "form_post"?: mode = "form_post"; require = []
                default: mode = require == ["code"] ? "query" : "any"
                }
            }
            requests.append(AuthorizationRequest(parameter: parameter, redirectURI: uri.origin + uri.pathname, origin: uri.origin, require: require,
                                                 responseMode: mode, reference: n.reference))
        }
        return requests
    }

    /// Infers rules and cases from `recordings`; `placeholders` turns a recorded URL into the case's.
    package static func infer(_ recordings: [Recording], placeholders: (String) -> String) -> InferredRules {
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
        // Each URL parsed once, for its role and for the authorization request it may be.
        let parsed = usable.map { try? BrowserURL.parse($0.record.url).get() }
        inferred.requests = authorizationRequests(Array(zip(usable, parsed)), inferences: &inferred.inferences)
        // The redirect URIs the requests asked a form_post response at: a POST there is the result.
        let formPosts = Set(inferred.requests.filter { $0.responseMode == "form_post" }.map(\.redirectURI))
        let roles = zip(usable, parsed).map { n, url in
            Self.role(url, method: n.record.method, formPostRedirects: formPosts, cancelledPost: n.record.recordedDecision == .cancel)
        }
        // Where the flow's authorization requests send their results: the app's (redirect_uri) and the
        // provider's own endpoints (token_url).
        var requestedAt: [String: AuthorizationRequest] = [:]
        for request in inferred.requests where requestedAt[request.redirectURI] == nil { requestedAt[request.redirectURI] = request }

        // The flow's own origins: those its pages loaded from (never through userinfo), and those its
        // authorization requests name.
        var ownOrigins: Set<String> = []
        for (n, role) in zip(usable, roles) {
            if case .document(let origin, false) = role, n.record.recordedDecision != .cancel { ownOrigins.insert(origin) }
        }
        for request in inferred.requests { ownOrigins.insert(request.origin) }

        // Results, by redirect URI and then by the credentials they carried.
        struct Group { var parts: Set<String> = []; var actions: [PolicyAction: RecordReference] = [:]; var sources: [RecordReference] = [] }
        var endpoints: [String] = []
        var groups: [String: [[String]: Group]] = [:]
        var groupOrder: [String: [[String]]] = [:]
        var documents: [String: [RecordReference]] = [:], documentOrder: [String] = []
        var schemes: [String: InferredScheme] = [:], schemeOrder: [String] = []
        /// Navigations whose case expects another decision than the one recorded (a loose recording's result).
        var expected: [RecordReference: PolicyAction] = [:]
        for (n, role) in zip(usable, roles) {
            switch role {
            case .result(let redirectURI, _, "form_post", _, _) where inferred.platform == .android:
                inferred.conflicts.append(.formPostNeverAsked(redirectURI: redirectURI, n.reference))
            case .result(let redirectURI, let parameters, let part, let origin, let userinfo):
                // A result becomes a sentinel only on the flow's own origin, never through userinfo: an attack
                // the app cancelled (a lookalike, `https://yours@evil.example/cb?code=…`) makes no rule.
                guard !userinfo, ownOrigins.contains(origin) else {
                    inferred.inferences.append(.resultNotOwn(url: n.record.url, origin: origin, throughUserinfo: userinfo, n.reference))
                    continue
                }
                if groups[redirectURI] == nil { endpoints.append(redirectURI); groups[redirectURI] = [:] }
                if groups[redirectURI]?[parameters] == nil { groupOrder[redirectURI, default: []].append(parameters) }
                var group = groups[redirectURI]?[parameters] ?? Group()
                group.parts.insert(part)
                let action = n.record.recordedDecision ?? .cancel
                if group.actions[action] == nil { group.actions[action] = n.reference }
                group.sources.append(n.reference)
                groups[redirectURI]?[parameters] = group
            case .document(let origin, let userinfo):
                guard n.record.recordedDecision != .cancel else { continue }
                guard !userinfo else {
                    inferred.inferences.append(.documentThroughUserinfo(url: n.record.url, n.reference))
                    continue
                }
                if documents[origin] == nil { documentOrder.append(origin) }
                documents[origin, default: []].append(n.reference)
            case .bridge(let scheme, let bridgeProtocol):
                let key = "bridge " + scheme
                if schemes[key] == nil {
                    schemeOrder.append(key)
                    schemes[key] = InferredScheme(name: scheme + "-bridge", scheme: scheme, bridgeProtocol: bridgeProtocol, route: nil, require: [], sources: [])
                }
                schemes[key]?.sources.append(n.reference)
            case .deepLink(let scheme, let route, let parameters, let routeIsCredential):
                if routeIsCredential { inferred.inferences.append(.credentialInRule(url: n.record.url, n.reference)) }
                let key = "link " + scheme + " " + (route ?? "")
                if schemes[key] == nil {
                    schemeOrder.append(key)
                    schemes[key] = InferredScheme(name: scheme + "-" + (route ?? "link"), scheme: scheme, bridgeProtocol: nil, route: route,
                                                  require: parameters.sorted(), sources: [])
                } else if let required = schemes[key]?.require {
                    schemes[key]?.require = required.filter(parameters.contains)
                }
                schemes[key]?.sources.append(n.reference)
            case .credentialInPath:
                inferred.inferences.append(.credentialInRule(url: n.record.url, n.reference))
            case .other:
                break
            }
        }

        // A sentinel per group; a result the app let load forbids what the cancelled ones at its redirect URI
        // carried and it did not.
        var names = UniqueNames()
        for endpoint in endpoints {
            var byParameters = groups[endpoint] ?? [:]
            // A recording made under loose rules lets the app's own result load: where an authorization
            // request sends its result here and the app cancelled none, the results are the app's to take.
            if let request = requestedAt[endpoint], request.parameter == "redirect_uri",
               !byParameters.values.contains(where: { $0.actions[.cancel] != nil }) {
                for (parameters, group) in byParameters {
                    guard let loaded = group.actions[.allow] else { continue }
                    inferred.inferences.append(.resultCancelled(redirectURI: endpoint, loaded: loaded, request: request.reference))
                    for source in group.sources { expected[source] = .cancel }
                    byParameters[parameters]?.actions = [.cancel: loaded]
                }
            }
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
                if action == .allow, cancelledCredentials.isEmpty, let loaded = group.actions[.allow], requestedAt[endpoint] == nil {
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
                let name = names.unique((action == .allow ? "allowed-" : "result-") + parameters.joined(separator: "-"))
                inferred.sentinels.append(InferredSentinel(name: name, redirectURI: endpoint, responseMode: part, require: parameters,
                                                           forbid: forbid, action: action, sources: group.sources))
            }
        }
        // Every redirect URI the flow's authorization requests name has a sentinel, whether its result was
        // recorded or never came (a recording cut short).
        var covered = Set(inferred.sentinels.map(\.redirectURI))
        for request in inferred.requests where covered.insert(request.redirectURI).inserted {
            if request.responseMode == "form_post" && inferred.platform == .android {
                let said = inferred.conflicts.contains { if case .formPostNeverAsked(request.redirectURI, _) = $0 { true } else { false } }
                if !said { inferred.conflicts.append(.formPostNeverAsked(redirectURI: request.redirectURI, request.reference)) }
                continue
            }
            let action: PolicyAction = request.parameter == "token_url" ? .allow : .cancel
            let name = names.unique((action == .allow ? "allowed-" : "result-") + request.require.joined(separator: "-"))
            inferred.sentinels.append(InferredSentinel(name: name, redirectURI: request.redirectURI, responseMode: request.responseMode,
                                                       require: request.require, forbid: [], action: action, sources: [request.reference],
                                                       requestedBy: request.parameter))
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
            scheme.name = names.unique(scheme.name)
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
        inferred.handlers = handlers(recordings, Array(zip(usable, zip(parsed, roles))), bridgeSchemes: bridgeSchemes, interfaces: inferred.interfaces,
                                     inferences: &inferred.inferences)

        // Each navigation as a case, its secrets placeholders; the decision the app gave it, or its kind's.
        for (n, role) in zip(usable, roles) {
            if case .result(_, _, "form_post", _, _) = role, inferred.platform == .android { continue }
            if case .credentialInPath = role { continue }
            guard let decision = expected[n.reference] ?? n.record.recordedDecision ?? unrecordedDecision(role) else { continue }
            inferred.cases.append(InferredCase(reference: n.reference, url: placeholders(n.record.url), decision: decision,
                                               isMainFrame: n.record.isMainFrame, method: n.record.method,
                                               isRedirect: n.record.request.isRedirect, sameDocument: n.record.sameDocument))
        }
        // Rules that cancel nothing where the recordings show no result at all (a reset link the app let
        // load is a result it keeps letting load): nothing of the flow is the app's to take.
        let resultsSeen = roles.contains { if case .result = $0 { true } else { false } }
        if inferred.sentinels.allSatisfy({ $0.action == .allow }) && inferred.schemes.isEmpty && inferred.interfaces.isEmpty && !resultsSeen {
            inferred.inferences.append(.interceptsNothing)
        }
        return inferred
    }

    /// Names made unique by a count per name (`result-code`, `result-code-2`, …): one look-up a name.
    struct UniqueNames {
        private var taken: Set<String> = []
        private var next: [String: Int] = [:]

        mutating func unique(_ name: String) -> String {
            if taken.insert(name).inserted { return name }
            var n = next[name] ?? 2
            while !taken.insert("\(name)-\(n)").inserted { n += 1 }
            next[name] = n + 1
            return "\(name)-\(n)"
        }
    }

    /// The bridge events the recordings delivered (Janrain's drained queue entries and legacy hand-off,
    /// WebViewJavascriptBridge's messages, a queue passed to a JavaScript interface), each with the handlers
    /// a recording's header names for it. A message its protocol cannot decode is said, once per entry.
    static func handlers(_ recordings: [Recording], _ navigations: [(RecordedNavigation, (BrowserURL?, Role))], bridgeSchemes: Set<String>,
                         interfaces: [InferredInterface], inferences: inout [RecordingInference]) -> [InferredHandler] {
        var order: [String] = []
        var byEvent: [String: InferredHandler] = [:]
        var recorded: [String: [String]] = [:]
        for recording in recordings {
            for entry in recording.handlers ?? [] where recorded[entry.event] == nil && !entry.handlers.isEmpty { recorded[entry.event] = entry.handlers }
        }
        // A recording that names the app's table says which events the app took: an event it had no handler
        // for was not handed off, and gets none (a placeholder only for a recording that names no table).
        var tables: [String: Set<String>] = [:]
        for recording in recordings { if let handlers = recording.handlers { tables[recording.name] = Set(handlers.map(\.event)) } }
        func add(_ event: String, entry: String?, _ reference: RecordReference) {
            // A handler table names no event without a name (the rules loader refuses one).
            guard !event.isEmpty else { return }
            if let table = tables[reference.file], !table.contains(event) { return }
            if byEvent[event] == nil {
                order.append(event)
                byEvent[event] = InferredHandler(event: event, handlers: recorded[event] ?? [], entry: entry, sources: [])
            }
            byEvent[event]?.sources.append(reference)
        }
        // The drained entries that do not decode, each once with every place it was delivered.
        var unreadOrder: [UnreadEntry] = []
        var unread: [UnreadEntry: [RecordReference]] = [:]
        func said(_ entry: String, _ bridge: BridgeProtocol, _ problem: QueueEntryProblem, _ reference: RecordReference) {
            let key = UnreadEntry(entry: entry, bridge: bridge, problem: problem)
            if unread[key] == nil { unreadOrder.append(key) }
            unread[key, default: []].append(reference)
        }
        func janrainEntry(_ text: String, _ reference: RecordReference) {
            guard case .success(let url) = BrowserURL.parse(text) else { return said(text, .janrain, .notAURL, reference) }
            switch JanrainBridge.decode(url) {
            case .success(let message): janrain(message, reference)
            case .failure(let error): said(text, .janrain, .undecodable(error), reference)
            }
        }
        func janrain(_ url: BrowserURL, _ reference: RecordReference) {
            guard url.scheme == "janrain", case .success(let message) = JanrainBridge.decode(url) else { return }
            janrain(message, reference)
        }
        func janrain(_ message: BridgeMessage, _ reference: RecordReference) {
            guard let event = message.handlerEvent else { return }
            // A case can carry an event as a navigation only where a bridge rule takes `janrain:` (not when the
            // queue reached the app through a JavaScript interface); the legacy hand-off's case is its navigation's.
            let isQueued: Bool
            if case .legacyAccessToken = message { isQueued = false } else { isQueued = true }
            add(event, entry: isQueued && bridgeSchemes.contains("janrain") ? "janrain:\(event)?arguments=%5B%5D" : nil, reference)
        }
        func wvjb(_ text: String, _ reference: RecordReference) {
            switch WebViewJavascriptBridge.decodeDrained(text) {
            case .success(let messages): for message in messages { if let event = message.handlerEvent { add(event, entry: nil, reference) } }
            case .failure(let error): said(text, .wvjb, .undecodable(error), reference)
            }
        }
        let janrainInterfaces = Set(interfaces.filter { $0.bridgeProtocol == .janrain }.map(\.name))
        for (n, (url, role)) in navigations {
            guard case .bridge(_, let bridgeProtocol) = role, let url else { continue }
            switch bridgeProtocol {
            case .janrain:
                janrain(url, n.reference)
                for entry in n.record.drained ?? [] { janrainEntry(entry, n.reference) }
            case .wvjb:
                for entry in n.record.drained ?? [] { wvjb(entry, n.reference) }
            }
        }
        for recording in recordings {
            for call in recording.calls where janrainInterfaces.contains(call.interface) {
                let reference = RecordReference(file: recording.name, location: call.location, seq: call.seq ?? 0)
                for argument in call.arguments {
                    guard case .string(let text) = argument, case .array(let items)? = JSONValue.parse(text) else { continue }
                    for item in items { if let entry = item.stringValue { janrainEntry(entry, reference) } }
                }
            }
        }
        inferences += unreadOrder.map { .bridgeMessageUnread(entry: $0.entry, bridge: $0.bridge, problem: $0.problem, sources: unread[$0] ?? []) }
        return order.compactMap { byEvent[$0] }
    }

    /// A drained entry that did not decode, as `handlers` counts its places.
    private struct UnreadEntry: Hashable {
        let entry: String
        let bridge: BridgeProtocol
        let problem: QueueEntryProblem
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
    package mutating func testCases(engine: PolicyEngine, name: (RecordReference) -> String) -> [TestCase] {
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
            let handlers = RulesAudit.handlers(of: decision, in: engine.rules)
            if !handlers.isEmpty { testCase.expect.handlers = handlers }
            testCases.append(testCase)
        }
        // The hand-off: each event the recording delivered reaches its handlers.
        for handler in self.handlers {
            guard let entry = handler.entry, let first = handler.sources.first else { continue }
            let testCase = TestCase(entry, expect: CaseExpectation(), name: "\(handler.event) reaches its handlers (\(name(first)))",
                                    isMainFrame: false)
            let decision = engine.decide(testCase.request)
            var expected = testCase
            expected.expect = CaseExpectation(decision: decision.action, kind: decision.kind, rule: ExpectedText(decision.rule),
                                              handlers: handler.written)
            testCases.append(expected)
        }
        return testCases
    }
}

extension InferredRules {
    /// The rules `document` writes of these, held to the attack before they are written: an allowed origin
    /// that imitates another origin of the rules (the attack's host constructions, for any attacker's
    /// domain) or that lets one of the attack's lookalikes load is refused, with the sentinels at it, and the
    /// attack runs again on what is left; what it still finds is said. Returns the rules' text and engine.
    package mutating func heldToTheAttack(document: (InferredRules) -> String) throws(RulesError) -> (text: String, engine: PolicyEngine) {
        refuseImitations()
        while true {
            let text = document(self)
            let rules = try RulesLoader.parse(Data(text.utf8))
            var audit = RulesAudit(rules: rules, cases: [], attack: true)
            audit.platform = platform
            // Target by target, keeping only the failures: a large recording's attack is millions of variants.
            let failures = audit.attackTargets.flatMap { audit.run($0).filter { !$0.passed } }
            var refused: [String: (variant: String, check: String)] = [:]
            for outcome in failures {
                for failure in outcome.failures {
                    if case .credentialLeaves(let url, _, _, .allowEntry(_, let pattern)) = failure, refused[pattern] == nil,
                       case .attack(_, let generator?, _) = outcome.subject {
                        refused[pattern] = (url, generator)
                    }
                }
            }
            if refused.isEmpty {
                var said: Set<String> = []
                for outcome in failures {
                    for failure in outcome.failures where said.insert(failure.check + " " + outcome.suite).inserted {
                        inferences.append(.attackFails(check: failure.check, url: outcome.url, target: outcome.suite))
                    }
                }
                return (text, PolicyEngine(rules: rules))
            }
            for (origin, why) in refused.sorted(by: { $0.key < $1.key }) {
                refuse(origin, .variantLoads(url: why.variant, check: why.check))
            }
        }
    }

    /// Refuses every allowed origin whose host is one of the attack's host constructions of another host of
    /// the rules (an allowed origin's or a sentinel's), found by looking each of its prefixes and suffixes
    /// up among those hosts: linear in the origins.
    mutating func refuseImitations() {
        var hosts: Set<String> = []
        var byOrigin: [(origin: String, host: String)] = []
        for origin in origins {
            guard case .success(let url) = BrowserURL.parse(origin.origin) else { continue }
            hosts.insert(url.hostname)
            byOrigin.append((origin.origin, url.hostname))
        }
        for sentinel in sentinels {
            if case .success(let url) = BrowserURL.parse(sentinel.redirectURI) { hosts.insert(url.hostname) }
        }
        for (origin, host) in byOrigin {
            if let (real, check) = AttackCatalogue.imitation(of: host, among: hosts) { refuse(origin, .imitates(host: real, check: check)) }
        }
    }

    /// Takes `origin` out of the allowed origins, with the sentinels at it; their cases expect the default's
    /// cancel. Said with `why`.
    mutating func refuse(_ origin: String, _ why: OriginRefusal) {
        guard let index = origins.firstIndex(where: { $0.origin == origin }) else { return }
        let sources = origins.remove(at: index).sources
        var dropped = Set(sources)
        sentinels.removeAll { sentinel in
            guard (try? BrowserURL.parse(sentinel.redirectURI).get())?.origin == origin else { return false }
            dropped.formUnion(sentinel.sources)
            return true
        }
        for i in cases.indices where dropped.contains(cases[i].reference) { cases[i].decision = .cancel }
        inferences.append(.originRefused(origin, why, sources: sources))
    }
}
