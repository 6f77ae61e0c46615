// NavigationOptions.swift: how `bridge check` describes the navigation it decides, as a web view would
// report it: the frame, the method, who started it (the app, a tap), its type, whether it is a redirect, within the
// document, a new window, or from a sandboxed iframe. One option group, so the request check builds has
// every field the platform model reads (PlatformFacts), and the help lists them together.
import CommandOutput
import ArgumentParser
import NavigationPolicy

extension NavigationType: ExpressibleByArgument {}
extension SameDocumentNavigation: ExpressibleByArgument {}

struct NavigationOptions: ParsableArguments, CheckedOptions {
    @Flag(name: .long, help: "The navigation is in a subframe (an iframe), not the main frame.")
    var subframe = false

    @Option(name: .long, help: "The navigation's method: GET, or POST (a form submitted to the URL).")
    var method = "GET"

    @Flag(name: .long, help: "The app loads the URL itself (loadUrl, the first load), not the page.")
    var appInitiated = false

    @Option(name: .long, help: "The navigation type: \(NavigationType.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: NavigationType = .other

    @Flag(name: .long, help: "The user started it (a tap), not a script.")
    var userGesture = false

    @Flag(name: .long, help: "The navigation is a redirect (a 302 the view follows).")
    var redirect = false

    @Option(name: .long, help: ArgumentHelp("The navigation stays in the document: fragment (#…) or history-api (pushState).",
                                            valueName: "kind"))
    var sameDocument: SameDocumentNavigation?

    @Flag(name: .long, help: "The navigation opens a new window (window.open, target=_blank).")
    var newWindow = false

    @Option(name: .long, help: ArgumentHelp("The navigation starts in an iframe with this sandbox attribute (\"allow-scripts\").",
                                            valueName: "tokens"))
    var sandbox: String?

    func checkOptions() throws(CommandProblem) {
        if !HTTPMethod.isToken(method) { throw .notAMethod(method) }
    }

    /// The request a web view would report for `url`.
    func request(_ url: String) -> NavigationRequest {
        NavigationRequest(url: url, type: type, isMainFrame: !subframe || newWindow, targetFrame: newWindow ? nil : (subframe ? "frame" : ""),
                          isRedirect: redirect, hasUserGesture: userGesture, method: HTTPMethod(reported: method), isAppInitiated: appInitiated,
                          sameDocument: sameDocument, sandbox: sandbox.map(FrameSandbox.init(attribute:)))
    }
}
