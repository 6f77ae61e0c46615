// HTTPMethod.swift: a navigation's method, as a value. RFC 9110 §9.1 makes a method a token (§5.6.2: one or
// more of the visible characters that are not delimiters), so ` POST`, `GE T` and the empty string are no
// method and no browser sends them; Fetch's "normalize a method" upper-cases the six it knows (DELETE, GET,
// HEAD, OPTIONS, POST, PUT) whatever their case, and keeps any other as it was sent (methods are
// case-sensitive). Defined once for every reader that takes one from a person or a file (`check --method`,
// a navlog's `method`) and for the engine, which compares cases, never strings.

public enum HTTPMethod: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    case get, head, post, put, delete, options
    /// Any other token, as sent.
    case other(String)

    /// The method `text` names, normalized as Fetch normalizes it; nil when it is not a token.
    public init?(_ text: String) {
        guard Self.isToken(text) else { return nil }
        switch text.uppercased() {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "DELETE": self = .delete
        case "OPTIONS": self = .options
        default: self = .other(text)
        }
    }

    /// A method as a web view or a recorder reports it: normalized when it is a token, else kept as it was
    /// sent (`other`), so what a recording holds is still shown.
    public init(reported text: String) { self = HTTPMethod(text) ?? .other(text) }

    /// A method written in code (`"POST"`), read as a reported one.
    public init(stringLiteral value: String) { self.init(reported: value) }

    /// The method's name as a request line carries it.
    public var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .other(let name): name
        }
    }

    public var description: String { name }

    /// Whether `text` is a token (RFC 9110 §5.6.2): `!#$%&'*+-.^_`|~`, digits and letters, at least one.
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    /// tchar.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
