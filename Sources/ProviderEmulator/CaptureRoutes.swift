// CaptureRoutes.swift: Janrain Capture's endpoints the seed flows use. POST /oauth/auth_native_traditional
// signs in (a form: client_id, redirect_uri, response_type token | code | code_and_token, form=signInForm,
// signInEmailAddress, currentPassword) and answers {stat:"ok", access_token | authorization_code,
// capture_user}, or Capture's invalid_credentials with the form's invalid fields. POST
// /oauth/forgot_password_native mails a link that is exactly the redirect_uri with a code appended (seed
// 000: the reset link arrives on the sign-in redirect URI, with a code and no token). POST /oauth/token
// exchanges a code once, for the redirect_uri it was issued for (Capture's 420 otherwise). A form error is
// HTTP 200 with stat "error", as the widget expects; a token error is 400. POST
// /oauth/register_native_traditional (form=registrationForm, emailAddress, newPassword, displayName…)
// creates the user and answers as a sign-in does. The entity API (the widget's session check and profile
// saves, and an app backend's calls) is CaptureEntityRoutes.
import ProviderSettings
import BrowserURL
import Foundation
import NavigationPolicy
import JSONText
import HTTPTypes

enum CaptureRoutes {
    static let routes: [ProviderEmulator.Route] = [
        CaptureRoutes.route(.post, "/oauth/auth_native_traditional") { state, capture, request, config in signIn(&state, &capture, request, config) },
        // JUMP for iOS before 4 posts its sign-in here (JRCaptureApidInterface: `…/oauth/auth_native_traditional.json`).
        CaptureRoutes.route(.post, "/oauth/auth_native_traditional.json") { state, capture, request, config in signIn(&state, &capture, request, config) },
        CaptureRoutes.route(.post, "/oauth/forgot_password_native") { state, capture, request, config in forgotPassword(&state, &capture, request, config) },
        CaptureRoutes.route(.post, "/oauth/token") { state, capture, request, config in token(&state, &capture, request, config) },
        CaptureRoutes.route(.post, "/oauth/refresh_access_token") { state, capture, request, config in refreshAccessToken(&state, request, config) },
        CaptureRoutes.route(.post, "/oauth/register_native_traditional") { state, capture, request, config in register(&state, &capture, request, config) },
    ]

    /// A route of Capture's: its handler is given Capture's own state (its clients) beside the shared one.
    static func route(_ method: HTTPRequest.Method, _ path: String,
                      _ handler: @escaping @Sendable (inout EmulatorState, inout CaptureState, EmulatorRequest, EmulatorConfiguration) -> EmulatorResponse) -> ProviderEmulator.Route {
        ProviderEmulator.route(method, path, handler: .capture(handler))
    }

    static func error(_ status: Int, code: Int, _ error: String, _ description: String, invalidFields: JSONFields? = nil) -> EmulatorResponse {
        var fields = JSONFields([("stat", .string("error")), ("code", .int(code)), ("error", .string(error)),
                                 ("error_description", .string(description))])
        if let invalidFields { fields.add("invalid_fields", .object(invalidFields)) }
        return .json(status, fields)
    }

    /// A form body with the fields named, or Capture's missing_argument naming the first absent one.
    /// A request refused before its handler ran, with the answer to give.
    struct Refusal: Error { let response: EmulatorResponse }

    static func form(_ request: EmulatorRequest, requires names: [String]) -> Result<[String: String], Refusal> {
        guard request.contentType.hasPrefix("application/x-www-form-urlencoded") || request.contentType.isEmpty else {
            return .failure(Refusal(response: error(400, code: 100, "invalid_argument", "the body must be application/x-www-form-urlencoded")))
        }
        let fields = request.form
        if let missing = names.first(where: { (fields[$0] ?? "").isEmpty }) {
            return .failure(Refusal(response: error(400, code: 100, "missing_argument", "the \(missing) parameter is required")))
        }
        return .success(fields)
    }

    /// A request refused with Capture's own answer.
    struct RefusedRequest: Error {
        let response: EmulatorResponse
    }

    /// A registered client (any client_id registers on first use unless the configuration is strict), and a
    /// redirect URI it may use (RegisteredURL: usable at all, then the client's list or the app's origins).
    static func client(_ state: inout EmulatorState, _ capture: inout CaptureState, _ id: String, redirectURI: String?, config: EmulatorConfiguration) -> EmulatorResponse? {
        guard let redirectURI else { return register(&capture, id, config) }
        if case .failure(let refused) = redirectTarget(&state, &capture, id, redirectURI: redirectURI, config: config) { return refused.response }
        return nil
    }

    /// Where the emulator sends a client's browser (or mails a link to): the redirect URI as `client` checks
    /// it, parsed; or Capture's error.
    static func redirectTarget(_ state: inout EmulatorState, _ capture: inout CaptureState, _ id: String, redirectURI: String,
                               config: EmulatorConfiguration) -> Result<RedirectTarget, RefusedRequest> {
        if case .failure(let refusal) = RegisteredURL.usable(redirectURI) { return .failure(RefusedRequest(response: RegisteredURL.captureError(refusal))) }
        if let refused = register(&capture, id, config) { return .failure(RefusedRequest(response: refused)) }
        return RegisteredURL.check(redirectURI, listed: capture.clients[id]?.redirectURIs ?? [], client: id, access: state.access)
            .mapError { RefusedRequest(response: RegisteredURL.captureError($0)) }
    }

    /// The client, registered on first use unless the configuration is strict.
    private static func register(_ capture: inout CaptureState, _ id: String, _ config: EmulatorConfiguration) -> EmulatorResponse? {
        if capture.clients[id] == nil {
            if config.strictClients || !config.clients.isEmpty {
                return error(400, code: 402, "invalid_client", "client_id \(id) is not registered with application \(config.appName)")
            }
            capture.clients[id] = EmulatorConfiguration.Client(id: id)
        }
        return nil
    }

    static func signIn(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["client_id", "redirect_uri", "signInEmailAddress", "currentPassword"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!
        if let refused = client(&state, &capture, clientID, redirectURI: redirectURI, config: config) { return refused }
        let responseType = fields["response_type"] ?? "token"
        guard ["token", "code", "code_and_token"].contains(responseType) else {
            return error(400, code: 100, "invalid_argument", "response_type must be token, code or code_and_token")
        }
        // A flow names its sign-in form (signInForm, userInformationForm, tradAuthenticateMergeForm…); the
        // forms of other jobs are refused.
        if let form = fields["form"], Self.isOtherJobsForm(form) {
            return error(400, code: 100, "invalid_argument", "form \(form) is not a sign-in form of this flow")
        }
        // Made only when it is the answer: a sign-in that succeeds writes no error body.
        func wrong() -> EmulatorResponse {
            error(200, code: 210, "invalid_credentials", "Incorrect username or password",
                  invalidFields: JSONFields.single("signInForm", .array([.string("Incorrect username or password. Please try again.")])))
        }
        guard let index = state.userIndex(email: fields["signInEmailAddress"]!) else { return wrong() }
        switch state.checkPassword(index, fields["currentPassword"]!, config) {
        case .accepted: break
        case .wrong: return wrong()
        case .locked(let until):
            return error(200, code: 210, "invalid_credentials", lockedMessage(until),
                         invalidFields: JSONFields.single("signInForm", .array([.string(lockedMessage(until))])))
        }
        return .json(200, signedIn(&state, state.users[index], clientID: clientID, redirectURI: redirectURI, responseType: responseType,
                                   refreshSecret: fields["refresh_secret"], config))
    }

    /// Whether a form's name says it is another job's (registration, a reset, the profile), read in its bytes
    /// with ASCII letters folded (the words are ASCII, and no other letter lowercases to one of theirs alone)
    /// and searched by hand: Foundation's substring search, which `contains` on a String picks, and the
    /// standard library's generic `firstRange(of:)` each cost a sign-in more than its password check.
    static func isOtherJobsForm(_ form: String) -> Bool {
        let name = form.utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
        return otherJobsWords.contains { word in
            guard word.count <= name.count else { return false }
            for start in 0...(name.count - word.count) where name[start] == word[0] {
                if name[start..<start + word.count].elementsEqual(word) { return true }
            }
            return false
        }
    }
    static let otherJobsWords = ["regist", "forgot", "profile", "edit", "changepassword"].map { Array($0.utf8) }

    /// What a locked account is told (the emulator's own limit: Capture publishes none).
    static func lockedMessage(_ until: Date) -> String {
        "Too many failed sign-in attempts: this account is locked until \(EmulatorClock.iso(until)) (emulator clock)."
    }

    /// What a successful sign-in or registration answers: the credentials response_type asks for, and the user.
    static func signedIn(_ state: inout EmulatorState, _ user: EmulatorState.User, clientID: String, redirectURI: String,
                         responseType: String, refreshSecret: String? = nil, _ config: EmulatorConfiguration) -> JSONFields {
        var answer = JSONFields.single("stat", .string("ok"))
        if responseType != "code" {
            answer.add("access_token", state.issue(.accessToken, email: user.email, clientID: clientID, lifetime: config.accessTokenLifetime).value)
            if let refreshSecret, !refreshSecret.isEmpty { state.codes[state.codes.count - 1].refreshSecret = refreshSecret }
        }
        if responseType != "token" {
            answer.add("authorization_code", state.issue(.authorizationCode, email: user.email, clientID: clientID, redirectURI: redirectURI,
                                                         lifetime: config.codeLifetime).value)
        }
        answer.add("capture_user", .object(profile(user)))
        return answer
    }

    static func profile(_ user: EmulatorState.User) -> JSONFields {
        JSONFields([("uuid", .string(user.uuid)), ("email", .string(user.email)),
                    ("displayName", .string(user.displayName)), ("emailVerified", .bool(user.verified))])
    }

    /// Traditional registration: a new, unverified user, signed in at once (as Capture's registration flow does).
    static func register(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["client_id", "redirect_uri", "emailAddress"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!, email = fields["emailAddress"]!
        if let refused = client(&state, &capture, clientID, redirectURI: redirectURI, config: config) { return refused }
        let responseType = fields["response_type"] ?? "token"
        guard ["token", "code", "code_and_token"].contains(responseType) else {
            return error(400, code: 100, "invalid_argument", "response_type must be token, code or code_and_token")
        }
        func invalid(_ field: String, _ message: String) -> EmulatorResponse {
            error(200, code: 390, "invalid_form_fields", message, invalidFields: JSONFields.single(field, .array([.string(message)])))
        }
        guard email.contains("@") else { return invalid("emailAddress", "The email address is not valid.") }
        guard state.userIndex(email: email) == nil else { return invalid("emailAddress", "Email address is already in use.") }
        let password = fields["newPassword"] ?? fields["password"] ?? ""
        guard password.count >= 8 else { return invalid("newPassword", "Passwords must have at least 8 characters.") }
        if let confirm = fields["newPasswordConfirm"], confirm != password { return invalid("newPasswordConfirm", "Passwords don't match.") }
        let user = state.add(EmulatorState.User(email: email, password: password, phone: nil, verified: false,
                                                displayName: fields["displayName"], uuid: ""))
        return .json(200, signedIn(&state, user, clientID: clientID, redirectURI: redirectURI, responseType: responseType,
                                   refreshSecret: fields["refresh_secret"], config))
    }

    static func forgotPassword(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["client_id", "redirect_uri", "signInEmailAddress"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!
        let target: RedirectTarget
        switch redirectTarget(&state, &capture, clientID, redirectURI: redirectURI, config: config) {
        case .success(let url): target = url
        case .failure(let refused): return refused.response
        }
        guard let index = state.userIndex(email: fields["signInEmailAddress"]!) else {
            return error(200, code: 212, "invalid_form_fields", "We couldn't find an account with that email address.",
                         invalidFields: JSONFields.single("signInEmailAddress", .array([.string("We couldn't find an account with that email address.")])))
        }
        let user = state.users[index]
        let code = state.issue(.resetCode, email: user.email, clientID: clientID, redirectURI: redirectURI, lifetime: config.resetCodeLifetime)
        // The link is the parsed redirect URI's serialization: nothing of the request's text but what the URL
        // holds, so no CR or LF reaches the mail.
        let link = URLQuery.adding([("code", code.value)], to: target)
        _ = state.send(channel: "email", from: "no-reply@\(config.appName).janraincapture.example", to: user.email,
                       subject: "Reset your password",
                       text: "Someone asked to reset the password of \(user.email).\nFollow this link to choose a new one:\n\(link)\n",
                       links: [link])
        return .json(200, JSONFields.single("stat", .string("ok")))
    }

    /// The token endpoint. The client authenticates with HTTP Basic (RFC 6749 §2.3.1: form-encoded id and
    /// secret, what OAuth libraries send by default) or with client_id and client_secret in the body, not
    /// both; grant_type authorization_code exchanges a code once, refresh_token gives a new access token for a
    /// refresh token the client was issued.
    static func token(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["grant_type"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        var clientID = fields["client_id"], secret = fields["client_secret"]
        if request.authorization != nil {
            guard let basic = request.basicCredentials(formEncoded: true) else {
                return error(401, code: 205, "invalid_auth_method", "the token endpoint takes HTTP Basic client credentials or client_id in the body")
            }
            if secret != nil { return error(400, code: 201, "duplicate_argument", "give the client's secret in the Authorization header or the body, not both") }
            if let given = clientID, given != basic.id { return error(400, code: 201, "duplicate_argument", "client_id in the body is not the Basic credentials' client") }
            clientID = basic.id
            secret = basic.secret
        }
        guard let clientID, !clientID.isEmpty else { return error(400, code: 100, "missing_argument", "the client_id parameter is required") }
        switch fields["grant_type"] {
        case "authorization_code":
            for name in ["code", "redirect_uri"] where (fields[name] ?? "").isEmpty {
                return error(400, code: 100, "missing_argument", "the \(name) parameter is required")
            }
            return exchange(&state, &capture, code: fields["code"]!, redirectURI: fields["redirect_uri"]!, clientID: clientID, secret: secret, config)
        case "refresh_token":
            guard let refresh = fields["refresh_token"], !refresh.isEmpty else { return error(400, code: 100, "missing_argument", "the refresh_token parameter is required") }
            return refreshed(&state, &capture, refresh, clientID: clientID, secret: secret, config)
        case "client_credentials":
            // An API client's own token, for the server API (Authorization: Bearer): its secret is required.
            guard case .success = CaptureAPIAuth.client(capture, clientID, secret: secret ?? "") else {
                return error(400, code: 402, "invalid_client", "client_credentials needs an API client and its secret")
            }
            let access = state.issue(.clientAccessToken, email: "", clientID: clientID, lifetime: config.accessTokenLifetime)
            return .json(200, JSONFields([("stat", .string("ok")), ("access_token", .string(access.value)),
                                          ("expires_in", .int(Int(config.accessTokenLifetime))), ("token_type", .string("Bearer"))]))
        default:
            return error(400, code: 200, "unsupported_grant_type", "grant_type must be authorization_code, refresh_token or client_credentials")
        }
    }

    /// A new access token for a refresh token (which stays valid until it expires), as the client it was
    /// issued to.
    static func refreshed(_ state: inout EmulatorState, _ capture: inout CaptureState, _ value: String, clientID: String, secret: String?, _ config: EmulatorConfiguration) -> EmulatorResponse {
        if let refused = client(&state, &capture, clientID, redirectURI: nil, config: config) { return refused }
        if let expected = capture.clients[clientID]?.secret, secret != expected {
            return error(400, code: 402, "invalid_client", "client_secret is wrong for client \(clientID)")
        }
        let now = state.now
        guard let code = state.codes.first(value: value, where: { $0.kind == .refreshToken }) else {
            return error(400, code: 413, "invalid_grant", "the refresh token is not one this server issued")
        }
        guard now < code.expiresAt else { return error(400, code: 414, "invalid_grant", "the refresh token has expired") }
        guard code.clientID == nil || code.clientID == clientID else { return error(400, code: 402, "invalid_client", "the refresh token was issued to another client") }
        let access = state.issue(.accessToken, email: code.email, clientID: clientID, lifetime: config.accessTokenLifetime)
        return .json(200, JSONFields([("stat", .string("ok")), ("access_token", .string(access.value)), ("refresh_token", .string(value)),
                                      ("expires_in", .int(Int(config.accessTokenLifetime))), ("token_type", .string("Bearer"))]))
    }

    /// Exchanges a sign-in or reset code for tokens, once, as the client it was issued to (with its secret,
    /// when it has one): /oauth/token, and the app server's exchange of seed 000's reset page.
    static func exchange(_ state: inout EmulatorState, _ capture: inout CaptureState, code: String, redirectURI: String, clientID: String, secret: String?,
                         _ config: EmulatorConfiguration) -> EmulatorResponse {
        if let refused = client(&state, &capture, clientID, redirectURI: nil, config: config) { return refused }
        if let expected = capture.clients[clientID]?.secret, secret != expected {
            return error(400, code: 402, "invalid_client", "client_secret is wrong for client \(clientID)")
        }
        switch state.redeem(code, kinds: [.authorizationCode, .resetCode], redirectURI: redirectURI, clientID: clientID) {
        case .ok(let email):
            let access = state.issue(.accessToken, email: email, clientID: clientID, lifetime: config.accessTokenLifetime)
            let refresh = state.issue(.refreshToken, email: email, clientID: clientID, lifetime: 30 * 86400)
            return .json(200, JSONFields([("stat", .string("ok")), ("access_token", .string(access.value)), ("refresh_token", .string(refresh.value)),
                                          ("expires_in", .int(Int(config.accessTokenLifetime))), ("token_type", .string("Bearer"))]))
        case .unknown: return error(400, code: 413, "invalid_grant", "the code is not one this server issued")
        case .used: return error(400, code: 413, "invalid_grant", "the code was already used; codes are single use")
        case .expired: return error(400, code: 414, "invalid_grant", "the code has expired")
        case .wrongRedirectURI(let expected):
            return error(400, code: 420, "redirect_uri_mismatch", "redirect_uri does not match the one the code was issued for (\(expected))")
        case .wrongClient: return error(400, code: 402, "invalid_client", "the code was issued to another client")
        }
    }
}

extension CaptureRoutes {
    /// JUMP's access-token refresh (JUMP for Android's CaptureRecord.refreshAccessToken, JUMP for iOS's
    /// JRCaptureData): `access_token`, `date` (YYYY-MM-DD HH:MM:SS, UTC), `client_id`, and `signature`, the
    /// base64 HMAC-SHA1 of `refresh_access_token\n{date}\n{access_token}\n` keyed with the refresh secret the
    /// SDK gave at sign-in. The token may have expired (that is when SDKs refresh); a new one is answered.
    static func refreshAccessToken(_ state: inout EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration,
                                   now: Date = Date()) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["access_token", "signature", "date", "client_id"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let token = fields["access_token"]!, date = fields["date"]!
        guard let code = state.codes.first(value: token, where: { $0.kind == .accessToken && $0.clientID == fields["client_id"] }),
              let secret = code.refreshSecret else {
            return error(400, code: 414, "access_token_expired", "the access token is unknown, or was issued without a refresh_secret")
        }
        guard let time = CaptureAPIAuth.signatureDate(date), abs(time.timeIntervalSince(now)) <= CaptureAPIAuth.signatureWindow else {
            return error(400, code: 200, "invalid_argument", "date: more than \(Int(CaptureAPIAuth.signatureWindow)) seconds from the server's time, or not YYYY-MM-DD HH:MM:SS")
        }
        guard fields["signature"] == refreshSignature(date: date, accessToken: token, secret: secret) else {
            return error(400, code: 200, "invalid_argument", "signature: does not match the access token and date signed with the refresh secret")
        }
        let access = state.issue(.accessToken, email: code.email, clientID: code.clientID, lifetime: config.accessTokenLifetime)
        state.codes[state.codes.count - 1].refreshSecret = secret
        return .json(200, JSONFields([("stat", .string("ok")), ("access_token", .string(access.value)),
                                      ("expires_in", .int(Int(config.accessTokenLifetime)))]))
    }

    static func refreshSignature(date: String, accessToken: String, secret: String) -> String {
        CaptureAPIAuth.hmacSHA1(text: "refresh_access_token\n\(date)\n\(accessToken)\n", secret: secret)
    }
}
