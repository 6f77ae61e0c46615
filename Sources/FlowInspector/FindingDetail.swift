// FindingDetail.swift: what a check found, as a value: one case per thing a check can report, with the
// page's values it is about (a setting's text, a URL, a screen's id). The output module words each case
// (FindingText.swift there); a test compares the values.
import NavigationPolicy

package enum FindingDetail: Sendable, Hashable {
    // The input itself.
    case emptyPage
    /// The first byte that is not UTF-8, where, and the charset the page declares when the inspector does
    /// not decode it.
    case invalidUTF8(byte: UInt8, offset: Int, declaredCharset: String?)
    case tooManyAttributes(tag: String, count: Int, limit: Int)

    // Settings.
    /// A required literal setting is absent (`mustBe`: how the literal is written).
    case settingNotSet(path: String, mustBe: String)
    /// A required literal setting has another value (`value`: its text on the page).
    case settingNotLiteral(path: String, value: String, mustBe: String)
    /// A required setting is absent (`what`: what it holds).
    case settingMissing(path: String, what: String)
    /// capture.redirectUri is absent; `topLevelSet`: the page sets the top-level redirectUri instead.
    case captureRedirectURINotSet(topLevelSet: Bool)
    case captureRedirectURINotLocation(value: String)
    case redirectURIWrongNamespace
    case captureServerNotHTTPS(String)
    case tokenURLNotURL(String)
    case tokenURLOtherHost(tokenHost: String, serverHost: String)
    case responseTypeUnknown(String)
    case settingAfterStart(path: String, startLine: Int)

    // The page's structure.
    case widgetOnLoadUndefined
    case bridgeScriptMissing
    case createBridgeNeverCalled
    /// Nothing hands the sign-in to the app; `navigatesTo`: a custom-scheme navigation outside any handler.
    case loginSuccessUnhandled(navigatesTo: String?)
    case screenNotHidden(id: String)
    case jtlBlockNotClosedBefore(block: String, screen: String, tag: String)
    case jtlClosesUnopened(tag: String, screen: String)
    case jtlBlockNeverClosed(block: String, screen: String, closing: String)
    case captureScreenUnknown(target: String)
    case inlineScriptProblem(JSScanProblem.Kind)

    // Password reset.
    case resetIframeLacks([String])
    case receiverOnJanrainHost(String)
    case receiverNotSameOrigin(String)
    case receiverNotXDComm(String)
    case receiverMissing(String)
    case callbackUndefined(String)
    case callbackNoAppScheme(String)

    // Links.
    case signInURLLacks([String])
    case tokenURLInsecure(String)
    /// An http /oauth/ URL (without its query) that carries a token or code.
    case oauthURLInsecure(String)
    case redirectURIInsecure(String)

    // The rules (`--rules`).
    case redirectIsOwnLocationCancelled(url: String, kind: DecisionKind)
    case redirectURINotURL(String)
    /// A redirect URI no sentinel catches, and how it misses the first sentinel in the rules.
    case redirectURINotCaught(url: String, nearest: SentinelMatcher.MismatchReason?)
    /// A navigation from `source` to a custom scheme (`literal`: the URL before its query) no scheme rule
    /// handles, and what the rules decide instead.
    case schemeNotHandled(source: String, literal: String, action: PolicyAction, kind: DecisionKind, scheme: String)
}
