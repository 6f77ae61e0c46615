// CheckCommand.swift: `bridge check` decides URLs with a rules file, as the app's navigation delegate
// would, and says why. Secrets are masked unless --reveal.
import ArgumentParser
import BrowserURL
import NavigationPolicy

extension NavigationType: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decide each URL with a rules file, as the app's navigation delegate would.",
        discussion: """
            One line per URL: the decision (allow or cancel), its kind (sentinel, bridge, deeplink, blocked, \
            allowed, default), the rule, and the parameters read, secrets masked. --explain adds the rule that \
            matched and, for rules that nearly did, why not.

            Exit status: 0 when every URL was decided (an error carried in a decision, such as a state \
            mismatch, is reported but still a decision), 2 when the rules file or the usage is wrong.

            Example:
              bridge check --rules Fixtures/rules/capture.json --explain \\
                'https://yourdomain.com/password_reset.php?code=abc&access_token=xyz'
            """
    )

    @Option(name: .long, help: "The rules file (JSON, version 1).")
    var rules: String

    @Option(name: .long, help: "The state the app sent; a sentinel response with another state is an error.")
    var state: String?

    @Flag(name: .long, help: "The navigation is in a subframe (an iframe), not the main frame.")
    var subframe = false

    @Option(name: .long, help: "The navigation type: \(NavigationType.allCases.map(\.rawValue).joined(separator: ", ")).")
    var type: NavigationType = .other

    @Flag(name: .long, help: "Explain each decision.")
    var explain = false

    @Flag(name: .long, help: "Show secret parameter values instead of masking them.")
    var reveal = false

    @Option(name: .long, help: "Output format: text (one line per URL) or json (one object per line).")
    var format: OutputFormat = .text

    @Argument(help: "URLs to decide; - reads one URL per line from standard input.")
    var urls: [String]

    func validate() throws {
        if urls.isEmpty { throw ValidationError("Give at least one URL, or - to read URLs from standard input.") }
    }

    func run() throws {
        let engine: PolicyEngine
        do {
            engine = try PolicyEngine(rulesFile: rules)
        } catch {
            throw UsageError("rules: \(error)")
        }
        let redactor = Redactor(isEnabled: !reveal)
        for url in try InputArguments.expand(urls) {
            let request = NavigationRequest(url: url, type: type, isMainFrame: !subframe)
            let decision = engine.decide(request, expectedState: state, explain: explain, redactor: redactor)
            switch format {
            case .text: print(DecisionText.line(url: url, decision, redactor: redactor))
            case .json: print(DecisionJSON.object(url: url, decision, redactor: redactor, explain: explain).line)
            }
            if explain && format == .text {
                for note in decision.explanation { print("    \(note)") }
            }
        }
    }
}

/// The text form of a decision: `cancel  sentinel  signin  https://…  code=abcd…(16) …`.
enum DecisionText {
    static func line(url: String, _ d: Decision, redactor: Redactor) -> String {
        var parts = [d.action.rawValue.padding(toLength: 6), d.kind.rawValue.padding(toLength: 8),
                     (d.rule ?? "-").padding(toLength: 14), redactor.rawURL(url)]
        if !d.parameters.isEmpty {
            parts.append(d.parameters.map { "\($0.name)=\(redactor.value($0.value, forParameter: $0.name))" }.joined(separator: " "))
        }
        if let error = d.error { parts.append("error: \(error.code): \(error.message)") }
        return parts.joined(separator: "  ")
    }
}

/// The JSON form of a decision, shared by check (and later replay).
enum DecisionJSON {
    static func object(url: String, _ d: Decision, redactor: Redactor, explain: Bool) -> JSONObject {
        var object = JSONObject()
        object.add("url", d.url.map(redactor.href) ?? redactor.rawURL(url))
        object.add("decision", d.action.rawValue)
        object.add("kind", d.kind.rawValue)
        object.add("rule", d.rule.map { .string($0) } ?? .null)
        var params = JSONObject()
        for p in d.parameters { params.add(p.name, redactor.value(p.value, forParameter: p.name)) }
        object.add("params", .object(params))
        if let error = d.error {
            var e = JSONObject()
            e.add("code", error.code)
            e.add("message", error.message)
            object.add("error", .object(e))
        } else {
            object.add("error", .null)
        }
        if let interception = d.interception { object.add("intercepted", interceptionJSON(interception, redactor: redactor)) }
        if explain { object.add("explanation", .array(d.explanation.map { .string($0) })) }
        return object
    }

    static func interceptionJSON(_ i: Interception, redactor: Redactor) -> JSONLineValue {
        var o = JSONObject()
        switch i {
        case .sentinel(.authorization(let code, let token, let idToken, let state)):
            o.add("type", "authorization")
            if let code { o.add("code", redactor.mask(code)) }
            if let token { o.add("access_token", redactor.mask(token)) }
            if let idToken { o.add("id_token", redactor.mask(idToken)) }
            if let state { o.add("state", redactor.mask(state)) }
        case .sentinel(.oauthError(let error, let description, let uri, _)):
            o.add("type", "oauth-error")
            o.add("error", error)
            if let description { o.add("error_description", description) }
            if let uri { o.add("error_uri", uri) }
        case .bridge(let message):
            o.add("type", "bridge")
            switch message {
            case .drainRequest(let p): o.add("message", "drain-request"); o.add("protocol", p.rawValue)
            case .bridgeLoaded: o.add("message", "bridge-loaded")
            case .event(let name, let arguments): o.add("message", "event"); o.add("event", name); o.add("arguments", .int(arguments.count))
            case .eventFailed(let name, let error): o.add("message", "event-failed"); o.add("event", name); o.add("error", error)
            case .legacyAccessToken(let token): o.add("message", "legacy-access-token"); o.add("accessToken", redactor.mask(token))
            case .wvjbMessage(let handler, _, _): o.add("message", "wvjb-message"); o.add("handler", handler)
            case .wvjbReply(let id, _): o.add("message", "wvjb-reply"); o.add("responseId", id)
            }
        case .deepLink(let route, _):
            o.add("type", "deeplink")
            o.add("route", route.map { .string($0) } ?? .null)
        case .blockedScheme(let scheme):
            o.add("type", "blocked-scheme")
            o.add("scheme", scheme)
        case .allowedOrigin(let origin):
            o.add("type", "allowed-origin")
            o.add("origin", origin)
        }
        return .object(o)
    }
}
