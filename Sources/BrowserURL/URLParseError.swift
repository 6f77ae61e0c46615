// URLParseError.swift: why an input is not a URL. The codes are the URL Standard's validation-error
// names (§1.2, "Validation"), restricted to those that make the basic URL parser return failure. The
// output module words them (URLParseErrorText.swift there).

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

    /// The spec's name and the detail (the output module words it).
    public var description: String { code.rawValue + (detail.map { " (\($0))" } ?? "") }

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
