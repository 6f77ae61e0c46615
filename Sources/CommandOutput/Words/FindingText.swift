// FindingText.swift: what an inspector's check found, in words. FlowInspector gives the value
// (FindingDetail) with the page's text it is about; that text is quoted as foreign (the page's own, read
// for the shapes of credentials), URLs as URLs, so the renderer masks the values and never the words.
import FlowInspector
import NavigationPolicy
import SensitiveText

extension FindingDetail {
    /// The finding's words and the page's values they quote.
    package var words: MessageText {
        switch self {
        case .emptyPage: "the page is empty"
        case .invalidUTF8(let byte, let offset, let charset):
            "byte 0x\(words: String(byte, radix: 16, uppercase: true)) at offset \(offset) is not UTF-8; the page is read with replacement characters"
                + (charset.map { " (it declares charset \(foreign: $0), which the inspector does not decode)" } ?? "")
        case .tooManyAttributes(let tag, let count, let limit):
            "the <\(foreign: tag)> start tag has \(count) attributes; the inspector reads the first \(limit)"

        case .settingNotSet(let path, let mustBe): "janrain.settings.\(words: path) is not set; it must be \(words: mustBe)"
        case .settingNotLiteral(let path, let value, let mustBe): "janrain.settings.\(words: path) is \(foreign: value); it must be \(words: mustBe)"
        case .settingMissing(let path, let what): "janrain.settings.\(words: path) is not set (\(words: what))"
        case .captureRedirectURINotSet(let topLevelSet):
            "janrain.settings.capture.redirectUri is not set" + (topLevelSet ? " (the page sets the top-level redirectUri instead)" : "; set it to location.href")
        case .captureRedirectURINotLocation(let value): "janrain.settings.capture.redirectUri is \(foreign: value), not the page's location (location.href)"
        case .redirectURIWrongNamespace: "janrain.settings.redirectUri is the wrong namespace; use janrain.settings.capture.redirectUri"
        case .captureServerNotHTTPS(let value): "janrain.settings.capture.captureServer is \(quoted: Self.page(value)), not https"
        case .tokenURLNotURL(let value): "janrain.settings.tokenUrl \(quoted: Self.page(value)) is not a URL"
        case .tokenURLOtherHost(let tokenHost, let serverHost):
            "janrain.settings.tokenUrl is on \(foreign: tokenHost), not the capture server's \(foreign: serverHost)"
        case .responseTypeUnknown(let value): "janrain.settings.capture.responseType is \(foreign: value); use token, code or code_and_token"
        case .settingAfterStart(let path, let line):
            "janrain.settings.\(foreign: path) is assigned after janrain.capture.ui.start() (line \(line)); the widget has already read the settings"

        case .widgetOnLoadUndefined: "janrainCaptureWidgetOnLoad is not defined; the widget calls it when it has loaded"
        case .bridgeScriptMissing: "no script loads bridge.js (or janrain-bridge.js); events never reach the app"
        case .createBridgeNeverCalled: "createJanrainBridge() is never called; call it in janrainCaptureWidgetOnLoad before janrain.capture.ui.start()"
        case .loginSuccessUnhandled(let target?): "the page navigates to \(url: target) outside an onCaptureLoginSuccess handler, and creates no bridge"
        case .loginSuccessUnhandled(nil): "no bridge is created and no onCaptureLoginSuccess handler is added; the token never reaches the app"
        case .screenNotHidden(let id): "screen \(foreign: id) is not hidden (add style=\"display:none\")"
        case .jtlBlockNotClosedBefore(let block, let screen, let tag):
            "{* \(foreign: block) *} in screen \(foreign: screen) is not closed before {* \(foreign: tag) *}"
        case .jtlClosesUnopened(let tag, let screen): "{* \(foreign: tag) *} in screen \(foreign: screen) closes a block that is not open"
        case .jtlBlockNeverClosed(let block, let screen, let closing):
            "{* \(foreign: block) *} in screen \(foreign: screen) is never closed; add {* /\(foreign: closing) *}"
        case .captureScreenUnknown(let target): "data-capturescreen=\"\(foreign: target)\" names no element on the page"
        case .inlineScriptProblem(let kind): "inline script: " + kind.words

        case .resetIframeLacks(let missing): "the profile_change_password iframe lacks \(words: missing.joined(separator: ", "))"
        case .receiverOnJanrainHost(let receiver):
            "xd_receiver \(quoted: Self.page(receiver)) is on Janrain's host, not the page's own origin; use a local xdcomm.html"
        case .receiverNotSameOrigin(let receiver): "xd_receiver \(quoted: Self.page(receiver)) is not on the page's own origin; use a local xdcomm.html"
        case .receiverNotXDComm(let receiver): "xd_receiver \(quoted: Self.page(receiver)) is not an xdcomm.html"
        case .receiverMissing(let receiver): "xd_receiver \(quoted: Self.page(receiver)) does not exist beside the page"
        case .callbackUndefined(let callback): "callback \(foreign: callback) is not defined on the page"
        case .callbackNoAppScheme(let callback): "callback \(foreign: callback) does not navigate to a custom URL scheme; the app never reopens"

        case .signInURLLacks(let missing): "the /oauth/signin URL lacks \(words: missing.joined(separator: ", "))"
        case .tokenURLInsecure(let value): "janrain.settings.tokenUrl is http: \(quoted: Sensitive(value, as: .url))"
        case .oauthURLInsecure(let url): "\(url: url) is http, and carries a token or code"
        case .redirectURIInsecure(let url): "redirect_uri \(url: url) is http; the code and token would arrive in the clear"

        case .redirectIsOwnLocationCancelled(let url, let kind):
            "redirectUri is the page's own location, \(url: url), which the rules cancel (\(words: kind.rawValue)); the redirect back to the page would never load"
        case .redirectURINotURL(let value): "redirect_uri \(quoted: Sensitive(value, as: .url)) is not a URL"
        case .redirectURINotCaught(let url, let nearest):
            "redirect_uri \(url: url) matches no sentinel in the rules" + (nearest.map { " (\($0.words))" } ?? "")
        case .schemeNotHandled(let source, let literal, let action, let kind, let scheme):
            "\(foreign: source) navigates to \(url: literal)…, which no scheme rule handles (the rules \(words: action.rawValue) it as \(words: kind.rawValue)); add a rule for \(foreign: scheme):"
        }
    }

    /// A value the page wrote, quoted as it is.
    static func page(_ text: String) -> Sensitive { Sensitive(text, as: .foreign) }
}

extension JSScanProblem.Kind {
    /// What the script scanner could not finish.
    var words: MessageText {
        switch self {
        case .unterminatedComment: "unterminated comment"
        case .unterminatedTemplate: "unterminated template literal"
        case .unterminatedString: "unterminated string"
        case .unterminatedRegex: "unterminated regular expression"
        case .templatesTooDeep(let limit): "templates nest more than \(limit) deep here; the rest of the script is not read"
        }
    }
}
