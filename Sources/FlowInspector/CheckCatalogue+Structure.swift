// CheckCatalogue+Structure.swift: the checks of the page's structure: the widget's onload, the bridge
// script and its creation, the login handler, screens and JTL tags, scripts the scanner cannot finish;
// each with its examples.
import FindingSeverity
import BrowserURL
import Foundation
import NavigationPolicy

extension CheckCatalogue {
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
                return [CheckHit(position: settingsAnchor(page), detail: .widgetOnLoadUndefined)]
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
                return loads ? [] : [CheckHit(position: settingsAnchor(page), detail: .bridgeScriptMissing)]
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
                return [CheckHit(position: anchor, detail: .createBridgeNeverCalled)]
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
                                 detail: .loginSuccessUnhandled(navigatesTo: handOff.map { $0.url.leadingLiteral ?? "" }))]
            }),
        InspectorCheck(
            id: "screen-not-hidden", severity: .warning,
            summary: "a screen is not hidden by default",
            rationale: "Capture shows one screen at a time; a screen visible from the start flashes its raw JTL tags before the widget renders.",
            triggering: [.signIn(replacing: "<div id=\"forgotPassword\" style=\"display: none;\">", with: "<div id=\"forgotPassword\">").at("<div id=\"forgotPassword\">")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "<div id=\"forgotPassword\" style=\"display: none;\">", with: "<div id=\"forgotPassword\" style=\"DISPLAY :NONE\">")],
            run: { page, _ in
                page.screens.filter { !$0.hidden }.map {
                    CheckHit(position: $0.position, detail: .screenNotHidden(id: $0.id))
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
                                    hits.append(CheckHit(position: unclosed.position, detail: .jtlBlockNotClosedBefore(block: unclosed.body, screen: screen.id, tag: tag.body)))
                                }
                                open.removeSubrange(index...)
                            } else {
                                hits.append(CheckHit(position: tag.position, detail: .jtlClosesUnopened(tag: tag.body, screen: screen.id)))
                            }
                        } else if tag.body.utf8.first == UInt8(ascii: "#") || closers.contains(Substring(tag.body)) {
                            // "{* #form *}", or a form tag written without "#" that is closed later.
                            open.append(tag)
                        }
                    }
                    for unclosed in open {
                        hits.append(CheckHit(position: unclosed.position, detail: .jtlBlockNeverClosed(block: unclosed.body, screen: screen.id, closing: String(blockName(unclosed.body)))))
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
                    CheckHit(position: $0.position, detail: .captureScreenUnknown(target: $0.target))
                }
            }),
        InspectorCheck(
            id: "script-unterminated", severity: .warning,
            summary: "an inline script has an unterminated string, template, comment or regular expression",
            rationale: "A browser stops running the script at the syntax error, so every setting and handler after it is lost; the inspector reads on, but the page will not.",
            triggering: [.signIn(replacing: "janrain.settings.capture.flowName = 'webViewSignIn';", with: "janrain.settings.capture.flowName = 'webViewSignIn;").at("'webViewSignIn;")],
            nonTriggering: [.goodSignIn, .signIn(replacing: "  createJanrainBridge();\n", with: "  createJanrainBridge(); // it's ready: `${x}` and /re/g are fine\n  var t = `a ${ {b: '}'}.b } c`;\n")],
            run: { page, _ in page.problems.filter { !$0.problem.isTooDeep }.map { CheckHit(position: $0.position, detail: .inlineScriptProblem($0.problem.kind)) } }),
        InspectorCheck(
            id: "script-too-deep", severity: .warning,
            summary: "an inline script nests templates too deep to follow; the inspector stops reading it there",
            rationale: "No hand-written page nests template literals hundreds deep; a page that does is generated or hostile. The inspector reads scripts in linear time and bounded memory, so it stops at that point and says where, once, instead of crashing or running for minutes; what comes after is not checked.",
            triggering: [CheckExample("<script>\nvar x = " + String(repeating: "`${", count: JSTokenizer.maxNesting + 1) + "1" + String(repeating: "}`", count: JSTokenizer.maxNesting + 1) + ";\n</script>")
                            .at("`${1")],
            nonTriggering: [.goodSignIn, CheckExample("<script>\nvar x = " + String(repeating: "`${", count: 40) + "1" + String(repeating: "}`", count: 40) + ";\n</script>")],
            run: { page, _ in page.problems.filter { $0.problem.isTooDeep }.map { CheckHit(position: $0.position, detail: .inlineScriptProblem($0.problem.kind)) } }),
    ]
}
