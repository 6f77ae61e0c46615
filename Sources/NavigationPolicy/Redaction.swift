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
        // Signed URLs and sessions: a signature or a session id is as good as the credential it stands for
        // (S3's X-Amz-Signature, GCS's X-Goog-Signature, Azure's SAS `sig`, OIDC's nonce).
        "signature", "sig", "session", "nonce", "hmac", "X-Amz-Credential", "X-Goog-Credential", "credential",
    ])
    /// Name endings that make any name a secret (currentPassword, refresh_token, client_secret,
    /// X-Amz-Signature, JSESSIONID), compared after normalizing: `tokenUrl` and `tokenAction` (Janrain
    /// settings) are not secrets, `newPassword` is.
    static let secretSuffixes = ["token", "password", "secret", "passcode", "signature", "credential", "sessionid", "sessid"]

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

/// A keyed digest a mask may carry (`…(13:9f2c4e1a07b3d865)`), so that masked values stay comparable:
/// equal secrets get equal masks and different ones different masks, while the value cannot be recovered
/// or guessed without the key. A recording uses one, so that its replay reaches the live run's findings.
public protocol SecretFingerprint: Sendable {
    /// Sixteen lower-case hexadecimal digits for the value's bytes.
    func digest(_ value: String) -> String
}

/// Masks secrets in values, parameter strings and URLs.
public struct Redactor: Sendable {
    public let secrets: SecretParameters
    /// When false (`--reveal`), everything passes through unchanged.
    public let isEnabled: Bool
    /// When set, masks carry the value's keyed digest (recordings).
    public let fingerprint: (any SecretFingerprint)?

    public init(secrets: SecretParameters = .standard, isEnabled: Bool = true, fingerprint: (any SecretFingerprint)? = nil) {
        self.secrets = secrets
        self.isEnabled = isEnabled
        self.fingerprint = fingerprint
    }

    /// A secret value as "abcd…(40)": its length in characters and, for a secret of 16 characters or more,
    /// its first four when they are plain ASCII letters, digits, "-", ".", "_" or "~" (anything else shows
    /// no prefix: a mask never carries bytes a reader could mistake for the value or a terminal could act on).
    public func mask(_ value: String) -> String {
        guard isEnabled, !Self.isMask(Substring(value)) else { return value }
        return makeMask(shownFrom: value.utf8, value: value)
    }

    /// The mask of `value`, its prefix taken from `raw` (the value as it stands in the input): shown only
    /// when those raw bytes are all showable, so a raw prefix and its decoded form are the same bytes.
    private func makeMask(shownFrom raw: some Collection<UInt8>, value: String) -> String {
        let count = value.count
        if count == 0 { return "" }
        var out = ""
        let wanted = Self.shown(count)
        let head = raw.prefix(wanted)
        if wanted > 0, head.count == wanted, head.allSatisfy(Self.isShowable) { out += String(decoding: head, as: UTF8.self) }
        out += "…(" + String(count)
        if let fingerprint { out += ":" + fingerprint.digest(value) }
        return out + ")"
    }

    /// Bytes a mask may show: RFC 3986's unreserved characters.
    static func isShowable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
        default: return false
        }
    }

    /// Whether text is exactly a mask this redactor makes ("abcd…(40)", "…(9)", "…(9:0123456789abcdef)"),
    /// so masking twice changes nothing. Strict: the prefix is as long as a mask of that length shows and
    /// made of showable bytes, so a secret that merely ends in "…(9)" is masked like any other.
    static func isMask(_ text: Substring) -> Bool { maskedLength(text) != nil }

    /// The length a mask this redactor makes stands for (13 for "…(13)" and "…(13:9f2c4e1a07b3d865)"); nil
    /// for any other text.
    public static func maskedLength(_ text: some StringProtocol) -> Int? {
        let text = Substring(text)
        guard text.utf8.last == UInt8(ascii: ")"), let open = text.firstRange(of: "…(") else { return nil }
        let prefix = text[..<open.lowerBound].utf8
        var inner = text[open.upperBound...].dropLast()
        if let colon = inner.firstIndex(of: ":") {
            let digest = inner[inner.index(after: colon)...].utf8
            guard digest.count == 16, digest.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            inner = inner[..<colon]
        }
        guard !inner.isEmpty, inner.utf8.count <= 9, inner.utf8.allSatisfy({ (0x30...0x39).contains($0) }), inner.utf8.first != 0x30,
              let count = Int(inner) else { return nil }
        return prefix.count == shown(count) && prefix.allSatisfy(isShowable) ? count : nil
    }

    /// How many characters of a secret of `count` characters a mask shows: none below sixteen (a PIN, a
    /// short code: every character shown is a large part of it), four from sixteen on.
    static func shown(_ count: Int) -> Int { count >= 16 ? 4 : 0 }

    /// A secret that stands percent-encoded in a URL or form string: decided on the raw bytes (a prefix is
    /// shown only when its raw bytes are showable, so no escape, valid UTF-8 or not, is ever carried into
    /// the mask); the length counts decoded characters.
    public func maskEncoded(_ raw: Substring) -> String {
        guard isEnabled, !Self.isMask(raw) else { return String(raw) }
        let decoded = FormParameters.decodeComponent(raw)
        if Self.isMask(Substring(decoded)) { return String(raw) }
        return makeMask(shownFrom: raw.utf8, value: decoded)
    }

    /// The value for `name`, masked when the name is a secret; a value that holds JSON has its secret keys
    /// masked.
    public func value(_ value: String, forParameter name: String) -> String {
        guard isEnabled else { return value }
        if secrets.isSecret(name) { return mask(value) }
        if value.hasPrefix("[") || value.hasPrefix("{"), let json = JSONValue.parse(value) { return jsonParameter(json, named: name).jsonText }
        return Self.isArguments(name) ? mask(value) : value
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
            // A bridge's arguments: masked by position when JSON, whole when not (they have no names to tell
            // a token by), before anything else reads them (a string argument may look like a URL).
            if Self.isArguments(name) {
                let decoded = FormParameters.decodeComponent(rawValue)
                guard decoded.hasPrefix("[") || decoded.hasPrefix("{"), let value = JSONValue.parse(decoded) else {
                    changed = true
                    return part[...equals] + maskEncoded(rawValue)
                }
                let masked = jsonParameter(value, named: name)
                guard masked != value else { return part }
                changed = true
                return part[...equals] + Self.encodedKeepingMasks(masked.jsonText)
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
                        return part[...equals] + (plain ? inner : Self.encodedKeepingMasks(inner))
                    }
                }
            }
            guard let first = rawValue.first, first == "%" || first == "[" || first == "{" else { return part }
            let decoded = FormParameters.decodeComponent(rawValue)
            guard decoded.hasPrefix("[") || decoded.hasPrefix("{"), let value = JSONValue.parse(decoded) else { return part }
            let masked = jsonParameter(value, named: name)
            guard masked != value else { return part }
            changed = true
            return part[...equals] + Self.encodedKeepingMasks(masked.jsonText)
        }
        return changed ? parts.joined(separator: "&") : raw
    }

    /// Text re-encoded as encodeURIComponent does, its masks' "…" left as it is, so a mask reads as one.
    static func encodedKeepingMasks(_ text: String) -> String {
        encodeURIComponent(text).replacing("%E2%80%A6", with: "…")
    }

    /// The URL's components with secrets masked: the password, secret query and fragment parameters,
    /// an opaque path read as parameters (`janrain:accessToken=…`), and secret `name=value` pairs in a
    /// hierarchical path (`/x;code=…`), as `rawURL` masks them in raw input.
    public func components(of url: BrowserURL) -> RedactedURL {
        let pathname = url.hasOpaquePath ? redactFormEncoded(url.pathname) : maskPathPairs(url.pathname[...])
        let query = url.query.map(redactFormEncoded)
        let fragment = url.fragment.map(redactFormEncoded)
        // Both halves of the userinfo: a token is as often the user name (https://ghp_…@github.com/).
        let username = url.username.isEmpty ? "" : maskEncoded(Substring(url.username))
        let password = url.password.isEmpty ? "" : maskEncoded(Substring(url.password))
        var href = url.protocol
        if url.hasHost {
            href += "//"
            if !username.isEmpty || !password.isEmpty {
                href += username + (password.isEmpty ? "" : ":" + password) + "@"
            }
            href += url.host
        } else if !url.hasOpaquePath && pathname.hasPrefix("//") {
            href += "/."
        }
        href += pathname
        if let query { href += "?" + query }
        if let fragment { href += "#" + fragment }
        return RedactedURL(
            href: href, origin: url.origin, protocol: url.protocol, username: username, password: password,
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
        // Userinfo: "scheme://user:password@host"; both halves are masked (the last "@" before the path
        // ends the userinfo, as the URL parser reads it). In the path, `name=value` pairs with a secret name
        // (`/janrain:accessToken=…`, `;code=…`) are masked too.
        if let slashes = head.firstRange(of: "://") {
            // A backslash ends the authority too, as the URL parser reads special URLs (https://evil.com\@good.com/).
            let authorityEnd = head[slashes.upperBound...].firstIndex { $0 == "/" || $0 == "\\" } ?? head.endIndex
            let path = maskPathPairs(head[authorityEnd...])
            head = head[..<authorityEnd]
            let authority = head[slashes.upperBound...]
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                let colon = userinfo.firstIndex(of: ":")
                let user = userinfo[..<(colon ?? userinfo.endIndex)]
                var masked = user.isEmpty ? "" : maskEncoded(user)
                if let colon, userinfo.index(after: colon) < userinfo.endIndex {
                    masked += ":" + maskEncoded(userinfo[userinfo.index(after: colon)...])
                } else if colon != nil {
                    masked += ":"
                }
                head = Substring(String(head[..<slashes.upperBound]) + masked + head[at...])
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
    /// bytes (every parameter of every rendered URL is asked, and Foundation's substring search is slow
    /// on that path).
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

    /// Whether a parameter is a bridge's arguments (`janrain:EVENT?arguments=…`).
    /// Asked of every parameter a transcript renders: names of another length are answered without copying.
    static func isArguments(_ name: String) -> Bool { name.utf8.count >= 9 && SecretParameters.normalize(name) == "arguments" }

    /// A JSON value carried in a parameter: secret keys masked at any depth, and in a bridge's `arguments`
    /// array (Janrain's `janrain:EVENT?arguments=[…]`) every plain string or number too, by position: an
    /// argument has no name to tell a token from a screen name.
    public func jsonParameter(_ value: JSONValue, named name: String) -> JSONValue {
        guard isEnabled else { return value }
        guard Self.isArguments(name), case .array(let items) = value else { return json(value) }
        return .array(items.map(positional))
    }

    /// A positional value: a string or number masked, anything else masked by key.
    func positional(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(mask(s))
        case .number(let n): return .string(mask(JSONWriter.numberText(n)))
        default: return json(value)
        }
    }

    /// A drained bridge-queue entry with its secrets masked and its shape kept, so it still decodes to
    /// the same event: `janrain:NAME?arguments=…` has the JSON arguments' secret keys masked (and is
    /// re-encoded as encodeURIComponent does); a WebViewJavascriptBridge queue (a JSON array of messages)
    /// has its messages' secret keys masked; anything else is redacted as a URL.
    public func bridgeQueueEntry(_ entry: String) -> String {
        guard isEnabled else { return entry }
        if entry.hasPrefix("["), let value = JSONValue.parse(entry) { return wvjbMessages(value).jsonText }
        // janrain:NAME?arguments=…: rawURL masks the query, JSON-valued parameters included.
        return rawURL(entry)
    }

    /// A WebViewJavascriptBridge queue: each message's secret keys masked, and its `data` or
    /// `responseData` when that is a plain string or number (a handler's payload has no name of its own).
    func wvjbMessages(_ value: JSONValue) -> JSONValue {
        guard case .array(let messages) = value else { return json(value) }
        return .array(messages.map { message in
            guard case .object(var fields) = message else { return positional(message) }
            let payloads = fields.filter { $0.key == "data" || $0.key == "responseData" }
            for key in payloads.keys { fields[key] = nil }
            guard case .object(var out) = json(.object(fields)) else { return message }
            for (key, item) in payloads { out[key] = positional(item) }
            return .object(out)
        })
    }

    /// JavaScript's encodeURIComponent (BrowserURL's component percent-encode set).
    public static func encodeURIComponent(_ text: String) -> String { PercentEncoding.encodeComponent(text) }
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
            || v == 0x2028 || v == 0x2029 || v == 0x200E || v == 0x200F || v == 0x061C
    }
}
