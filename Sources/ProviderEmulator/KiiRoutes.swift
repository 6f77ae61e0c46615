// KiiRoutes.swift: Kii Cloud's password reset and login (seed 001). POST
// /api/apps/{appID}/users/{EMAIL:address | PHONE:+E164 | userID}/password/request-reset with
// {"notificationMethod": "EMAIL" | "SMS", "smsResetMethod": "URL" | "PIN"}: by e-mail or SMS URL the
// message links to a reset page the emulator serves (/kii/reset); by SMS PIN the SMS holds a 6-digit PIN,
// completed with POST …/password/complete-reset {pinCode, newPassword}. In auto mode Kii generates the
// new password and sends it; in user mode newPassword is required. Only verified addresses and numbers
// are served. Sign-in and registration are KiiAuthRoutes. Errors are Kii's
// `{"errorCode", "message"}`: 400 invalid input or password, 403 wrong PIN, 404 unknown user, 409 not
// verified, 410 expired.
import ProviderSettings
import BrowserURL
import Foundation
import NavigationPolicy
import JSONText

enum KiiRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.post, "/api/apps/{appID}/users/{user}/password/request-reset") { state, request, config in
            if let refused = app(appID(request), config) { return refused }
            // An empty body asks for the defaults (EMAIL); a body that is not a JSON object is refused.
            guard let body = request.body.isEmpty ? [:] : request.json else {
                return error(400, "INVALID_INPUT_DATA", "the body must be a JSON object: {\"notificationMethod\": \"EMAIL\" | \"SMS\", \"smsResetMethod\": \"URL\" | \"PIN\"}")
            }
            let method = (body["notificationMethod"]?.stringValue ?? "EMAIL").uppercased()
            let smsMethod = (body["smsResetMethod"]?.stringValue ?? "URL").uppercased()
            guard ["EMAIL", "SMS"].contains(method), ["URL", "PIN"].contains(smsMethod) else {
                return error(400, "INVALID_INPUT_DATA", "notificationMethod must be EMAIL or SMS, smsResetMethod URL or PIN")
            }
            guard let index = user(state, request.pathParameters.get("user") ?? "") else { return error(404, "USER_NOT_FOUND", "the user does not exist") }
            let user = state.users[index]
            guard user.verified else { return error(409, "USER_NOT_VERIFIED", "the user's \(method == "SMS" ? "phone" : "email") is not verified") }
            if method == "SMS" {
                guard let phone = user.phone else { return error(409, "USER_NOT_VERIFIED", "the user has no verified phone number") }
                if smsMethod == "PIN" {
                    let pin = state.issue(.kiiPIN, email: user.email, lifetime: config.kiiResetLifetime)
                    _ = state.send(channel: "sms", from: "Kii", to: phone, subject: "Password reset PIN",
                                   text: "Your password reset PIN is \(pin.value).", links: [])
                } else {
                    let link = resetLink(&state, user.email, config)
                    _ = state.send(channel: "sms", from: "Kii", to: phone, subject: "Password reset", text: "Reset your password: \(link)", links: [link])
                }
            } else {
                let link = resetLink(&state, user.email, config)
                _ = state.send(channel: "email", from: "no-reply@\(config.appName).kii.example", to: user.email, subject: "Reset your password",
                               text: "Follow this link to reset your password:\n\(link)\n", links: [link])
            }
            return .empty
        },
        ProviderEmulator.route(.post, "/api/apps/{appID}/users/{user}/password/complete-reset", handler: .kii { state, kii, request, config in
            if let refused = app(appID(request), config) { return refused }
            guard let body = request.json, let pin = body["pinCode"]?.stringValue else { return error(400, "INVALID_INPUT_DATA", "pinCode is required") }
            guard let index = user(state, request.pathParameters.get("user") ?? "") else { return error(404, "USER_NOT_FOUND", "the user does not exist") }
            let newPassword = body["newPassword"]?.stringValue
            if config.kiiPasswordMode == "user" {
                guard let newPassword, validPassword(newPassword) else { return error(400, "PASSWORD_INVALID", "newPassword must be 4 to 50 printable ASCII characters") }
            }
            let email = state.users[index].email
            switch state.redeem(pin, kinds: [.kiiPIN], email: email) {
            case .ok:
                kii.wrongPINs[email] = nil
                return complete(&state, index, newPassword, config)
            case .expired: return error(410, "PIN_CODE_EXPIRED", "the PIN has expired")
            case .used: return error(403, "WRONG_PIN_CODE", "the PIN is no longer valid (used, or too many wrong PINs); request a new one")
            default:
                if kii.wrongPIN(email: email, in: &state, config) {
                    return error(403, "WRONG_PIN_CODE", "the PIN is wrong; after \(config.maxPINAttempts) wrong PINs it no longer works: request a new one")
                }
                return error(403, "WRONG_PIN_CODE", "the PIN is wrong")
            }
        }),
    ]

    /// Kii's reset page, which the mailed link opens in a browser or a web view.
    static let pages: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/kii/reset") { state, request, config in resetPage(state, request.query["token"] ?? "", note: nil, config) },
        ProviderEmulator.route(.post, "/kii/reset") { state, request, config in
            let fields = request.form
            let token = fields["token"] ?? ""
            let newPassword = fields["newPassword"]
            if config.kiiPasswordMode == "user", !(newPassword.map(validPassword) ?? false) {
                return resetPage(state, token, note: "The password must be 4 to 50 printable ASCII characters.", config)
            }
            switch state.redeem(token, kinds: [.kiiResetLink]) {
            case .ok(let email):
                guard let index = state.userIndex(email: email) else { return EmulatorPage.html("Reset your password", "<p class=\"error\">Unknown user.</p>", status: 404) }
                _ = complete(&state, index, newPassword, config)
                return EmulatorPage.html("Password changed", "<p id=\"status\">Your password was changed.</p>")
            case .expired: return EmulatorPage.html("Reset your password", "<p class=\"error\">This link has expired.</p>", status: 410)
            default: return EmulatorPage.html("Reset your password", "<p class=\"error\">This link is not valid, or was already used.</p>", status: 400)
            }
        },
    ]

    /// The Kii app a path names ({appID}): nil when it is the configuration's, else Kii's 404.
    static func app(_ app: String, _ config: EmulatorConfiguration) -> EmulatorResponse? {
        app == config.appName ? nil : error(404, "APP_NOT_FOUND", "the application \(app) does not exist")
    }

    /// The app ID of a route under /api/apps/{appID}/.
    static func appID(_ request: EmulatorRequest) -> String {
        request.pathParameters.get("appID") ?? ""
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> EmulatorResponse {
        .json(status, JSONFields([("errorCode", .string(code)), ("message", .string(message))]))
    }

    /// EMAIL:address, PHONE:+E164, or a user id.
    static func user(_ state: EmulatorState, _ identifier: String) -> Int? {
        let decoded = PercentEncoding.decode(identifier)
        if decoded.uppercased().hasPrefix("EMAIL:") { return state.userIndex(email: String(decoded.dropFirst(6))) }
        if decoded.uppercased().hasPrefix("PHONE:") { return state.userIndex(phone: String(decoded.dropFirst(6))) }
        return state.users.firstIndex { $0.uuid == decoded }
    }

    static func validPassword(_ password: String) -> Bool {
        (4...50).contains(password.count) && password.unicodeScalars.allSatisfy { $0.value >= 0x21 && $0.value < 0x7F }
    }

    static func resetLink(_ state: inout EmulatorState, _ email: String, _ config: EmulatorConfiguration) -> String {
        let code = state.issue(.kiiResetLink, email: email, lifetime: config.kiiResetLifetime)
        let base = config.kiiLinkBase.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? state.baseURL
        return base + "/kii/reset?token=" + code.value
    }

    /// Sets the new password (user mode) or generates one and sends it (auto mode).
    static func complete(_ state: inout EmulatorState, _ index: Int, _ newPassword: String?, _ config: EmulatorConfiguration) -> EmulatorResponse {
        if config.kiiPasswordMode == "auto" {
            let generated = state.randomValue(length: 12)
            state.users[index].password = generated
            let user = state.users[index]
            if let phone = user.phone {
                _ = state.send(channel: "sms", from: "Kii", to: phone, subject: "Your new password", text: "Your new password is \(generated).", links: [])
            } else {
                _ = state.send(channel: "email", from: "no-reply@\(config.appName).kii.example", to: user.email, subject: "Your new password",
                               text: "Your new password is \(generated).\n", links: [])
            }
        } else if let newPassword {
            state.users[index].password = newPassword
        }
        return .empty
    }

    static func resetPage(_ state: EmulatorState, _ token: String, note: String?, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let valid = state.codes.first(value: token) { $0.kind == .kiiResetLink && $0.usedAt == nil && state.now < $0.expiresAt } != nil
        guard valid else { return EmulatorPage.html("Reset your password", "<p class=\"error\">This link is not valid, has expired, or was already used.</p>", status: 400) }
        let field = config.kiiPasswordMode == "user"
            ? "<label>New password <input type=\"password\" name=\"newPassword\" autocomplete=\"new-password\"></label>"
            : "<p>A new password will be generated and sent to you.</p>"
        return EmulatorPage.html("Reset your password", """
            \(note.map { "<p class=\"error\">\(EmulatorPage.escape($0))</p>" } ?? "")
            <form id="kiiResetForm" method="post" action="/kii/reset">
            <input type="hidden" name="token" value="\(EmulatorPage.escape(token))">
            \(field)
            <button type="submit">Reset</button>
            </form>
            """)
    }
}
