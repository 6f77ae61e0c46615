// RealmRoutes.swift: Atlas App Services (Realm) email/password auth, under
// /api/client/v2.0/app/{appId}/auth/providers/local-userpass/: register (a confirmation mail), confirm
// {token, tokenId}, confirm/send, reset/send (a reset mail), reset {token, tokenId, password}, reset/call
// (the custom reset function, whose outcome the configuration sets: success, pending, fail) and login.
// Links carry token and tokenId, valid 30 minutes by default and single use (seed 003). Errors are
// Realm's: `{"error": …, "error_code": …}`.
import ProviderSettings
import Foundation
import NavigationPolicy
import JSONText

enum RealmRoutes {
    static let base = "/api/client/v2.0/app/{appId}/auth/providers/local-userpass"

    static let routes: [ProviderEmulator.Route] = [
        route("register") { state, body, config in
            guard let email = body["email"]?.stringValue, let password = body["password"]?.stringValue, email.contains("@") else {
                return error(400, "InvalidParameter", "email and password are required")
            }
            guard (6...128).contains(password.count) else { return error(400, "BadRequest", "password must be between 6 and 128 characters") }
            guard state.userIndex(email: email) == nil else { return error(409, "AccountNameInUse", "name already in use") }
            state.add(EmulatorState.User(email: email, password: password, phone: nil, verified: false, displayName: nil, uuid: ""))
            mail(&state, .realmConfirm, email: email.lowercased(), template: config.realmConfirmTemplate, subject: "Confirm your email", config)
            return .json(201, JSONFields())
        },
        route("confirm") { state, body, _ in
            redeem(&state, body, kind: .realmConfirm) { state, email in
                if let index = state.userIndex(email: email) { state.users[index].verified = true }
                return .json(200, JSONFields())
            }
        },
        route("confirm/send") { state, body, config in
            guard let email = body["email"]?.stringValue, let index = state.userIndex(email: email) else { return error(404, "UserNotFound", "user not found") }
            guard !state.users[index].verified else { return error(400, "UserAlreadyConfirmed", "already confirmed") }
            mail(&state, .realmConfirm, email: state.users[index].email, template: config.realmConfirmTemplate, subject: "Confirm your email", config)
            return .json(200, JSONFields())
        },
        // The custom confirmation function again (realm-web's retryCustomConfirmation): the emulator's function
        // mails a new confirmation link.
        route("confirm/call") { state, body, config in
            guard let email = body["email"]?.stringValue, let index = state.userIndex(email: email) else { return error(404, "UserNotFound", "user not found") }
            guard !state.users[index].verified else { return error(409, "UserAlreadyConfirmed", "already confirmed") }
            mail(&state, .realmConfirm, email: state.users[index].email, template: config.realmConfirmTemplate, subject: "Confirm your email", config)
            return EmulatorResponse(status: 204, contentType: "", body: [])
        },
        route("reset/send") { state, body, config in
            guard let email = body["email"]?.stringValue, let index = state.userIndex(email: email) else { return error(404, "UserNotFound", "user not found") }
            mail(&state, .realmReset, email: state.users[index].email, template: config.realmResetTemplate, subject: "Reset your password", config)
            return .json(200, JSONFields())
        },
        route("reset") { state, body, _ in
            guard let password = body["password"]?.stringValue, (6...128).contains(password.count) else {
                return error(400, "BadRequest", "password must be between 6 and 128 characters")
            }
            return redeem(&state, body, kind: .realmReset) { state, email in
                if let index = state.userIndex(email: email) { state.users[index].password = password }
                return .json(200, JSONFields())
            }
        },
        route("reset/call") { state, body, config in
            guard let email = body["email"]?.stringValue, let password = body["password"]?.stringValue else {
                return error(400, "InvalidParameter", "email and password are required")
            }
            guard let index = state.userIndex(email: email) else { return error(404, "UserNotFound", "user not found") }
            switch config.realmResetFunction {
            case "success":
                state.users[index].password = password
                return .json(200, JSONFields.single("status", .string("success")))
            case "pending":
                mail(&state, .realmReset, email: state.users[index].email, template: config.realmResetTemplate, subject: "Reset your password", config)
                return .json(202, JSONFields.single("status", .string("pending")))
            default:
                return error(400, "FunctionExecutionError", "the reset function refused the request")
            }
        },
        route("login") { state, body, config in
            guard let username = body["username"]?.stringValue, let password = body["password"]?.stringValue else {
                return error(400, "InvalidParameter", "username and password are required")
            }
            guard let index = state.userIndex(email: username), state.users[index].password == password else {
                return error(401, "InvalidPassword", "invalid username/password")
            }
            guard state.users[index].verified else { return error(401, "AuthError", "confirmation required") }
            let user = state.users[index]
            let access = state.issue(.accessToken, email: user.email, clientID: EmulatorState.Audience.realm(config.appName).clientID, lifetime: RealmSessionRoutes.accessLifetime)
            let refresh = state.issue(.refreshToken, email: user.email, clientID: EmulatorState.Audience.realm(config.appName).clientID, lifetime: RealmSessionRoutes.refreshLifetime)
            return .json(200, JSONFields([("access_token", .string(access.value)), ("refresh_token", .string(refresh.value)),
                                          ("user_id", .string(user.uuid)), ("device_id", .string("000000000000000000000000"))]))
        },
    ]

    /// A POST route under the provider's path: the app must be the configured one, the body JSON.
    static func route(_ suffix: String, _ handler: @escaping @Sendable (inout EmulatorState, [String: JSONValue], EmulatorConfiguration) -> EmulatorResponse) -> ProviderEmulator.Route {
        ProviderEmulator.route(.post, "\(base)/\(suffix)") { state, request, config in
            let app = request.pathParameters.get("appId") ?? ""
            guard app == config.appName else { return error(404, "AppNotFound", "cannot find app using Client App ID '\(app)'").linked(state) }
            guard let body = request.json else { return error(400, "InvalidParameter", "the body must be a JSON object").linked(state) }
            return handler(&state, body, config).linked(state)
        }
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> EmulatorResponse {
        .json(status, JSONFields([("error", .string(message)), ("error_code", .string(code))]))
    }

    static func mail(_ state: inout EmulatorState, _ kind: EmulatorState.CodeKind, email: String, template: String, subject: String,
                     _ config: EmulatorConfiguration) {
        let code = state.issue(kind, email: email, lifetime: config.realmLinkLifetime)
        let link = template.replacingOccurrences(of: "{token}", with: code.value).replacingOccurrences(of: "{tokenId}", with: code.pair ?? "")
        _ = state.send(channel: "email", from: "no-reply@\(config.appName).mongodbstitch.example", to: email, subject: subject,
                       text: "\(subject): open this link (it works once, for \(Int(config.realmLinkLifetime / 60)) minutes):\n\(link)\n", links: [link])
    }

    static func redeem(_ state: inout EmulatorState, _ body: [String: JSONValue], kind: EmulatorState.CodeKind,
                       _ then: (inout EmulatorState, String) -> EmulatorResponse) -> EmulatorResponse {
        guard let token = body["token"]?.stringValue, let tokenID = body["tokenId"]?.stringValue else {
            return error(400, "InvalidParameter", "token and tokenId are required")
        }
        switch state.redeem(token, kinds: [kind], pair: tokenID) {
        case .ok(let email): return then(&state, email)
        case .expired: return error(400, "UserpassTokenInvalid", "invalid token data: the token has expired")
        case .used: return error(400, "UserpassTokenInvalid", "invalid token data: the token was already used")
        default: return error(400, "UserpassTokenInvalid", "invalid token data")
        }
    }
}
