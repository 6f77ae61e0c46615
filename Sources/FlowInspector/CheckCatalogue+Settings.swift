// CheckCatalogue+Settings.swift: the checks of janrain.settings (popup, redirectFlow, tokenUrl, the
// capture settings a WebView flow needs), each with its examples.
import FindingSeverity
import BrowserURL
import Foundation
import NavigationPolicy

extension CheckCatalogue {
    // MARK: Settings

    static let settingsChecks: [InspectorCheck] = [
        InspectorCheck(
            id: "popup-not-false", severity: .error,
            summary: "janrain.settings.popup must be false in a WebView",
            rationale: "With popup on, social sign-in opens a new window. A WebView has no windows (window.open arrives on WebKit's create signal, not as a navigation the app sees), so the sign-in silently stops.",
            triggering: [.signIn(replacing: "janrain.settings.popup = false;", with: "janrain.settings.popup = true;").at("janrain.settings.popup = true;"),
                         .signIn(replacing: "janrain.settings.popup = false;", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn, CheckExample("<html><body><p>No Janrain here.</p></body></html>")],
            run: requireLiteral("popup", .bool(false), shown: "false")),
        InspectorCheck(
            id: "redirect-flow-not-true", severity: .error,
            summary: "janrain.settings.capture.redirectFlow must be true",
            rationale: "Without the redirect flow, Capture returns results to a popup opener that does not exist in a WebView; the redirect flow sends them through navigations the app can see.",
            triggering: [.signIn(replacing: "janrain.settings.capture.redirectFlow = true;", with: "janrain.settings.capture.redirectFlow = 'true';").at("janrain.settings.capture.redirectFlow ="),
                         .signIn(replacing: "janrain.settings.capture.redirectFlow = true;", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn],
            run: requireLiteral("capture.redirectFlow", .bool(true), shown: "true", products: [.capture])),
        InspectorCheck(
            id: "token-action-not-url", severity: .error,
            summary: "janrain.settings.tokenAction must be 'url'",
            rationale: "Social Login must redirect after authentication ('url'); the other actions post to a popup or call an event the single-window flow never reaches.",
            triggering: [.signIn(replacing: "janrain.settings.tokenAction = 'url';", with: "janrain.settings.tokenAction = 'event';").at("janrain.settings.tokenAction = 'event';")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "janrain.settings.tokenAction = 'url';", with: "janrain.settings.tokenAction = \"url\";")],
            run: requireLiteral("tokenAction", .string("url"), shown: "'url'")),
        InspectorCheck(
            id: "type-not-embed", severity: .error,
            summary: "janrain.settings.type must be 'embed'",
            rationale: "The modal type renders in a popup dialog; in a WebView the UI must render embedded in the page's own DOM.",
            triggering: [.signIn(replacing: "janrain.settings.type = 'embed';", with: "janrain.settings.type = 'modal';").at("janrain.settings.type = 'modal';")],
            nonTriggering: [.goodSignIn],
            run: requireLiteral("type", .string("embed"), shown: "'embed'")),
        InspectorCheck(
            id: "redirect-uri-not-location", severity: .error,
            summary: "janrain.settings.capture.redirectUri must be the page's own location",
            rationale: "Capture redirects back to redirectUri after sign-in; it must be this page (location.href, without the fragment), or the flow lands somewhere the page's handlers never run.",
            triggering: [.signIn(replacing: "janrain.settings.capture.redirectUri = window.location.href.split('#')[0];", with: "janrain.settings.capture.redirectUri = 'https://other.example/';").at("janrain.settings.capture.redirectUri = '"),
                         .signIn(replacing: "janrain.settings.capture.redirectUri = window.location.href.split('#')[0];", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "janrain.settings.capture.redirectUri = window.location.href.split('#')[0];", with: "janrain.settings.capture.redirectUri = location.href;")],
            run: { page, _ in
                guard page.isCapturePage else { return [] }
                guard let assignment = page.setting("capture.redirectUri") else {
                    let topLevel = page.setting("redirectUri")
                    return [CheckHit(position: topLevel?.position ?? settingsAnchor(page), detail: .captureRedirectURINotSet(topLevelSet: topLevel != nil))]
                }
                if assignment.value.readsLocation { return [] }
                return [CheckHit(position: assignment.position, detail: .captureRedirectURINotLocation(value: assignment.value.text))]
            }),
        InspectorCheck(
            id: "redirect-uri-wrong-namespace", severity: .warning,
            summary: "redirectUri is set at the top level; real pages set janrain.settings.capture.redirectUri",
            rationale: "Janrain's documentation writes janrain.settings.redirectUri, but the widget reads capture.redirectUri; the top-level one is ignored.",
            triggering: [.signIn(replacing: "janrain.settings.capture.redirectUri = window.location.href.split('#')[0];", with: "janrain.settings.redirectUri = location.href;").at("janrain.settings.redirectUri = location.")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                guard let assignment = page.setting("redirectUri") else { return [] }
                return [CheckHit(position: assignment.position, detail: .redirectURIWrongNamespace)]
            }),
        InspectorCheck(
            id: "capture-server-missing", severity: .error,
            summary: "janrain.settings.capture.captureServer is not set",
            rationale: "The capture server is the base of every Capture endpoint (sign-in, token, profile); without it the widget cannot start.",
            triggering: [.signIn(replacing: "janrain.settings.capture.captureServer = 'https://example.janraincapture.com';", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn],
            run: requirePresent("capture.captureServer", what: "the base URL of the Capture server, https")),
        InspectorCheck(
            id: "capture-server-not-https", severity: .error,
            summary: "janrain.settings.capture.captureServer must be an https URL",
            rationale: "Tokens and codes travel to and from the capture server; over http anyone on the network reads them.",
            triggering: [.signIn(replacing: "'https://example.janraincapture.com';\n  janrain.settings.tokenUrl", with: "'http://example.janraincapture.com';\n  janrain.settings.tokenUrl").at("janrain.settings.capture.captureServer =")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                guard let assignment = page.setting("capture.captureServer") else { return [] }
                guard let value = assignment.value.stringValue else { return [] }
                if hasPrefixIgnoringCase(value, "https://") { return [] }
                return [CheckHit(position: assignment.position, detail: .captureServerNotHTTPS(value))]
            }),
        InspectorCheck(
            id: "token-url-missing", severity: .error,
            summary: "janrain.settings.tokenUrl is not set",
            rationale: "Capture: tokenUrl is unused in the redirect flow but must be set to a whitelisted domain, or the widget refuses to run. Engage (Social Login alone): it is where the widget posts the token, so without it the sign-in has nowhere to go.",
            triggering: [.signIn(replacing: "janrain.settings.tokenUrl = janrain.settings.capture.captureServer;", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn],
            run: requirePresent("tokenUrl", what: "Capture: set it to janrain.settings.capture.captureServer; Engage: the https URL the widget posts the token to", products: [.capture, .engage])),
        InspectorCheck(
            id: "token-url-not-whitelisted", severity: .warning,
            summary: "janrain.settings.tokenUrl is not on the capture server's domain",
            rationale: "tokenUrl must be on a domain the Janrain application whitelists; the capture server's own is, which is why the demos use it. Another domain fails at run time, on the phone.",
            triggering: [.signIn(replacing: "janrain.settings.tokenUrl = janrain.settings.capture.captureServer;", with: "janrain.settings.tokenUrl = 'https://elsewhere.example/token';").at("janrain.settings.tokenUrl = 'https://els")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "janrain.settings.tokenUrl = janrain.settings.capture.captureServer;", with: "janrain.settings.tokenUrl = 'https://example.janraincapture.com/';")],
            run: { page, _ in
                guard let assignment = page.setting("tokenUrl"), let token = page.resolvedValue("tokenUrl")?.stringValue,
                      let server = page.resolvedValue("capture.captureServer")?.stringValue else { return [] }
                guard let tokenURL = BrowserURL(token), let serverURL = BrowserURL(server) else {
                    return [CheckHit(position: assignment.position, detail: .tokenURLNotURL(token))]
                }
                if tokenURL.hostname == serverURL.hostname { return [] }
                return [CheckHit(position: assignment.position, detail: .tokenURLOtherHost(tokenHost: tokenURL.hostname, serverHost: serverURL.hostname))]
            }),
        InspectorCheck(
            id: "app-id-missing", severity: .error,
            summary: "janrain.settings.capture.appId is not set",
            rationale: "The app id names the Capture application; without it the widget cannot load its flow.",
            triggering: [.signIn(replacing: "janrain.settings.capture.appId = 'exampleappid';", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn],
            run: requirePresent("capture.appId", what: "the Capture application id")),
        InspectorCheck(
            id: "client-id-missing", severity: .error,
            summary: "janrain.settings.capture.clientId is not set",
            rationale: "The client id is the OAuth client the codes and tokens are issued to; without it sign-in fails.",
            triggering: [.signIn(replacing: "janrain.settings.capture.clientId = 'exampleclientid';", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn],
            run: requirePresent("capture.clientId", what: "the OAuth client id")),
        InspectorCheck(
            id: "response-type-invalid", severity: .error,
            summary: "janrain.settings.capture.responseType must be token, code or code_and_token",
            rationale: "The response type decides what the app receives (an access token, an authorization code, or both); any other value makes Capture reject the sign-in.",
            triggering: [.signIn(replacing: "janrain.settings.capture.responseType = 'code_and_token';", with: "janrain.settings.capture.responseType = 'id_token';").at("janrain.settings.capture.responseType =")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "'code_and_token';", with: "'code';")],
            run: { page, _ in
                guard let assignment = page.setting("capture.responseType") else { return [] }
                if let value = assignment.value.stringValue, ["token", "code", "code_and_token"].contains(value) { return [] }
                return [CheckHit(position: assignment.position, detail: .responseTypeUnknown(assignment.value.text))]
            }),
        InspectorCheck(
            id: "flow-name-missing", severity: .error,
            summary: "janrain.settings.capture.flowName is not set",
            rationale: "The flow names the screens the widget renders (webViewSignIn, webViewProfile, webViewFlow); without it the widget renders the desktop default.",
            triggering: [.signIn(replacing: "janrain.settings.capture.flowName = 'webViewSignIn';", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn],
            run: requirePresent("capture.flowName", what: "webViewSignIn, webViewProfile or webViewFlow")),
        InspectorCheck(
            id: "settings-after-start", severity: .error,
            summary: "a setting is assigned after janrain.capture.ui.start()",
            rationale: "The widget reads janrain.settings when it starts; a setting assigned later is ignored, so the page behaves as if it were missing.",
            triggering: [.signIn(replacing: "  janrain.capture.ui.start();\n}", with: "  janrain.capture.ui.start();\n  janrain.settings.capture.flowVersion = 'HEAD';\n}").at("janrain.settings.capture.flowVersion = '")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                guard let start = page.calls.first(where: { $0.callee == "janrain.capture.ui.start" }) else { return [] }
                return page.settings.filter { $0.order > start.order }.map {
                    CheckHit(position: $0.position, detail: .settingAfterStart(path: $0.path, startLine: start.position.line))
                }
            }),
    ]
}
