// SecretPlaces.swift: where a secret stands in a text, found once for every masker (the command line's
// Redactor and the engine's own descriptions): each credential by its shape (CredentialShape's one scan),
// and each `name=value` pair of a URL's path whose name is a secret (`/cb;code=…/next`, a value ending at
// "/", ";", "&" or ","). Each masker says how it masks (a digest, a placeholder, a plain length); the places
// are this file's alone.

extension CredentialShape {
    /// `text` with each credential by its shape replaced by `replacement` of it; a text with none is returned
    /// as it is, nothing copied.
    public static func replacingCredentials(in text: String, with replacement: (String) -> String) -> String {
        var text = text
        var ranges: [Range<Int>] = []
        text.withUTF8 { bytes in credentials(in: bytes) { ranges.append($0) } }
        guard !ranges.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = [], last = 0
        out.reserveCapacity(bytes.count)
        for range in ranges {
            out += bytes[last..<range.lowerBound]
            out += Array(replacement(String(decoding: bytes[range], as: UTF8.self)).utf8)
            last = range.upperBound
        }
        out += bytes[last...]
        return String(decoding: out, as: UTF8.self)
    }
}

/// The `name=value` pairs of a URL's path (or a deep link's route).
public enum PathPairs {
    /// `path` with the value of each pair whose name `isSecret` replaced by `mask` of the value as it stands.
    /// A name is the letters, digits, "_" and "-" just before "="; everything else is kept byte for byte.
    public static func maskingSecretValues(in path: Substring, isSecret: (String) -> Bool, mask: (Substring) -> String) -> String {
        guard path.utf8.contains(UInt8(ascii: "=")) else { return String(path) }
        var out = "", rest = path
        while let equals = rest.utf8.firstIndex(of: UInt8(ascii: "=")) {
            let before = rest[..<equals]
            let nameStart = before.utf8.lastIndex { !isNameByte($0) }.map { before.utf8.index(after: $0) } ?? before.startIndex
            let name = String(before[nameStart...])
            let valueStart = rest.utf8.index(after: equals)
            let valueEnd = rest.utf8[valueStart...].firstIndex(where: endsValue) ?? rest.endIndex
            out += rest[..<valueStart]
            out += !name.isEmpty && isSecret(name) ? mask(rest[valueStart..<valueEnd]) : String(rest[valueStart..<valueEnd])
            rest = rest[valueEnd...]
        }
        return out + rest
    }

    /// A byte of a pair's name: an ASCII letter or digit, "_" or "-".
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A byte that ends a pair's value: "/", ";", "&" or ",".
    static func endsValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ",")
    }
}
