// CheckCatalogue+Reset.swift: the checks of the password-reset page (seed 000): Capture's
// profile_change_password iframe, its xd_receiver and callbacks, each with its examples.
import FindingSeverity
import BrowserURL
import Foundation
import NavigationPolicy
import ProviderDirectory

extension CheckCatalogue {
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
                    return missing.isEmpty ? nil : CheckHit(position: url.position, detail: .resetIframeLacks(missing))
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
                        return CheckHit(position: url.position, detail: .receiverOnJanrainHost(receiver.path))
                    }
                    if receiver.absolute, let pageURL = page.pageURL {
                        let sameOrigin = BrowserURL(receiver.path).map { $0.origin == pageURL.origin } ?? false
                        if !sameOrigin {
                            return CheckHit(position: url.position, detail: .receiverNotSameOrigin(receiver.path))
                        }
                    }
                    guard receiver.path.split(separator: "?").first?.hasSuffix("xdcomm.html") == true else {
                        return CheckHit(position: url.position, detail: .receiverNotXDComm(receiver.path))
                    }
                    if !receiver.absolute, context.resourceExists(receiver.path, page) == false {
                        return CheckHit(position: url.position, detail: .receiverMissing(receiver.path))
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
                    guard let callback = queryParameter(url.text, named: "callback"), callback != "\u{2026}" else { return nil }
                    return page.functions.contains { $0.name == callback } ? nil
                        : CheckHit(position: url.position, detail: .callbackUndefined(callback))
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
                    guard let callback = queryParameter(url.text, named: "callback"),
                          let function = page.functions.first(where: { $0.name == callback }) else { return nil }
                    let opensApp = page.navigations.contains { navigation in
                        function.body.contains(navigation.order)
                            && ((navigation.url.leadingLiteral ?? navigation.url.stringValue).map(isCustomScheme) ?? false)
                    }
                    return opensApp ? nil : CheckHit(position: function.position, detail: .callbackNoAppScheme(callback))
                }
            }),
    ]

    /// The xd_receiver of a profile_change_password URL: a literal, or the string literal inside the
    /// script expression that builds it (`new URL('xdcomm.html', location.href)`).
    /// Janrain's own hosts (Capture, Engage, the widget's CDN): never an app page's origin.
    static func isJanrainHost(_ host: String) -> Bool { ProviderDirectory.provider(forHost: host)?.isJanrain ?? false }

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
        guard let value = queryParameter(url.text, named: "xd_receiver"), value != "\u{2026}" else { return nil }
        return (value, BrowserURL(value) != nil)
    }
}
