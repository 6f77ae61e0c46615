// CheckCatalogue.swift: every check `bridge inspect` runs, in the order they are reported. Settings
// checks apply to pages that set janrain.settings; reset checks to pages that embed Capture's
// profile_change_password; link checks to /oauth/signin URLs; rules checks only with `--rules`.
import BrowserURL
import Foundation
import NavigationPolicy

public enum CheckCatalogue {
    public static let all: [InspectorCheck] = settingsChecks + structureChecks + resetChecks + linkChecks + rulesChecks

    public static func check(_ id: String) -> InspectorCheck? { (all + inputChecks).first { $0.id == id } }

    /// Findings the inspector makes before the page model exists (the input itself); their examples run
    /// through the inspector like the others.
    public static let inputChecks: [InspectorCheck] = [emptyPage, invalidUTF8, tooManyAttributes]

    static let tooManyAttributes = InspectorCheck(
            id: "too-many-attributes", severity: .warning,
            summary: "an element has more attributes than the inspector reads",
            rationale: "No real page puts hundreds of attributes on one element; a page that does is generated or hostile, and libxml2 takes time quadratic in their number. The inspector reads the first \(AttributeGuard.limit) of them, says so, and goes on, instead of running for minutes.",
            triggering: [CheckExample("<p>before</p>\n<div " + (0...AttributeGuard.limit).map { "a\($0)=\"v\"" }.joined(separator: " ") + "></div>\n").at("<div a0")],
            nonTriggering: [CheckExample("<div " + (1...AttributeGuard.limit).map { "a\($0)=\"v\"" }.joined(separator: " ") + "></div>"),
                            CheckExample("<script>var s = '<div " + String(repeating: "a ", count: 400) + ">';</script>")],
            run: { _, _ in [] })

    static let emptyPage = InspectorCheck(
            id: "empty-page", severity: .warning,
            summary: "the page is empty",
            rationale: "An empty file where a flow page should be is usually a failed export or a wrong path; the WebView would show a blank screen.",
            triggering: [CheckExample("").at(""), CheckExample("  \n\n").at("")],
            nonTriggering: [CheckExample("<p>hello</p>")],
            run: { _, _ in [] })

    static let invalidUTF8 = InspectorCheck(
            id: "invalid-utf8", severity: .warning,
            summary: "the page is not valid UTF-8",
            rationale: "Bytes that are not UTF-8 are shown as replacement characters, or make the browser guess another encoding; settings and URLs written with them may not be what they seem. (Examples with invalid bytes are in the tests, as Swift strings cannot hold them.)",
            triggering: [],
            nonTriggering: [CheckExample("<p>caf\u{E9}</p>")],
            run: { _, _ in [] })

    // MARK: Helpers

    /// Where a "missing setting" is reported: the first settings statement, else the top of the page.
    static func settingsAnchor(_ page: FlowPage) -> SourcePosition {
        page.settings.first?.position ?? SourcePosition(line: 1, column: 1)
    }

    /// A Janrain page (of the products named) whose setting `path` is not the literal `expected`.
    static func requireLiteral(_ path: String, _ expected: JSExpression.Literal, shown: String,
                               products: Set<JanrainProduct> = [.capture, .engage]) -> @Sendable (FlowPage, InspectionContext) -> [CheckHit] {
        { page, _ in
            guard let product = page.janrainProduct, products.contains(product) else { return [] }
            guard let assignment = page.setting(path) else {
                return [CheckHit(position: settingsAnchor(page), message: "janrain.settings.\(path) is not set; it must be \(shown)")]
            }
            if assignment.value.literal == expected { return [] }
            return [CheckHit(position: assignment.position, message: "janrain.settings.\(path) is \(assignment.value.text); it must be \(shown)")]
        }
    }

    static func requirePresent(_ path: String, what: String,
                               products: Set<JanrainProduct> = [.capture]) -> @Sendable (FlowPage, InspectionContext) -> [CheckHit] {
        { page, _ in
            guard let product = page.janrainProduct, products.contains(product), page.setting(path) == nil else { return [] }
            return [CheckHit(position: settingsAnchor(page), message: "janrain.settings.\(path) is not set (\(what))")]
        }
    }

    /// A JTL block tag's name: "#signInForm" → "signInForm" ("#" taken off both ends).
    static func blockName(_ body: String) -> Substring {
        let utf8 = body.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end && utf8[start] == UInt8(ascii: "#") { start = utf8.index(after: start) }
        while end > start && utf8[utf8.index(before: end)] == UInt8(ascii: "#") { end = utf8.index(before: end) }
        return body[start..<end]
    }

    static func isCustomScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon].lowercased()
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return false }
        return !["http", "https", "about", "blob", "data", "javascript", "mailto", "tel", "file", "ws", "wss", "ftp"].contains(scheme)
    }

    /// URLs to Capture's OAuth endpoints written on the page: iframe and link attributes, and frame
    /// sources built by scripts.
    static func oauthURLs(_ page: FlowPage, path: String) -> [PageURL] {
        (page.iframes + page.links + page.scriptFrameURLs).filter { $0.text.containsBytes(path) }
    }

    /// The query parameters of a URL written on the page (computed values read "…"), by name.
    static func queryParameters(_ text: String) -> [String: String] {
        guard let question = text.firstIndex(of: "?") else { return [:] }
        var query = text[text.index(after: question)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        var result: [String: String] = [:]
        for pair in FormParameters(parsing: query) where result[pair.name] == nil { result[pair.name] = pair.value }
        return result
    }

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
                    return [CheckHit(position: topLevel?.position ?? settingsAnchor(page),
                                     message: "janrain.settings.capture.redirectUri is not set" + (topLevel == nil ? "; set it to location.href" : " (the page sets the top-level redirectUri instead)"))]
                }
                if assignment.value.readsLocation { return [] }
                return [CheckHit(position: assignment.position, message: "janrain.settings.capture.redirectUri is \(assignment.value.text), not the page's location (location.href)")]
            }),
        InspectorCheck(
            id: "redirect-uri-wrong-namespace", severity: .warning,
            summary: "redirectUri is set at the top level; real pages set janrain.settings.capture.redirectUri",
            rationale: "Janrain's documentation writes janrain.settings.redirectUri, but the widget reads capture.redirectUri; the top-level one is ignored.",
            triggering: [.signIn(replacing: "janrain.settings.capture.redirectUri = window.location.href.split('#')[0];", with: "janrain.settings.redirectUri = location.href;").at("janrain.settings.redirectUri = location.")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                guard let assignment = page.setting("redirectUri") else { return [] }
                return [CheckHit(position: assignment.position, message: "janrain.settings.redirectUri is the wrong namespace; use janrain.settings.capture.redirectUri")]
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
                if value.lowercased().hasPrefix("https://") { return [] }
                return [CheckHit(position: assignment.position, message: "janrain.settings.capture.captureServer is \(value.debugDescription), not https")]
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
                    return [CheckHit(position: assignment.position, message: "janrain.settings.tokenUrl \(token.debugDescription) is not a URL")]
                }
                if tokenURL.hostname == serverURL.hostname { return [] }
                return [CheckHit(position: assignment.position, message: "janrain.settings.tokenUrl is on \(tokenURL.hostname), not the capture server's \(serverURL.hostname)")]
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
                return [CheckHit(position: assignment.position, message: "janrain.settings.capture.responseType is \(assignment.value.text); use token, code or code_and_token")]
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
                    CheckHit(position: $0.position, message: "janrain.settings.\($0.path) is assigned after janrain.capture.ui.start() (line \(start.position.line)); the widget has already read the settings")
                }
            }),
    ]

    // MARK: Page structure

    static let structureChecks: [InspectorCheck] = [
        InspectorCheck(
            id: "widget-onload-missing", severity: .error,
            summary: "janrainCaptureWidgetOnLoad is not defined",
            rationale: "The widget script calls janrainCaptureWidgetOnLoad when it has loaded; that is where the bridge is created and the UI started. Without it nothing starts.",
            triggering: [.signIn(replacing: "function janrainCaptureWidgetOnLoad()", with: "function onWidgetLoad()").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "function janrainCaptureWidgetOnLoad() {", with: "window.janrainCaptureWidgetOnLoad = function () {")],
            run: { page, _ in
                guard page.isCapturePage, !page.functions.contains(where: { $0.name == "janrainCaptureWidgetOnLoad" }) else { return [] }
                return [CheckHit(position: settingsAnchor(page), message: "janrainCaptureWidgetOnLoad is not defined; the widget calls it when it has loaded")]
            }),
        InspectorCheck(
            id: "bridge-script-missing", severity: .error,
            summary: "the page does not load the bridge script",
            rationale: "The bridge script (bridge.js) forwards Janrain's events to the app through janrain: navigations; without it the app never hears of a sign-in.",
            triggering: [.signIn(replacing: "<script src=\"bridge.js\"></script>", with: "").at("janrain.settings.capture = {};")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "<script src=\"bridge.js\"></script>", with: "<script src=\"/js/janrain-bridge.js\"></script>")],
            run: { page, _ in
                guard page.isCapturePage else { return [] }
                let loads = page.scripts.contains { script in
                    let name = script.src.split(separator: "?").first.map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? ""
                    return name.lowercased().hasSuffix("bridge.js")
                }
                return loads ? [] : [CheckHit(position: settingsAnchor(page), message: "no script loads bridge.js (or janrain-bridge.js); events never reach the app")]
            }),
        InspectorCheck(
            id: "bridge-not-created", severity: .error,
            summary: "createJanrainBridge() is never called",
            rationale: "Loading the bridge script is not enough: createJanrainBridge() installs the handlers that queue events for the app.",
            triggering: [.signIn(replacing: "  createJanrainBridge();\n", with: "").at("janrainCaptureWidgetOnLoad() {")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                guard page.isCapturePage, !page.calls.contains(where: { $0.callee == "createJanrainBridge" }) else { return [] }
                let anchor = page.functions.first { $0.name == "janrainCaptureWidgetOnLoad" }?.position ?? settingsAnchor(page)
                return [CheckHit(position: anchor, message: "createJanrainBridge() is never called; call it in janrainCaptureWidgetOnLoad before janrain.capture.ui.start()")]
            }),
        InspectorCheck(
            id: "login-success-unhandled", severity: .error,
            summary: "nothing hands the sign-in result to the app",
            rationale: "The app learns of a sign-in from onCaptureLoginSuccess: either the bridge forwards it, or a handler navigates to a janrain: URL with the token. A page with neither signs the user in and then sits there.",
            triggering: [.signIn(replacing: "  createJanrainBridge();\n", with: "").at("janrain.settings.capture = {};"),
                         .signIn(replacing: "  createJanrainBridge();\n", with: "  document.location.href = 'janrain:accessToken=' + janrain.capture.ui.token;\n").at("document.location.href = 'janrain:access")],
            nonTriggering: [.goodSignIn,
                            .signIn(replacing: "  createJanrainBridge();\n", with: "  janrain.events.onCaptureLoginSuccess.addHandler(function (result) {\n    if (result.accessToken && !result.oneTime) { document.location.href = 'janrain:accessToken=' + result.accessToken; }\n  });\n")],
            run: { page, _ in
                guard page.isCapturePage else { return [] }
                let handlers = page.calls.filter { $0.callee == "janrain.events.onCaptureLoginSuccess.addHandler" }
                if page.calls.contains(where: { $0.callee == "createJanrainBridge" }) || !handlers.isEmpty {
                    return []
                }
                let handOff = page.navigations.first { ($0.url.leadingLiteral ?? $0.url.stringValue).map(isCustomScheme) ?? false }
                return [CheckHit(position: handOff?.position ?? settingsAnchor(page),
                                 message: handOff != nil ? "the page navigates to \(handOff!.url.leadingLiteral ?? "") outside an onCaptureLoginSuccess handler, and creates no bridge"
                                    : "no bridge is created and no onCaptureLoginSuccess handler is added; the token never reaches the app")]
            }),
        InspectorCheck(
            id: "screen-not-hidden", severity: .warning,
            summary: "a screen is not hidden by default",
            rationale: "Capture shows one screen at a time; a screen visible from the start flashes its raw JTL tags before the widget renders.",
            triggering: [.signIn(replacing: "<div id=\"forgotPassword\" style=\"display: none;\">", with: "<div id=\"forgotPassword\">").at("<div id=\"forgotPassword\">")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "<div id=\"forgotPassword\" style=\"display: none;\">", with: "<div id=\"forgotPassword\" style=\"DISPLAY :NONE\">")],
            run: { page, _ in
                page.screens.filter { !$0.hidden }.map {
                    CheckHit(position: $0.position, message: "screen \($0.id) is not hidden (add style=\"display:none\")")
                }
            }),
        InspectorCheck(
            id: "jtl-unbalanced", severity: .error,
            summary: "a JTL form block is not closed, or closes one that is not open",
            rationale: "{* #form *} … {* /form *} must pair up within a screen; an unbalanced block renders a broken form, or none.",
            triggering: [.signIn(replacing: "  {* /forgotPasswordForm *}\n", with: "").at("{* #forgotPasswordForm *}"),
                         .signIn(replacing: "{* /signInForm *}", with: "{* /signIn *}").at("{* #signInForm *}")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "{* #forgotPasswordForm *}", with: "{* forgotPasswordForm *}")],
            run: { page, _ in
                var hits: [CheckHit] = []
                // Tags are told apart by their first byte: a screen may hold hundreds of them.
                func isCloser(_ tag: JTLTag) -> Bool { tag.body.utf8.first == UInt8(ascii: "/") }
                for screen in page.screens {
                    let closers = Set(screen.tags.filter(isCloser).map { $0.body.dropFirst() })
                    var open: [JTLTag] = []
                    for tag in screen.tags {
                        if isCloser(tag) {
                            let name = tag.body.dropFirst()
                            if let index = open.lastIndex(where: { blockName($0.body) == name }) {
                                for unclosed in open[(index + 1)...] {
                                    hits.append(CheckHit(position: unclosed.position, message: "{* \(unclosed.body) *} in screen \(screen.id) is not closed before {* \(tag.body) *}"))
                                }
                                open.removeSubrange(index...)
                            } else {
                                hits.append(CheckHit(position: tag.position, message: "{* \(tag.body) *} in screen \(screen.id) closes a block that is not open"))
                            }
                        } else if tag.body.utf8.first == UInt8(ascii: "#") || closers.contains(Substring(tag.body)) {
                            // "{* #form *}", or a form tag written without "#" that is closed later.
                            open.append(tag)
                        }
                    }
                    for unclosed in open {
                        hits.append(CheckHit(position: unclosed.position, message: "{* \(unclosed.body) *} in screen \(screen.id) is never closed; add {* /\(blockName(unclosed.body)) *}"))
                    }
                }
                return hits
            }),
        InspectorCheck(
            id: "screen-link-unresolved", severity: .error,
            summary: "a data-capturescreen link names a screen that is not on the page",
            rationale: "A link to a missing screen does nothing when tapped; the user is stuck.",
            triggering: [.signIn(replacing: "data-capturescreen=\"forgotPassword\"", with: "data-capturescreen=\"resetPassword\"").at("<a href=\"#\" data-capturescreen=\"resetPas")],
            nonTriggering: [.goodSignIn],
            run: { page, _ in
                page.screenLinks.filter { !page.ids.contains($0.target) }.map {
                    CheckHit(position: $0.position, message: "data-capturescreen=\"\($0.target)\" names no element on the page")
                }
            }),
        InspectorCheck(
            id: "script-unterminated", severity: .warning,
            summary: "an inline script has an unterminated string, template, comment or regular expression",
            rationale: "A browser stops running the script at the syntax error, so every setting and handler after it is lost; the inspector reads on, but the page will not.",
            triggering: [.signIn(replacing: "janrain.settings.capture.flowName = 'webViewSignIn';", with: "janrain.settings.capture.flowName = 'webViewSignIn;").at("'webViewSignIn;")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "  createJanrainBridge();\n", with: "  createJanrainBridge(); // it's ready: `${x}` and /re/g are fine\n  var t = `a ${ {b: '}'}.b } c`;\n")],
            run: { page, _ in page.problems.filter { $0.kind == .unterminated }.map { CheckHit(position: $0.position, message: $0.message) } }),
        InspectorCheck(
            id: "script-too-deep", severity: .warning,
            summary: "an inline script nests templates too deep to follow; the inspector stops reading it there",
            rationale: "No hand-written page nests template literals hundreds deep; a page that does is generated or hostile. The inspector reads scripts in linear time and bounded memory, so it stops at that point and says where, once, instead of crashing or running for minutes; what comes after is not checked.",
            triggering: [CheckExample("<script>\nvar x = " + String(repeating: "`${", count: JSTokenizer.maxNesting + 1) + "1" + String(repeating: "}`", count: JSTokenizer.maxNesting + 1) + ";\n</script>")
                            .at("`${1")],
            nonTriggering: [.goodSignIn, CheckExample("<script>\nvar x = " + String(repeating: "`${", count: 40) + "1" + String(repeating: "}`", count: 40) + ";\n</script>")],
            run: { page, _ in page.problems.filter { $0.kind == .tooDeep }.map { CheckHit(position: $0.position, message: $0.message) } }),
    ]

    // MARK: The password-reset page (seed 000)

    static let resetChecks: [InspectorCheck] = [
        InspectorCheck(
            id: "reset-iframe-parameters", severity: .error,
            summary: "the profile_change_password iframe lacks token, callback or xd_receiver",
            rationale: "Capture's change-password iframe needs the token from the code exchange, the name of the page's callback, and the URL of a local xdcomm.html; without any of them the password change never reports back.",
            triggering: [.reset(replacing: "&callback=passwordChanged", with: "").at("frame.src = CAPTURE_SERVER + '/oauth/pro"),
                         CheckExample("<html><body><iframe src=\"https://example.janraincapture.com/oauth/profile_change_password?token=abc\"></iframe></body></html>").at("<iframe src=\"https://example.janraincapt")],
            nonTriggering: [.goodReset],
            run: { page, _ in
                oauthURLs(page, path: "/oauth/profile_change_password").compactMap { url in
                    let parameters = queryParameters(url.text)
                    let missing = ["token", "callback", "xd_receiver"].filter { parameters[$0] == nil }
                    return missing.isEmpty ? nil : CheckHit(position: url.position, message: "the profile_change_password iframe lacks \(missing.joined(separator: ", "))")
                }
            }),
        InspectorCheck(
            id: "xd-receiver-not-local", severity: .error,
            summary: "xd_receiver is not a same-origin xdcomm.html beside the page",
            rationale: "Capture calls the page's callback through the xd_receiver page; it must be a local copy of xdcomm.html on the page's own origin, or the browser's same-origin rule stops the call and the app never reopens.",
            triggering: [.reset(replacing: "new URL('xdcomm.html', location.href).href", with: "'https://example.janraincapture.com/xdcomm.html'").at("frame.src = CAPTURE_SERVER + '/oauth/pro"),
                         .reset(replacing: "&callback", with: "&callback", withReceiver: false).at("frame.src = CAPTURE_SERVER + '/oauth/pro")],
            nonTriggering: [.goodReset],
            run: { page, context in
                oauthURLs(page, path: "/oauth/profile_change_password").compactMap { url in
                    guard let receiver = receiverSpec(url) else { return nil }
                    // An absolute receiver is checked against the page's origin, when it is known (a fetched
                    // page, --origin, a site file, a sentinel naming the page); unknown, it is not guessed.
                    // A receiver on Janrain's own hosts is never the page's, known or not.
                    if receiver.absolute, let receiverURL = BrowserURL(receiver.path), isJanrainHost(receiverURL.hostname) {
                        return CheckHit(position: url.position, message: "xd_receiver \(receiver.path.debugDescription) is on Janrain's host, not the page's own origin; use a local xdcomm.html")
                    }
                    if receiver.absolute, let pageURL = page.pageURL {
                        let sameOrigin = BrowserURL(receiver.path).map { $0.origin == pageURL.origin } ?? false
                        if !sameOrigin {
                            return CheckHit(position: url.position, message: "xd_receiver \(receiver.path.debugDescription) is not on the page's own origin; use a local xdcomm.html")
                        }
                    }
                    guard receiver.path.split(separator: "?").first?.hasSuffix("xdcomm.html") == true else {
                        return CheckHit(position: url.position, message: "xd_receiver \(receiver.path.debugDescription) is not an xdcomm.html")
                    }
                    if !receiver.absolute, context.resourceExists(receiver.path, page) == false {
                        return CheckHit(position: url.position, message: "xd_receiver \(receiver.path.debugDescription) does not exist beside the page")
                    }
                    return nil
                }
            }),
        InspectorCheck(
            id: "reset-callback-undefined", severity: .error,
            summary: "the iframe's callback is not a function defined on the page",
            rationale: "After the password change Capture calls window[callback]; a name the page does not define is a silent no-op, and the app never hears the password changed.",
            triggering: [.reset(replacing: "&callback=passwordChanged", with: "&callback=onPasswordChanged").at("frame.src = CAPTURE_SERVER + '/oauth/pro")],
            nonTriggering: [.goodReset],
            run: { page, _ in
                oauthURLs(page, path: "/oauth/profile_change_password").compactMap { url in
                    guard let callback = queryParameters(url.text)["callback"], callback != "\u{2026}" else { return nil }
                    return page.functions.contains { $0.name == callback } ? nil
                        : CheckHit(position: url.position, message: "callback \(callback) is not defined on the page")
                }
            }),
        InspectorCheck(
            id: "reset-callback-no-app-scheme", severity: .error,
            summary: "the iframe's callback does not open the app's custom URL scheme",
            rationale: "The callback is how the app comes back after the password change (seed 000): it must navigate to the app's scheme, such as myapp://password-changed.",
            triggering: [.reset(replacing: "window.location.href = 'myapp://password-changed';", with: "document.getElementById('status').textContent = 'Done';").at("passwordChanged() {")],
            nonTriggering: [.goodReset],
            run: { page, _ in
                oauthURLs(page, path: "/oauth/profile_change_password").compactMap { url in
                    guard let callback = queryParameters(url.text)["callback"],
                          let function = page.functions.first(where: { $0.name == callback }) else { return nil }
                    let opensApp = page.navigations.contains { navigation in
                        function.body.contains(navigation.order)
                            && ((navigation.url.leadingLiteral ?? navigation.url.stringValue).map(isCustomScheme) ?? false)
                    }
                    return opensApp ? nil : CheckHit(position: function.position, message: "callback \(callback) does not navigate to a custom URL scheme; the app never reopens")
                }
            }),
    ]

    /// The xd_receiver of a profile_change_password URL: a literal, or the string literal inside the
    /// script expression that builds it (`new URL('xdcomm.html', location.href)`).
    /// Janrain's own hosts (Capture, Engage, the widget's CDN): never an app page's origin.
    static func isJanrainHost(_ host: String) -> Bool {
        ["janraincapture.com", "janrain.com", "rpxnow.com"].contains { host == $0 || host.hasSuffix("." + $0) }
            || host == "d16s8pqtk4uodx.cloudfront.net"
    }

    static func receiverSpec(_ url: PageURL) -> (path: String, absolute: Bool)? {
        if let expression = url.expression {
            var pieces = expression.pieces[...]
            while let piece = pieces.first {
                pieces = pieces.dropFirst()
                guard case .literal(let text) = piece, text.hasSuffix("xd_receiver=") else { continue }
                if case .hole(let code)? = pieces.first {
                    let literals = ScriptAnalyzer.analyze("x = \(code)").assignments.first?.value.stringLiterals ?? []
                    guard let path = literals.first(where: { $0.contains("xdcomm") }) ?? literals.first else { return nil }
                    return (path, BrowserURL(path) != nil)
                }
                if case .literal(let next)? = pieces.first {
                    let value = next.split(separator: "&").first.map(String.init) ?? next
                    let decoded = FormParameters.decodeComponent(Substring(value))
                    return (decoded, BrowserURL(decoded) != nil)
                }
            }
        }
        guard let value = queryParameters(url.text)["xd_receiver"], value != "\u{2026}" else { return nil }
        return (value, BrowserURL(value) != nil)
    }

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
                    return missing.isEmpty ? nil : CheckHit(position: url.position, message: "the /oauth/signin URL lacks \(missing.joined(separator: ", "))")
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
                    guard text.lowercased().hasPrefix("http://"), let url = BrowserURL(text) else { return false }
                    return !SentinelMatcher.isLoopback(url.hostname)   // RFC 8252 §7.3: loopback redirects may be http
                }
                if let assignment = page.setting("tokenUrl"), let value = page.resolvedValue("tokenUrl")?.stringValue, insecure(value) {
                    hits.append(CheckHit(position: assignment.position, message: "janrain.settings.tokenUrl is http: \(value.debugDescription)"))
                }
                for url in oauthURLs(page, path: "/oauth/") {
                    if insecure(url.text) {
                        hits.append(CheckHit(position: url.position, message: "\(url.text.split(separator: "?").first ?? "") is http, and carries a token or code"))
                    }
                    if let redirect = queryParameters(url.text)["redirect_uri"], insecure(redirect) {
                        hits.append(CheckHit(position: url.position, message: "redirect_uri \(redirect) is http; the code and token would arrive in the clear"))
                    }
                }
                return hits
            }),
    ]

    // MARK: Cross-checks with the app's rules (--rules)

    static let rulesChecks: [InspectorCheck] = [
        InspectorCheck(
            id: "redirect-uri-not-caught", severity: .error,
            summary: "the page's redirect_uri is not a sentinel the app's rules catch",
            rationale: "The app must cancel the navigation to redirect_uri that carries the code or token; if no sentinel in its rules matches the page's redirect_uri exactly, the result loads as a page instead and the app never sees it. A Capture redirectUri that is the page's own location (the WebView flow, where the page's widget finishes the sign-in) must instead be allowed to load: that is checked when the page's address is known.",
            needsRules: true,
            triggering: [.signIn(replacing: "redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php", with: "redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php%2F", usesRules: true).at("<a href=\"https://example.janraincapture."),
                         .signIn(replacing: "redirect_uri=https%3A%2F%2Fyourdomain.com", with: "redirect_uri=https%3A%2F%2Fwww.yourdomain.com", usesRules: true).at("<a href=\"https://example.janraincapture.")],
            nonTriggering: [.goodSignIn],
            run: { page, context in
                guard let engine = context.engine else { return [] }
                var hits: [CheckHit] = []
                var candidates: [(String, SourcePosition)] = oauthURLs(page, path: "/oauth/signin").compactMap { url in
                    queryParameters(url.text)["redirect_uri"].map { ($0, url.position) }
                }
                if let assignment = page.setting("capture.redirectUri") {
                    if let literal = assignment.value.stringValue {
                        candidates.append((literal, assignment.position))
                    } else if assignment.value.readsLocation, let pageURL = page.pageURL {
                        // Janrain's WebView flow: the redirect comes back to the page itself, whose widget
                        // finishes the sign-in and hands the result over the bridge. It must load, not be caught.
                        let decision = engine.decide(NavigationRequest(url: pageURL.hrefExcludingFragment))
                        if decision.action == .cancel {
                            hits.append(CheckHit(position: assignment.position, message: "redirectUri is the page's own location, \(pageURL.hrefExcludingFragment), which the rules cancel (\(decision.kind.rawValue)); the redirect back to the page would never load"))
                        }
                    }
                }
                for (redirect, position) in candidates {
                    guard let url = BrowserURL(redirect) else {
                        hits.append(CheckHit(position: position, message: "redirect_uri \(redirect.debugDescription) is not a URL"))
                        continue
                    }
                    if !engine.rules.sentinels.contains(where: { SentinelMatcher.mismatch(url, $0) == nil }) {
                        let near = engine.rules.sentinels.compactMap { SentinelMatcher.mismatch(url, $0) }.first
                        hits.append(CheckHit(position: position, message: "redirect_uri \(url.href) matches no sentinel in the rules" + (near.map { " (\($0))" } ?? "")))
                    }
                }
                return hits
            }),
        InspectorCheck(
            id: "scheme-not-handled", severity: .error,
            summary: "the page navigates to a custom scheme the app's rules do not handle",
            rationale: "A janrain: or myapp:// navigation is how the page talks to the app; if no scheme rule handles it, the rules cancel it as an unknown navigation and the message is lost.",
            needsRules: true,
            triggering: [.reset(replacing: "myapp://password-changed", with: "myapp://password-reset-done", usesRules: true).at("window.location.href = 'myapp://password"),
                         .reset(replacing: "myapp://password-changed", with: "otherapp://password-changed", usesRules: true).at("window.location.href = 'otherapp://passw")],
            nonTriggering: [.goodReset],
            run: { page, context in
                guard let engine = context.engine else { return [] }
                return page.navigations.compactMap { navigation in
                    guard let literal = navigation.url.stringValue ?? navigation.url.leadingLiteral, isCustomScheme(literal) else { return nil }
                    // A computed tail is filled with a placeholder value so required parameters are not
                    // reported missing merely because the page computes them.
                    let candidate = navigation.url.template { _ in "x" }
                    let decision = engine.decide(NavigationRequest(url: candidate))
                    if decision.kind == .bridge || decision.kind == .deeplink { return nil }
                    let scheme = literal.split(separator: ":").first.map(String.init) ?? literal
                    return CheckHit(position: navigation.position, message: "\(navigation.target) navigates to \(literal.split(separator: "?").first ?? "")…, which no scheme rule handles (the rules \(decision.action.rawValue) it as \(decision.kind.rawValue)); add a rule for \(scheme):")
                }
            }),
    ]
}
