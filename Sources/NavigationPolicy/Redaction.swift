// Redaction.swift: the one place that knows which parameters are secrets (codes, tokens, state, PINs,
// passwords) and how they are masked: a short prefix and the length, never the value. Every human or
// machine output of bridge goes through here unless the user asks for --reveal.
import BrowserURL

/// Which parameter names carry secrets, compared without case, "_" or "-" (access_token = accessToken).
public struct SecretParameters: Sendable {
    public static let standard = SecretParameters(names: [
        "code", "access_token", "id_token", "refresh_token", "token", "tokenId", "state", "pin", "password",
        "accessToken", "authorizationCode", "client_secret", "code_verifier", "session_token", "otp",
        "oneTime", "assertion", "SAMLResponse", "jwt", "secret", "apiKey", "key", "ticket",
    ])

    private let normalizedNames: Set<String>

    public init(names: [String]) {
        normalizedNames = Set(names.map(Self.normalize))
    }

    /// Whether a parameter of this name is a secret.
    public func isSecret(_ name: String) -> Bool { normalizedNames.contains(Self.normalize(name)) }

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

    /// A secret value as "abcd…(40)": up to a quarter of it (at most four characters) and its length.
    public func mask(_ value: String) -> String {
        guard isEnabled else { return value }
        let count = value.count
        if count == 0 { return "" }
        return String(value.prefix(min(4, count / 4))) + "…(\(count))"
    }

    /// The value for `name`, masked when the name is a secret.
    public func value(_ value: String, forParameter name: String) -> String {
        secrets.isSecret(name) ? mask(value) : value
    }

    /// An application/x-www-form-urlencoded string with the secret values masked; everything else is
    /// kept byte for byte.
    public func redactFormEncoded(_ raw: String) -> String {
        guard isEnabled, !raw.isEmpty else { return raw }
        var changed = false
        let parts = raw.split(separator: "&", omittingEmptySubsequences: false).map { part -> Substring in
            guard let equals = part.firstIndex(of: "=") else { return part }
            let name = FormParameters.decodeComponent(part[..<equals])
            guard secrets.isSecret(name) else { return part }
            changed = true
            let value = FormParameters.decodeComponent(part[part.index(after: equals)...])
            return part[...equals] + mask(value)
        }
        return changed ? parts.joined(separator: "&") : raw
    }

    /// The URL's components with secrets masked: the password, secret query and fragment parameters,
    /// and an opaque path read as parameters (`janrain:accessToken=…`).
    public func components(of url: BrowserURL) -> RedactedURL {
        let pathname = url.hasOpaquePath ? redactFormEncoded(url.pathname) : url.pathname
        let query = url.query.map(redactFormEncoded)
        let fragment = url.fragment.map(redactFormEncoded)
        let password = url.password.isEmpty ? "" : mask(url.password)
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
        // An opaque path: "scheme:" not followed by "/".
        if let colon = head.firstIndex(of: ":"), head[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           !head[head.index(after: colon)...].hasPrefix("/") {
            head = head[...colon] + redactFormEncoded(String(head[head.index(after: colon)...]))
        }
        return head + tail
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
                if secrets.isSecret(key), case .string(let s) = item { out[key] = .string(mask(s)) }
                else { out[key] = json(item) }
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
        guard entry.hasPrefix("janrain:"), let question = entry.firstIndex(of: "?") else { return rawURL(entry) }
        let head = entry[..<question]
        let query = entry[entry.index(after: question)...]
        let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard part.hasPrefix("arguments=") else { return redactFormEncoded(String(part)) }
            let text = FormParameters.decodeComponent(part.dropFirst("arguments=".count))
            guard let value = JSONValue.parse(text) else { return String(part) }
            return "arguments=" + Self.encodeURIComponent(json(value).jsonText)
        }
        return head + "?" + parts.joined(separator: "&")
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
