// URLParseError.swift: why an input is not a URL. The codes are the URL Standard's validation-error
// names (§1.2, "Validation"), restricted to those that make the basic URL parser return failure. The
// output module words them (URLParseErrorText.swift there).

/// The reason the basic URL parser returned failure, named as in the URL Standard.
public struct URLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The validation error that caused failure (the spec's name, e.g. `host-invalid-code-point`).
    public let code: Code
    /// What more the parser knows: which UTS #46 rule rejected a domain, or why the base did not parse.
    public let detail: Detail?

    public init(_ code: Code, detail: Detail? = nil) {
        self.code = code
        self.detail = detail
    }

    /// The spec's name and the detail as values, for debugging (the output module words them).
    public var description: String { code.rawValue + (detail.map { " (\($0))" } ?? "") }

    /// More about a failure, as a value.
    public enum Detail: Sendable, Hashable {
        /// Why UTS #46 ToASCII failed on the domain.
        case domain(IDNAProblem)
        /// The base URL's own failure (with `invalidBase`).
        case base(Code)
    }

    /// The URL Standard's failure-causing validation errors.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case domainToASCII = "domain-to-ASCII"
        case domainInvalidCodePoint = "domain-invalid-code-point"
        case hostInvalidCodePoint = "host-invalid-code-point"
        case ipv4TooManyParts = "IPv4-too-many-parts"
        case ipv4NonNumericPart = "IPv4-non-numeric-part"
        case ipv4OutOfRangePart = "IPv4-out-of-range-part"
        case ipv6Unclosed = "IPv6-unclosed"
        case ipv6InvalidCompression = "IPv6-invalid-compression"
        case ipv6TooManyPieces = "IPv6-too-many-pieces"
        case ipv6MultipleCompression = "IPv6-multiple-compression"
        case ipv6InvalidCodePoint = "IPv6-invalid-code-point"
        case ipv6TooFewPieces = "IPv6-too-few-pieces"
        case ipv4InIPv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces"
        case ipv4InIPv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point"
        case ipv4InIPv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part"
        case ipv4InIPv6TooFewParts = "IPv4-in-IPv6-too-few-parts"
        case missingSchemeNonRelativeURL = "missing-scheme-non-relative-URL"
        case hostMissing = "host-missing"
        case portOutOfRange = "port-out-of-range"
        case portInvalid = "port-invalid"
        /// Not a spec name: the base URL given for relative parsing did not parse itself.
        case invalidBase = "invalid-base-URL"
    }
}

/// Why UTS #46 ToASCII (with the URL Standard's options) rejects a domain: the first problem found. Labels
/// are numbered from 1; a code point is a Unicode scalar value.
public enum IDNAProblem: Error, Sendable, Hashable {
    /// The domain is empty after mapping (the URL Standard fails an empty result).
    case empty
    /// A code point the IDNA Mapping Table disallows (invalid UTF-8 reads as U+FFFD, which is one).
    case disallowed(codePoint: UInt32)
    /// An "xn--" label with a non-ASCII code point.
    case punycodeLabelNotASCII(label: Int)
    /// An "xn--" label whose rest is not Punycode.
    case punycodeInvalid(label: Int)
    /// An "xn--" label that decodes to nothing or to ASCII only.
    case punycodeDecodesToASCII(label: Int)
    /// A decoded label that is not in NFC.
    case notNFC(label: Int)
    /// A decoded label that begins with "xn--" itself.
    case decodedLabelStartsWithACE(label: Int)
    /// A decoded label with a code point that is not valid as it is (mapped, ignored or disallowed).
    case notValid(codePoint: UInt32, label: Int)
    /// A label that begins with a combining mark.
    case startsWithCombiningMark(codePoint: UInt32, label: Int)
    /// A ZERO WIDTH (NON-)JOINER where RFC 5892's CONTEXTJ rule does not allow it.
    case joinerOutOfContext(codePoint: UInt32, label: Int)
    /// A label of a domain with right-to-left text that breaks this numbered condition of RFC 5893 §2.
    case bidi(rule: Int, label: Int)
    /// A label too long for Punycode to encode.
    case punycodeOverflow(label: Int)
}
