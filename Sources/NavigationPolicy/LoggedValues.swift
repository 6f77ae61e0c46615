// LoggedValues.swift: what the engine's values print as when an app logs them (`print`, `dump`,
// `debugPrint`, "\(decision)", os_log's %@): as Swift would print them, with every credential masked. A
// sentinel's code, tokens and state, a received or sent state, the legacy hand-off's token are masked whole
// (SecretMask); URLs as BrowserURL masks them; a route, a path or a host as a URL's part (its secret pairs
// and credentials by shape); a bridge's arguments as JSONValue masks them. The whole value stays one
// accessor away: the case's payload, `url.href`, `parameters.first(_:)`.
//
// Each type says its name and fields once (`logged`); the description, the debug description and the mirror
// `dump` reads are all made from that, so the three cannot disagree.
import BrowserURL
import JSONText
import SensitiveText

/// A value as it is logged: its case's (or type's) name and its fields, each already masked.
struct LoggedForm {
    let type: String
    let name: String
    let fields: [(label: String?, text: String)]
    let style: Mirror.DisplayStyle

    var text: String {
        if fields.isEmpty { return name }
        return name + "(" + fields.map { ($0.label.map { $0 + ": " } ?? "") + $0.text }.joined(separator: ", ") + ")"
    }

    /// A maker of an enum's cases: `form(name, fields)`.
    static func cases(of type: String) -> (String, [(String?, String)]) -> LoggedForm {
        { name, fields in LoggedForm(type: type, name: name, fields: fields.map { (label: $0.0, text: $0.1) }, style: .enum) }
    }

    /// The text with the type's name before it, as `debugPrint` shows an enum's case.
    var debugText: String { style == .enum ? type + "." + text : text }

    func mirror(of subject: Any) -> Mirror {
        Mirror(subject, children: fields.map { (label: $0.label, value: LoggedText(description: $0.text) as Any) }, displayStyle: style)
    }

    // The fields' texts.

    /// A credential, masked whole.
    static func secret(_ value: String?) -> String { value.map { "\"" + SecretMask.mask($0) + "\"" } ?? "nil" }
    /// A URL given as a string.
    static func url(_ value: String?) -> String { value.map { "\"" + LogMask.url($0) + "\"" } ?? "nil" }
    /// A URL's part: a path, a route, a host, an origin.
    static func part(_ value: String?) -> String { value.map { "\"" + LogMask.part($0) + "\"" } ?? "nil" }
    /// A value that masks itself (an engine value, a number, a case without payload).
    static func value(_ value: Any?) -> String { value.map { String(describing: $0) } ?? "nil" }
    /// A list of names the engine or the rules gave.
    static func names(_ names: [String]) -> String { "[" + names.map { "\"" + LogMask.part($0) + "\"" }.joined(separator: ", ") + "]" }
}

/// Masked text standing as a mirror's child: prints as itself.
struct LoggedText: CustomStringConvertible, CustomDebugStringConvertible {
    let description: String
    var debugDescription: String { description }
}

extension SentinelResult: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        switch self {
        case .authorization(let code, let accessToken, let idToken, let state):
            LoggedForm(type: "SentinelResult", name: "authorization", fields: [("code", LoggedForm.secret(code)), ("accessToken", LoggedForm.secret(accessToken)),
                                                                             ("idToken", LoggedForm.secret(idToken)), ("state", LoggedForm.secret(state))], style: .enum)
        case .oauthError(let error, let description, let uri, let state):
            LoggedForm(type: "SentinelResult", name: "oauthError", fields: [("error", LoggedForm.part(error)), ("description", LoggedForm.part(description)),
                                                                          ("uri", LoggedForm.url(uri)), ("state", LoggedForm.secret(state))], style: .enum)
        case .formPost(let method):
            LoggedForm(type: "SentinelResult", name: "formPost", fields: [("method", method.name)], style: .enum)
        }
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension BridgeMessage: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        let form = LoggedForm.cases(of: "BridgeMessage")
        switch self {
        case .drainRequest(let bridge): return form("drainRequest", [(nil, LoggedForm.value(bridge))])
        case .bridgeLoaded: return form("bridgeLoaded", [])
        case .event(let name, let arguments): return form("event", [("name", LoggedForm.part(name)), ("arguments", JSONValue.array(arguments).description)])
        case .eventFailed(let name, let error): return form("eventFailed", [("name", LoggedForm.part(name)), ("error", LoggedForm.part(error))])
        case .legacyAccessToken(let token): return form("legacyAccessToken", [(nil, LoggedForm.secret(token))])
        case .wvjbMessage(let handlerName, let data, let callbackID):
            return form("wvjbMessage", [("handlerName", LoggedForm.part(handlerName)), ("data", LoggedForm.value(data)), ("callbackID", LoggedForm.part(callbackID))])
        case .wvjbReply(let responseID, let data): return form("wvjbReply", [("responseID", LoggedForm.part(responseID)), ("data", LoggedForm.value(data))])
        }
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension Interception: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        let form = LoggedForm.cases(of: "Interception")
        switch self {
        case .sentinel(let result): return form("sentinel", [(nil, result.description)])
        case .bridge(let message): return form("bridge", [(nil, message.description)])
        case .deepLink(let route, let parameters): return form("deepLink", [("route", LoggedForm.part(route)), ("parameters", "\"" + parameters.description + "\"")])
        case .blockedScheme(let scheme): return form("blockedScheme", [(nil, LoggedForm.part(scheme))])
        case .allowedOrigin(let origin): return form("allowedOrigin", [(nil, LoggedForm.url(origin))])
        }
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension DecisionError: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        let form = LoggedForm.cases(of: "DecisionError")
        switch self {
        case .invalidURL(let error): return form("invalidURL", [(nil, LoggedForm.value(error))])
        case .bridgeMessageInvalid(let error): return form("bridgeMessageInvalid", [(nil, LoggedForm.part(LoggedForm.value(error)))])
        case .missingParameter(let names): return form("missingParameter", [("names", LoggedForm.names(names))])
        case .repeatedParameter(let name, let count, let place):
            return form("repeatedParameter", [("name", LoggedForm.part(name)), ("count", String(count)), ("in", LoggedForm.value(place))])
        case .stateMismatch(let received, let sent, let difference):
            return form("stateMismatch", [("received", LoggedForm.secret(received)), ("sent", LoggedForm.secret(sent)), ("difference", LoggedForm.value(difference))])
        case .stateMissing(let sent): return form("stateMissing", [("sent", LoggedForm.secret(sent))])
        }
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension SentinelMatcher.MismatchReason: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        let form = LoggedForm.cases(of: "MismatchReason")
        switch self {
        case .userinfo: return form("userinfo", [])
        case .scheme(let actual, let expected): return form("scheme", [("actual", LoggedForm.part(actual)), ("expected", LoggedForm.part(expected))])
        case .host(let actual, let expected): return form("host", [("actual", LoggedForm.part(actual)), ("expected", LoggedForm.part(expected))])
        case .port(let actual, let expected): return form("port", [("actual", LoggedForm.value(actual)), ("expected", LoggedForm.value(expected))])
        case .path(let actual, let expected): return form("path", [("actual", LoggedForm.part(actual)), ("expected", LoggedForm.part(expected))])
        case .trailingSlash(let path, let present): return form("trailingSlash", [("path", LoggedForm.part(path)), ("present", String(present))])
        }
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension SentinelMatcher.NearMiss: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        LoggedForm(type: "NearMiss", name: "NearMiss", fields: [("host", LoggedForm.part(host)), ("expected", LoggedForm.part(expected)),
                                                               ("place", LoggedForm.value(place))], style: .struct)
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension ExplanationStep: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        let form = LoggedForm.cases(of: "ExplanationStep")
        let value = LoggedForm.value, part = LoggedForm.part
        switch self {
        case .unparseable(let code): return form("unparseable", [(nil, value(code))])
        case .aboutPageAllowed(let path): return form("aboutPageAllowed", [("path", part(path))])
        case .schemeAlwaysBlocked(let scheme): return form("schemeAlwaysBlocked", [(nil, part(scheme))])
        case .matchedWVJBSignal(let rule, let loadSignal): return form("matchedWVJBSignal", [(nil, value(rule)), ("loadSignal", String(loadSignal))])
        case .originAllowed(let origin, let entry): return form("originAllowed", [("origin", LoggedForm.url(origin)), ("entry", value(entry))])
        case .originNotAllowed(let origin): return form("originNotAllowed", [(nil, LoggedForm.url(origin))])
        case .defaultAction(let action): return form("defaultAction", [(nil, value(action))])
        case .matchedBridge(let rule, let name): return form("matchedBridge", [(nil, value(rule)), ("protocol", part(name))])
        case .bridgeUndecodable(let rule, let error): return form("bridgeUndecodable", [(nil, value(rule)), (nil, part(value(error)))])
        case .routeMismatch(let rule, let route, let expected): return form("routeMismatch", [(nil, value(rule)), ("route", part(route)), ("expected", part(expected))])
        case .matchedDeepLink(let rule, let scheme, let route): return form("matchedDeepLink", [(nil, value(rule)), ("scheme", part(scheme)), ("route", part(route))])
        case .sentinelMismatch(let rule, let reason): return form("sentinelMismatch", [(nil, value(rule)), (nil, reason.description)])
        case .sentinelNearMiss(let rule, let miss): return form("sentinelNearMiss", [(nil, value(rule)), (nil, miss.description)])
        case .wrongFrame(let rule, let mainOnly): return form("wrongFrame", [(nil, value(rule)), ("mainOnly", String(mainOnly))])
        case .lacks(let rule, let place, let parameter): return form("lacks", [(nil, value(rule)), ("place", value(place)), ("parameter", part(parameter))])
        case .forbids(let rule, let place, let parameter): return form("forbids", [(nil, value(rule)), ("place", value(place)), ("parameter", part(parameter))])
        case .endpointError(let rule): return form("endpointError", [(nil, value(rule))])
        case .formPost(let rule, let method): return form("formPost", [(nil, value(rule)), ("method", method.name)])
        case .matchedSentinel(let rule, let redirectURI, let how, let parameters):
            return form("matchedSentinel", [(nil, value(rule)), ("redirectURI", LoggedForm.url(redirectURI)), ("how", value(how)), ("parameters", LoggedForm.names(parameters))])
        case .oauthError(let error): return form("oauthError", [(nil, part(error))])
        }
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension NavigationRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        LoggedForm(type: "NavigationRequest", name: "NavigationRequest", fields: [
            ("url", LoggedForm.url(url)), ("type", LoggedForm.value(type)), ("isMainFrame", String(isMainFrame)),
            ("targetFrame", LoggedForm.part(targetFrame)), ("isRedirect", String(isRedirect)), ("hasUserGesture", String(hasUserGesture)),
            ("method", method.name), ("sourceURL", LoggedForm.url(sourceURL)), ("isAppInitiated", String(isAppInitiated)),
            ("sameDocument", LoggedForm.value(sameDocument)), ("sandbox", LoggedForm.value(sandbox.map(\.attribute))),
        ], style: .struct)
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}

extension Decision: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var logged: LoggedForm {
        LoggedForm(type: "Decision", name: "Decision", fields: [
            ("action", LoggedForm.value(action)), ("kind", LoggedForm.value(kind)), ("rule", LoggedForm.part(rule)),
            ("url", url.map { "\"" + $0.maskedHref + "\"" } ?? "nil"), ("parameters", "\"" + parameters.description + "\""),
            ("interception", LoggedForm.value(interception)), ("error", LoggedForm.value(error)),
            ("explanation", "[" + explanation.map(\.description).joined(separator: ", ") + "]"),
        ], style: .struct)
    }
    public var description: String { logged.text }
    public var debugDescription: String { logged.debugText }
    public var customMirror: Mirror { logged.mirror(of: self) }
}
