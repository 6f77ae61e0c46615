// RulesProblem.swift: what is wrong with a rules file, as a value an app can switch on and a test can
// compare (RulesError carries it with the key path and the file). One case per refusal of the loader and of
// RulesConsistency; the strings a case carries are the file's own (a value, a key, a rule's name). The words
// are made in the output module (CommandOutput's RulesProblemText.swift).
import BrowserURL
import InputProblems
import JSONText

public enum RulesProblem: Sendable, Hashable {
    // The file as a whole.
    /// The file could not be read, and why.
    case unreadable(InputFileProblem)
    /// What any document of ours may get wrong: encoding, syntax, a repeated or unknown key, a missing key,
    /// a value of the wrong type (JSONDocument's reading).
    case json(JSONReadProblem)
    case unsupportedVersion(Int)
    case unknownPlatform(String)

    // Values anywhere.
    case unknownAction(String)

    // Allowed origins.
    case misplacedWildcard(String)
    case originNotURL(String)
    case originNotWeb(String, scheme: String)
    /// An origin with credentials, a path, a query or a fragment.
    case notAnOrigin(String)
    case wildcardWithoutDomain(String)

    // Rule names.
    case emptyName
    /// The name is already the rule at `firstKeyPath`'s.
    case nameTaken(String, firstKeyPath: String)

    // Frames.
    case unknownFrames(String)
    case framesNotScopeOrList
    case unknownFrame

    // Sentinels.
    case redirectURINotURL(String, URLParseError)
    case redirectURIHasCredentials(String)
    case redirectURIHasFragment(String)
    case redirectURIHasQuery(String)
    case redirectURIHasNoPath(String)
    case unknownResponseMode(String)
    /// require or forbid on a form_post sentinel, whose result is in the body.
    case formPostReadsURL
    case anyPortNotLoopback(host: String)
    case requiredAndForbidden(String)

    // JavaScript interfaces.
    case interfaceNameNotIdentifier(String)
    case methodNotIdentifier(String)
    case noMethods
    case interfaceAddedTwice(String)
    case unknownProtocol(String)

    // Scheme rules.
    case notAScheme(String)
    case webScheme(String)
    case protocolAndRoute
    case routeNotHostOrSegment(String)
    case requireOnBridge

    // Handlers.
    case emptyEventName
    case noHandlers

    // Rules that can never fire (RulesConsistency): the earlier rule's key path and name.
    case shadowedSentinel(byKeyPath: String, name: String)
    case shadowedSchemeRule(byKeyPath: String, name: String, scheme: String)

    /// The stable code `--format json` names the problem by (an `input-error` line's `code`), the Java
    /// engine's too: the case's name in kebab case; a JSON reading problem by JSONReadProblem's code.
    public var code: String {
        switch self {
        case .unreadable: "unreadable"
        case .json(let problem): problem.code
        case .unsupportedVersion: "unsupported-version"
        case .unknownPlatform: "unknown-platform"
        case .unknownAction: "unknown-action"
        case .misplacedWildcard: "misplaced-wildcard"
        case .originNotURL: "origin-not-url"
        case .originNotWeb: "origin-not-web"
        case .notAnOrigin: "not-an-origin"
        case .wildcardWithoutDomain: "wildcard-without-domain"
        case .emptyName: "empty-name"
        case .nameTaken: "name-taken"
        case .unknownFrames: "unknown-frames"
        case .framesNotScopeOrList: "frames-not-scope-or-list"
        case .unknownFrame: "unknown-frame"
        case .redirectURINotURL: "redirect-uri-not-url"
        case .redirectURIHasCredentials: "redirect-uri-has-credentials"
        case .redirectURIHasFragment: "redirect-uri-has-fragment"
        case .redirectURIHasQuery: "redirect-uri-has-query"
        case .redirectURIHasNoPath: "redirect-uri-has-no-path"
        case .unknownResponseMode: "unknown-response-mode"
        case .formPostReadsURL: "form-post-reads-url"
        case .anyPortNotLoopback: "any-port-not-loopback"
        case .requiredAndForbidden: "required-and-forbidden"
        case .interfaceNameNotIdentifier: "interface-name-not-identifier"
        case .methodNotIdentifier: "method-not-identifier"
        case .noMethods: "no-methods"
        case .interfaceAddedTwice: "interface-added-twice"
        case .unknownProtocol: "unknown-protocol"
        case .notAScheme: "not-a-scheme"
        case .webScheme: "web-scheme"
        case .protocolAndRoute: "protocol-and-route"
        case .routeNotHostOrSegment: "route-not-host-or-segment"
        case .requireOnBridge: "require-on-bridge"
        case .emptyEventName: "empty-event-name"
        case .noHandlers: "no-handlers"
        case .shadowedSentinel: "shadowed-sentinel"
        case .shadowedSchemeRule: "shadowed-scheme-rule"
        }
    }
}
