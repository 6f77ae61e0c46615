// LoggedURL.swift: what a BrowserURL and its parameters print as when an app logs them (`print`, `dump`,
// `debugPrint`, "\(url)", os_log's %@): the href with every credential masked by SecretPolicy, the one policy
// the command-line tool masks by. The whole value stays one accessor away (`href`, `value`).
//
// The tool's renderer (SecretMasking's Redactor) sits above the engine and cannot be linked by it, so the
// masking here is its own, and errs the other way: where the renderer reads further to show more (a URL
// carried in a parameter, a bridge's JSON arguments), this masks the whole value. What it masks: both
// halves of the userinfo; a query, fragment or opaque path's value when its name is a secret, when it
// decodes to a credential's shape, when it is JSON (a bridge's arguments), or when pairs or a URL it
// carries hold one; a hierarchical path's `name=value` pair with a secret name; and a credential's shape
// wherever it stands (a host label, a path segment, a deep link's route, a query with no "="). A mask is SecretMask's: the value's length, and its
// first four characters only when it is long and they are plain.
import SecretPolicy
import SensitiveText

extension BrowserURL: CustomDebugStringConvertible, CustomReflectable {
    /// The href with its credentials masked: what `print` and string interpolation show.
    public var description: String { maskedHref }

    /// The href with its credentials masked, quoted (what `debugPrint` and a collection's description show).
    public var debugDescription: String { "BrowserURL(\"" + maskedHref + "\")" }

    /// One child, the masked href: what `dump` and a debugger show.
    public var customMirror: Mirror { Mirror(self, children: ["href": maskedHref], displayStyle: .struct) }

    /// The href with every credential masked by SecretPolicy.
    public var maskedHref: String {
        var out = self.protocol
        if hasHost {
            out += "//"
            let username = self.username, password = self.password
            if !username.isEmpty || !password.isEmpty {
                out += LogMask.mask(raw: username[...]) + (password.isEmpty ? "" : ":" + LogMask.mask(raw: password[...])) + "@"
            }
            out += host
        } else if !hasOpaquePath && pathname.hasPrefix("//") {
            out += "/."
        }
        out += hasOpaquePath ? LogMask.pairs(pathname[...]) : LogMask.pathPairs(pathname[...])
        if let query { out += "?" + LogMask.pairs(query[...]) }
        if let fragment { out += "#" + LogMask.pairs(fragment[...]) }
        return LogMask.shapes(out)
    }
}

extension FormParameter: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `name=value`, the value masked when the name is a secret or the value a credential by its shape.
    public var description: String { name + "=" + LogMask.value(value, named: name) }
    public var debugDescription: String { "FormParameter(" + description + ")" }
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "value": LogMask.value(value, named: name)], displayStyle: .struct)
    }
}

extension FormParameters: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The pairs as `name=value&…`, each value masked as `FormParameter` masks it.
    public var description: String { map(\.description).joined(separator: "&") }
    public var debugDescription: String { "FormParameters(" + description + ")" }
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}

/// The masking above, on a URL's parts; the engine's other values mask their URLs and texts by it too.
package enum LogMask {
    /// The mask of a value as it stands (still encoded): its decoded length (SecretMask).
    static func mask(raw: Substring) -> String {
        SecretMask.mask(count: FormParameters.decodeComponent(raw).count, raw: raw.utf8)
    }

    /// A decoded value as it prints: masked when `name` is a secret, when it is a credential by its shape,
    /// or when it carries pairs or a URL of its own.
    package static func value(_ value: String, named name: String) -> String {
        isSecret(value: value, named: name) ? SecretMask.mask(value) : value
    }

    static func isSecret(value: String, named name: String) -> Bool {
        guard !value.isEmpty else { return false }
        if SecretParameters.standard.isSecret(name) || CredentialShape.matches(value) || CredentialShape.contains(in: value) { return true }
        // Pairs or a URL of its own that hold a credential: the value is masked whole (each is shorter than
        // the text it stands in, so this ends).
        // JSON (a bridge's arguments): its keys are not read here, so all of it.
        if let first = value.utf8.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return true }
        if value.utf8.contains(UInt8(ascii: "=")), pairs(value[...]) != value { return true }
        if value.utf8.contains(UInt8(ascii: ":")), case .success(let url) = BrowserURL.parse(value), url.maskedHref != url.href { return true }
        return false
    }

    /// An application/x-www-form-urlencoded string (a query, a fragment, an opaque path) with the values
    /// `value(_:named:)` masks masked where they stand, everything else kept byte for byte.
    package static func pairs(_ raw: Substring) -> String {
        raw.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard let equals = part.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                // No name (`#eyJ…`, a URL carried whole): judged as a value.
                return isSecret(value: FormParameters.decodeComponent(part), named: "") ? mask(raw: part) : String(part)
            }
            let value = part[part.utf8.index(after: equals)...]
            let name = FormParameters.decodeComponent(part[..<equals])
            return isSecret(value: FormParameters.decodeComponent(value), named: name) ? part[...equals] + mask(raw: value) : String(part)
        }.joined(separator: "&")
    }

    /// A hierarchical path with the values of its `name=value` pairs masked where the name is a secret.
    package static func pathPairs(_ path: Substring) -> String {
        PathPairs.maskingSecretValues(in: path, isSecret: SecretParameters.standard.isSecret, mask: mask(raw:))
    }

    /// `text` with every credential by its shape masked where it stands (CredentialShape's one scan).
    package static func shapes(_ text: String) -> String {
        CredentialShape.replacingCredentials(in: text, with: SecretMask.mask)
    }
}

extension LogMask {
    /// A URL as a string (a web view's report, a rule's): its masked href when it parses; else, as typed,
    /// its query's and fragment's values masked as `pairs` masks them and its credentials by shape.
    package static func url(_ raw: String) -> String {
        if case .success(let url) = BrowserURL.parse(raw) { return url.maskedHref }
        var head = Substring(raw), tail = ""
        if let hash = head.utf8.firstIndex(of: UInt8(ascii: "#")) {
            tail = "#" + pairs(head[head.utf8.index(after: hash)...])
            head = head[..<hash]
        }
        if let question = head.utf8.firstIndex(of: UInt8(ascii: "?")) {
            tail = "?" + pairs(head[head.utf8.index(after: question)...]) + tail
            head = head[..<question]
        }
        return shapes(pathPairs(head) + tail)
    }

    /// A part of a URL as text (a path, a route, a host): its secret `name=value` pairs and its credentials by
    /// shape masked.
    package static func part(_ text: String) -> String { shapes(pathPairs(text[...])) }
}
