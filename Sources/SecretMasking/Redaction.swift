// Redaction.swift: the one place that knows which parameters are secrets (codes, tokens, state, PINs,
// passwords) and how they are masked: a short prefix and the length, never the value. Every string a
// command prints goes through here: URLs (userinfo, query, fragment, opaque paths, JSON carried in a
// parameter such as Janrain's `arguments=`), parameters, bridge payloads, free text that quotes a URL or
// a `name=value` (finding messages, explanations, diffs), and file names that are URLs. `--reveal` turns
// masking off and nothing else; control characters are escaped for terminals whatever --reveal says.
//
// This file: the masks themselves (a short prefix and the length, never the value; a mask is recognised
// only in its exact shape). URLSecrets.swift masks URLs and form strings, JSONSecrets.swift JSON and
// bridge payloads, TextSecrets.swift free text and terminal escaping.
import SecretPolicy
import BrowserURL
import JSONText
import NavigationPolicy
import SensitiveText

/// Masks secrets in values, parameter strings and URLs.
public struct Redactor: Sendable {
    public let secrets: SecretParameters
    /// When false (`--reveal`), everything passes through unchanged.
    public let isEnabled: Bool
    /// When set, masks carry the value's keyed digest (recordings).
    public let fingerprint: (any SecretFingerprint)?
    /// What a secret becomes: a mask (what is printed) or a placeholder of its shape (what a generated file
    /// holds, so the file still works as the recording did without carrying the recording's secrets).
    public let replacement: Replacement

    public enum Replacement: Sendable {
        /// "abcd…(40)".
        case mask
        /// As many characters as the secret, each of its class (a lower-case letter, an upper-case one, a
        /// digit; "-", ".", "_", "~" kept, anything else "_"), chosen by position only, so it says nothing of
        /// the value and placing it twice changes nothing.
        case placeholder
    }

    public init(secrets: SecretParameters = .standard, isEnabled: Bool = true, fingerprint: (any SecretFingerprint)? = nil,
                replacement: Replacement = .mask) {
        self.secrets = secrets
        self.isEnabled = isEnabled
        self.fingerprint = fingerprint
        self.replacement = replacement
    }

    /// A secret value as "abcd…(40)": its length in characters and, for a secret of 16 characters or more,
    /// its first four when they are plain ASCII letters, digits, "-", ".", "_" or "~" (anything else shows
    /// no prefix: a mask never carries bytes a reader could mistake for the value or a terminal could act on).
    public func mask(_ value: String) -> String {
        guard isEnabled else { return value }
        if replacement == .placeholder { return Self.maskedLength(value).map { Self.placeholder(String(repeating: "a", count: $0)) } ?? Self.placeholder(value) }
        guard !Self.isMask(Substring(value)) else { return value }
        return makeMask(shownFrom: value.utf8, value: value)
    }

    /// The mask of `value`, its prefix taken from `raw` (the value as it stands in the input): shown only
    /// when those raw bytes are all showable, so a raw prefix and its decoded form are the same bytes.
    private func makeMask(shownFrom raw: some Collection<UInt8>, value: String) -> String {
        if replacement == .placeholder { return Self.placeholder(value) }
        return SecretMask.mask(count: value.count, raw: raw, digest: value.isEmpty ? nil : fingerprint?.digest(value))
    }

    /// The placeholder for a secret as it stands percent-encoded in a URL or form string: a mask (a recording
    /// made without --reveal holds masks) stands for a secret of its length.
    static func placeholder(forSecret raw: Substring) -> String {
        if let length = maskedLength(raw) ?? maskedLength(ellipsisDecoded(raw)) {
            return placeholder(String(repeating: "a", count: length))
        }
        return placeholder(FormParameters.decodeComponent(raw))
    }

    /// A placeholder of `value`'s shape (Replacement.placeholder).
    static func placeholder(_ value: String) -> String {
        let lower = Array("placeholder"), digits = Array("0123456789")
        var out = ""
        for (index, character) in value.enumerated() {
            let letter = lower[index % lower.count]
            if character.isASCII && character.isLowercase { out.append(letter) }
            else if character.isASCII && character.isUppercase { out.append(Character(letter.uppercased())) }
            else if character.isASCII && character.isNumber { out.append(digits[index % digits.count]) }
            else if "-._~".contains(character) { out.append(character) }
            else { out.append("_") }
        }
        return out
    }

    /// Whether text is exactly a mask this redactor makes ("abcd…(40)", "…(40)" for a secret whose first four
    /// bytes are not all showable, "…(9)", "…(9:0123456789abcdef)"), so masking twice changes nothing.
    /// Strict: the prefix is none, or as long as a mask of that length shows and made of showable bytes, so
    /// a secret that merely ends in "…(9)" is masked like any other.
    static func isMask(_ text: Substring) -> Bool { maskedLength(text) != nil }

    /// The length a mask this redactor makes stands for; nil for any other text (SecretMask's shape).
    public static func maskedLength(_ text: some StringProtocol) -> Int? { SecretMask.length(of: text) }

    /// A secret that stands percent-encoded in a URL or form string: decided on the raw bytes (a prefix is
    /// shown only when its raw bytes are showable, so no escape, valid UTF-8 or not, is ever carried into
    /// the mask); the length counts decoded characters.
    public func maskEncoded(_ raw: Substring) -> String {
        guard isEnabled else { return String(raw) }
        if replacement == .placeholder { return Self.placeholder(forSecret: raw) }
        guard !Self.isMask(raw) else { return String(raw) }
        // A mask that went through a URL serializer has only its "…" percent-encoded: that is still a mask.
        // Any other encoding of one (its parentheses or digits escaped too) is a secret made to look like a
        // mask, and is masked.
        // Decoding "…" leaves the last byte as it is, and a mask ends in ")": without one, or without a "%",
        // the decoded text is no mask either.
        if raw.utf8.last == UInt8(ascii: ")"), raw.utf8.contains(UInt8(ascii: "%")),
           Self.isMask(Substring(Self.ellipsisDecoded(raw))) { return String(raw) }
        return makeMask(shownFrom: raw.utf8, value: FormParameters.decodeComponent(raw))
    }

    /// `raw` with each "%E2%80%A6" (any case) decoded to "…", and nothing else decoded.
    static func ellipsisDecoded(_ raw: Substring) -> String {
        let bytes = Array(raw.utf8), escape = Array("%E2%80%A6".utf8)
        var out: [UInt8] = [], index = 0
        out.reserveCapacity(bytes.count)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + escape.count <= bytes.count,
               zip(bytes[index..<index + escape.count], escape).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                out += Array("…".utf8)
                index += escape.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The value for `name`, masked when the name is a secret; a value that holds JSON has its secret keys
    /// masked.
    public func value(_ value: String, forParameter name: String) -> String {
        guard isEnabled else { return value }
        if secrets.isSecret(name) { return mask(value) }
        if value.hasPrefix("[") || value.hasPrefix("{"), let json = JSONValue.parse(value) { return jsonParameter(json, named: name).jsonText }
        return Self.isArguments(name) ? mask(value) : value
    }
}

/// A URL's eleven components by the URL Standard's names, with secrets masked.
public struct RedactedURL: Sendable, Hashable {
    public let href, origin, `protocol`, username, password, host, hostname, port, pathname, search, hash: String
}
