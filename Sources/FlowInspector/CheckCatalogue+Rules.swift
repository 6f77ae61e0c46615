// CheckCatalogue+Rules.swift: the cross-checks with the app's rules (--rules), each with its examples.
import FindingSeverity
import BrowserURL
import Foundation
import NavigationPolicy

extension CheckCatalogue {
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
                    queryParameter(url.text, named: "redirect_uri").map { ($0, url.position) }
                }
                if let assignment = page.setting("capture.redirectUri") {
                    if let literal = assignment.value.stringValue {
                        candidates.append((literal, assignment.position))
                    } else if assignment.value.readsLocation, let pageURL = page.pageURL {
                        // Janrain's WebView flow: the redirect comes back to the page itself, whose widget
                        // finishes the sign-in and hands the result over the bridge. It must load, not be caught.
                        let decision = engine.decide(NavigationRequest(url: pageURL.hrefExcludingFragment))
                        if decision.action == .cancel {
                            hits.append(CheckHit(position: assignment.position, detail: .redirectIsOwnLocationCancelled(url: pageURL.hrefExcludingFragment, kind: decision.kind)))
                        }
                    }
                }
                for (redirect, position) in candidates {
                    guard let url = BrowserURL(redirect) else {
                        hits.append(CheckHit(position: position, detail: .redirectURINotURL(redirect)))
                        continue
                    }
                    if let reasons = mismatches(url, engine.rules.sentinels) {
                        hits.append(CheckHit(position: position, detail: .redirectURINotCaught(url: url.href, nearest: reasons.first)))
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
                    return CheckHit(position: navigation.position, detail: .schemeNotHandled(source: navigation.target, literal: String(literal.split(separator: "?").first ?? ""), action: decision.action, kind: decision.kind, scheme: scheme))
                }
            }),
    ]

    /// Each sentinel's mismatch with `url`, in the rules' order; nil when one of them matches it.
    static func mismatches(_ url: BrowserURL, _ sentinels: [SentinelRule]) -> [SentinelMatcher.MismatchReason]? {
        var reasons: [SentinelMatcher.MismatchReason] = []
        for sentinel in sentinels {
            guard let reason = SentinelMatcher.mismatch(url, sentinel) else { return nil }
            reasons.append(reason)
        }
        return reasons
    }

}
