// RulesLoader.swift: reads a rules file (JSON, v1) into `Rules`, rejecting anything it cannot honour
// with a RulesError that names the key path (`sentinels[1].redirectURI`) and the problem (a RulesProblem):
// unknown keys, wrong types, URLs that do not parse, wildcards in the wrong place, and rules that can never fire.
import BrowserURL
import Foundation
import SensitiveText

/// A rules file that cannot be used, where, and why.
public struct RulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key path, e.g. `sentinels[1].redirectURI` (empty for the whole file).
    public let keyPath: String
    public let problem: RulesProblem
    /// The file, when the rules came from one.
    public var file: String?

    public init(_ keyPath: String, _ problem: RulesProblem, file: String? = nil) {
        self.keyPath = keyPath
        self.problem = problem
        self.file = file
    }

    /// The problem's case alone: a key path is made of the file's keys, which may be a credential. The
    /// output module words the error with the file, the key path and the values, each masked.
    public var description: String { Mirror(reflecting: problem).children.first?.label ?? "\(problem)" }
}

public enum RulesLoader {
    // The keys each object of a rules file may have (any other is refused, naming these).
    static let topLevelKeys = ["version", "default", "allow", "sentinels", "schemes", "handlers", "expectedState", "description", "platform",
                               "javascriptInterfaces"]
    static let sentinelKeys = ["name", "redirectURI", "responseMode", "require", "forbid", "trailingSlash", "loopbackAnyPort", "frames",
                               "action", "description"]
    static let interfaceKeys = ["name", "methods", "protocol", "description"]
    static let schemeRuleKeys = ["name", "scheme", "protocol", "route", "require", "action", "description"]

    /// Reads the rules file at `path`.
    public static func load(path: String) throws(RulesError) -> Rules {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RulesError("", .unreadable, file: path)
        }
        do {
            return try parse(data)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// Reads rules from JSON bytes.
    public static func parse(_ raw: Data) throws(RulesError) -> Rules {
        let top: [String: Any]
        do { top = try JSONObjectDocument.object(fileBytes: [UInt8](raw)) } catch {
            switch error {
            case .encoding(let encoding): throw RulesError("", .encoding(encoding))
            case .notJSON(let message): throw RulesError("", .notJSON(parserMessage: message))
            case .notAnObject: throw RulesError("", .notAnObject)
            case .repeatedKey(let keyPath): throw RulesError(keyPath, .repeatedKey)
            }
        }
        let reader = ObjectReader(top, path: "")
        var rules = Rules()
        try reader.only(Self.topLevelKeys)
        let version = try reader.int("version", required: true)!
        if version != 1 { throw RulesError("version", .unsupportedVersion(version)) }
        rules.defaultAction = try reader.action("default") ?? .cancel
        rules.expectedState = try reader.string("expectedState")
        if let name = try reader.string("platform") {
            guard let platform = Platform(rawValue: name) else {
                throw RulesError("platform", .unknownPlatform(name))
            }
            rules.platform = platform
        }
        for (i, item) in try reader.array("allow").enumerated() {
            rules.allow.append(try originPattern(item, path: "allow[\(i)]"))
        }
        for (i, item) in try reader.array("sentinels").enumerated() {
            rules.sentinels.append(try sentinel(item, path: "sentinels[\(i)]"))
        }
        for (i, item) in try reader.array("schemes").enumerated() {
            rules.schemes.append(try schemeRule(item, path: "schemes[\(i)]"))
        }
        for (i, item) in try reader.array("javascriptInterfaces").enumerated() {
            let interface = try javascriptInterface(item, path: "javascriptInterfaces[\(i)]")
            if rules.javascriptInterfaces.contains(where: { $0.name == interface.name }) {
                throw RulesError("javascriptInterfaces[\(i)].name", .interfaceAddedTwice(interface.name))
            }
            rules.javascriptInterfaces.append(interface)
        }
        try checkNames(rules)
        if let value = top["handlers"] {
            guard let table = value as? [String: Any] else {
                throw RulesError("handlers", .handlersNotObject)
            }
            let handlers = ObjectReader(table, path: "handlers")
            for event in table.keys.sorted() {
                if event.isEmpty { throw RulesError("handlers", .emptyEventName) }
                let names = try handlers.strings(event)
                if names.isEmpty { throw RulesError(handlers.keyPath(event), .noHandlers) }
                rules.handlers.append(EventHandlers(event: event, handlers: names, keyPath: handlers.keyPath(event)))
            }
        }
        try RulesConsistency.check(rules)
        return rules
    }

    static func originPattern(_ value: Any, path: String) throws(RulesError) -> OriginPattern {
        guard let text = value as? String else { throw RulesError(path, .originNotString) }
        var parseable = text
        var isWildcard = false
        if let range = text.firstRange(of: "://*.") {
            isWildcard = true
            parseable.replaceSubrange(range, with: "://")
        }
        if parseable.contains("*") {
            throw RulesError(path, .misplacedWildcard(text))
        }
        guard case .success(let url) = BrowserURL.parse(parseable) else {
            throw RulesError(path, .originNotURL(text))
        }
        guard url.scheme == "https" || url.scheme == "http" || url.scheme == "wss" || url.scheme == "ws" else {
            throw RulesError(path, .originNotWeb(text, scheme: url.scheme))
        }
        if url.pathname != "/" || url.query != nil || url.fragment != nil || !url.username.isEmpty || !url.password.isEmpty {
            throw RulesError(path, .notAnOrigin(text))
        }
        if isWildcard && !url.hostname.contains(".") {
            throw RulesError(path, .wildcardWithoutDomain(text))
        }
        return OriginPattern(scheme: url.scheme, host: url.hostname, isWildcard: isWildcard,
                             port: url.effectivePort, text: text, keyPath: path)
    }

    /// Names identify rules in decisions and transcripts: none empty, none used twice.
    static func checkNames(_ rules: Rules) throws(RulesError) {
        var seen: [String: String] = [:]
        let named = rules.sentinels.map { ($0.name, $0.keyPath) } + rules.schemes.map { ($0.name, $0.keyPath) }
        for (name, keyPath) in named {
            if name.isEmpty { throw RulesError("\(keyPath).name", .emptyName) }
            if let first = seen[name] {
                throw RulesError("\(keyPath).name", .nameTaken(name, firstKeyPath: first))
            }
            seen[name] = keyPath
        }
    }

    /// `frames`: "main", "sub" or "any", or a list of "main" and "sub" (["main"], ["main", "sub"]).
    static func frames(_ value: Any?, path: String) throws(RulesError) -> FrameScope? {
        guard let value else { return nil }
        if let text = value as? String {
            guard let scope = FrameScope(rawValue: text) else { throw RulesError(path, .unknownFrames(text)) }
            return scope
        }
        guard let list = value as? [Any], !list.isEmpty else { throw RulesError(path, .framesNotScopeOrList) }
        var main = false, sub = false
        for (i, item) in list.enumerated() {
            switch item as? String {
            case "main": main = true
            case "sub": sub = true
            case "any": main = true; sub = true
            default: throw RulesError("\(path)[\(i)]", .unknownFrame)
            }
        }
        return main && sub ? .any : main ? .main : .sub
    }

    static func sentinel(_ value: Any, path: String) throws(RulesError) -> SentinelRule {
        guard let object = value as? [String: Any] else { throw RulesError(path, .sentinelNotObject) }
        let reader = ObjectReader(object, path: path)
        try reader.only(Self.sentinelKeys)
        let uriText = try reader.string("redirectURI", required: true)!
        let uri: BrowserURL
        switch BrowserURL.parse(uriText) {
        case .success(let parsed): uri = parsed
        case .failure(let error): throw RulesError("\(path).redirectURI", .redirectURINotURL(uriText, error))
        }
        if !uri.username.isEmpty || !uri.password.isEmpty {
            throw RulesError("\(path).redirectURI", .redirectURIHasCredentials(uriText))
        }
        if uri.fragment != nil {
            throw RulesError("\(path).redirectURI", .redirectURIHasFragment(uriText))
        }
        if uri.query != nil {
            throw RulesError("\(path).redirectURI", .redirectURIHasQuery(uriText))
        }
        if uri.hasOpaquePath {
            throw RulesError("\(path).redirectURI", .redirectURIHasNoPath(uriText))
        }
        var rule = SentinelRule(name: try reader.string("name") ?? path, redirectURI: uri, keyPath: path)
        if let mode = try reader.string("responseMode") {
            guard let parsed = ResponseMode(rawValue: mode) else {
                throw RulesError("\(path).responseMode", .unknownResponseMode(mode))
            }
            rule.responseMode = parsed
        }
        rule.require = try reader.strings("require")
        rule.forbid = try reader.strings("forbid")
        if rule.responseMode == .formPost && !(rule.require.isEmpty && rule.forbid.isEmpty) {
            throw RulesError("\(path).\(rule.require.isEmpty ? "forbid" : "require")", .formPostReadsURL)
        }
        rule.trailingSlash = try reader.bool("trailingSlash") ?? false
        rule.loopbackAnyPort = try reader.bool("loopbackAnyPort") ?? false
        if let frames = try Self.frames(object["frames"], path: "\(path).frames") { rule.frames = frames }
        rule.action = try reader.action("action") ?? .cancel
        if rule.loopbackAnyPort && !uri.isLoopback {
            throw RulesError("\(path).loopbackAnyPort", .anyPortNotLoopback(host: uri.hostname))
        }
        if let both = rule.require.first(where: rule.forbid.contains) {
            throw RulesError("\(path).forbid", .requiredAndForbidden(both))
        }
        return rule
    }

    static func javascriptInterface(_ value: Any, path: String) throws(RulesError) -> JavascriptInterface {
        guard let object = value as? [String: Any] else { throw RulesError(path, .interfaceNotObject) }
        let reader = ObjectReader(object, path: path)
        try reader.only(Self.interfaceKeys)
        let name = try reader.string("name", required: true)!
        guard isIdentifier(name) else { throw RulesError("\(path).name", .interfaceNameNotIdentifier(name)) }
        let methods = try reader.strings("methods")
        if methods.isEmpty { throw RulesError("\(path).methods", .noMethods) }
        for (i, method) in methods.enumerated() where !isIdentifier(method) {
            throw RulesError("\(path).methods[\(i)]", .methodNotIdentifier(method))
        }
        var interface = JavascriptInterface(name: name, methods: methods, keyPath: path)
        if let protocolName = try reader.string("protocol") {
            guard let parsed = BridgeProtocol(rawValue: protocolName) else {
                throw RulesError("\(path).protocol", .unknownProtocol(protocolName))
            }
            interface.bridgeProtocol = parsed
        }
        return interface
    }

    /// An ASCII JavaScript identifier: a letter, `_` or `$`, then letters, digits, `_` or `$`.
    static func isIdentifier(_ text: String) -> Bool {
        func start(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c == "$" }
        guard let first = text.unicodeScalars.first, start(first) else { return false }
        return text.unicodeScalars.allSatisfy { start($0) || ("0"..."9").contains($0) }
    }

    static func schemeRule(_ value: Any, path: String) throws(RulesError) -> SchemeRule {
        guard let object = value as? [String: Any] else { throw RulesError(path, .schemeRuleNotObject) }
        let reader = ObjectReader(object, path: path)
        try reader.only(Self.schemeRuleKeys)
        var scheme = try reader.string("scheme", required: true)!.lowercased()
        if scheme.hasSuffix(":") { scheme.removeLast() }
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
              scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }) else {
            throw RulesError("\(path).scheme", .notAScheme(scheme))
        }
        if ["http", "https", "ws", "wss", "ftp"].contains(scheme) {
            throw RulesError("\(path).scheme", .webScheme(scheme))
        }
        var rule = SchemeRule(name: try reader.string("name") ?? path, scheme: scheme, keyPath: path)
        if let protocolName = try reader.string("protocol") {
            guard let parsed = BridgeProtocol(rawValue: protocolName) else {
                throw RulesError("\(path).protocol", .unknownProtocol(protocolName))
            }
            rule.bridgeProtocol = parsed
        }
        rule.route = try reader.string("route")
        if rule.route != nil && rule.bridgeProtocol != nil {
            throw RulesError("\(path).route", .protocolAndRoute)
        }
        if let route = rule.route, route.isEmpty || route.hasPrefix("/") {
            throw RulesError("\(path).route", .routeNotHostOrSegment(route))
        }
        rule.require = try reader.strings("require")
        if !rule.require.isEmpty && rule.bridgeProtocol != nil {
            throw RulesError("\(path).require", .requireOnBridge)
        }
        rule.action = try reader.action("action") ?? .cancel
        return rule
    }
}

/// Typed reads from one JSON object, each error naming the key path.
struct ObjectReader {
    let object: [String: Any]
    let path: String

    init(_ object: [String: Any], path: String) {
        self.object = object
        self.path = path
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Rejects keys outside `known`, suggesting the nearest known one.
    func only(_ known: [String]) throws(RulesError) {
        if let unknown = KnownKeys.firstUnknown(in: object, known: known) {
            throw RulesError(keyPath(unknown.key), .unknownKey(suggestion: unknown.suggestion, known: known))
        }
    }

    func string(_ key: String, required: Bool = false) throws(RulesError) -> String? {
        guard let value = object[key], !(value is NSNull) else {
            if required { throw RulesError(keyPath(key), .missing) }
            return nil
        }
        guard let string = value as? String else { throw RulesError(keyPath(key), .wrongType(.string)) }
        return string
    }

    func bool(_ key: String) throws(RulesError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard let number = value as? NSNumber, Self.isBoolean(number) else {
            throw RulesError(keyPath(key), .wrongType(.boolean))
        }
        return number.boolValue
    }

    func int(_ key: String, required: Bool = false) throws(RulesError) -> Int? {
        guard let value = object[key] else {
            if required { throw RulesError(keyPath(key), .missing) }
            return nil
        }
        guard let number = value as? NSNumber, !Self.isBoolean(number), let int = Int(exactly: number.doubleValue) else {
            throw RulesError(keyPath(key), .wrongType(.wholeNumber))
        }
        return int
    }

    /// JSON true/false (JSONSerialization gives an NSNumber of type "c" for them, on Linux and Apple alike).
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    func array(_ key: String) throws(RulesError) -> [Any] {
        guard let value = object[key] else { return [] }
        guard let array = value as? [Any] else { throw RulesError(keyPath(key), .wrongType(.array)) }
        return array
    }

    func strings(_ key: String) throws(RulesError) -> [String] {
        var result: [String] = []
        for (i, item) in try array(key).enumerated() {
            guard let string = item as? String, !string.isEmpty else {
                throw RulesError("\(keyPath(key))[\(i)]", .wrongType(.nonEmptyString))
            }
            result.append(string)
        }
        return result
    }

    func action(_ key: String) throws(RulesError) -> PolicyAction? {
        guard let text = try string(key) else { return nil }
        guard let action = PolicyAction(rawValue: text) else {
            throw RulesError(keyPath(key), .unknownAction(text))
        }
        return action
    }
}
