// CapturePages.swift: Capture's hosted pages, for a web view or a browser. GET /oauth/signin (response_type
// token | code | code_and_token, redirect_uri, client_id, state) shows a sign-in form with a forgot-password
// link; posting it redirects to redirect_uri with the code (and the token for code_and_token) and the
// state, or shows the form again with Capture's message. GET/POST /oauth/forgot_password is the same reset
// mail as the native endpoint, as pages. GET /oauth/profile_change_password (token, callback, xd_receiver)
// shows the change form; saving it changes the password (the old one stops working) and loads
// `xd_receiver#callback=NAME` so the page's named callback runs, as Capture does.
import ProviderSettings
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy

enum CapturePages {
    static let routes: [ProviderEmulator.Route] = [
        CaptureRoutes.route(.get, "/oauth/signin") { state, capture, request, config in signInPage(&state, &capture, request.query, error: nil, config) },
        CaptureRoutes.route(.post, "/oauth/signin") { state, capture, request, config in signIn(&state, &capture, request.form, config) },
        CaptureRoutes.route(.get, "/oauth/forgot_password") { _, capture, request, config in forgotPage(request.query, note: nil, config) },
        CaptureRoutes.route(.post, "/oauth/forgot_password") { state, capture, request, config in
            var native = request
            native.contentType = "application/x-www-form-urlencoded"
            let answer = CaptureRoutes.forgotPassword(&state, &capture, native, config)
            let fields = object(answer)
            if fields["stat"]?.stringValue == "ok" {
                return EmulatorPage.html("Check your mail", "<p>We sent a link to reset your password to \(EmulatorPage.escape(request.form["signInEmailAddress"] ?? "")).</p>")
            }
            return forgotPage(request.form, note: fields["error_description"]?.stringValue ?? "That did not work.", config, status: answer.status == 200 ? 200 : answer.status)
        },
        CaptureRoutes.route(.get, "/oauth/profile_change_password") { state, capture, request, _ in changePage(&state, request.query, error: nil) },
        CaptureRoutes.route(.post, "/oauth/profile_change_password") { state, capture, request, _ in changePassword(&state, request.form) },
    ]

    /// An answer's JSON object, as a page reads the API's answer it was made from.
    static func object(_ response: EmulatorResponse) -> [String: JSONValue] {
        guard case .success(.object(let object)) = JSONValue.parse(utf8: response.body) else { return [:] }
        return object
    }

    static func hidden(_ fields: [String: String], _ names: [String]) -> String {
        names.compactMap { name in fields[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(EmulatorPage.escape($0))\">" } }.joined(separator: "\n")
    }

    static func query(_ fields: [String: String], _ names: [String]) -> String {
        names.compactMap { name in fields[name].map { "\(name)=\(PercentEncoding.encodeComponent($0))" } }.joined(separator: "&")
    }

    static let signInParameters = ["response_type", "redirect_uri", "client_id", "state", "flow", "locale"]

    /// The request's parameters are checked as the authorization endpoint checks them: the redirect URI to send
    /// the browser to (parsed), or the page saying what is wrong.
    static func checkAuthorization(_ state: inout EmulatorState, _ capture: inout CaptureState, _ fields: [String: String],
                                   _ config: EmulatorConfiguration) -> Result<RedirectTarget, CaptureRoutes.RefusedRequest> {
        func page(_ words: String) -> Result<RedirectTarget, CaptureRoutes.RefusedRequest> {
            .failure(CaptureRoutes.RefusedRequest(response: EmulatorPage.html("Sign-in error", "<p class=\"error\">\(words)</p>", status: 400)))
        }
        for name in ["response_type", "redirect_uri", "client_id"] where (fields[name] ?? "").isEmpty {
            return page("missing_argument: the \(name) parameter is required.")
        }
        guard ["token", "code", "code_and_token"].contains(fields["response_type"]!) else {
            return page("invalid_argument: response_type must be token, code or code_and_token.")
        }
        switch CaptureRoutes.redirectTarget(&state, &capture, fields["client_id"]!, redirectURI: fields["redirect_uri"]!, config: config) {
        case .success(let target): return .success(target)
        case .failure(let refused):
            return page(EmulatorPage.escape(object(refused.response)["error_description"]?.stringValue ?? "the client is not valid"))
        }
    }

    static func signInPage(_ state: inout EmulatorState, _ capture: inout CaptureState, _ fields: [String: String], error: String?, _ config: EmulatorConfiguration) -> EmulatorResponse {
        if case .failure(let refused) = checkAuthorization(&state, &capture, fields, config) { return refused.response }
        let forgot = "/oauth/forgot_password?" + query(fields, ["client_id", "redirect_uri"])
        return EmulatorPage.html("Sign in", """
            \(error.map { "<p class=\"error\" id=\"error\">\(EmulatorPage.escape($0))</p>" } ?? "")
            <form id="signInForm" method="post" action="/oauth/signin">
            \(hidden(fields, signInParameters))
            <label>Email <input type="email" name="signInEmailAddress" autocomplete="username" value="\(EmulatorPage.escape(fields["signInEmailAddress"] ?? ""))"></label>
            <label>Password <input type="password" name="currentPassword" autocomplete="current-password"></label>
            <button type="submit">Sign in</button>
            </form>
            <p><a id="forgotPassword" href="\(EmulatorPage.escape(forgot))">Forgot your password?</a></p>
            """)
    }

    static func signIn(_ state: inout EmulatorState, _ capture: inout CaptureState, _ fields: [String: String], _ config: EmulatorConfiguration) -> EmulatorResponse {
        let target: RedirectTarget
        switch checkAuthorization(&state, &capture, fields, config) {
        case .success(let url): target = url
        case .failure(let refused): return refused.response
        }
        guard let index = state.userIndex(email: fields["signInEmailAddress"] ?? "") else {
            return signInPage(&state, &capture, fields, error: "Incorrect username or password. Please try again.", config)
        }
        switch state.checkPassword(index, fields["currentPassword"] ?? "", config) {
        case .accepted: break
        case .wrong: return signInPage(&state, &capture, fields, error: "Incorrect username or password. Please try again.", config)
        case .locked(let until): return signInPage(&state, &capture, fields, error: CaptureRoutes.lockedMessage(until), config)
        }
        let user = state.users[index], clientID = fields["client_id"]!, redirectURI = fields["redirect_uri"]!
        let responseType = fields["response_type"]!
        var parameters = credentials(&state, email: user.email, clientID: clientID, redirectURI: redirectURI, responseType: responseType, config)
        if let requestState = fields["state"], !requestState.isEmpty { parameters.append(("state", requestState)) }
        return .redirect(target, adding: parameters)
    }

    /// The credentials a redirect to `redirectURI` carries for `response_type`: `code`, `access_token`, or both.
    static func credentials(_ state: inout EmulatorState, email: String, clientID: String, redirectURI: String, responseType: String,
                            _ config: EmulatorConfiguration) -> [(String, String)] {
        var parameters: [(String, String)] = []
        if responseType != "token" {
            let code = state.issue(.authorizationCode, email: email, clientID: clientID, redirectURI: redirectURI, lifetime: config.codeLifetime)
            parameters.append(("code", code.value))
        }
        if responseType != "code" {
            parameters.append(("access_token", state.issue(.accessToken, email: email, clientID: clientID, lifetime: config.accessTokenLifetime).value))
        }
        return parameters
    }

    static func forgotPage(_ fields: [String: String], note: String?, _ config: EmulatorConfiguration, status: Int = 200) -> EmulatorResponse {
        EmulatorPage.html("Forgot your password?", """
            \(note.map { "<p class=\"error\">\(EmulatorPage.escape($0))</p>" } ?? "")
            <form id="forgotPasswordForm" method="post" action="/oauth/forgot_password">
            \(hidden(fields, ["client_id", "redirect_uri"]))
            <input type="hidden" name="form" value="forgotPasswordForm">
            <label>Email <input type="email" name="signInEmailAddress" value="\(EmulatorPage.escape(fields["signInEmailAddress"] ?? ""))"></label>
            <button type="submit">Send me a link</button>
            </form>
            """, status: status)
    }

    /// The access token the change page is for, when it is valid.
    static func tokenOwner(_ state: EmulatorState, _ token: String) -> String? {
        state.accessTokenOwner(token, audience: .capture)
    }

    static func changePage(_ state: inout EmulatorState, _ fields: [String: String], error: String?) -> EmulatorResponse {
        if case .failure(let refused) = changeReceiver(state, fields) { return refused.response }
        guard tokenOwner(state, fields["token"]!) != nil else {
            return EmulatorPage.html("Change your password", "<p class=\"error\">invalid_token: the access token is unknown or has expired.</p>", status: 401)
        }
        return EmulatorPage.html("Change your password", """
            \(error.map { "<p class=\"error\" id=\"error\">\(EmulatorPage.escape($0))</p>" } ?? "")
            <form id="changePasswordForm" method="post" action="/oauth/profile_change_password">
            \(hidden(fields, ["token", "callback", "xd_receiver"]))
            <label>New password <input type="password" name="newPassword" autocomplete="new-password"></label>
            <label>Confirm it <input type="password" name="newPasswordConfirm" autocomplete="new-password"></label>
            <button type="submit">Save</button>
            </form>
            """)
    }

    /// The change-password page's parameters, as Capture checks them: each is required, and the xd_receiver the
    /// page will frame (with the callback's name after `#`) must be at a registered origin, as a redirect URI
    /// must: the receiver, parsed, or the page saying what is wrong.
    static func changeReceiver(_ state: EmulatorState, _ fields: [String: String]) -> Result<RedirectTarget, CaptureRoutes.RefusedRequest> {
        for name in ["token", "callback", "xd_receiver"] where (fields[name] ?? "").isEmpty {
            return .failure(CaptureRoutes.RefusedRequest(response: EmulatorPage.html(
                "Change your password", "<p class=\"error\">missing_argument: the \(name) parameter is required.</p>", status: 400)))
        }
        return RegisteredURL.check(fields["xd_receiver"]!, access: state.access).mapError { refusal in
            let error = RegisteredURL.captureCode(refusal).error
            return CaptureRoutes.RefusedRequest(response: EmulatorPage.html(
                "Change your password", "<p class=\"error\">\(error): \(EmulatorPage.escape(RegisteredURL.words(refusal, parameter: "xd_receiver"))).</p>", status: 400))
        }
    }

    static func changePassword(_ state: inout EmulatorState, _ fields: [String: String]) -> EmulatorResponse {
        let receiver: RedirectTarget
        switch changeReceiver(state, fields) {
        case .success(let url): receiver = url
        case .failure(let refused): return refused.response
        }
        guard let email = tokenOwner(state, fields["token"]!), let index = state.userIndex(email: email) else {
            return EmulatorPage.html("Change your password", "<p class=\"error\">invalid_token: the access token is unknown or has expired.</p>", status: 401)
        }
        let password = fields["newPassword"] ?? ""
        guard password.count >= 8 else { return changePage(&state, fields, error: "The password must have at least 8 characters.") }
        guard password == fields["newPasswordConfirm"] else { return changePage(&state, fields, error: "The passwords do not match.") }
        state.users[index].password = password
        let framed = receiver.url.href + "#callback=" + PercentEncoding.encodeComponent(fields["callback"]!)
        return EmulatorPage.html("Password changed", """
            <p id="status">Your password was changed.</p>
            <iframe hidden id="xdReceiver" src="\(EmulatorPage.escape(framed))"></iframe>
            """)
    }
}
