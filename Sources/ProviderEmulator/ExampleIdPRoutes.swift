// ExampleIdPRoutes.swift: "Example IdP", the identity provider behind every social button of the emulated
// Social Login: the page Google's or Facebook's sign-in would be on a phone. GET /idp/authorize is an OAuth 2
// authorization endpoint (RFC 6749 §4.1: response_type=code, client_id, redirect_uri, state) showing who
// signs in (any address: the provider's accounts are not Capture's) with Allow and Cancel. Allow redirects to
// redirect_uri with a one-time code and the state; Cancel with `error=access_denied` (§4.1.2.1). It is
// reached at https://idp.example through `bridge host`, and at the emulator's own origin otherwise. Its
// client is Social Login: redirect_uri must be Social Login's callback (a provider's own host) or at the app's
// origins, as RegisteredURL checks every address the emulator sends a code to, and the code goes to the
// URL it parses to.
import BrowserURL
import Foundation

enum ExampleIdPRoutes {
    static let authorizePath = "/idp/authorize"

    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, authorizePath) { state, request, _ in page(state, request.query, error: nil) },
        ProviderEmulator.route(.post, authorizePath) { state, request, _ in decide(&state, request.form) },
    ]

    /// How long the provider's code is good for at Social Login's callback.
    static let codeLifetime: TimeInterval = 300

    static let carried = ["response_type", "client_id", "redirect_uri", "state", "provider"]

    /// Where the answer goes: the redirect_uri as RegisteredURL accepts it (Social Login's callback at a
    /// provider's host, or the app's origins), parsed; or the page saying what is wrong (no redirect: the
    /// redirect_uri itself may be what is wrong).
    static func target(_ state: EmulatorState, _ fields: [String: String]) -> Result<RedirectTarget, CaptureRoutes.RefusedRequest> {
        func page(_ words: String) -> Result<RedirectTarget, CaptureRoutes.RefusedRequest> {
            .failure(CaptureRoutes.RefusedRequest(response: EmulatorPage.html("Example IdP", "<p class=\"error\" id=\"error\">\(words)</p>", status: 400)))
        }
        for name in ["response_type", "client_id", "redirect_uri"] where (fields[name] ?? "").isEmpty {
            return page("invalid_request: the \(name) parameter is required.")
        }
        guard fields["response_type"] == "code" else { return page("unsupported_response_type: only code is supported.") }
        switch RegisteredURL.check(fields["redirect_uri"]!, atProviders: true, access: state.access) {
        case .success(let url): return .success(url)
        case .failure(let refusal): return page("invalid_request: " + EmulatorPage.escape(RegisteredURL.words(refusal, parameter: "redirect_uri")))
        }
    }

    static func page(_ state: EmulatorState, _ fields: [String: String], error: String?) -> EmulatorResponse {
        if case .failure(let refused) = target(state, fields) { return refused.response }
        let provider = EngageRoutes.providerName(fields["provider"] ?? "example")
        let email = fields["login_hint"] ?? fields["email"] ?? "ada@example.com"
        return EmulatorPage.html("Example IdP", """
            <p>Sign in with your \(EmulatorPage.escape(provider)) account (emulated) to continue to Social Login.</p>
            \(error.map { "<p class=\"error\" id=\"error\">\(EmulatorPage.escape($0))</p>" } ?? "")
            <form id="consentForm" method="post" action="\(authorizePath)">
            \(CapturePages.hidden(fields, carried))
            <label>Email <input type="email" name="email" autocomplete="username" value="\(EmulatorPage.escape(email))"></label>
            <p>Social Login will receive your name and e-mail address.</p>
            <button type="submit" name="decision" value="allow" id="allow">Allow</button>
            <button type="submit" name="decision" value="cancel" id="cancel" formnovalidate>Cancel</button>
            </form>
            """)
    }

    static func decide(_ state: inout EmulatorState, _ fields: [String: String]) -> EmulatorResponse {
        let target: RedirectTarget
        switch Self.target(state, fields) {
        case .success(let url): target = url
        case .failure(let refused): return refused.response
        }
        let redirectURI = fields["redirect_uri"]!
        var answer: [(String, String)] = []
        switch fields["decision"] {
        case "allow":
            let email = (fields["email"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
                return page(state, fields, error: "Enter the e-mail address of the account to sign in with.")
            }
            let code = state.issue(.idpCode, email: email, clientID: fields["provider"] ?? "", redirectURI: redirectURI, lifetime: codeLifetime)
            answer.append(("code", code.value))
        case "cancel":
            answer += [("error", "access_denied"), ("error_description", "The user cancelled the sign-in.")]
        default:
            return page(state, fields, error: "Choose Allow or Cancel.")
        }
        if let requestState = fields["state"], !requestState.isEmpty { answer.append(("state", requestState)) }
        return .redirect(target, adding: answer)
    }
}
