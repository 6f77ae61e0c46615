// SecretParameters.swift: which parameter names carry secrets (codes, tokens, state, PINs, passwords,
// signatures, sessions), and the keyed digest a mask may carry. The one list every command's masking asks.
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
