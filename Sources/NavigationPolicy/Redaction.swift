// Redaction.swift: the one place that knows which parameters are secrets (codes, tokens, state, PINs,
// passwords) and how they are masked: a short prefix and the length, never the value. Every string a
// command prints goes through here: URLs (userinfo, query, fragment, opaque paths, JSON carried in a
// parameter such as Janrain's `arguments=`), parameters, bridge payloads, free text that quotes a URL or
// a `name=value` (finding messages, explanations, diffs), and file names that are URLs. `--reveal` turns
// masking off and nothing else; control characters are escaped for terminals whatever --reveal says.
import BrowserURL

/// Which parameter names carry secrets, compared without case, "_" or "-" (access_token = accessToken).
public struct SecretParameters: Sendable {
    public static let standard = SecretParameters(names: [
        "code", "access_token", "id_token", "refresh_token", "token", "tokenId", "state", "pin", "password",
        "accessToken", "authorizationCode", "client_secret", "code_verifier", "session_token", "otp",
        "oneTime", "assertion", "SAMLResponse", "jwt", "secret", "apiKey", "key", "ticket", "pinCode", "passcode",
        "sessionId", "sid", "authorization", "cookie", "oobCode", "verificationCode",
    ])
    /// Name endings that make any name a secret (currentPassword, refresh_token, client_secret), compared
    /// after normalizing: `tokenUrl` and `tokenAction` (Janrain settings) are not secrets, `newPassword` is.
    static let secretSuffixes = ["token", "password", "secret", "passcode"]

    private let normalizedNames: Set<String>

    public init(names: [String]) {
        normalizedNames = Set(names.map(Self.normalize))
    }

    /// Whether a parameter of this name is a secret.
    public func isSecret(_ name: String) -> Bool {
        let normalized = Self.normalize(name)
        return normalizedNames.contains(normalized) || Self.secretSuffixes.contains { normalized.hasSuffix($0) }
    }

    static func normalize(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
}

/// Masks secrets in values, parameter strings and URLs.
public struct Redactor: Sendable {
    public let secrets: SecretParameters
    /// When false (`--reveal`), everything passes through unchanged.
    public let isEnabled: Bool

    public init(secrets: SecretParameters = .standard, isEnabled: Bool = true) {
        self.secrets = secrets
        self.isEnabled = isEnabled
    }

    /// A secret value as "abcd…(40)": up to a quarter of it (at most four characters) and its length in
    /// characters.
    public func mask(_ value: String) -> String {
        guard isEnabled, !Self.isMask(Substring(value)) else { return value }
        let count = value.count
        if count == 0 { return "" }
        return String(value.prefix(Self.shown(count))) + "…(\(count))"
    }

    /// Whether a value is already a mask ("abcd…(40)"), so masking twice changes nothing.
    static func isMask(_ value: Substring) -> Bool {
        guard value.hasSuffix(")"), let open = value.range(of: "…(") else { return false }
        let digits = value[open.upperBound...].dropLast()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// How many characters of a secret of `count` characters a mask shows.
    static func shown(_ count: Int) -> Int { min(4, count / 4) }

    /// A secret that stands percent-encoded in a URL or form string: the characters shown keep their
    /// encoding (so the masked URL still reads as one), the length counts decoded characters.
    public func maskEncoded(_ raw: Substring) -> String {
        guard isEnabled, !Self.isMask(raw) else { return String(raw) }
        let decoded = FormParameters.decodeComponent(raw)
        let count = decoded.count
        if count == 0 { return "" }
        let wanted = Self.shown(count)
        // Walk the raw text unit by unit (a %XX triple or one byte) until the decoded prefix holds the
        // characters shown and ends on a whole UTF-8 sequence.
        let bytes = Array(raw.utf8)
        var i = 0
        var prefix: [UInt8] = []
        while wanted > 0 && i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let byte = UInt8(String(decoding: bytes[i + 1...i + 2], as: UTF8.self), radix: 16) {
                prefix.append(byte)
                i += 3
            } else {
                prefix.append(bytes[i] == UInt8(ascii: "+") ? 0x20 : bytes[i])
                i += 1
            }
            let text = String(decoding: prefix, as: UTF8.self)
            if !text.unicodeScalars.contains("\u{FFFD}") && text.count >= wanted { break }
        }
        return String(decoding: bytes[..<i], as: UTF8.self) + "…(\(count))"
    }

    /// The value for `name`, masked when the name is a secret; a value that holds JSON has its secret keys
    /// masked.
    public func value(_ value: String, forParameter name: String) -> String {
        guard isEnabled else { return value }
        if secrets.isSecret(name) { return mask(value) }
        if value.hasPrefix("[") || value.hasPrefix("{"), let json = JSONValue.parse(value) { return self.json(json).jsonText }
        return value
    }

    /// An application/x-www-form-urlencoded string with the secret values masked (their shown characters
    /// keep their encoding) and JSON values (Janrain's `arguments=`) masked by key and re-encoded as
    /// encodeURIComponent does; everything else is kept byte for byte.
    public func redactFormEncoded(_ raw: String) -> String {
        guard isEnabled, !raw.isEmpty else { return raw }
        var changed = false
        let parts = raw.split(separator: "&", omittingEmptySubsequences: false).map { part -> Substring in
            guard let equals = part.firstIndex(of: "=") else { return part }
            var name = FormParameters.decodeComponent(part[..<equals])
            // A whole URL carried in a fragment (`#https://host/cb?code=…`): its first pair's name is the
            // part after the last "?".
            if name.utf8.contains(UInt8(ascii: "?")), let question = name.lastIndex(of: "?") { name = String(name[name.index(after: question)...]) }
            let rawValue = part[part.index(after: equals)...]
            if secrets.isSecret(name) {
                changed = true
                return part[...equals] + maskEncoded(rawValue)
            }
            // A URL carried in a value (`redirect_uri=https%3A%2F%2Fhost%2Fcb%3Fcode%3D…`): its own secrets
            // masked, the value re-encoded only when it came encoded.
            if Self.mayCarryPairs(rawValue.utf8) {
                let decoded = FormParameters.decodeComponent(rawValue)
                if decoded.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ":") }) {
                    let inner = rawURL(decoded)
                    if inner != decoded {
                        changed = true
                        let plain = !rawValue.contains("%") && !rawValue.contains("+")
                        return part[...equals] + (plain ? inner : Self.encodeURIComponent(inner).replacing("%E2%80%A6", with: "…"))
                    }
                }
            }
            guard let first = rawValue.first, first == "%" || first == "[" || first == "{" else { return part }
            let decoded = FormParameters.decodeComponent(rawValue)
            guard decoded.hasPrefix("[") || decoded.hasPrefix("{"), let value = JSONValue.parse(decoded) else { return part }
            let masked = json(value)
            guard masked != value else { return part }
            changed = true
            return part[...equals] + Self.encodeURIComponent(masked.jsonText)
        }
        return changed ? parts.joined(separator: "&") : raw
    }

    /// The URL's components with secrets masked: the password, secret query and fragment parameters,
    /// an opaque path read as parameters (`janrain:accessToken=…`), and secret `name=value` pairs in a
    /// hierarchical path (`/x;code=…`), as `rawURL` masks them in raw input.
    public func components(of url: BrowserURL) -> RedactedURL {
        let pathname = url.hasOpaquePath ? redactFormEncoded(url.pathname) : maskPathPairs(url.pathname[...])
        let query = url.query.map(redactFormEncoded)
        let fragment = url.fragment.map(redactFormEncoded)
        let password = url.password.isEmpty ? "" : maskEncoded(Substring(url.password))
        var href = url.protocol
        if url.hasHost {
            href += "//"
            if !url.username.isEmpty || !password.isEmpty {
                href += url.username + (password.isEmpty ? "" : ":" + password) + "@"
            }
            href += url.host
        } else if !url.hasOpaquePath && pathname.hasPrefix("//") {
            href += "/."
        }
        href += pathname
        if let query { href += "?" + query }
        if let fragment { href += "#" + fragment }
        return RedactedURL(
            href: href, origin: url.origin, protocol: url.protocol, username: url.username, password: password,
            host: url.host, hostname: url.hostname, port: url.port, pathname: pathname,
            search: (query ?? "").isEmpty ? "" : "?" + query!, hash: (fragment ?? "").isEmpty ? "" : "#" + fragment!)
    }

    /// The URL's href with secrets masked.
    public func href(_ url: BrowserURL) -> String { components(of: url).href }

    /// Raw input as typed (not normalized): the query, the fragment, and an opaque path
    /// (`janrain:accessToken=…`) have their secret parameters masked; the rest is kept as it is.
    public func rawURL(_ input: String) -> String {
        guard isEnabled else { return input }
        var head = Substring(input)
        var tail = ""
        if let hash = head.firstIndex(of: "#") {
            tail = "#" + redactFormEncoded(String(head[head.index(after: hash)...]))
            head = head[..<hash]
        }
        if let question = head.firstIndex(of: "?") {
            tail = "?" + redactFormEncoded(String(head[head.index(after: question)...])) + tail
            head = head[..<question]
        }
        // Userinfo: "scheme://user:password@host"; the password is masked (the last "@" before the path
        // ends the userinfo, as the URL parser reads it). In the path, `name=value` pairs with a secret name
        // (`/janrain:accessToken=…`, `;code=…`) are masked too.
        if let slashes = head.range(of: "://") {
            let authorityEnd = head[slashes.upperBound...].firstIndex(of: "/") ?? head.endIndex
            let path = maskPathPairs(head[authorityEnd...])
            head = head[..<authorityEnd]
            let authority = head[slashes.upperBound...]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":"),
               authority.index(after: colon) < at {
                head = Substring(String(head[...colon]) + maskEncoded(head[head.index(after: colon)..<at]) + head[at...])
            }
            return head + path + tail
        }
        // An opaque path: "scheme:" not followed by "/".
        if let colon = head.firstIndex(of: ":"), head[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           !head[head.index(after: colon)...].hasPrefix("/") {
            head = head[...colon] + redactFormEncoded(String(head[head.index(after: colon)...]))
        }
        return head + tail
    }

    /// Whether a raw value may hold `name=value` pairs of its own: an "=", plain or as "%3D", read on the
    /// bytes (every parameter of every rendered URL is asked; Foundation's substring search cost 12% of a
    /// JSON replay here).
    static func mayCarryPairs(_ bytes: Substring.UTF8View) -> Bool {
        var percent = 0  // how far into "%3D" the scan is
        for byte in bytes {
            if byte == UInt8(ascii: "=") { return true }
            switch (percent, byte) {
            case (_, UInt8(ascii: "%")): percent = 1
            case (1, UInt8(ascii: "3")): percent = 2
            case (2, UInt8(ascii: "D")), (2, UInt8(ascii: "d")): return true
            default: percent = 0
            }
        }
        return false
    }

    /// A path with the values of `name=value` pairs masked where the name (the letters, digits, "_" and
    /// "-" just before "=") is a secret; a value ends at "/", ";", "&" or ",". Everything else is kept.
    func maskPathPairs(_ path: Substring) -> String {
        guard path.utf8.contains(UInt8(ascii: "=")) else { return String(path) }
        var out = ""
        var rest = path
        while let equals = rest.firstIndex(of: "=") {
            let before = rest[..<equals]
            let nameStart = before.lastIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")) }
                .map { before.index(after: $0) } ?? before.startIndex
            let name = String(before[nameStart...])
            let valueStart = rest.index(after: equals)
            let valueEnd = rest[valueStart...].firstIndex { "/;&,".contains($0) } ?? rest.endIndex
            out += rest[...equals]
            out += !name.isEmpty && secrets.isSecret(name) ? maskEncoded(rest[valueStart..<valueEnd]) : String(rest[valueStart..<valueEnd])
            rest = rest[valueEnd...]
        }
        return out + rest
    }

    /// A string that may be a URL: redacted as a URL when it parses, else as parameters.
    public func text(_ string: String) -> String {
        guard isEnabled else { return string }
        if case .success(let url) = BrowserURL.parse(string) { return href(url) }
        return redactFormEncoded(string)
    }
}

/// A URL's eleven components by the URL Standard's names, with secrets masked.
public struct RedactedURL: Sendable, Hashable {
    public let href, origin, `protocol`, username, password, host, hostname, port, pathname, search, hash: String
}

extension Redactor {
    /// A JSON value with the string values of secret keys masked, at any depth.
    public func json(_ value: JSONValue) -> JSONValue {
        guard isEnabled else { return value }
        switch value {
        case .array(let items): return .array(items.map(json))
        case .object(let object):
            var out: [String: JSONValue] = [:]
            for (key, item) in object {
                switch item {
                case .string(let s) where secrets.isSecret(key): out[key] = .string(mask(s))
                case .number(let n) where secrets.isSecret(key): out[key] = .string(mask(JSONWriter.numberText(n)))
                default: out[key] = json(item)
                }
            }
            return .object(out)
        default: return value
        }
    }

    /// A drained bridge-queue entry with its secrets masked and its shape kept, so it still decodes to
    /// the same event: `janrain:NAME?arguments=…` has the JSON arguments' secret keys masked (and is
    /// re-encoded as encodeURIComponent does); a WebViewJavascriptBridge queue (a JSON array of messages)
    /// has its messages' secret keys masked; anything else is redacted as a URL.
    public func bridgeQueueEntry(_ entry: String) -> String {
        guard isEnabled else { return entry }
        if entry.hasPrefix("["), let value = JSONValue.parse(entry) { return json(value).jsonText }
        // janrain:NAME?arguments=…: rawURL masks the query, JSON-valued parameters included.
        return rawURL(entry)
    }

    /// JavaScript's encodeURIComponent.
    public static func encodeURIComponent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"),
                 UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(UnicodeScalar(hex[Int(byte >> 4)])) + String(UnicodeScalar(hex[Int(byte & 15)]))
            }
        }
        return out
    }
}

extension Redactor {
    /// Free text that may quote URLs, `name=value` pairs or JSON (finding messages, explanations, diffs,
    /// page literals such as `'janrain:accessToken=…'`): each word that looks like a URL or a form string
    /// is masked as one, and `"secretKey":"value"` pairs as JSON. Quotes, brackets and sentence punctuation
    /// around a word are not part of it, so a mask never swallows a closing quote or counts it.
    public func message(_ text: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        var out = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            // Sentence punctuation after a word belongs to the sentence.
            var trailing = ""
            while let last = word.last, ".,;:!…".contains(last) {
                trailing.insert(last, at: trailing.startIndex)
                word.removeLast()
            }
            out += redactWord(word) + trailing
            word = ""
        }
        var inMask = false
        for character in text {
            // A mask already made ("abcd…(16)") stays one word: its parentheses are not delimiters.
            if inMask {
                word.append(character)
                if character == ")" { inMask = false }
            } else if character == "(" && word.hasSuffix("…") {
                word.append(character)
                inMask = true
            } else if character.isWhitespace || "'\"`()<>,[]{}".contains(character) {
                flush()
                out.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return maskJSONPairs(out)
    }

    private func redactWord(_ word: String) -> String {
        guard word.contains("=") || word.contains("://") || word.contains("@") else { return word }
        if word.contains("?") || word.contains("#") || word.contains("://") { return rawURL(word) }
        if let colon = word.firstIndex(of: ":"), word[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           !word[..<colon].isEmpty {
            return rawURL(word)  // an opaque URL: janrain:accessToken=…, myapp:token=…
        }
        return redactFormEncoded(word)
    }

    /// `"name": "value"` (or a number) where name is a secret: the value masked, the quotes kept.
    private func maskJSONPairs(_ text: String) -> String {
        guard text.contains("\":") || text.contains("\": ") else { return text }
        var out = ""
        var rest = Substring(text)
        while let quote = rest.firstIndex(of: "\"") {
            out += rest[..<quote]
            rest = rest[quote...]
            // "key"
            guard let keyEnd = rest.dropFirst().firstIndex(of: "\"") else { break }
            let key = rest[rest.index(after: rest.startIndex)..<keyEnd]
            var after = rest[rest.index(after: keyEnd)...]
            out += rest[...keyEnd]
            rest = after
            guard secrets.isSecret(String(key)), after.first == ":" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            let colonPart = rest[..<after.startIndex]
            if after.first == "\"", let valueEnd = after.dropFirst().firstIndex(of: "\"") {
                let value = after[after.index(after: after.startIndex)..<valueEnd]
                out += colonPart + "\"" + mask(String(value)) + "\""
                rest = after[after.index(after: valueEnd)...]
            } else {
                let number = after.prefix { $0.isNumber || $0 == "-" || $0 == "." }
                guard !number.isEmpty else { continue }
                out += colonPart + mask(String(number))
                rest = after[number.endIndex...]
            }
        }
        return out + rest
    }

    /// Text as a terminal should show it: C0 and C1 control characters, DEL and the bidirectional
    /// overrides (which reorder what a reader sees) as `\u{1B}` escapes; everything else unchanged. Applied
    /// to every text line whatever --reveal says: an ESC sequence in a recorded URL must not retitle the
    /// terminal or overwrite a line.
    public static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafeForTerminal) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafeForTerminal(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    static func isUnsafeForTerminal(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x2028 || v == 0x2029
    }
}
