// URLParseErrorText.swift: why an input is not a URL, in words: the URL Standard's name for the
// validation error, a line a person can act on, and the parser's detail.
import BrowserURL
import SensitiveText

extension URLParseError {
    /// `domain-to-ASCII: the host is not a valid internationalized domain name (…)`.
    public var words: MessageText {
        "\(words: code.rawValue): \(words: code.explanation)" + (detail.map { " (\(foreign: $0))" } ?? "")
    }
}

extension URLParseError.Code {
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
