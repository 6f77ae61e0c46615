// URLSecrets.swift: secrets masked in URLs and form strings: the userinfo's both halves, secret query and
// fragment parameters, an opaque path read as parameters (`janrain:accessToken=…`), `name=value` pairs
// in a path, a URL carried in a parameter, and a bridge's arguments by position. Raw input is masked as
// typed (nothing normalized); a parsed URL component by component. Raw input is split where the URL parser
// and the form parser split it: at the code points "#", "?", "&", "=", "@", …, found on the UTF-8 bytes,
// never at Character boundaries (a combining mark after "=" makes one Character of the two, and the value
// after it is still the parser's value).
import SecretPolicy
import JSONText
import NavigationPolicy
import BrowserURL

extension Redactor {
    /// An application/x-www-form-urlencoded string with the secret values masked (their shown characters
    /// keep their encoding) and JSON values (Janrain's `arguments=`) masked by key and re-encoded as
    /// encodeURIComponent does; everything else is kept byte for byte.
    public func redactFormEncoded(_ raw: String) -> String {
        guard isEnabled, !raw.isEmpty else { return raw }
        var changed = false
        let parts = raw[...].utf8Split(UInt8(ascii: "&")).map { part -> Substring in
            guard let equals = part.utf8.firstIndex(ofByte: UInt8(ascii: "=")) else { return part }
            var name = FormParameters.decodeComponent(part[..<equals])
            // A whole URL carried in a fragment (`#https://host/cb?code=…`): its first pair's name is the
            // part after the last "?".
            if let question = name.utf8.lastIndex(of: UInt8(ascii: "?")) { name = String(name[name.utf8.index(after: question)...]) }
            let rawValue = part[part.utf8.index(after: equals)...]
            if secrets.isSecret(name) {
                changed = true
                return part[..<rawValue.startIndex] + maskEncoded(rawValue)
            }
            // A credential by its shape (a JWT, `Bearer …`, a PEM block), whatever its name, decoded first.
            if CredentialShape.mayMatch(rawValue.utf8), CredentialShape.matches(CredentialShape.decodedToFixedPoint(rawValue).text) {
                changed = true
                return part[..<rawValue.startIndex] + maskEncoded(rawValue)
            }
            // A bridge's arguments: masked by position when JSON, whole when not (they have no names to tell
            // a token by), before anything else reads them (a string argument may look like a URL).
            if Self.isArguments(name) {
                let decoded = FormParameters.decodeComponent(rawValue)
                guard decoded.hasPrefix("[") || decoded.hasPrefix("{"), let value = JSONValue.parse(decoded) else {
                    changed = true
                    return part[..<rawValue.startIndex] + maskEncoded(rawValue)
                }
                let masked = jsonParameter(value, named: name)
                guard masked != value else { return part }
                changed = true
                return part[..<rawValue.startIndex] + Self.encodedKeepingMasks(masked.jsonText)
            }
            // A URL carried in a value (`redirect_uri=https%3A%2F%2Fhost%2Fcb%3Fcode%3D…`): its own secrets
            // masked, the value re-encoded only when it came encoded.
            // Encoded more than once (`next=https%253A…access_token%253D…`): decoded to a fixed point before it
            // is read, and encoded again as many times.
            if Self.mayCarryPairs(rawValue.utf8) {
                let structured: (String) -> Bool = { $0.utf8.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ":") } }
                let (decoded, rounds) = CredentialShape.decodedToFixedPoint(rawValue, until: structured)
                if structured(decoded) {
                    let inner = rawURL(decoded)
                    if inner != decoded {
                        changed = true
                        let plain = !rawValue.utf8.contains(UInt8(ascii: "%")) && !rawValue.utf8.contains(UInt8(ascii: "+"))
                        var encoded = inner
                        if !plain { for _ in 0..<rounds { encoded = Self.encodedKeepingMasks(encoded) } }
                        return part[..<rawValue.startIndex] + encoded
                    }
                }
            }
            guard let first = rawValue.utf8.first, first == UInt8(ascii: "%") || first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return part }
            let decoded = FormParameters.decodeComponent(rawValue)
            guard decoded.hasPrefix("[") || decoded.hasPrefix("{"), let value = JSONValue.parse(decoded) else { return part }
            let masked = jsonParameter(value, named: name)
            guard masked != value else { return part }
            changed = true
            return part[..<rawValue.startIndex] + Self.encodedKeepingMasks(masked.jsonText)
        }
        return changed ? parts.joined(separator: "&") : raw
    }

    /// Text re-encoded as encodeURIComponent does, its masks' "…" left as it is, so a mask reads as one.
    static func encodedKeepingMasks(_ text: String) -> String {
        PercentEncoding.encodeComponent(text).replacing("%E2%80%A6", with: "…")
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
        // Credentials by shape in any component: the components are read again only when the href has one.
        let shapedHref = maskShapedRuns(href)
        let anyShaped = shapedHref != href
        func shaped(_ text: String) -> String { anyShaped ? maskShapedRuns(text) : text }
        return RedactedURL(
            href: shapedHref, origin: shaped(url.origin), protocol: url.protocol, username: username, password: password,
            host: shaped(url.host), hostname: shaped(url.hostname), port: url.port, pathname: shaped(pathname),
            search: (query ?? "").isEmpty ? "" : "?" + shaped(query!), hash: (fragment ?? "").isEmpty ? "" : "#" + shaped(fragment!))
    }

    /// A file's name as a command prints it: a path, masked as raw URL input is (`cb?code=…` as browsers and wget
    /// save pages, a token as a segment), since a name given to bridge is read as the user typed it.
    public func fileName(_ name: String) -> String { rawURL(name) }

    /// The URL's href with secrets masked.
    public func href(_ url: BrowserURL) -> String { components(of: url).href }

    /// Raw input as typed (not normalized): the query, the fragment, and an opaque path
    /// (`janrain:accessToken=…`) have their secret parameters masked; the rest is kept as it is.
    public func rawURL(_ input: String) -> String {
        guard isEnabled else { return input }
        return maskShapedRuns(rawURLPairs(input))
    }

    /// A credential by its shape wherever it stands in a URL or a word: a host label, a path segment, a deep
    /// link's route, a query or fragment with no `=` (`#eyJ…`, `myapp://eyJ…/done`, `/ghp_…/`), a key path
    /// (`sentinels[0].eyJ…`). `CredentialShape.credentials` finds them; a text with none is returned as it
    /// is, nothing copied.
    func maskShapedRuns(_ text: String) -> String {
        CredentialShape.replacingCredentials(in: text, with: mask)
    }

    /// `rawURL`'s masking by names: the query, the fragment, the userinfo and an opaque path's pairs.
    private func rawURLPairs(_ input: String) -> String {
        var head = Substring(input)
        var tail = ""
        if let hash = head.utf8.firstIndex(ofByte: UInt8(ascii: "#")) {
            tail = "#" + redactFormEncoded(String(head[head.utf8.index(after: hash)...]))
            head = head[..<hash]
        }
        if let question = head.utf8.firstIndex(ofByte: UInt8(ascii: "?")) {
            tail = "?" + redactFormEncoded(String(head[head.utf8.index(after: question)...])) + tail
            head = head[..<question]
        }
        // Userinfo: "scheme://user:password@host"; both halves are masked (the last "@" before the path
        // ends the userinfo, as the URL parser reads it). In the path, `name=value` pairs with a secret name
        // (`/janrain:accessToken=…`, `;code=…`) are masked too.
        if let slashes = Self.schemeSeparator(in: head) {
            // A backslash ends the authority too, as the URL parser reads special URLs (https://evil.com\@good.com/).
            let authorityEnd = head.utf8[slashes.upperBound...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") } ?? head.endIndex
            let path = maskPathPairs(head[authorityEnd...])
            head = head[..<authorityEnd]
            let authority = head[slashes.upperBound...]
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
                let userinfo = authority[..<at]
                let colon = userinfo.utf8.firstIndex(ofByte: UInt8(ascii: ":"))
                let user = userinfo[..<(colon ?? userinfo.endIndex)]
                var masked = user.isEmpty ? "" : maskEncoded(user)
                if let colon, userinfo.utf8.index(after: colon) < userinfo.endIndex {
                    masked += ":" + maskEncoded(userinfo[userinfo.utf8.index(after: colon)...])
                } else if colon != nil {
                    masked += ":"
                }
                head = Substring(String(head[..<slashes.upperBound]) + masked + head[at...])
            }
            return head + path + tail
        }
        // An opaque path: "scheme:" not followed by "/".
        if let colon = head.utf8.firstIndex(ofByte: UInt8(ascii: ":")), head[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           head.utf8[head.utf8.index(after: colon)...].first != UInt8(ascii: "/") {
            let afterColon = head.utf8.index(after: colon)
            head = head[..<afterColon] + redactFormEncoded(String(head[afterColon...]))
        } else if head.utf8.first == UInt8(ascii: "/") {
            head = Substring(maskPathPairs(head))  // a path or a relative reference: its pairs, as a URL's path
        }
        return head + tail
    }

    /// Where the first "://" in `text` is, found on its bytes: the standard library's generic firstRange(of:)
    /// instantiates its searcher's metadata on every call, and every request `bridge serve` logs asks this.
    static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
        let utf8 = text.utf8
        var from = utf8.startIndex
        while let colon = utf8[from...].firstIndex(ofByte: UInt8(ascii: ":")) {
            let first = utf8.index(after: colon)
            guard first < utf8.endIndex else { return nil }
            let second = utf8.index(after: first)
            if utf8[first] == UInt8(ascii: "/"), second < utf8.endIndex, utf8[second] == UInt8(ascii: "/") {
                return colon..<utf8.index(after: second)
            }
            from = first
        }
        return nil
    }

    /// A URL's path (or a deep link's route) with its secret `name=value` pairs masked (`/cb;code=…/next`),
    /// as `components(of:)` masks a pathname.
    public func path(_ path: String) -> String {
        isEnabled ? maskPathPairs(path[...]) : path
    }

    /// Whether a raw value may hold `name=value` pairs of its own: an "=", plain or as "%3D" (or "%253D"…), read on the
    /// bytes (every parameter of every rendered URL is asked, and Foundation's substring search is slow
    /// on that path).
    static func mayCarryPairs(_ bytes: Substring.UTF8View) -> Bool {
        var percent = 0  // how far into "%3D" the scan is; "%25" (an encoded "%", a value encoded again) goes back to 1
        for byte in bytes {
            if byte == UInt8(ascii: "=") { return true }
            switch (percent, byte) {
            case (_, UInt8(ascii: "%")): percent = 1
            case (1, UInt8(ascii: "3")): percent = 2
            case (1, UInt8(ascii: "2")): percent = 3
            case (3, UInt8(ascii: "5")): percent = 1
            case (2, UInt8(ascii: "D")), (2, UInt8(ascii: "d")): return true
            default: percent = 0
            }
        }
        return false
    }

    /// A path with the values of `name=value` pairs masked where the name (the letters, digits, "_" and
    /// "-" just before "=") is a secret; a value ends at "/", ";", "&" or ",". Everything else is kept.
    func maskPathPairs(_ path: Substring) -> String {
        PathPairs.maskingSecretValues(in: maskCredentialSegments(path)[...], isSecret: secrets.isSecret, mask: maskEncoded)
    }

    /// A path with each segment that has a credential's shape (a JWT between "/" or ";") masked.
    func maskCredentialSegments(_ path: Substring) -> String {
        guard path.utf8.count >= 10, path.utf8.contains(UInt8(ascii: ".")) else { return String(path) }
        var out = "", start = path.startIndex, changed = false
        func segment(_ end: Substring.Index) {
            let piece = path[start..<end]
            if CredentialShape.mayMatch(piece.utf8), CredentialShape.matches(CredentialShape.decodedToFixedPoint(piece).text) {
                out += maskEncoded(piece)
                changed = true
            } else {
                out += piece
            }
        }
        var index = path.startIndex
        while let found = path.utf8[index...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ";") }) {
            segment(found)
            out += path[found..<path.utf8.index(after: found)]
            start = path.utf8.index(after: found)
            index = start
        }
        segment(path.endIndex)
        return changed ? out : String(path)
    }

    /// A string that may be a URL: redacted as a URL when it parses, else as parameters.
    public func text(_ string: String) -> String {
        guard isEnabled else { return string }
        if case .success(let url) = BrowserURL.parse(string) { return href(url) }
        return redactFormEncoded(string)
    }
}

extension Substring {
    /// The parts between each `separator` byte, empty ones kept (as `split(separator:omittingEmptySubsequences:
    /// false)` on Characters, but at every such byte, as the form parser splits).
    func utf8Split(_ separator: UInt8) -> [Substring] {
        var parts: [Substring] = []
        var start = startIndex
        var index = startIndex
        while let found = utf8[index...].firstIndex(ofByte: separator) {
            parts.append(self[start..<found])
            start = utf8.index(after: found)
            index = start
        }
        parts.append(self[start...])
        return parts
    }
}
