// RealmSessionRoutes.swift: the calls Realm's SDKs make around email/password auth, as realm-web's tests
// record them (realm-js: packages/realm-web/src/tests) and realm-core's app client sends them: the app's
// location (GET /api/client/v2.0/app/{appId}/location: hostname, ws_hostname, deployment_model, location),
// the signed-in user's profile (GET /api/client/v2.0/auth/profile, Bearer access token), a new access token
// for a refresh token (POST /api/client/v2.0/auth/session, Bearer refresh token) and logout (DELETE, the refresh
// token revoked). Access tokens live 30 minutes as Realm's do; errors are Realm's `{error, error_code, link}`,
// the link to the emulator's request log as Realm's links to the app's logs.
import ProviderSettings
import Foundation
import JSONText
import NavigationPolicy

enum RealmSessionRoutes {
    static let accessLifetime: TimeInterval = 1800
    static let refreshLifetime: TimeInterval = 60 * 86400

    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/api/client/v2.0/app/{appId}/location") { state, request, config in
            let app = request.pathParameters.get("appId") ?? ""
            guard app == config.appName else { return RealmRoutes.error(404, "AppNotFound", "cannot find app using Client App ID '\(app)'").linked(state) }
            let socket = state.baseURL.replacingOccurrences(of: "http://", with: "ws://").replacingOccurrences(of: "https://", with: "wss://")
            return .json(200, JSONFields([("deployment_model", .string("GLOBAL")), ("location", .string("US-VA")),
                                          ("hostname", .string(state.baseURL)), ("ws_hostname", .string(socket))]))
        },
        ProviderEmulator.route(.get, "/api/client/v2.0/auth/profile") { state, request, config in
            guard let email = state.accessTokenOwner(request.bearerToken ?? "", audience: .realm(config.appName)),
                  let index = state.userIndex(email: email) else { return invalidSession.linked(state) }
            let user = state.users[index]
            return .json(200, JSONFields([
                ("user_id", .string(user.uuid)), ("domain_id", .string(config.appName)),
                ("identities", .array([.object(JSONFields([("id", .string(user.uuid)), ("provider_type", .string("local-userpass")),
                                                          ("provider_id", .string("local-userpass"))]))])),
                ("data", .object(JSONFields.single("email", .string(user.email)))), ("type", .string("normal")),
            ]))
        },
        ProviderEmulator.route(.post, "/api/client/v2.0/auth/session") { state, request, config in
            guard let index = refreshIndex(state, request, config) else { return invalidSession.linked(state) }
            let access = state.issue(.accessToken, email: state.codes[index].email, clientID: EmulatorState.Audience.realm(config.appName).clientID,
                                     lifetime: accessLifetime)
            return .json(201, JSONFields.single("access_token", .string(access.value)))
        },
        ProviderEmulator.route(.delete, "/api/client/v2.0/auth/session") { state, request, config in
            // Logging out twice is not an error: the session is gone either way.
            if let index = refreshIndex(state, request, config) { state.codes[index].usedAt = state.now }
            return EmulatorResponse(status: 204, contentType: "", body: [])
        },
    ]

    static let invalidSession = RealmRoutes.error(401, "InvalidSession", "invalid session")


    /// The unexpired, unrevoked refresh token a request carries, for this app.
    static func refreshIndex(_ state: EmulatorState, _ request: EmulatorRequest, _ config: EmulatorConfiguration) -> Int? {
        let token = request.bearerToken ?? "", now = state.now, app = EmulatorState.Audience.realm(config.appName).clientID
        return state.codes.firstIndex(value: token) { $0.kind == .refreshToken && $0.clientID == app && $0.usedAt == nil && now < $0.expiresAt }
    }
}

extension EmulatorResponse {
    /// A Realm error with the `link` Realm adds, here to the emulator's request log (its dashboard).
    func linked(_ state: EmulatorState) -> EmulatorResponse {
        guard status >= 400, case .object(var fields)? = JSONValue.parse(String(decoding: body, as: UTF8.self)), fields["error_code"] != nil,
              fields["link"] == nil else { return self }
        fields["link"] = .string(state.baseURL + "/")
        var answer = self
        answer.body = Array(JSONValue.object(fields).jsonText.utf8)
        return answer
    }
}
