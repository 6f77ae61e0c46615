// URLParseError.swift: why an input is not a URL. The codes are the URL Standard's validation-error
// names (§1.2, "Validation"), restricted to those that make the basic URL parser return failure.

/// The reason the basic URL parser returned failure, named as in the URL Standard.
public struct URLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The validation error that caused failure (the spec's name, e.g. `host-invalid-code-point`).
    public let code: Code
    /// Extra detail, e.g. which UTS #46 rule rejected a domain. Never contains the whole input.
    public let detail: String?

    public init(_ code: Code, detail: String? = nil) {
        self.code = code
        self.detail = detail
    }

    public var description: String {
        if let detail { return "\(code.rawValue): \(code.explanation) (\(detail))" }
        return "\(code.rawValue): \(code.explanation)"
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

        /// One line a person can act on.
        public var explanation: String {
            switch self {
            case .domainToASCII: return "the host is not a valid internationalized domain name"
            case .domainInvalidCodePoint: return "the host contains a code point a domain may not contain"
            case .hostInvalidCodePoint: return "the host contains a forbidden code point"
            case .ipv4TooManyParts: return "the IPv4 address has more than four parts"
            case .ipv4NonNumericPart: return "the host ends in a number but a part of it is not a number"
            case .ipv4OutOfRangePart: return "an IPv4 address part is too large"
            case .ipv6Unclosed: return "the IPv6 address is missing its closing ]"
            case .ipv6InvalidCompression: return "the IPv6 address starts with a single :"
            case .ipv6TooManyPieces: return "the IPv6 address has more than eight pieces"
            case .ipv6MultipleCompression: return "the IPv6 address has more than one ::"
            case .ipv6InvalidCodePoint: return "the IPv6 address contains an invalid code point"
            case .ipv6TooFewPieces: return "the IPv6 address has fewer than eight pieces"
            case .ipv4InIPv6TooManyPieces: return "the IPv6 address has too many pieces before its IPv4 part"
            case .ipv4InIPv6InvalidCodePoint: return "the IPv4 part of the IPv6 address is malformed"
            case .ipv4InIPv6OutOfRangePart: return "an IPv4 part of the IPv6 address is above 255"
            case .ipv4InIPv6TooFewParts: return "the IPv4 part of the IPv6 address has fewer than four parts"
            case .missingSchemeNonRelativeURL: return "the input has no scheme and no usable base URL"
            case .hostMissing: return "a special URL needs a host and this one has none"
            case .portOutOfRange: return "the port is above 65535"
            case .portInvalid: return "the port contains a non-digit"
            case .invalidBase: return "the base URL does not parse"
            }
        }
    }
}
