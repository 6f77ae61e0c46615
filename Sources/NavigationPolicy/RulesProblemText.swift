// RulesProblemText.swift: a rules problem in words, for RulesError's description (what `bridge check`
// prints after the file and key path, and what an app shows a developer). Kept beside the value, as
// TextEncodingError's are: an app that loads rules links this module, not the CLI's output module.

extension RulesProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unreadable: "cannot read the file"
        case .encoding(let error): error.description
        case .notJSON(let parserMessage): "not valid JSON: \(parserMessage)"
        case .notAnObject: "the rules must be a JSON object"
        case .repeatedKey: "the key occurs twice in the same object; a JSON reader keeps only one of them, so the file would not mean what it says"
        case .unsupportedVersion(let version): "version \(version) is not supported (this bridge reads version 1)"
        case .unknownPlatform(let name): "\(name.debugDescription) is not a platform; it is ios (WKWebView) or android (WebView)"
        case .unknownKey(let suggestion, let known):
            "unknown key\(suggestion.map { " (did you mean \($0.debugDescription)?)" } ?? ""); known keys: \(known.joined(separator: ", "))"
        case .missing: "missing; it is required"
        case .wrongType(let type): "must be " + type.words
        case .unknownAction(let text): "\(text.debugDescription) is not one of allow, cancel"
        case .originNotString: "an allowed origin must be a string"
        case .misplacedWildcard(let text): "\(text.debugDescription): a wildcard may only be a whole leading label, as in https://*.example.com"
        case .originNotURL(let text): "\(text.debugDescription) is not a URL"
        case .originNotWeb(let text, let scheme): "\(text.debugDescription): an allowed origin is http(s) or ws(s); use schemes for \(scheme):"
        case .notAnOrigin(let text): "\(text.debugDescription) is not an origin: no credentials, path, query or fragment"
        case .wildcardWithoutDomain(let text): "\(text.debugDescription): a wildcard needs a registrable domain after it (*.example.com), not a bare label"
        case .emptyName: "must not be empty; leave the key out to name the rule by its place"
        case .nameTaken(let name, let first): "\(name.debugDescription) is already the name of \(first); a name identifies one rule in decisions and transcripts"
        case .unknownFrames(let text): "\(text.debugDescription) is not one of \(Self.frameWords)"
        case .framesNotScopeOrList: "must be \(Self.frameWords)"
        case .unknownFrame: "must be \"main\" or \"sub\""
        case .sentinelNotObject: "a sentinel must be an object"
        case .redirectURINotURL(let text, let error): "\(text.debugDescription) is not a URL: \(error)"
        case .redirectURIHasCredentials(let text): "\(text.debugDescription) has credentials; a redirect URI never does"
        case .redirectURIHasFragment(let text): "\(text.debugDescription) has a fragment; a redirect URI must not (RFC 6749 §3.1.2)"
        case .redirectURIHasQuery(let text):
            "\(text.debugDescription) has a query; bridge matches a redirect URI's scheme, host, port and path, and reads the query for the response, so a query here would be silently ignored. Register the redirect URI without it"
        case .redirectURIHasNoPath(let text): "\(text.debugDescription) has no host and path to match; use schemes for custom-scheme routes"
        case .unknownResponseMode(let mode): "\(mode.debugDescription) is not one of query, fragment, any, form_post"
        case .formPostReadsURL:
            "a form_post sentinel's result is in the posted body, which a navigation delegate does not see: require and forbid (which read the URL) would never hold"
        case .anyPortNotLoopback(let host): "only a loopback redirect URI (127.0.0.0/8, [::1], localhost) may match any port; \(host) is not one"
        case .requiredAndForbidden(let name): "\(name.debugDescription) is both required and forbidden, so this rule can never fire"
        case .interfaceNotObject: "a JavaScript interface must be an object {name, methods, protocol}"
        case .interfaceNameNotIdentifier(let name): "\(name.debugDescription) is not a JavaScript identifier (window.\(name) would not be one property)"
        case .methodNotIdentifier(let method): "\(method.debugDescription) is not a JavaScript identifier"
        case .noMethods: "list the methods the app annotates with @JavascriptInterface"
        case .interfaceAddedTwice(let name): "\(name.debugDescription) is added twice; addJavascriptInterface keeps only the last one"
        case .unknownProtocol(let name): "\(name.debugDescription) is not a bridge protocol bridge speaks (janrain, wvjb)"
        case .schemeRuleNotObject: "a scheme rule must be an object"
        case .notAScheme(let scheme): "\(scheme.debugDescription) is not a scheme (a letter, then letters, digits, + - .)"
        case .webScheme(let scheme): "\(scheme) is a web scheme; use sentinels or allow for it"
        case .protocolAndRoute: "a rule is either a bridge protocol or a deep-link route, not both"
        case .routeNotHostOrSegment(let route): "\(route.debugDescription): a route is the link's host or first path segment, e.g. \"reset-password\""
        case .requireOnBridge: "a bridge protocol's messages are defined by the protocol; require applies to deep links"
        case .handlersNotObject: "must be an object: event name → the app's handler names, e.g. {\"onCaptureLoginSuccess\": [\"signInCompleted\"]}"
        case .emptyEventName: "an event name must not be empty"
        case .noHandlers: "list at least one handler, or leave the event out"
        case .shadowedSentinel(let keyPath, let name):
            "can never fire: \(keyPath) (\(name.debugDescription)) matches every navigation this rule matches and comes first"
        case .shadowedSchemeRule(let keyPath, let name, let scheme):
            "can never fire: \(keyPath) (\(name.debugDescription)) already decides every \(scheme): URL this rule matches"
        }
    }

    static let frameWords = "\"main\", \"sub\" or \"any\", or a list such as [\"main\"] or [\"main\", \"sub\"]"
}

extension RulesValueType {
    var words: String {
        switch self {
        case .string: "a string"
        case .boolean: "true or false"
        case .wholeNumber: "a whole number"
        case .array: "an array"
        case .nonEmptyString: "a non-empty string"
        }
    }
}
