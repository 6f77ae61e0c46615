// RulesProblemText.swift: a rules problem in words (what `bridge check` prints after the file and key
// path). The engine gives the value (RulesError, RulesProblem); the words are made here. The
// text a rules file gave (an origin, a redirect URI, a name) is quoted as input, so the Redactor masks it
// as the value it is; the rest is bridge's own words.
import JSONText
import NavigationPolicy
import SensitiveText

extension RulesProblem {
    /// The problem's words and the values it quotes.
    package var words: MessageText {
        switch self {
        case .unreadable(let problem): problem.words
        case .json(let problem): problem.words(document: "the rules")
        case .unsupportedVersion(let version): "version \(version) is not supported (this bridge reads version 1)"
        case .unknownPlatform(let name): "\(quoted: name) is not a platform; it is ios (WKWebView) or android (WebView)"
        case .unknownAction(let text): "\(quoted: text) is not one of allow, cancel"
        case .misplacedWildcard(let text): "\(quoted: text): a wildcard may only be a whole leading label, as in https://*.example.com"
        case .originNotURL(let text): "\(quoted: text) is not a URL"
        case .originNotWeb(let text, let scheme): "\(quoted: text): an allowed origin is http(s) or ws(s); use schemes for \(input: scheme):"
        case .notAnOrigin(let text): "\(quoted: text) is not an origin: no credentials, path, query or fragment"
        case .wildcardWithoutDomain(let text): "\(quoted: text): a wildcard needs a registrable domain after it (*.example.com), not a bare label"
        case .emptyName: "must not be empty; leave the key out to name the rule by its place"
        case .nameTaken(let name, let first): "\(quoted: name) is already the name of \(words: first); a name identifies one rule in decisions and transcripts"
        case .unknownFrames(let text): "\(quoted: text) is not one of \(words: Self.frameWords)"
        case .framesNotScopeOrList: "must be \(words: Self.frameWords)"
        case .unknownFrame: "must be \"main\" or \"sub\""
        case .redirectURINotURL(let text, let error): "\(quoted: text) is not a URL: \(error.words)"
        case .redirectURIHasCredentials(let text): "\(quoted: text) has credentials; a redirect URI never does"
        case .redirectURIHasFragment(let text): "\(quoted: text) has a fragment; a redirect URI must not (RFC 6749 §3.1.2)"
        case .redirectURIHasQuery(let text):
            "\(quoted: text) has a query; bridge matches a redirect URI's scheme, host, port and path, and reads the query for the response, so a query here would be silently ignored. Register the redirect URI without it"
        case .redirectURIHasNoPath(let text): "\(quoted: text) has no host and path to match; use schemes for custom-scheme routes"
        case .unknownResponseMode(let mode): "\(quoted: mode) is not one of query, fragment, any, form_post"
        case .formPostReadsURL:
            "a form_post sentinel's result is in the posted body, which a navigation delegate does not see: require and forbid (which read the URL) would never hold"
        case .anyPortNotLoopback(let host): "only a loopback redirect URI (127.0.0.0/8, [::1], localhost and names under it) may match any port; \(input: host) is not one"
        case .requiredAndForbidden(let name): "\(quoted: name) is both required and forbidden, so this rule can never fire"
        case .interfaceNameNotIdentifier(let name): "\(quoted: name) is not a JavaScript identifier (window.\(input: name) would not be one property)"
        case .methodNotIdentifier(let method): "\(quoted: method) is not a JavaScript identifier"
        case .noMethods: "list the methods the app annotates with @JavascriptInterface"
        case .interfaceAddedTwice(let name): "\(quoted: name) is added twice; addJavascriptInterface keeps only the last one"
        case .unknownProtocol(let name): "\(quoted: name) is not a bridge protocol bridge speaks (janrain, wvjb)"
        case .notAScheme(let scheme): "\(quoted: scheme) is not a scheme (a letter, then letters, digits, + - .)"
        case .webScheme(let scheme): "\(input: scheme) is a web scheme; use sentinels or allow for it"
        case .protocolAndRoute: "a rule is either a bridge protocol or a deep-link route, not both"
        case .routeNotHostOrSegment(let route): "\(quoted: route): a route is the link's host or first path segment, e.g. \"reset-password\""
        case .requireOnBridge: "a bridge protocol's messages are defined by the protocol; require applies to deep links"
        case .emptyEventName: "an event name must not be empty"
        case .noHandlers: "list at least one handler, or leave the event out"
        case .shadowedSentinel(let keyPath, let name):
            "can never fire: \(words: keyPath) (\(quoted: name)) matches every navigation this rule matches and comes first"
        case .shadowedSchemeRule(let keyPath, let name, let scheme):
            "can never fire: \(words: keyPath) (\(quoted: name)) already decides every \(input: scheme): URL this rule matches"
        }
    }

    static let frameWords = "\"main\", \"sub\" or \"any\", or a list such as [\"main\"] or [\"main\", \"sub\"]"
}

extension RulesError: WordedValue {
    /// The file, the key path and the problem: words and the values they quote (the file's name and a key
    /// path made of the file's keys are input).
    package var words: MessageText {
        var location: MessageText = ""
        if let file {
            location = line.map { line in "\(input: file):\(line):\(column ?? 1): " } ?? "\(input: file): "
        }
        if !keyPath.isEmpty { location = location + "\(input: keyPath): " }
        return location + problem.words
    }
}
