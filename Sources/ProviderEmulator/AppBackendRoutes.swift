// AppBackendRoutes.swift: the app's own backend for the deep-link reset (seed 002). POST
// /api/reset-password/request {email} mails `yourapp://reset-password?token=…&email=…` (the address
// percent-encoded; the template is configurable), the token single use and valid 30 minutes by default;
// it answers 202 whether or not the address is known (no account enumeration). POST /api/reset-password
// {token, email, newPassword} sets the password: the old one stops working. POST /password_reset/exchange
// {code, redirect_uri} is seed 000's password_reset page's own server: it exchanges the mail's code at
// Capture's /oauth/token (as the client the code was issued to, with its secret) and answers
// {access_token}, or the token endpoint's error (a code used twice is refused).
import ProviderSettings
import BrowserURL
import Foundation
import NavigationPolicy
import ProviderDirectory
import JSONText

enum AppBackendRoutes {
    static let routes: [ProviderEmulator.Route] = [
        // The app's server calls Capture's /oauth/token: Capture's exchange, on Capture's state, as that call runs.
        ProviderEmulator.route(.post, ProviderDirectory.AppBackendPath.resetExchange.rawValue,
                               handler: .capture { state, capture, request, config in resetExchange(&state, &capture, request, config) }),
        ProviderEmulator.route(.post, ProviderDirectory.AppBackendPath.resetRequest.rawValue) { state, request, config in
            guard let body = request.json, let email = body["email"]?.stringValue, !email.isEmpty else {
                return error(400, "invalid_request", "the body must be JSON: {\"email\": \"…\"}")
            }
            if let index = state.userIndex(email: email) {
                let user = state.users[index]
                let token = state.issue(.deepLinkToken, email: user.email, lifetime: config.deepLinkTokenLifetime)
                let link = config.deepLinkTemplate.replacingOccurrences(of: "{token}", with: token.value)
                    .replacingOccurrences(of: "{email}", with: PercentEncoding.encodeComponent(user.email))
                let minutes = Int(config.deepLinkTokenLifetime / 60)
                _ = state.send(channel: "email", from: "no-reply@\(config.appName).example", to: user.email, subject: "Reset your password",
                               text: "Open this link on your phone to choose a new password (it works once, for \(minutes) minutes):\n\(link)\n",
                               links: [link])
            }
            return .json(202, JSONFields.single("status", .string("sent")))
        },
        ProviderEmulator.route(.post, ProviderDirectory.AppBackendPath.resetPassword.rawValue) { state, request, _ in
            guard let body = request.json, let token = body["token"]?.stringValue, let email = body["email"]?.stringValue,
                  let password = body["newPassword"]?.stringValue else {
                return error(400, "invalid_request", "the body must be JSON: {\"token\", \"email\", \"newPassword\"}")
            }
            guard password.count >= 8 else { return error(422, "weak_password", "the new password must have at least 8 characters") }
            guard let code = state.codes.first(value: token, where: { $0.kind == .deepLinkToken }), code.email == email.lowercased() else {
                return error(400, "invalid_token", "the token is not one this server issued for \(email)")
            }
            switch state.redeem(token, kinds: [.deepLinkToken]) {
            case .ok(let owner):
                if let index = state.userIndex(email: owner) { state.users[index].password = password }
                return .json(200, JSONFields.single("status", .string("password-changed")))
            case .used: return error(409, "token_used", "the token was already used")
            case .expired: return error(410, "token_expired", "the token has expired")
            default: return error(400, "invalid_token", "the token is not valid")
            }
        },
    ]

    /// Seed 000's server-side exchange: the page sends the code; the server calls /oauth/token.
    static func resetExchange(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        guard let body = request.json, let code = body["code"]?.stringValue, let redirectURI = body["redirect_uri"]?.stringValue else {
            return error(400, "invalid_request", "the body must be JSON: {\"code\", \"redirect_uri\"}")
        }
        // The app's server knows its own client and secret (the configuration's); the code names the client.
        let clientID = state.codes.first(value: code)?.clientID ?? config.clients.first?.id ?? "unknown"
        return CaptureRoutes.exchange(&state, &capture, code: code, redirectURI: redirectURI, clientID: clientID,
                                      secret: config.clients.first { $0.id == clientID }?.secret, config)
    }

    static func error(_ status: Int, _ error: String, _ description: String) -> EmulatorResponse {
        ProviderEmulator.providerError(.plain, status: status, error: error, description: description)
    }
}
