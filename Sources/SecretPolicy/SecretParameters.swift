// SecretParameters.swift: which names carry secrets, decided by families of credential rather than a list of
// spellings, and the keyed digest a mask may carry. The one policy every command's masking asks.
//
// A name is read as words (`client_assertion`, `clientAssertion`, `X-Client-Assertion` are client +
// assertion), and the word that says what the value is, its last, decides: a token, a secret, a password in
// any of its spellings, a key, a signature, a verifier, an assertion, a session, a one-time code or PIN. A
// handful of whole names that are credentials by themselves (`code`, `state`, `sid`, `SAMLart`) and endings
// written without a separator (`jsessionid`, `refreshtoken`) and words that make a name a credential in any
// position (`password_confirmation`, `token_hash`, `password2`) unless its last word only describes one
// (`token_type`, `tokenUrl`) complete it. The families, each with its
// sources and examples, are in SecretPolicy.md; tests are generated from `examples`. Masking more than is
// secret costs a reader a value; masking less leaks a credential, so a word that may name either (`key`)
// counts as a secret, and only named non-secrets (`error_code`, `token_type`) are let through.

extension String {
    /// The word without the digits it ends with (`password2` is `password`).
    var trimmingDigits: String {
        guard let last = utf8.last, last >= 0x30 && last <= 0x39 else { return self }
        var text = Substring(self)
        while let last = text.utf8.last, last >= 0x30 && last <= 0x39 { text = text.dropLast() }
        return text.isEmpty ? self : String(text)
    }
}

/// Which parameter names carry secrets, by family of credential.
public struct SecretParameters: Sendable {
    /// A family of credential; SecretPolicy.md gives each one's sources.
    public enum Family: String, Sendable, CaseIterable {
        /// OAuth 2.0 and OpenID Connect: codes, tokens and hints, assertions, PKCE verifiers, device codes,
        /// token exchange, state and nonce (RFC 6749, 7636, 7521/7523, 8628, 8693; OIDC Core).
        case oauth2
        /// OAuth 1.0a's token, token secret, verifier and signature (RFC 5849).
        case oauth1
        /// SAML's response and artifact, CAS's ticket.
        case samlAndCAS
        /// One-time codes and PINs: OTPs, MFA, SMS and e-mail codes, reset and verification codes.
        case oneTimeCode
        /// Passwords in their common spellings.
        case password
        /// API keys and application keys.
        case apiKey
        /// The query parameters that sign a cloud provider's URL (AWS SigV4, Google Cloud Storage V4, Azure
        /// SAS, CloudFront).
        case signedURL
        /// Session identifiers and CSRF tokens.
        case session
        /// Secrets, credentials, authorization headers, cookies, HMACs.
        case generic
    }

    public static let standard = SecretParameters(names: [])

    /// Names that carry a secret by themselves, normalized (lowercase, no separators), by family.
    static let wholeNames: [String: Family] = [
        "code": .oauth2, "state": .oauth2, "nonce": .oauth2, "assertion": .oauth2, "jwt": .oauth2, "tokenid": .oauth2,
        "accesstoken": .oauth2, "authorizationcode": .oauth2, "onetime": .oauth2,
        "samlresponse": .samlAndCAS, "samlart": .samlAndCAS, "ticket": .samlAndCAS,
        "otp": .oneTimeCode, "totp": .oneTimeCode, "hotp": .oneTimeCode, "pin": .oneTimeCode, "passcode": .oneTimeCode,
        "password": .password, "passwd": .password, "pwd": .password, "pass": .password, "passphrase": .password,
        "key": .apiKey, "apikey": .apiKey, "accesskey": .apiKey, "appkey": .apiKey,
        "sig": .signedURL, "signature": .signedURL,
        "sid": .session, "session": .session, "csrf": .session, "xsrf": .session,
        "secret": .generic, "credential": .generic, "credentials": .generic, "authorization": .generic, "auth": .generic,
        "cookie": .generic, "hmac": .generic, "bearer": .generic,
    ]

    /// A name's last word that makes it a secret, by family: `refresh_token`, `client_assertion`,
    /// `X-Amz-Signature`, `x-api-key`, `mfa_code`, `newPassword`.
    static let lastWords: [String: Family] = [
        "token": .oauth2, "assertion": .oauth2, "verifier": .oauth2, "nonce": .oauth2, "jwt": .oauth2,
        "ticket": .samlAndCAS, "artifact": .samlAndCAS,
        "code": .oneTimeCode, "otp": .oneTimeCode, "pin": .oneTimeCode, "passcode": .oneTimeCode,
        "password": .password, "passwd": .password, "pwd": .password, "pass": .password, "passphrase": .password,
        "key": .apiKey, "apikey": .apiKey,
        "signature": .signedURL, "sig": .signedURL, "credential": .signedURL,
        "session": .session, "sessionid": .session, "sessid": .session, "sid": .session, "csrf": .session, "xsrf": .session,
        "secret": .generic, "credentials": .generic, "cookie": .generic, "hmac": .generic,
    ]

    /// Words before `code` that make it a value of another kind (a country's code, an HTTP status): the only
    /// codes let through.
    static let nonSecretCodes: Set<String> = [
        "error", "status", "country", "zip", "postal", "post", "language", "lang", "currency", "area", "region", "http",
        "response", "reason", "product", "promo", "iso", "dial", "phone", "locale", "color", "colour", "exit", "return", "result",
    ]

    /// Endings of a name written without separators (`jsessionid`, `phpsessid`, `refreshtoken`).
    static let gluedEndings: [(String, Family)] = [
        ("token", .oauth2), ("password", .password), ("secret", .generic), ("passcode", .oneTimeCode), ("signature", .signedURL),
        ("credential", .signedURL), ("sessionid", .session), ("sessid", .session), ("apikey", .apiKey),
    ]

    /// Names and the family each belongs to (nil: not a secret), from the families' sources: the policy's own
    /// examples, from which its tests are generated.
    public static let examples: [(name: String, family: Family?)] = [
        ("code", .oauth2), ("access_token", .oauth2), ("id_token", .oauth2), ("refresh_token", .oauth2), ("id_token_hint", .oauth2),
        ("client_assertion", .oauth2), ("code_verifier", .oauth2), ("device_code", .oneTimeCode), ("user_code", .oneTimeCode),
        ("subject_token", .oauth2), ("actor_token", .oauth2), ("state", .oauth2), ("nonce", .oauth2), ("accessToken", .oauth2),
        ("authorizationCode", .oauth2), ("auth_code", .oneTimeCode), ("tokenId", .oauth2),
        ("oauth_token", .oauth2), ("oauth_token_secret", .generic), ("oauth_verifier", .oauth2), ("oauth_signature", .signedURL),
        ("SAMLResponse", .samlAndCAS), ("SAMLart", .samlAndCAS), ("ticket", .samlAndCAS),
        ("otp", .oneTimeCode), ("mfa_code", .oneTimeCode), ("smsCode", .oneTimeCode), ("resetCode", .oneTimeCode), ("pin", .oneTimeCode),
        ("pinCode", .oneTimeCode), ("oobCode", .oneTimeCode), ("verificationCode", .oneTimeCode), ("passcode", .oneTimeCode),
        ("password", .password), ("pass", .password), ("passwd", .password), ("pwd", .password), ("newPassword", .password),
        ("currentPassword", .password), ("passphrase", .password),
        ("api_key", .apiKey), ("apiKey", .apiKey), ("x-api-key", .apiKey), ("access_key", .apiKey), ("X-Kii-AppKey", .apiKey), ("key", .apiKey),
        ("X-Amz-Signature", .signedURL), ("X-Amz-Credential", .signedURL), ("X-Amz-Security-Token", .oauth2), ("X-Goog-Signature", .signedURL),
        ("sig", .signedURL), ("Signature", .signedURL),
        ("sid", .session), ("JSESSIONID", .session), ("PHPSESSID", .session), ("ASP.NET_SessionId", .session), ("connect.sid", .session),
        ("session_id", .session), ("sessionId", .session), ("_csrf", .session), ("XSRF-TOKEN", .oauth2),
        ("client_secret", .generic), ("authorization", .generic), ("cookie", .generic), ("hmac", .generic),
        ("password_confirmation", .password), ("newPasswordConfirm", .password), ("password2", .password), ("confirmPassword", .password),
        ("token_hash", .oauth2), ("otp_code", .oneTimeCode),
        ("password_policy", nil), ("otp_length", nil), ("tokenEndpoint", nil),
        ("client_id", nil), ("redirect_uri", nil), ("response_type", nil), ("token_type", nil), ("token_type_hint", nil), ("tokenUrl", nil),
        ("tokenAction", nil), ("code_challenge", nil), ("code_challenge_method", nil), ("error", nil), ("error_code", nil),
        ("errorCode", nil), ("countryCode", nil), ("login_hint", nil), ("expires_in", nil), ("scope", nil), ("email", nil),
        ("Key-Pair-Id", nil), ("Expires", nil), ("flow", nil), ("arguments", nil), ("callback", nil), ("xd_receiver", nil),
    ]

    /// Names a caller adds to the families (normalized).
    private let extraNames: Set<String>

    /// The families, and `names` besides.
    public init(names: [String]) {
        extraNames = Set(names.map(Self.normalize))
    }

    /// Whether a parameter of this name is a secret.
    public func isSecret(_ name: String) -> Bool {
        Self.family(of: name) != nil || (!extraNames.isEmpty && extraNames.contains(Self.normalize(name)))
    }

    /// The family of credential a name belongs to, or nil for a name that carries none.
    public static func family(of name: String) -> Family? {
        let words = Self.words(name)
        guard let last = words.last else { return nil }
        let joined = words.joined()
        if let family = wholeNames[joined] { return family }
        if words.count > 1 {
            let before = words[words.count - 2]
            switch last {
            case "code": return nonSecretCodes.contains(before) ? nil : .oneTimeCode
            case "id": if before == "session" || before == "sess" || before == "token" { return before == "token" ? .oauth2 : .session }
            case "hint": if before == "token" { return .oauth2 }
            default: break
            }
            if let family = lastWords[last] { return family }
        }
        if let family = gluedEndings.first(where: { joined.hasSuffix($0.0) })?.1 { return family }
        // A credential's word anywhere in the name (`password_confirmation`, `newPasswordConfirm`, `password2`,
        // `token_hash`), unless the last word says the value only describes one (`token_type`, `tokenUrl`).
        guard mayHoldAnyPositionWord(joined), !describingLastWords.contains(last) else { return nil }
        for word in words.dropLast() {
            if let family = anyPositionWords[word.trimmingDigits] { return family }
        }
        return anyPositionWords[last.trimmingDigits]
    }

    /// Words that make a name a credential wherever they stand in it (SecretPolicy.md: Supabase's
    /// `token_hash` reset links, Capture's `newPasswordConfirm`, Rails' `password_confirmation`).
    static let anyPositionWords: [String: Family] = [
        "password": .password, "passwd": .password, "passphrase": .password, "pwd": .password,
        "token": .oauth2, "secret": .generic, "otp": .oneTimeCode, "passcode": .oneTimeCode,
    ]

    /// Whether a name (lower case, without separators) may hold one of `anyPositionWords`: its bytes are read
    /// once for their stems (`pass`, `pwd`, `token`, `secret`, `otp`), so the name of nearly every parameter,
    /// which holds none, is let through without a look-up.
    static func mayHoldAnyPositionWord(_ joined: String) -> Bool {
        var joined = joined
        return joined.withUTF8 { bytes in
            func at(_ index: Int, _ stem: StaticString) -> Bool {
                let count = stem.utf8CodeUnitCount
                guard index + count <= bytes.count else { return false }
                for offset in 0..<count where bytes[index + offset] != stem.utf8Start[offset] { return false }
                return true
            }
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "p"): if at(index, "pass") || at(index, "pwd") { return true }
                case UInt8(ascii: "t"): if at(index, "token") { return true }
                case UInt8(ascii: "s"): if at(index, "secret") { return true }
                case UInt8(ascii: "o"): if at(index, "otp") { return true }
                default: break
                }
            }
            return false
        }
    }

    /// Last words that make a name describe a credential rather than carry one (`token_type`, `tokenUrl`,
    /// `password_policy`, `otp_length`).
    static let describingLastWords: Set<String> = [
        "type", "url", "uri", "endpoint", "action", "hint", "length", "policy", "format", "method", "expires", "expiry",
        "expiration", "required", "strength", "label", "placeholder", "name", "field", "mode", "scope", "scopes",
    ]

    /// A name's words, lowercased: split at anything but ASCII letters and digits, and where the case turns
    /// (`authorizationCode`, `SAMLResponse` as saml + response, `X-Kii-AppKey`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(name.utf8)
        func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
        func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func flush() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self).lowercased()) }
            current.removeAll(keepingCapacity: true)
        }
        for (i, byte) in bytes.enumerated() {
            guard isUpper(byte) || isLower(byte) || isDigit(byte) else { flush(); continue }
            if isUpper(byte), let previous = current.last {
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(next)) { flush() }
            }
            current.append(byte)
        }
        flush()
        return words
    }

    /// A name as one lowercase word without separators (`access_token` = `accessToken` = `access-token`).
    package static func normalize(_ name: String) -> String {
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
