// CaptureAPIAuth.swift: who a call to Capture's server API is from, as Capture authenticates it: an API
// client by HTTP Basic (client_id:client_secret), by client_id and client_secret parameters, or by
// Janrain's signed scheme (`Authorization: Signature client_id:base64(HMAC-SHA1(secret, path + "\n" + Date +
// "\n" + each sorted "name=value" + "\n"))` with `Date: YYYY-MM-DD HH:MM:SS` in UTC, as docs.janrain.com's
// Registration API and janrain-python-api's generate_signature make it); or a user, by `Authorization: OAuth
// token` or an access_token parameter, where the call allows it; or an API client by the Bearer token
// /oauth/token gave it for grant_type client_credentials. Errors are Capture's: 205
// invalid_auth_method for another scheme, 402 invalid_client_credentials for an unknown client, a wrong secret,
// a wrong signature or a Date outside the window.
import Foundation
import KeyedDigest

enum CaptureCaller: Equatable {
    case client(String)
    case user(email: String)
}

enum CaptureAPIAuth {
    /// How far a signed call's Date may be from the server's time: a replayed signature goes stale.
    static let signatureWindow: TimeInterval = 300

    /// The caller of a server API call with `parameters` (its form and query, without the credentials), or
    /// Capture's error. `now` is the server's real time (a signature is checked against the caller's
    /// clock, not the emulator's moved one).
    static func caller(_ state: EmulatorState, _ capture: CaptureState, _ request: EmulatorRequest, parameters: [String: String], allowsToken: Bool,
                       now: Date = Date()) -> Result<CaptureCaller, CaptureRoutes.Refusal> {
        if let (scheme, credentials) = request.authorization {
            switch scheme {
            case "basic":
                guard let (id, secret) = request.basicCredentials() else { return .failure(refusal("the Basic credentials are not client_id:client_secret")) }
                return client(capture, id, secret: secret)
            case "signature":
                return signed(capture, request, credentials: credentials, parameters: parameters, now: now)
            case "bearer" where clientToken(state, credentials) != nil:
                return .success(.client(clientToken(state, credentials)!))
            case "oauth" where allowsToken, "bearer" where allowsToken:
                return user(state, token: credentials)
            default:
                return .failure(CaptureRoutes.Refusal(response: CaptureRoutes.error(401, code: 205, "invalid_auth_method",
                                                    "the Authorization scheme \(scheme) is not one this call takes (Basic, Signature\(allowsToken ? ", OAuth" : ""))")))
            }
        }
        let fields = request.parameters
        if let id = fields["client_id"], let secret = fields["client_secret"] { return client(capture, id, secret: secret) }
        if allowsToken, let token = fields["access_token"], !token.isEmpty { return user(state, token: token) }
        return .failure(CaptureRoutes.Refusal(response: CaptureRoutes.error(400, code: 100, "missing_argument",
                                            allowsToken ? "the access_token parameter is required, or the client's credentials" : "the client_id parameter is required")))
    }

    /// The parameters a signature covers: the form and the query, without the credentials (which
    /// janrain-python-api takes out of the parameters before it signs).
    static func parameters(_ request: EmulatorRequest) -> [String: String] {
        var fields = request.parameters
        for name in ["client_id", "client_secret", "access_token"] { fields[name] = nil }
        return fields
    }

    static func client(_ capture: CaptureState, _ id: String, secret: String) -> Result<CaptureCaller, CaptureRoutes.Refusal> {
        guard let expected = apiSecret(of: id, in: capture) else { return .failure(refusal("client_id \(id) is not an API client of this application")) }
        return expected == secret ? .success(.client(id)) : .failure(refusal("client_secret is wrong for client \(id)"))
    }

    /// An API client's secret: a configured API client, or a login client configured with one.
    static func apiSecret(of id: String, in capture: CaptureState) -> String? {
        (capture.apiClients[id]?.secret ?? capture.clients[id]?.secret).flatMap { $0.isEmpty ? nil : $0 }
    }

    static func signed(_ capture: CaptureState, _ request: EmulatorRequest, credentials: String, parameters: [String: String],
                       now: Date) -> Result<CaptureCaller, CaptureRoutes.Refusal> {
        guard let colon = credentials.firstIndex(of: ":") else { return .failure(refusal("the Signature credentials are not client_id:signature")) }
        let id = String(credentials[..<colon]), given = String(credentials[credentials.index(after: colon)...])
        guard let secret = apiSecret(of: id, in: capture) else { return .failure(refusal("client_id \(id) is not an API client of this application")) }
        guard let date = request.headers[.date], let time = signatureDate(date) else {
            return .failure(refusal("a signed call needs a Date header (YYYY-MM-DD HH:MM:SS, UTC)"))
        }
        guard abs(time.timeIntervalSince(now)) <= signatureWindow else {
            return .failure(refusal("the Date header \(date) is more than \(Int(signatureWindow)) seconds from the server's time: the signature is stale"))
        }
        guard given == signature(path: request.path, date: date, parameters: parameters, secret: secret) else {
            return .failure(refusal("the signature does not match the call (path, Date and sorted parameters, signed with the client's secret)"))
        }
        return .success(.client(id))
    }

    /// Janrain's signature of a call.
    static func signature(path: String, date: String, parameters: [String: String], secret: String) -> String {
        var text = path + "\n" + date + "\n"
        let pairs = parameters.map { "\($0.key)=\($0.value)" }.sorted()
        if !pairs.isEmpty { text += pairs.joined(separator: "\n") + "\n" }
        return hmacSHA1(text: text, secret: secret)
    }

    /// Base64 of HMAC-SHA1 over the text's UTF-8, keyed with the secret's: Janrain's signatures.
    static func hmacSHA1(text: String, secret: String) -> String {
        Data(HMAC.sha1(key: Array(secret.utf8), message: Array(text.utf8))).base64EncodedString()
    }

    static func signatureDate(_ text: String) -> Date? {
        EmulatorClock.utcFormatter("yyyy-MM-dd HH:mm:ss").date(from: text)
    }

    static func user(_ state: EmulatorState, token: String) -> Result<CaptureCaller, CaptureRoutes.Refusal> {
        guard let email = CapturePages.tokenOwner(state, token) else {
            return .failure(CaptureRoutes.Refusal(response: CaptureRoutes.error(401, code: 414, "access_token_expired", "the access token is unknown or has expired")))
        }
        return .success(.user(email: email))
    }

    /// The API client a client-credentials access token (unexpired) was issued to, or nil.
    static func clientToken(_ state: EmulatorState, _ token: String) -> String? {
        let now = state.now
        return state.codes.first(value: token) { $0.kind == .clientAccessToken && now < $0.expiresAt }?.clientID
    }

    static func refusal(_ description: String) -> CaptureRoutes.Refusal {
        CaptureRoutes.Refusal(response: CaptureRoutes.error(401, code: 402, "invalid_client_credentials", description))
    }
}
