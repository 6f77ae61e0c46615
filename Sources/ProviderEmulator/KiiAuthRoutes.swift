// KiiAuthRoutes.swift: Kii Cloud's sign-in as its REST guide and API reference document it
// (documentation.kii.com: rest/apps-collection/application/oauth2, rest/oauth2/token, managing-users/login):
// POST /api/apps/{appID}/oauth2/token with the app's credentials as HTTP Basic (appID:appKey) and
// grant_type password (username as a login name, an e-mail address, `EMAIL:address`, a +E164 number,
// `PHONE:+E164` or `PHONE:CC-local`, the country ISO 3166) or refresh_token, a JSON or form body; the legacy
// POST /api/oauth2/token, the app named by X-Kii-AppID and X-Kii-AppKey; an optional expiresAt (ms since
// 1970), else a token that does not expire (expires_in 2147483647). Registration (POST
// /api/apps/{appID}/users) and the signed-in user (GET /api/apps/{appID}/users/me, Bearer token). Errors are
// Kii's: `{"errorCode", "message"}`, and the token endpoint's `{"errorCode", "error", "error_description"}`.
import ProviderSettings
import Foundation
import JSONText
import NavigationPolicy

enum KiiAuthRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.post, "/api/apps/{appID}/oauth2/token") { state, request, config in
            token(&state, request, app: KiiRoutes.appID(request), config)
        },
        ProviderEmulator.route(.post, "/api/oauth2/token") { state, request, config in
            guard let app = request.headers[.kiiAppID], !app.isEmpty else {
                return KiiRoutes.error(400, "INVALID_INPUT_DATA", "the X-Kii-AppID and X-Kii-AppKey headers name the application")
            }
            return token(&state, request, app: app, config)
        },
        ProviderEmulator.route(.post, "/api/apps/{appID}/users") { state, request, config in
            register(&state, request, app: KiiRoutes.appID(request), config)
        },
        ProviderEmulator.route(.get, "/api/apps/{appID}/users/me") { state, request, config in
            if let refused = KiiRoutes.app(KiiRoutes.appID(request), config) { return refused }
            guard let index = bearer(state, request, app: KiiRoutes.appID(request)) else { return KiiRoutes.error(401, "WRONG_TOKEN", "The provided token is not valid") }
            return .json(200, userFields(state.users[index]))
        },
    ]

    /// The app a request's credentials name, when they name one: HTTP Basic (appID:appKey) or X-Kii-AppID.
    static func credentialApp(_ request: EmulatorRequest) -> String? {
        request.basicCredentials()?.id ?? request.headers[.kiiAppID]
    }

    static func tokenError(_ status: Int, _ error: String, _ description: String) -> EmulatorResponse {
        .json(status, JSONFields([("errorCode", .string(error)), ("error", .string(error)), ("error_description", .string(description))]))
    }

    /// The token request's fields: a JSON object or a form.
    static func fields(_ request: EmulatorRequest) -> [String: String]? {
        if request.contentType.hasPrefix("application/x-www-form-urlencoded") { return request.form }
        guard let body = request.json else { return nil }
        var fields: [String: String] = [:]
        for (key, value) in body {
            if let text = value.stringValue { fields[key] = text } else if let number = value.doubleValue { fields[key] = JSONWriter.numberText(number) }
        }
        return fields
    }

    static func token(_ state: inout EmulatorState, _ request: EmulatorRequest, app: String, _ config: EmulatorConfiguration) -> EmulatorResponse {
        if let refused = KiiRoutes.app(app, config) { return refused }
        if let named = credentialApp(request), named != app {
            return KiiRoutes.error(403, "APP_NOT_FOUND", "the credentials are for the application \(named), not \(app)")
        }
        guard let fields = fields(request) else { return KiiRoutes.error(400, "INVALID_INPUT_DATA", "the body must be a JSON object or a form") }
        let grant = fields["grant_type"] ?? (fields["refresh_token"] != nil ? "refresh_token" : "password")
        var lifetime = 2_147_483_647.0
        if let text = fields["expiresAt"] {
            guard let milliseconds = Double(text) else { return KiiRoutes.error(400, "INVALID_INPUT_DATA", "expiresAt must be a time in milliseconds since 1970") }
            lifetime = max(0, (milliseconds / 1000 - state.now.timeIntervalSince1970).rounded())
        }
        let email: String
        switch grant {
        case "password":
            guard let username = fields["username"], let password = fields["password"] else {
                return KiiRoutes.error(400, "INVALID_INPUT_DATA", "username and password are required")
            }
            let wrong = tokenError(400, "invalid_grant", "The user was not found or a wrong password was provided")
            guard let index = user(state, username: username) else { return wrong }
            switch state.checkPassword(index, password, config) {
            case .accepted: break
            case .wrong: return wrong
            case .locked(let until):
                return tokenError(400, "invalid_grant", "Too many wrong passwords: the user is locked until \(EmulatorClock.iso(until)) (emulator clock)")
            }
            email = state.users[index].email
        case "refresh_token":
            let now = state.now
            guard let value = fields["refresh_token"],
                  let code = state.codes.first(value: value, where: { $0.kind == .refreshToken && $0.clientID == EmulatorState.Audience.kii(app).clientID }) else {
                return tokenError(400, "invalid_grant", "The refresh token is not valid")
            }
            guard now < code.expiresAt else { return tokenError(400, "invalid_grant", "The refresh token has expired") }
            email = code.email
        default:
            return tokenError(400, "unsupported_grant_type", "grant_type must be password or refresh_token")
        }
        guard let index = state.userIndex(email: email) else { return tokenError(400, "invalid_grant", "The user was not found or a wrong password was provided") }
        let audience = EmulatorState.Audience.kii(app).clientID
        let access = state.issue(.accessToken, email: email, clientID: audience, lifetime: lifetime)
        let refresh = state.issue(.refreshToken, email: email, clientID: audience, lifetime: 2_147_483_647)
        return .json(200, JSONFields([("id", .string(state.users[index].uuid)), ("access_token", .string(access.value)),
                                      ("expires_in", .int(Int(lifetime))), ("token_type", .string("Bearer")),
                                      ("refresh_token", .string(refresh.value))]))
    }

    /// A user by what Kii's username takes.
    static func user(_ state: EmulatorState, username: String) -> Int? {
        let upper = username.uppercased()
        if upper.hasPrefix("EMAIL:") { return state.userIndex(email: String(username.dropFirst(6))) }
        if upper.hasPrefix("PHONE:") { return phone(String(username.dropFirst(6))).flatMap(state.userIndex(phone:)) }
        if username.hasPrefix("+") { return state.userIndex(phone: username) }
        if username.contains("@") { return state.userIndex(email: username) }
        return state.users.firstIndex { $0.attributes["loginName"]?.stringValue?.lowercased() == username.lowercased() }
    }

    /// `+E164`, or `CC-local` (ISO 3166 country, the national number with or without its trunk 0) as +E164.
    static func phone(_ text: String) -> String? {
        if text.hasPrefix("+") { return text }
        let parts = text.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let calling = callingCodes[parts[0].uppercased()] else { return nil }
        var local = parts[1].filter(\.isNumber)
        if local.hasPrefix("0") && !["IT"].contains(parts[0].uppercased()) { local.removeFirst() }
        return "+" + calling + local
    }

    /// Country calling codes (ITU-T E.164) of the countries Kii's sites serve and their neighbours.
    static let callingCodes: [String: String] = [
        "US": "1", "CA": "1", "JP": "81", "CN": "86", "TW": "886", "HK": "852", "KR": "82", "SG": "65", "GB": "44", "DE": "49",
        "FR": "33", "IT": "39", "ES": "34", "NL": "31", "BR": "55", "MX": "52", "IN": "91", "AU": "61", "NZ": "64", "TH": "66",
    ]

    static func bearer(_ state: EmulatorState, _ request: EmulatorRequest, app: String) -> Int? {
        guard let token = request.bearerToken, let email = state.accessTokenOwner(token, audience: .kii(app)) else { return nil }
        return state.userIndex(email: email)
    }

    /// The domain of the address a user registered without one is kept under (RFC 2606's .invalid).
    static let placeholderDomain = "@users.kii.invalid"

    static func userFields(_ user: EmulatorState.User) -> JSONFields {
        var fields = JSONFields([("userID", .string(user.uuid)), ("internalUserID", .int(user.id))])
        if let name = user.attributes["loginName"]?.stringValue { fields.add("loginName", name) }
        fields.add("displayName", .string(user.displayName))
        if !user.email.hasSuffix(placeholderDomain) {
            fields.add("emailAddress", user.email)
            fields.add("emailAddressVerified", user.verified)
        }
        if let phone = user.phone {
            fields.add("phoneNumber", phone)
            fields.add("phoneNumberVerified", user.verified)
        }
        fields.add("_hasPassword", true)
        return fields
    }

    /// Registration: {loginName?, emailAddress?, phoneNumber?, password, displayName?}; at least one of the
    /// three names. The e-mail address is taken as verified (the emulator sends no verification mail).
    static func register(_ state: inout EmulatorState, _ request: EmulatorRequest, app: String, _ config: EmulatorConfiguration) -> EmulatorResponse {
        if let refused = KiiRoutes.app(app, config) { return refused }
        guard let body = request.json else { return KiiRoutes.error(400, "INVALID_INPUT_DATA", "the body must be a JSON object") }
        guard let password = body["password"]?.stringValue, KiiRoutes.validPassword(password) else {
            return KiiRoutes.error(400, "INVALID_INPUT_DATA", "password must be 4 to 50 printable ASCII characters")
        }
        let login = body["loginName"]?.stringValue, email = body["emailAddress"]?.stringValue, phone = body["phoneNumber"]?.stringValue
        guard login != nil || email != nil || phone != nil else {
            return KiiRoutes.error(400, "INVALID_INPUT_DATA", "one of loginName, emailAddress or phoneNumber is required")
        }
        func exists(_ field: String, _ value: String) -> EmulatorResponse {
            .json(409, JSONFields([("errorCode", .string("USER_ALREADY_EXISTS")), ("message", .string("User with \(field) \(value) already exists")),
                                   ("value", .string(value)), ("field", .string(field))]))
        }
        if let login, user(state, username: login) != nil { return exists("loginName", login) }
        if let email, state.userIndex(email: email) != nil { return exists("emailAddress", email) }
        if let phone, state.userIndex(phone: phone) != nil { return exists("phoneNumber", phone) }
        // The emulator keys users by e-mail address: a user with none gets one that cannot be mailed.
        var new = EmulatorState.User(email: email ?? "\(login ?? phone ?? "")\(placeholderDomain)", password: password, phone: phone, verified: true,
                                     displayName: body["displayName"]?.stringValue, uuid: "")
        if let login { new.attributes["loginName"] = .string(login) }
        let added = state.add(new)
        return .json(201, userFields(added))
    }
}
