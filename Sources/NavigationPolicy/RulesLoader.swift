// RulesLoader.swift: reads a rules file (JSON, v1) into `Rules`, rejecting anything it cannot honour
// with a RulesError that names the key path (`sentinels[1].redirectURI`) and the problem (a RulesProblem):
// what JSONDocument refuses in any document of ours (encoding, syntax, repeated or unknown keys, wrong types),
// then URLs that do not parse, wildcards in the wrong place, and rules that can never fire. Each object's
// keys are an enum below: the reader takes nothing else, so the keys read are the keys allowed.
import BrowserURL
import JSONText
import SensitiveText

/// A rules file that cannot be used, where, and why.
public struct RulesError: JSONDocumentProblems, Sendable, Hashable, CustomStringConvertible {
    /// The key path, e.g. `sentinels[1].redirectURI` (empty for the whole file).
    public let keyPath: String
    public let problem: RulesProblem
    /// The file, when the rules came from one.
    public var file: String?
    /// Where in the file the key path is (1-based line and byte column), when the rules came from one.
    public var line: Int?
    public var column: Int?
    /// The file's other problems, in the order they were found (the loader reports every problem at once).
    public var others: [RulesError] = []

    public init(_ keyPath: String, _ problem: RulesProblem, file: String? = nil) {
        self.keyPath = keyPath
        self.problem = problem
        self.file = file
    }

    public init(keyPath: String, reading problem: JSONReadProblem) { self.init(keyPath, .json(problem)) }

    public var isSyntax: Bool { if case .json(.syntax) = problem { true } else { false } }

    /// The problem's case alone: a key path is made of the file's keys, which may be a credential. The
    /// output module words the error with the file, the key path and the values, each masked.
    public var description: String { Mirror(reflecting: problem).children.first?.label ?? "\(problem)" }
}

public enum RulesLoader {
    typealias Reader<Key: JSONDocumentKey> = JSONObjectReader<Key, RulesError>

    enum TopLevelKey: String, JSONDocumentKey {
        case version, `default`, allow, sentinels, schemes, handlers, expectedState, description, platform, javascriptInterfaces
    }
    enum SentinelKey: String, JSONDocumentKey {
        case name, redirectURI, responseMode, require, forbid, trailingSlash, loopbackAnyPort, frames, action, description
    }
    enum InterfaceKey: String, JSONDocumentKey {
        case name, methods, `protocol`, description
    }
    enum SchemeRuleKey: String, JSONDocumentKey {
        case name, scheme, `protocol`, route, require, action, description
    }

    /// Reads rules from JSON text (a rules file the app bundles as a string).
    public static func parse(_ text: String) throws(RulesError) -> Rules {
        try parse(text.utf8)
    }

    /// Reads rules from JSON bytes. Every problem the file has is found, not the first only: each key, each
    /// allowed origin, each rule and each handler is read on its own, and the first problem is thrown with the
    /// others in its `others` (a file that is not JSON, or not version 1, stops at that).
    public static func parse(_ bytes: some Sequence<UInt8>) throws(RulesError) -> Rules {
        let document = try JSONDocument.object(fileBytes: Array(bytes), as: RulesError.self)
        var problems: [RulesError] = []
        /// Runs `read`; a problem it throws is kept and reading goes on.
        @discardableResult
        func attempt<Value>(_ read: () throws(RulesError) -> Value) -> Value? {
            do { return try read() } catch { problems.append(error); return nil }
        }
        // Unknown keys are all reported; the known ones are still read.
        let reader = try Reader<TopLevelKey>(JSONDocument.knownMembers(of: document, keys: TopLevelKey.self, as: RulesError.self) { problems.append($0) }, at: "")
        var rules = Rules()
        let version = try reader.required(.version, reader.wholeNumber)
        if version != 1 { throw RulesError("version", .unsupportedVersion(version)) }
        rules.defaultAction = (attempt { () throws(RulesError) in try action(reader, .default) } ?? nil) ?? .cancel
        rules.expectedState = attempt { () throws(RulesError) in try reader.string(.expectedState) } ?? nil
        attempt { () throws(RulesError) in
            if let name = try reader.string(.platform) {
                guard let platform = Platform(rawValue: name) else { throw RulesError("platform", .unknownPlatform(name)) }
                rules.platform = platform
            }
            _ = try reader.string(.description)
        }
        for element in attempt({ () throws(RulesError) in try reader.elements(.allow) }) ?? [] {
            if let pattern = attempt({ () throws(RulesError) in
                try originPattern(JSONRead<RulesError>.string(element.value, at: element.keyPath), path: element.keyPath)
            }) { rules.allow.append(pattern) }
        }
        for element in attempt({ () throws(RulesError) in try reader.elements(.sentinels) }) ?? [] {
            if let sentinel = attempt({ () throws(RulesError) in try Self.sentinel(Reader<SentinelKey>(element.value, at: element.keyPath)) }) {
                rules.sentinels.append(sentinel)
            }
        }
        for element in attempt({ () throws(RulesError) in try reader.elements(.schemes) }) ?? [] {
            if let scheme = attempt({ () throws(RulesError) in try schemeRule(Reader<SchemeRuleKey>(element.value, at: element.keyPath)) }) {
                rules.schemes.append(scheme)
            }
        }
        for element in attempt({ () throws(RulesError) in try reader.elements(.javascriptInterfaces) }) ?? [] {
            attempt { () throws(RulesError) in
                let interfaceReader = try Reader<InterfaceKey>(element.value, at: element.keyPath)
                let interface = try javascriptInterface(interfaceReader)
                if rules.javascriptInterfaces.contains(where: { $0.name == interface.name }) {
                    throw RulesError(interfaceReader.path(.name), .interfaceAddedTwice(interface.name))
                }
                rules.javascriptInterfaces.append(interface)
            }
        }
        attempt { () throws(RulesError) in try checkNames(rules) }
        if let value = reader.value(.handlers) {
            let path = reader.path(.handlers)
            let table: [String: JSONValue] = attempt({ () throws(RulesError) in try JSONRead<RulesError>.members(value, at: path) }) ?? [:]
            for event in table.keys.sorted() {
                attempt { () throws(RulesError) in
                    if event.isEmpty { throw RulesError(path, .emptyEventName) }
                    let eventPath = JSONKeyPath.member(event, of: path)
                    let names = try JSONRead<RulesError>.elements(table[event]!, at: eventPath).map { (element) throws(RulesError) in
                        try JSONRead<RulesError>.string(element.value, at: element.keyPath, nonEmpty: true)
                    }
                    if names.isEmpty { throw RulesError(eventPath, .noHandlers) }
                    rules.handlers.append(EventHandlers(event: event, handlers: names, keyPath: eventPath))
                }
            }
        }
        // The rules' consistency with each other is judged on rules that each read well.
        if problems.isEmpty { attempt { () throws(RulesError) in try RulesConsistency.check(rules) } }
        try RulesError.throwAll(problems)
        return rules
    }

    /// An action word at `key` (allow or cancel).
    static func action<Key>(_ reader: Reader<Key>, _ key: Key) throws(RulesError) -> PolicyAction? {
        guard let text = try reader.string(key) else { return nil }
        guard let action = PolicyAction(rawValue: text) else { throw RulesError(reader.path(key), .unknownAction(text)) }
        return action
    }

    static func originPattern(_ text: String, path: String) throws(RulesError) -> OriginPattern {
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
    static func frames(_ value: JSONValue?, path: String) throws(RulesError) -> FrameScope? {
        guard let value else { return nil }
        if case .string(let text) = value {
            guard let scope = FrameScope(rawValue: text) else { throw RulesError(path, .unknownFrames(text)) }
            return scope
        }
        guard case .array(let list) = value, !list.isEmpty else { throw RulesError(path, .framesNotScopeOrList) }
        var main = false, sub = false
        for (i, item) in list.enumerated() {
            switch item.stringValue {
            case "main": main = true
            case "sub": sub = true
            case "any": main = true; sub = true
            default: throw RulesError("\(path)[\(i)]", .unknownFrame)
            }
        }
        return main && sub ? .any : main ? .main : .sub
    }

    static func sentinel(_ reader: Reader<SentinelKey>) throws(RulesError) -> SentinelRule {
        let path = reader.keyPath
        _ = try reader.string(.description)
        let uriText = try reader.required(.redirectURI, reader.string)
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
        var rule = SentinelRule(name: try reader.string(.name) ?? path, redirectURI: uri, keyPath: path)
        if let mode = try reader.string(.responseMode) {
            guard let parsed = ResponseMode(rawValue: mode) else {
                throw RulesError("\(path).responseMode", .unknownResponseMode(mode))
            }
            rule.responseMode = parsed
        }
        rule.require = try reader.strings(.require) ?? []
        rule.forbid = try reader.strings(.forbid) ?? []
        if rule.responseMode == .formPost && !(rule.require.isEmpty && rule.forbid.isEmpty) {
            throw RulesError("\(path).\(rule.require.isEmpty ? "forbid" : "require")", .formPostReadsURL)
        }
        rule.trailingSlash = try reader.bool(.trailingSlash) ?? false
        rule.loopbackAnyPort = try reader.bool(.loopbackAnyPort) ?? false
        if let frames = try Self.frames(reader.value(.frames), path: reader.path(.frames)) { rule.frames = frames }
        rule.action = try action(reader, .action) ?? .cancel
        if rule.loopbackAnyPort && !uri.isLoopback {
            throw RulesError("\(path).loopbackAnyPort", .anyPortNotLoopback(host: uri.hostname))
        }
        if let both = rule.require.first(where: rule.forbid.contains) {
            throw RulesError("\(path).forbid", .requiredAndForbidden(both))
        }
        return rule
    }

    static func javascriptInterface(_ reader: Reader<InterfaceKey>) throws(RulesError) -> JavascriptInterface {
        let path = reader.keyPath
        _ = try reader.string(.description)
        let name = try reader.required(.name, reader.string)
        guard isIdentifier(name) else { throw RulesError("\(path).name", .interfaceNameNotIdentifier(name)) }
        let methods = try reader.strings(.methods) ?? []
        if methods.isEmpty { throw RulesError("\(path).methods", .noMethods) }
        for (i, method) in methods.enumerated() where !isIdentifier(method) {
            throw RulesError("\(path).methods[\(i)]", .methodNotIdentifier(method))
        }
        var interface = JavascriptInterface(name: name, methods: methods, keyPath: path)
        if let protocolName = try reader.string(.protocol) {
            guard let parsed = BridgeProtocol(rawValue: protocolName) else {
                throw RulesError("\(path).protocol", .unknownProtocol(protocolName))
            }
            interface.bridgeProtocol = parsed
        }
        return interface
    }

    /// The schemes a `schemes` rule may not take: the web's, which origins and sentinels decide.
    public static let webSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    /// An ASCII JavaScript identifier: a letter, `_` or `$`, then letters, digits, `_` or `$`.
    public static func isIdentifier(_ text: String) -> Bool {
        func start(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c == "$" }
        guard let first = text.unicodeScalars.first, start(first) else { return false }
        return text.unicodeScalars.allSatisfy { start($0) || ("0"..."9").contains($0) }
    }

    static func schemeRule(_ reader: Reader<SchemeRuleKey>) throws(RulesError) -> SchemeRule {
        let path = reader.keyPath
        _ = try reader.string(.description)
        var scheme = try reader.required(.scheme, reader.string).lowercased()
        if scheme.hasSuffix(":") { scheme.removeLast() }
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
              scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }) else {
            throw RulesError("\(path).scheme", .notAScheme(scheme))
        }
        if webSchemes.contains(scheme) {
            throw RulesError("\(path).scheme", .webScheme(scheme))
        }
        var rule = SchemeRule(name: try reader.string(.name) ?? path, scheme: scheme, keyPath: path)
        if let protocolName = try reader.string(.protocol) {
            guard let parsed = BridgeProtocol(rawValue: protocolName) else {
                throw RulesError("\(path).protocol", .unknownProtocol(protocolName))
            }
            rule.bridgeProtocol = parsed
        }
        rule.route = try reader.string(.route)
        if rule.route != nil && rule.bridgeProtocol != nil {
            throw RulesError("\(path).route", .protocolAndRoute)
        }
        if let route = rule.route, route.isEmpty || route.hasPrefix("/") {
            throw RulesError("\(path).route", .routeNotHostOrSegment(route))
        }
        rule.require = try reader.strings(.require) ?? []
        if !rule.require.isEmpty && rule.bridgeProtocol != nil {
            throw RulesError("\(path).require", .requireOnBridge)
        }
        rule.action = try action(reader, .action) ?? .cancel
        return rule
    }
}
