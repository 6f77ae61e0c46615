// URLParseErrorText.swift: why an input is not a URL, in words: the URL Standard's name for the
// validation error, a line a person can act on, and the parser's detail.
import BrowserURL
import JSONText
import SensitiveText

extension URLParseError {
    /// `domain-to-ASCII: the host is not a valid internationalized domain name (…)`.
    package var words: MessageText {
        "\(words: code.rawValue): \(words: code.explanation)" + (detail.map { " (\(words: $0.words))" } ?? "")
    }
}

extension URLParseError {
    /// The error as a JSON object for `--format json`: the spec's name, the words, and the detail as values
    /// (`{"problem": "bidi", "label": 2, "rule": 6}`) a script can switch on.
    package func json(message: String) -> JSONOutput {
        var fields = JSONFields([("code", .string(code.rawValue)), ("message", .string(message))])
        switch detail {
        case .domain(let problem)?: fields.add("detail", .object(problem.json))
        case .base(let code)?: fields.add("detail", .object(JSONFields([("problem", .string("base")), ("code", .string(code.rawValue))])))
        case nil: fields.add("detail", .null)
        }
        return .object(fields)
    }
}

extension IDNAProblem {
    /// The problem's name and its values.
    var json: JSONFields {
        func fields(_ name: String, codePoint: UInt32? = nil, label: Int? = nil, rule: Int? = nil) -> JSONFields {
            var object = JSONFields([("problem", .string(name))])
            if let codePoint { object.add("codePoint", codePoint.codePointName) }
            if let label { object.add("label", label) }
            if let rule { object.add("rule", rule) }
            return object
        }
        switch self {
        case .empty: return fields("empty")
        case .disallowed(let cp): return fields("disallowed", codePoint: cp)
        case .punycodeLabelNotASCII(let label): return fields("punycode-label-not-ascii", label: label)
        case .punycodeInvalid(let label): return fields("punycode-invalid", label: label)
        case .punycodeDecodesToASCII(let label): return fields("punycode-decodes-to-ascii", label: label)
        case .notNFC(let label): return fields("not-nfc", label: label)
        case .decodedLabelStartsWithACE(let label): return fields("decoded-label-starts-with-xn--", label: label)
        case .notValid(let cp, let label): return fields("not-valid", codePoint: cp, label: label)
        case .startsWithCombiningMark(let cp, let label): return fields("starts-with-combining-mark", codePoint: cp, label: label)
        case .joinerOutOfContext(let cp, let label): return fields("contextj", codePoint: cp, label: label)
        case .bidi(let rule, let label): return fields("bidi", label: label, rule: rule)
        case .punycodeOverflow(let label): return fields("punycode-overflow", label: label)
        }
    }
}

extension URLParseError.Detail {
    /// What more the parser knows, as a clause.
    var words: String {
        switch self {
        case .domain(let problem): return problem.words
        case .base(let code): return "the base URL: \(code.rawValue), \(code.explanation)"
        }
    }
}

extension IDNAProblem {
    /// Which UTS #46 rule the domain breaks, as a clause.
    var words: String {
        switch self {
        case .empty: return "nothing is left of the domain after UTS #46 mapping"
        case .disallowed(let cp): return "\(cp.codePointName) is disallowed in a domain by UTS #46"
        case .punycodeLabelNotASCII(let label): return "label \(label) starts with xn-- but is not ASCII"
        case .punycodeInvalid(let label): return "label \(label) starts with xn-- but the rest is not Punycode"
        case .punycodeDecodesToASCII(let label): return "label \(label) starts with xn-- but decodes to ASCII only, or to nothing"
        case .notNFC(let label): return "label \(label) decodes to text that is not in Unicode normalization form C"
        case .decodedLabelStartsWithACE(let label): return "label \(label) decodes to text that itself starts with xn--"
        case .notValid(let cp, let label): return "label \(label) decodes to \(cp.codePointName), which a domain may only hold mapped"
        case .startsWithCombiningMark(let cp, let label): return "label \(label) starts with the combining mark \(cp.codePointName)"
        case .joinerOutOfContext(let cp, let label):
            return "label \(label) has \(cp.codePointName) where RFC 5892's CONTEXTJ rule does not allow a joiner"
        case .bidi(let rule, let label):
            return "label \(label) breaks condition \(rule) of RFC 5893's Bidi rule, which applies to every label of a domain with right-to-left text"
        case .punycodeOverflow(let label): return "label \(label) is too long to encode as Punycode"
        }
    }
}

private extension UInt32 {
    /// U+XXXX.
    var codePointName: String {
        let hex = String(self, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}

extension URLParseError.Code {
    /// One line a person can act on.
    package var explanation: String {
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
