// HTTPMethod.swift: what an HTTP method may be, defined once for every reader that takes one from a person
// or a file (`check --method`, a navlog's `method`): RFC 9110 §9.1 makes a method a token, and §5.6.2 a token
// one or more of the visible characters that are not delimiters. ` POST`, `GE T` and the empty string are
// no method, and no browser sends them.

public enum HTTPMethod {
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
