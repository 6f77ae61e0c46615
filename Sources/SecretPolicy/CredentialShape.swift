// CredentialShape.swift: values that are credentials whatever name they travel under, told by their shape.
// The shapes (a raw value is decoded first: CredentialDecoding.swift, in SecretMasking):
// - a JWS or JWE in compact serialization (RFC 7515 §7.1, RFC 7516 §7.1): three or five base64url parts
//   joined by ".", the first a JSON object, so it begins "eyJ" (base64url of `{"`): OIDC's id_token, most
//   access tokens, an id_token_hint, a client assertion;
// - an HTTP authorization value (RFC 9110 §11.4): `Bearer` (RFC 6750 §2.1) or `Basic` (RFC 7617) and its
//   credentials;
// - a PEM block (RFC 7468): `-----BEGIN `;
// - a vendor's token by its documented prefix, as secret scanners list them (`vendorPrefixes`, each with
//   its source): GitHub, GitLab, Slack, Stripe's secret and restricted keys, AWS access key IDs, Google API
//   keys, npm, and the prefix followed by enough token characters that prose never is one.

public enum CredentialShape {
    /// Whether `value` (decoded) has a credential's shape.
    public static func matches(_ value: some StringProtocol) -> Bool { matches(utf8: value.utf8) }

    /// `matches` on UTF-8 bytes, read where they are.
    static func matches(utf8: some Collection<UInt8>) -> Bool {
        guard let first = utf8.first else { return false }
        switch first {
        case UInt8(ascii: "e"): return isCompactJOSE(utf8)
        case UInt8(ascii: "B"), UInt8(ascii: "b"): return isAuthorization(utf8)
        case UInt8(ascii: "-"): return utf8.starts(with: "-----BEGIN ".utf8)
        default: return isVendorToken(utf8)
        }
    }

    /// A vendor's token prefix, the least number of token characters after it, and where the vendor says so.
    public static let vendorPrefixes: [(prefix: String, minimum: Int, source: String)] = [
        // GitHub: "Behind GitHub's new authentication token formats" (github.blog, 2021): ghp_, gho_, ghu_, ghs_,
        // ghr_ and 36 characters; fine-grained tokens github_pat_.
        ("ghp_", 30, "GitHub token formats"), ("gho_", 30, "GitHub token formats"), ("ghu_", 30, "GitHub token formats"),
        ("ghs_", 30, "GitHub token formats"), ("ghr_", 30, "GitHub token formats"), ("github_pat_", 30, "GitHub token formats"),
        // GitLab: personal access tokens glpat- (GitLab docs, "Token prefixes").
        ("glpat-", 20, "GitLab token prefixes"),
        // Slack: bot, user, app-level, refresh and configuration tokens (api.slack.com, "Token types").
        ("xoxb-", 10, "Slack token types"), ("xoxp-", 10, "Slack token types"), ("xoxa-", 10, "Slack token types"),
        ("xoxr-", 10, "Slack token types"), ("xoxe-", 10, "Slack token types"), ("xapp-", 10, "Slack token types"),
        // Stripe: secret and restricted keys, live and test (docs.stripe.com, "API keys"); pk_ keys are public.
        ("sk_live_", 16, "Stripe API keys"), ("sk_test_", 16, "Stripe API keys"), ("rk_live_", 16, "Stripe API keys"),
        ("rk_test_", 16, "Stripe API keys"),
        // AWS: access key IDs AKIA (long-term) and ASIA (temporary) and 16 characters (IAM User Guide, "Unique identifiers").
        ("AKIA", 16, "AWS IAM identifiers"), ("ASIA", 16, "AWS IAM identifiers"),
        // Google: API keys AIza and 35 characters (as secret scanners match them: gitleaks' gcp-api-key rule).
        ("AIza", 35, "Google API keys"),
        // npm: access tokens npm_ and 36 characters (docs.npmjs.com, "About access tokens").
        ("npm_", 36, "npm access tokens"),
    ]

    /// Whether `utf8` is a vendor's token: a catalogued prefix and at least its minimum of token characters.
    static func isVendorToken(_ utf8: some Collection<UInt8>) -> Bool {
        guard let first = utf8.first, mayStart(first) else { return false }
        for vendor in vendorPrefixBytes where vendor.prefix[0] == first && utf8.starts(with: vendor.prefix) {
            let rest = utf8.dropFirst(vendor.prefix.count)
            return rest.count >= vendor.minimum && rest.allSatisfy(isBase64URL)
        }
        return false
    }

    /// `vendorPrefixes`' prefixes as bytes, for the comparison at each candidate.
    static let vendorPrefixBytes: [(prefix: [UInt8], minimum: Int)] = vendorPrefixes.map { (Array($0.prefix.utf8), $0.minimum) }

    /// The credentials by shape standing in `bytes` (a URL, a word), left to right: `found` gets each one's
    /// range. A credential is made of base64url characters and "."; one begins where such a run begins or
    /// after a "." in it (`sentinels[0].eyJ…`, `/hooks/ghp_…`, `myapp://eyJ…/done`), and ends where the run
    /// does, its trailing dots a sentence's. The one scan the URL and free-text maskers and `contains` share.
    package static func credentials(in bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Void) {
        var index = 0
        while index < bytes.count {
            guard isRunByte(bytes[index]) else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, isRunByte(bytes[end]) { end += 1 }
            let runEnd = end
            while end > index, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            var start = index
            // Only a start that leaves room for the shortest credential is tried.
            while end - start >= shortestCredential {
                if mayStart(bytes[start]), matches(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                    found(start..<end)
                    break
                }
                // The next start: after the next "." of the run.
                while start < end, bytes[start] != UInt8(ascii: ".") { start += 1 }
                start += 1
            }
            index = runEnd
        }
    }

    /// base64url and "." as a 128-bit set, written as constants (a byte's bit is read at every byte of every
    /// URL printed: no lazy global, no table's bounds check); `bits(runCharacters)`, as a test holds.
    static let runBytes: (low: UInt64, high: UInt64) = (0x03ff_6000_0000_0000, 0x07ff_fffe_87ff_fffe)
    static let runCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."

    /// The first bytes a shape in a run can begin with: `eyJ…` and the vendors' prefixes' first letters (an
    /// authorization value has a space, which no run holds); `bits(startCharacters)`, as a test holds.
    static let startBytes: (low: UInt64, high: UInt64) = (0, 0x010c_40a0_0000_0002)
    static var startCharacters: String { "e" + vendorPrefixes.map { String($0.prefix.prefix(1)) }.joined() }

    static func bits(_ characters: String) -> (low: UInt64, high: UInt64) {
        var set: (low: UInt64, high: UInt64) = (0, 0)
        for byte in characters.utf8 where byte < 128 {
            if byte < 64 { set.low |= 1 << UInt64(byte) } else { set.high |= 1 << UInt64(byte - 64) }
        }
        return set
    }

    @inline(__always)
    private static func isIn(_ set: (low: UInt64, high: UInt64), _ byte: UInt8) -> Bool {
        byte < 64 ? set.low & (1 << UInt64(byte)) != 0 : byte < 128 && set.high & (1 << UInt64(byte &- 64)) != 0
    }

    @inline(__always)
    static func isRunByte(_ byte: UInt8) -> Bool { isIn(runBytes, byte) }

    @inline(__always)
    static func mayStart(_ byte: UInt8) -> Bool { isIn(startBytes, byte) }

    /// No shape is shorter: a compact JWS is two dots and a ten-character header at least; a vendor's token
    /// its prefix and ten characters.
    static let shortestCredential = 12

    /// Whether `text` holds a credential by its shape anywhere (a host, a path, a route): `credentials`'s scan.
    public static func contains(in text: some StringProtocol) -> Bool {
        var text = String(text)
        return text.withUTF8 { bytes in
            var found = false
            credentials(in: bytes) { _ in found = true }
            return found
        }
    }


    /// Whether a raw (still encoded) value may decode to a credential's shape: the first bytes `matches`
    /// reads, or a percent escape. A cheap test before anything is decoded.
    package static func mayMatch(_ raw: some Collection<UInt8>) -> Bool {
        guard let first = raw.first else { return false }
        return first == UInt8(ascii: "e") || first == UInt8(ascii: "B") || first == UInt8(ascii: "b") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "%") || mayStart(first)
    }

    /// JWS (3 parts) or JWE (5 parts) in compact form: base64url parts, the header at least `{"a":1}` long.
    package static func isCompactJOSE(_ utf8: some Collection<UInt8>) -> Bool {
        var head = utf8.makeIterator()
        guard head.next() == UInt8(ascii: "e"), head.next() == UInt8(ascii: "y"), head.next() == UInt8(ascii: "J") else { return false }
        var parts = 1, headerLength = 0, inHeader = true
        for byte in utf8 {
            if byte == UInt8(ascii: ".") {
                parts += 1
                inHeader = false
                continue
            }
            guard isBase64URL(byte) else { return false }
            if inHeader { headerLength += 1 }
        }
        return (parts == 3 || parts == 5) && headerLength >= 10
    }

    /// `Bearer x` or `Basic x` with credentials as `areCredentials` takes them.
    static func isAuthorization(_ utf8: some Collection<UInt8>) -> Bool {
        let lowered = utf8.prefix(7).map { $0 | 0x20 }
        let basic: Bool
        if lowered.starts(with: "bearer ".utf8) { basic = false } else if lowered.starts(with: "basic ".utf8) { basic = true } else { return false }
        let credentials = Array(utf8.dropFirst(basic ? 6 : 7).drop { $0 == UInt8(ascii: " ") })
        return credentials.allSatisfy { isToken68($0) } && areCredentials(credentials[...], basic: basic)
    }

    /// token68's characters (RFC 9110 §11.2).
    static func isToken68(_ byte: UInt8) -> Bool { isBase64URL(byte) || "+/~.=".utf8.contains(byte) }

    /// Whether a run of token68 characters after a scheme is its credentials rather than a word of prose
    /// ("basic authentication", "bearer credentials"): at least eight characters, not all lower-case letters;
    /// for Basic, base64 of `user:password` (RFC 7617 §2).
    static func areCredentials(_ run: ArraySlice<UInt8>, basic: Bool) -> Bool {
        guard run.count >= 8, !run.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else { return false }
        guard basic else { return true }
        return base64Decoded(run)?.contains(UInt8(ascii: ":")) ?? false
    }

    /// Standard base64 decoded (padding optional), or nil when it is not base64.
    static func base64Decoded(_ run: ArraySlice<UInt8>) -> [UInt8]? {
        var bits: UInt32 = 0, count = 0
        var out: [UInt8] = []
        for byte in run {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        return out
    }

    /// Whether text may hold an authorization scheme's word (`bearer` or `basic`, any case): a cheap test
    /// before `authorizationCredentials` is asked at every byte.
    package static func holdsAuthorizationScheme(_ text: String) -> Bool {
        var matchedBearer = 0, matchedBasic = 0
        for byte in text.utf8 {
            let lower = byte | 0x20
            matchedBearer = lower == bearer[matchedBearer] ? matchedBearer + 1 : (lower == bearer[0] ? 1 : 0)
            matchedBasic = lower == basic[matchedBasic] ? matchedBasic + 1 : (lower == basic[0] ? 1 : 0)
            if matchedBearer == bearer.count || matchedBasic == basic.count { return true }
        }
        return false
    }

    private static let bearer = Array("bearer".utf8), basic = Array("basic".utf8)

    /// Where the credentials of an authorization value that begins at `index` stand (`Bearer` or `Basic` as a
    /// word of its own, spaces, then at least eight token68 characters), or nil.
    package static func authorizationCredentials(in bytes: [UInt8], at index: Int) -> (Int, Int)? {
        if index > 0, isBase64URL(bytes[index - 1]) { return nil }
        var end = index
        for scheme in [bearer, basic] where bytes.count - index > scheme.count
            && zip(bytes[index..<index + scheme.count], scheme).allSatisfy({ $0 | 0x20 == $1 }) {
            end = index + scheme.count
            break
        }
        guard end > index, end < bytes.count, bytes[end] == UInt8(ascii: " ") else { return nil }
        let isBasic = end - index == Self.basic.count
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
        let start = end
        while end < bytes.count, isBase64URL(bytes[end]) || "+/~.".utf8.contains(bytes[end]) { end += 1 }
        while end < bytes.count, bytes[end] == UInt8(ascii: "=") { end += 1 }
        // A sentence's full stop after the credentials is the sentence's.
        while end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
        return areCredentials(bytes[start..<end], basic: isBasic) ? (start, end) : nil
    }

    /// base64url's alphabet (RFC 4648 §5), a JWT part's.
    public static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
