// EngageRoutes.swift: Janrain Social Login (Engage, `APP.rpxnow.com`) as its widget and servers call it, and
// the identity provider it sends the user to. A social button loads `/{provider}/start?token_url=…`; Social
// Login redirects to the provider's sign-in page (here the emulator's "Example IdP", ExampleIdPRoutes.swift),
// whose answer comes back to `/{provider}/callback`; Social Login then redirects to the token URL with its
// one-time `token` (or, when the user cancelled, with `error`). The site's server trades the token for the
// user's profile at `/api/v2/auth_info` with the application's API key; Capture trades it for its own
// session (CaptureSocialRoutes.swift). Every hop is a navigation of the web view, so the app's rules see
// each one as they would on a phone.
//
// Conformed to: docs.janrain.com and techdocs.akamai.com (Social Login's start URL and token URL, auth_info's
// parameters and `{stat, profile}` / `{stat: "fail", err: {code, msg}}` answers), and Janrain's sample token
// URLs (Janrain-Sample-Code: the token read from the request, auth_info called with apiKey, token and
// format=json). Where Social Login's own behaviour is not published (how long a token lives; what a cancel
// sends to the token URL) the emulator's choice is said in ServeCommand.md.
import ProviderSettings
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy
import ProviderDirectory

enum EngageRoutes {
    /// The sign-in a web view is sent through: the identity provider's start, and the callback to the token URL.
    static let pages: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/{provider}/start") { state, request, _ in
            start(&state, request, provider: request.pathParameters.get("provider") ?? "")
        },
        ProviderEmulator.route(.get, "/{provider}/callback") { state, request, config in
            callback(&state, request, provider: request.pathParameters.get("provider") ?? "", config)
        },
    ]

    /// auth_info, which the app's server calls with the token.
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/api/v2/auth_info") { state, request, config in authInfo(&state, request, config) },
        ProviderEmulator.route(.post, "/api/v2/auth_info") { state, request, config in authInfo(&state, request, config) },
    ]

    /// How long a social sign-in may sit at the identity provider before its callback is refused.
    static let signInWindow: TimeInterval = 600

    /// The providers' names as Social Login shows them (`providerName`); others are the id, capitalized.
    static func providerName(_ id: String) -> String {
        let known = ["google": "Google", "googleplus": "Google+", "facebook": "Facebook", "twitter": "Twitter", "yahoo": "Yahoo!",
                     "linkedin": "LinkedIn", "paypal": "PayPal", "apple": "Apple", "microsoft": "Microsoft", "amazon": "Amazon"]
        return known[id] ?? id.prefix(1).uppercased() + id.dropFirst()
    }

    /// A provider id as Social Login names them: lowercase letters, digits and underscores.
    static func isProviderID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// Social Login's own error page (the step is a page in the user's view, not an API call).
    static func errorPage(_ message: String, status: Int = 400) -> EmulatorResponse {
        EmulatorPage.html("Social Login", "<p class=\"error\" id=\"error\">\(EmulatorPage.escape(message))</p>", status: status)
    }

    /// The token URL Social Login sends the token to, as RegisteredURL accepts it (the app's origins, or a
    /// provider's own endpoint such as Capture's `/widget/token_url`), parsed; or why not, in Social Login's words.
    static func tokenTarget(_ text: String, access: AccessPolicy) -> Result<RedirectTarget, RegisteredURL.Refusal> {
        RegisteredURL.check(text, allowsFragment: true, atProviders: true, access: access)
    }

    /// The identity provider's authorization page: at its own host when the page reached Social Login through
    /// `bridge host` (every provider host goes to the emulator there), else at the emulator's own origin.
    static func identityProviderAuthorization(_ request: EmulatorRequest) -> RedirectTarget? {
        RegisteredURL.emulatorPage(ExampleIdPRoutes.authorizePath, of: request,
                                   providerHost: request.forwardedHost == nil ? nil : ProviderDirectory.exampleIdPHost)
    }

    static func start(_ state: inout EmulatorState, _ request: EmulatorRequest, provider: String) -> EmulatorResponse {
        guard isProviderID(provider) else { return errorPage("\(provider.debugDescription) is not a provider of this application", status: 404) }
        guard let tokenURL = request.query["token_url"], !tokenURL.isEmpty else {
            return errorPage("the token_url parameter is required: where Social Login sends the token after the sign-in")
        }
        if case .failure(let refusal) = tokenTarget(tokenURL, access: state.access) {
            return errorPage(RegisteredURL.words(refusal, parameter: "token_url"))
        }
        let pending = state.issue(.engageState, email: "", clientID: provider, redirectURI: tokenURL, lifetime: signInWindow)
        let callback = request.publicOrigin + "/" + provider + "/callback"
        var parameters = [("response_type", "code"), ("client_id", "rpxnow"), ("redirect_uri", callback), ("state", pending.value),
                          ("provider", provider)]
        if let language = request.query["language_preference"], !language.isEmpty { parameters.append(("ui_locales", language)) }
        guard let authorize = identityProviderAuthorization(request) else {
            return errorPage("the identity provider's address cannot be made from this request's host", status: 500)
        }
        return .redirect(authorize, adding: parameters)
    }

    static func callback(_ state: inout EmulatorState, _ request: EmulatorRequest, provider: String, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let now = state.now
        guard let stateValue = request.query["state"], !stateValue.isEmpty,
              let index = state.codes.firstIndex(value: stateValue, where: { $0.kind == .engageState && $0.clientID == provider }) else {
            return errorPage("this sign-in was not started here (its state is unknown): start again from the sign-in page")
        }
        let pending = state.codes[index]
        guard pending.usedAt == nil else { return errorPage("this sign-in has already come back once: start again from the sign-in page") }
        guard now < pending.expiresAt else { return errorPage("this sign-in took too long (more than \(Int(signInWindow / 60)) minutes): start again") }
        state.codes[index].usedAt = now
        let tokenURL = pending.redirectURI ?? ""
        // Checked when the sign-in started; sent to as the URL it parses to.
        guard case .success(let target) = tokenTarget(tokenURL, access: state.access) else {
            return errorPage("this sign-in's token_url is no longer registered for this application: start again")
        }
        if let error = request.query["error"], !error.isEmpty {
            // The user cancelled (or the provider refused): the token URL hears why, and gets no token.
            let description = request.query["error_description"].flatMap { $0.isEmpty ? nil : $0 }
                ?? "the sign-in at \(providerName(provider)) did not complete"
            return .redirect(target, adding: [("error", error), ("error_description", description)])
        }
        let callbackURL = request.publicOrigin + "/" + provider + "/callback"
        switch state.redeem(request.query["code"] ?? "", kinds: [.idpCode], redirectURI: callbackURL, clientID: provider) {
        case .ok(let email):
            let token = state.issue(.engageToken, email: email, clientID: provider, redirectURI: tokenURL, lifetime: config.engageTokenLifetime)
            return .redirect(target, adding: [("token", token.value)])
        case .unknown, .wrongClient: return errorPage("\(providerName(provider)) did not send back a code this sign-in can use")
        case .used: return errorPage("\(providerName(provider))'s code was already used: start again")
        case .expired: return errorPage("\(providerName(provider))'s code has expired: start again")
        case .wrongRedirectURI: return errorPage("\(providerName(provider))'s code was issued for another callback")
        }
    }

    // MARK: auth_info

    /// Social Login's API errors: HTTP 200 with `{"stat": "fail", "err": {"code", "msg"}}`.
    enum APIError: Int {
        case missingParameter = 0
        case invalidParameter = 1
        case dataNotFound = 2
        case authenticationError = 3

        var words: String {
            switch self {
            case .missingParameter: return "Missing parameter"
            case .invalidParameter: return "Invalid parameter"
            case .dataNotFound: return "Data not found"
            case .authenticationError: return "Authentication error"
            }
        }
    }

    static func fail(_ error: APIError, _ detail: String) -> EmulatorResponse {
        .json(200, JSONFields([("stat", .string("fail")),
                               ("err", .object(JSONFields([("code", .int(error.rawValue)), ("msg", .string("\(error.words): \(detail)"))])))]))
    }

    static func authInfo(_ state: inout EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields = request.parameters
        for name in ["apiKey", "token"] where (fields[name] ?? "").isEmpty { return fail(.missingParameter, name) }
        if let format = fields["format"], !format.isEmpty, format != "json" {
            return fail(.invalidParameter, "format (the emulator answers json only)")
        }
        guard fields["apiKey"] == config.engageAPIKey else { return fail(.authenticationError, "the apiKey is not this application's") }
        let tokenURL = fields["tokenUrl"].flatMap { $0.isEmpty ? nil : $0 }
        guard let index = state.codes.firstIndex(value: fields["token"], where: { $0.kind == .engageToken }) else {
            return fail(.dataNotFound, "the token is not one Social Login issued")
        }
        if let tokenURL, let expected = state.codes[index].redirectURI, tokenURL != expected {
            return fail(.invalidParameter, "tokenUrl does not match the token URL the token was sent to")
        }
        switch state.redeem(fields["token"] ?? "", kinds: [.engageToken]) {
        case .ok(let email):
            let provider = state.codes[index].clientID ?? ""
            return .json(200, JSONFields([("stat", .string("ok")), ("profile", .object(profile(state, email: email, provider: provider)))]))
        case .used: return fail(.dataNotFound, "the token was already used; a token is good for one call")
        case .expired: return fail(.dataNotFound, "the token has expired")
        case .unknown, .wrongClient, .wrongRedirectURI: return fail(.dataNotFound, "the token is not one Social Login issued")
        }
    }

    /// The user's profile as auth_info gives it (Portable Contacts' names): from the identity provider's
    /// account, and the Capture user of that address where there is one.
    static func profile(_ state: EmulatorState, email: String, provider: String) -> JSONFields {
        let local = String(email.prefix { $0 != "@" })
        let known = state.userIndex(email: email).map { state.users[$0] }
        let displayName = known?.displayName ?? local
        return JSONFields([("providerName", .string(providerName(provider))),
                           ("identifier", .string("https://\(ProviderDirectory.exampleIdPHost)/\(provider)/\(PercentEncoding.encodeComponent(email))")),
                           ("displayName", .string(displayName)), ("preferredUsername", .string(local)),
                           ("email", .string(email)), ("verifiedEmail", .string(email)),
                           ("name", .object(JSONFields.single("formatted", .string(displayName))))])
    }
}
