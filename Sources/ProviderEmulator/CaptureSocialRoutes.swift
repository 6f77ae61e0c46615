// CaptureSocialRoutes.swift: Capture's side of a social sign-in: Social Login's one-time token traded for a
// Capture session. Two doors to one rule:
//   - /oauth/auth_native, the documented API call (client_id, flow, locale, redirect_uri, response_type,
//     token; a form, a JSON body, or the query when JUMP's SDKs make it Social Login's token URL): JSON, as
//     the traditional sign-in answers. A user Capture does not know is error 310 record_not_found with the
//     identity provider's profile (`prereg_fields`) and the token again as `merge_token`, the two-step social
//     registration JUMP's JRCaptureError handles; with thin_registration=true the user is created instead.
//   - /widget/token_url, the widget's token URL in the redirect flow (seed 004: popup false, redirectFlow
//     true, tokenAction url): a navigation, so its answer is a redirect to the page's redirect_uri with the
//     code and/or access token (as the hosted sign-in gives them), or with `error` when the user cancelled
//     at the provider. The widget signs a new user up thinly, as a one-click social sign-in does.
import ProviderSettings
import BrowserURL
import Foundation
import JSONText

enum CaptureSocialRoutes {
    static let routes: [ProviderEmulator.Route] = [
        CaptureRoutes.route(.post, "/oauth/auth_native") { state, capture, request, config in authNative(&state, &capture, request, config) },
        CaptureRoutes.route(.get, "/oauth/auth_native") { state, capture, request, config in authNative(&state, &capture, request, config) },
        CaptureRoutes.route(.get, "/widget/token_url") { state, capture, request, config in widgetTokenURL(&state, &capture, request, config) },
        CaptureRoutes.route(.post, "/widget/token_url") { state, capture, request, config in widgetTokenURL(&state, &capture, request, config) },
    ]

    /// The call's fields: the query, then the form or a JSON body's string values over it.
    static func fields(_ request: EmulatorRequest) -> [String: String] {
        var fields = request.parameters
        if request.contentType.hasPrefix("application/json"), let object = request.json {
            for (name, value) in object {
                if let text = value.stringValue { fields[name] = text } else if let flag = value.boolValue { fields[name] = flag ? "true" : "false" }
            }
        }
        return fields
    }

    /// Why Social Login's token cannot sign anyone in, or the identity provider's address and provider.
    enum TokenOutcome {
        case user(email: String, provider: String)
        case refused(EmulatorResponse)
    }

    static func redeemToken(_ state: inout EmulatorState, _ token: String) -> TokenOutcome {
        let provider = state.codes.first(value: token) { $0.kind == .engageToken }?.clientID ?? ""
        switch state.redeem(token, kinds: [.engageToken]) {
        case .ok(let email): return .user(email: email, provider: provider)
        case .used: return .refused(CaptureRoutes.error(200, code: 200, "invalid_argument", "the token was already used; Social Login's tokens are single use"))
        case .expired: return .refused(CaptureRoutes.error(200, code: 200, "invalid_argument", "the token has expired; sign in at the provider again"))
        case .unknown, .wrongClient, .wrongRedirectURI:
            return .refused(CaptureRoutes.error(200, code: 200, "invalid_argument", "the token is not one Social Login issued to this application"))
        }
    }

    /// The Capture user of the identity provider's address, or a new one (verified, with a random password of
    /// its own: it signs in through the provider) when `thin` allows it; nil when there is none and `thin`
    /// does not.
    static func socialUser(_ state: inout EmulatorState, email: String, thin: Bool) -> (user: EmulatorState.User, isNew: Bool)? {
        if let index = state.userIndex(email: email) { return (state.users[index], false) }
        guard thin else { return nil }
        let user = state.add(EmulatorState.User(email: email, password: state.randomValue(length: 32), phone: nil, verified: true,
                                                displayName: localPart(email), uuid: ""))
        return (user, true)
    }

    static func localPart(_ email: String) -> String { String(email.prefix { $0 != "@" }) }

    static func authNative(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields = fields(request)
        for name in ["client_id", "redirect_uri", "token"] where (fields[name] ?? "").isEmpty {
            return CaptureRoutes.error(400, code: 100, "missing_argument", "the \(name) parameter is required")
        }
        let clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!
        if let refused = CaptureRoutes.client(&state, &capture, clientID, redirectURI: redirectURI, config: config) { return refused }
        let responseType = fields["response_type"] ?? "token"
        guard ["token", "code", "code_and_token"].contains(responseType) else {
            return CaptureRoutes.error(400, code: 100, "invalid_argument", "response_type must be token, code or code_and_token")
        }
        switch redeemToken(&state, fields["token"]!) {
        case .refused(let answer): return answer
        case .user(let email, let provider):
            guard let (user, isNew) = socialUser(&state, email: email, thin: fields["thin_registration"] == "true") else {
                // Two-step social registration: the caller shows the registration form with what the provider said.
                let token = state.issue(.engageToken, email: email, clientID: provider, lifetime: config.engageTokenLifetime)
                return .json(200, JSONFields([("stat", .string("error")), ("code", .int(310)), ("error", .string("record_not_found")),
                                              ("error_description", .string("no user of \(email) yet: register with the social registration form")),
                                              ("merge_token", .string(token.value)),
                                              ("prereg_fields", .object(JSONFields([("emailAddress", .string(email)),
                                                                                    ("displayName", .string(localPart(email)))])))]))
            }
            var answer = CaptureRoutes.signedIn(&state, user, clientID: clientID, redirectURI: redirectURI, responseType: responseType,
                                                refreshSecret: fields["refresh_secret"], config)
            answer.add("is_new", .bool(isNew))
            return .json(200, answer)
        }
    }

    static func widgetTokenURL(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> EmulatorResponse {
        let fields = fields(request)
        // Checked before any redirect: an unusable redirect_uri is a page, never a redirect to it.
        let target: RedirectTarget
        switch CapturePages.checkAuthorization(&state, &capture, fields, config) {
        case .success(let url): target = url
        case .failure(let refused): return refused.response
        }
        let redirectURI = fields["redirect_uri"]!, clientID = fields["client_id"]!
        // The page's state goes back with whatever the answer is.
        let echoed = (fields["state"] ?? "").isEmpty ? [] : [("state", fields["state"]!)]
        if let error = fields["error"], !error.isEmpty {
            return .redirect(target, adding: [("error", error),
                                                   ("error_description", fields["error_description"] ?? "the sign-in at the provider did not complete")] + echoed)
        }
        guard let token = fields["token"], !token.isEmpty else {
            return .redirect(target, adding: [("error", "invalid_request"), ("error_description", "Social Login sent no token")] + echoed)
        }
        switch redeemToken(&state, token) {
        case .refused(let answer):
            let description = CapturePages.object(answer)["error_description"]?.stringValue ?? "the token cannot be used"
            return .redirect(target, adding: [("error", "invalid_request"), ("error_description", description)] + echoed)
        case .user(let email, _):
            let email = socialUser(&state, email: email, thin: true)?.user.email ?? email
            return .redirect(target, adding: CapturePages.credentials(&state, email: email, clientID: clientID, redirectURI: redirectURI,
                                                                          responseType: fields["response_type"]!, config) + echoed)
        }
    }
}
