// CheckCatalogue+Links.swift: the checks of /oauth/signin links and endpoints, each with its examples.
import FindingSeverity
import BrowserURL
import Foundation
import NavigationPolicy

extension CheckCatalogue {
    // MARK: Links and endpoints

    static let linkChecks: [InspectorCheck] = [
        InspectorCheck(
            id: "signin-link-parameters", severity: .error,
            summary: "an /oauth/signin URL lacks response_type, redirect_uri or client_id",
            rationale: "The embedded sign-in page (seed 000) is /oauth/signin?response_type=…&redirect_uri=SENTINEL&client_id=…; without redirect_uri the app has no sentinel to catch, without the others Capture refuses.",
            triggering: [.signIn(replacing: "&amp;client_id=exampleclientid", with: "").at("<a href=\"https://example.janraincapture.")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                oauthURLs(page, path: "/oauth/signin").compactMap { url in
                    let parameters = queryParameters(url.text)
                    let missing = ["response_type", "redirect_uri", "client_id"].filter { parameters[$0] == nil }
                    return missing.isEmpty ? nil : CheckHit(position: url.position, detail: .signInURLLacks(missing))
                }
            }),
        InspectorCheck(
            id: "insecure-token-endpoint", severity: .error,
            summary: "an endpoint that carries a token or code is http://",
            rationale: "Codes and tokens in a URL or response over http are readable by anyone on the network (a café's Wi-Fi); every Capture endpoint, redirect_uri and tokenUrl must be https.",
            triggering: [.signIn(replacing: "https://example.janraincapture.com/oauth/signin", with: "http://example.janraincapture.com/oauth/signin").at("<a href=\"http://example.janraincapture.c"),
                         .signIn(replacing: "redirect_uri=https%3A%2F%2Fyourdomain.com", with: "redirect_uri=http%3A%2F%2Fyourdomain.com").at("<a href=\"https://example.janraincapture."),
                         .reset(replacing: "var CAPTURE_SERVER = 'https://", with: "var CAPTURE_SERVER = 'http://").at("frame.src = CAPTURE_SERVER + '/oauth/pro")],
            nonTriggering: [.goodSignIn, .goodReset,
                            .signIn(replacing: "redirect_uri=https%3A%2F%2Fyourdomain.com", with: "redirect_uri=http%3A%2F%2F127.0.0.1%3A8080")],
            run: { page, _ in
                var hits: [CheckHit] = []
                func insecure(_ text: String) -> Bool {
                    guard hasPrefixIgnoringCase(text, "http://"), let url = BrowserURL(text) else { return false }
                    return !url.isLoopback   // RFC 8252 §7.3: loopback redirects may be http
                }
                if let assignment = page.setting("tokenUrl"), let value = page.resolvedValue("tokenUrl")?.stringValue, insecure(value) {
                    hits.append(CheckHit(position: assignment.position, detail: .tokenURLInsecure(value)))
                }
                for url in oauthURLs(page, path: "/oauth/") {
                    if insecure(url.text) {
                        hits.append(CheckHit(position: url.position, detail: .oauthURLInsecure(String(url.text.split(separator: "?", maxSplits: 1).first ?? ""))))
                    }
                    if let redirect = queryParameter(url.text, named: "redirect_uri"), insecure(redirect) {
                        hits.append(CheckHit(position: url.position, detail: .redirectURIInsecure(redirect)))
                    }
                }
                return hits
            }),
    ]
}
