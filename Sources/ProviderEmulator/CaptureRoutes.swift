// CaptureRoutes.swift: Janrain Capture's endpoints the seed flows use. POST /oauth/auth_native_traditional
// signs in (a form: client_id, redirect_uri, response_type token | code | code_and_token, form=signInForm,
// signInEmailAddress, currentPassword) and answers {stat:"ok", access_token | authorization_code,
// capture_user}, or Capture's invalid_credentials with the form's invalid fields. POST
// /oauth/forgot_password_native mails a link that is exactly the redirect_uri with a code appended (seed
// 000: the reset link arrives on the sign-in redirect URI, with a code and no token). POST /oauth/token
// exchanges a code once, for the redirect_uri it was issued for (Capture's 420 otherwise). A form error is
// HTTP 200 with stat "error", as the widget expects; a token error is 400. POST
// /oauth/register_native_traditional (form=registrationForm, emailAddress, newPassword, displayName…)
// creates the user and answers as a sign-in does; /entity (access_token) answers the token's user, which
// the widget's createCaptureSession and session check use; POST /entity.update (access_token, attributes
// as JSON) saves a profile form: displayName, and a new password when the current one is given with it.
import BrowserURL
import Foundation
import NavigationPolicy
import JSONText

enum CaptureRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route("POST", "/oauth/auth_native_traditional") { state, request, _, config in signIn(&state, request, config) },
        ProviderEmulator.route("POST", "/oauth/forgot_password_native") { state, request, _, config in forgotPassword(&state, request, config) },
        ProviderEmulator.route("POST", "/oauth/token") { state, request, _, config in token(&state, request, config) },
        ProviderEmulator.route("POST", "/oauth/register_native_traditional") { state, request, _, config in register(&state, request, config) },
        ProviderEmulator.route("POST", "/entity") { state, request, _, _ in entity(state, request.form["access_token"] ?? request.query["access_token"]) },
        ProviderEmulator.route("GET", "/entity") { state, request, _, _ in entity(state, request.query["access_token"]) },
        ProviderEmulator.route("POST", "/entity.update") { state, request, _, _ in updateEntity(&state, request.form) },
    ]

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

    /// Why a redirect URI is refused before any client lookup, or nil: it must be an absolute URL (parsed as
    /// a browser parses it) without a fragment, and not of a scheme the engine always blocks (the browser
    /// would run or render what the provider sends: RFC 6749 §10.6 and §10.15).
    static func redirectURIRefusal(_ redirectURI: String) -> EmulatorResponse? {
        guard case .success(let url) = BrowserURL.parse(redirectURI) else {
            return error(400, code: 200, "invalid_argument", "redirect_uri is not an absolute URL")
        }
        if PolicyEngine.alwaysBlockedSchemes.contains(url.scheme) {
            return error(400, code: 200, "invalid_argument", "redirect_uri may not be a \(url.scheme): URL")
        }
        if url.fragment != nil { return error(400, code: 200, "invalid_argument", "redirect_uri may not have a fragment") }
        return nil
    }

    /// A registered client (any client_id registers on first use unless the configuration is strict), and a
    /// redirect URI it may use.
    static func client(_ state: inout EmulatorState, _ id: String, redirectURI: String?, config: EmulatorConfiguration) -> EmulatorResponse? {
        if let redirectURI, let refused = redirectURIRefusal(redirectURI) { return refused }
        if state.clients[id] == nil {
            if config.strictClients || !config.clients.isEmpty {
                return error(400, code: 402, "invalid_client", "client_id \(id) is not registered with application \(config.appName)")
            }
            state.clients[id] = EmulatorConfiguration.Client(id: id)
        }
        if let redirectURI, let allowed = state.clients[id]?.redirectURIs, !allowed.isEmpty, !allowed.contains(redirectURI) {
            return error(400, code: 420, "redirect_uri_mismatch", "redirect_uri \(redirectURI) is not registered for client \(id)")
        }
        return nil
    }

    static func signIn(_ state: inout EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["client_id", "redirect_uri", "signInEmailAddress", "currentPassword"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!
        if let refused = client(&state, clientID, redirectURI: redirectURI, config: config) { return refused }
        let responseType = fields["response_type"] ?? "token"
        guard ["token", "code", "code_and_token"].contains(responseType) else {
            return error(400, code: 100, "invalid_argument", "response_type must be token, code or code_and_token")
        }
        // A flow names its sign-in form (signInForm, userInformationForm, tradAuthenticateMergeForm…); the
        // forms of other jobs are refused.
        if let form = fields["form"], form.range(of: #"regist|forgot|profile|edit|changePassword"#, options: [.regularExpression, .caseInsensitive]) != nil {
            return error(400, code: 100, "invalid_argument", "form \(form) is not a sign-in form of this flow")
        }
        let wrong = error(200, code: 210, "invalid_credentials", "Incorrect username or password",
                          invalidFields: JSONFields.single("signInForm", .array([.string("Incorrect username or password. Please try again.")])))
        guard let index = state.userIndex(email: fields["signInEmailAddress"]!) else { return wrong }
        switch state.checkPassword(index, fields["currentPassword"]!, config) {
        case .accepted: break
        case .wrong: return wrong
        case .locked(let until):
            return error(200, code: 210, "invalid_credentials", lockedMessage(until),
                         invalidFields: JSONFields.single("signInForm", .array([.string(lockedMessage(until))])))
        }
        return .json(200, signedIn(&state, state.users[index], clientID: clientID, redirectURI: redirectURI, responseType: responseType, config))
    }

    /// What a locked account is told (the emulator's own limit: Capture publishes none).
    static func lockedMessage(_ until: Date) -> String {
        "Too many failed sign-in attempts: this account is locked until \(EmulatorClock.iso(until)) (emulator clock)."
    }

    /// What a successful sign-in or registration answers: the credentials response_type asks for, and the user.
    static func signedIn(_ state: inout EmulatorState, _ user: EmulatorState.User, clientID: String, redirectURI: String,
                         responseType: String, _ config: EmulatorConfiguration) -> JSONFields {
        var answer = JSONFields.single("stat", .string("ok"))
        if responseType != "code" {
            answer.add("access_token", state.issue(.accessToken, email: user.email, clientID: clientID, lifetime: config.accessTokenLifetime).value)
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
    static func register(_ state: inout EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["client_id", "redirect_uri", "emailAddress"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!, email = fields["emailAddress"]!
        if let refused = client(&state, clientID, redirectURI: redirectURI, config: config) { return refused }
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
        let user = EmulatorState.User(email: email.lowercased(), password: password, phone: nil, verified: false,
                                      displayName: fields["displayName"], uuid: EmulatorState.uuid(state.users.count))
        state.users.append(user)
        return .json(200, signedIn(&state, user, clientID: clientID, redirectURI: redirectURI, responseType: responseType, config))
    }

    /// A profile save: the token's user gets the attributes it may change (displayName; password, with
    /// current_password right), answered with the user as saved, or Capture's error.
    static func updateEntity(_ state: inout EmulatorState, _ fields: [String: String]) -> EmulatorResponse {
        guard let token = fields["access_token"], !token.isEmpty else { return error(400, code: 100, "missing_argument", "the access_token parameter is required") }
        guard let email = CapturePages.tokenOwner(state, token), let index = state.userIndex(email: email) else {
            return error(401, code: 414, "access_token_expired", "the access token is unknown or has expired")
        }
        guard let text = fields["attributes"], let attributes = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return error(400, code: 100, "invalid_argument", "attributes must be a JSON object")
        }
        func invalid(_ field: String, _ message: String) -> EmulatorResponse {
            error(200, code: 390, "invalid_form_fields", message, invalidFields: JSONFields.single(field, .array([.string(message)])))
        }
        if let password = attributes["password"] as? String {
            guard fields["current_password"] == state.users[index].password else { return invalid("currentPassword", "The current password is not right.") }
            guard password.count >= 8 else { return invalid("newPassword", "Passwords must have at least 8 characters.") }
            state.users[index].password = password
        }
        if let name = attributes["displayName"] as? String { state.users[index].displayName = name }
        var answer = JSONFields.single("stat", .string("ok"))
        answer.add("result", .object(profile(state.users[index])))
        return .json(200, answer)
    }

    /// The user an access token belongs to (Capture's /entity), or Capture's error for a token it does not know.
    static func entity(_ state: EmulatorState, _ token: String?) -> EmulatorResponse {
        guard let token, !token.isEmpty else { return error(400, code: 100, "missing_argument", "the access_token parameter is required") }
        guard let email = CapturePages.tokenOwner(state, token), let index = state.userIndex(email: email) else {
            return error(401, code: 414, "access_token_expired", "the access token is unknown or has expired")
        }
        var answer = JSONFields.single("stat", .string("ok"))
        answer.add("result", .object(profile(state.users[index])))
        return .json(200, answer)
    }

    static func forgotPassword(_ state: inout EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["client_id", "redirect_uri", "signInEmailAddress"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!
        if let refused = client(&state, clientID, redirectURI: redirectURI, config: config) { return refused }
        guard let index = state.userIndex(email: fields["signInEmailAddress"]!) else {
            return error(200, code: 212, "invalid_form_fields", "We couldn't find an account with that email address.",
                         invalidFields: JSONFields.single("signInEmailAddress", .array([.string("We couldn't find an account with that email address.")])))
        }
        let user = state.users[index]
        let code = state.issue(.resetCode, email: user.email, clientID: clientID, redirectURI: redirectURI, lifetime: config.resetCodeLifetime)
        let link = redirectURI + (redirectURI.contains("?") ? "&" : "?") + "code=" + code.value
        _ = state.send(channel: "email", from: "no-reply@\(config.appName).janraincapture.example", to: user.email,
                       subject: "Reset your password",
                       text: "Someone asked to reset the password of \(user.email).\nFollow this link to choose a new one:\n\(link)\n",
                       links: [link])
        return .json(200, JSONFields.single("stat", .string("ok")))
    }

    static func token(_ state: inout EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields: [String: String]
        switch form(request, requires: ["grant_type", "code", "redirect_uri", "client_id"]) {
        case .success(let f): fields = f
        case .failure(let refusal): return refusal.response
        }
        guard fields["grant_type"] == "authorization_code" else {
            return error(400, code: 100, "unsupported_grant_type", "grant_type must be authorization_code")
        }
        return exchange(&state, code: fields["code"]!, redirectURI: fields["redirect_uri"]!, clientID: fields["client_id"]!,
                        secret: fields["client_secret"], config)
    }

    /// Exchanges a sign-in or reset code for tokens, once, as the client it was issued to (with its secret,
    /// when it has one): /oauth/token, and the app server's exchange of seed 000's reset page.
    static func exchange(_ state: inout EmulatorState, code: String, redirectURI: String, clientID: String, secret: String?,
                         _ config: EmulatorConfiguration) -> EmulatorResponse {
        if let refused = client(&state, clientID, redirectURI: nil, config: config) { return refused }
        if let expected = state.clients[clientID]?.secret, secret != expected {
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
