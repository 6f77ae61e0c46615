// FormParameters.swift: the application/x-www-form-urlencoded parser (URL Standard §5.1), which is
// what URLSearchParams does with a query: split on "&", drop empty sequences, split each at its first
// "=", "+" is a space, percent-decode, UTF-8 decode without BOM (invalid bytes become U+FFFD).
// Order and duplicates are kept. OAuth responses use the same encoding in the fragment, so the
// parser serves both parts.

/// One name–value pair, decoded.
public struct FormParameter: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The decoded pairs of an application/x-www-form-urlencoded string, in order, duplicates kept.
public struct FormParameters: Sendable, Hashable, RandomAccessCollection {
    public let pairs: [FormParameter]

    public init(pairs: [FormParameter]) { self.pairs = pairs }

    /// Parses `input` (a query or fragment without its leading "?" or "#").
    public init(parsing input: Substring) {
        if let pairs = input.utf8.withContiguousStorageIfAvailable(Self.parse) {
            self.pairs = pairs
        } else {
            self.pairs = Array(input.utf8).withUnsafeBufferPointer(Self.parse)
        }
    }

    public init(parsing input: String) { self.init(parsing: input[...]) }

    /// The parser on bytes: one pass, one String per name and value.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [FormParameter] {
        var pairs: [FormParameter] = []
        var start = 0
        let end = bytes.count
        while start < end {
            var sequenceEnd = start, equals = -1
            while sequenceEnd < end && bytes[sequenceEnd] != UInt8(ascii: "&") {
                if equals < 0 && bytes[sequenceEnd] == UInt8(ascii: "=") { equals = sequenceEnd }
                sequenceEnd += 1
            }
            if sequenceEnd > start {
                let nameEnd = equals < 0 ? sequenceEnd : equals
                let valueStart = equals < 0 ? sequenceEnd : equals + 1
                pairs.append(FormParameter(name: decode(UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])),
                                           value: decode(UnsafeBufferPointer(rebasing: bytes[valueStart..<sequenceEnd]))))
            }
            start = sequenceEnd + 1
        }
        return pairs
    }

    /// Decodes one name or value: "+" → space, percent-decoding, UTF-8 with replacement.
    public static func decodeComponent(_ component: Substring) -> String {
        component.utf8.withContiguousStorageIfAvailable(decode) ?? Array(component.utf8).withUnsafeBufferPointer(decode)
    }

    /// "+" → space, then percent-decode, then UTF-8 decode with replacement.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var plain = true
        for byte in bytes where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "%") { plain = false; break }
        if plain { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            var i = 0, o = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                    out[o] = high << 4 | low
                    i += 3
                } else {
                    out[o] = byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                    i += 1
                }
                o += 1
            }
            return o
        }
    }

    public var startIndex: Int { pairs.startIndex }
    public var endIndex: Int { pairs.endIndex }
    public subscript(position: Int) -> FormParameter { pairs[position] }

    /// The first value for `name` (URLSearchParams.get).
    public func first(_ name: String) -> String? { pairs.first { $0.name == name }?.value }
    /// Every value for `name`, in order (URLSearchParams.getAll).
    public func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }
    /// Whether `name` occurs (URLSearchParams.has).
    public func contains(_ name: String) -> Bool { pairs.contains { $0.name == name } }
    /// How many times `name` occurs.
    public func count(of name: String) -> Int { pairs.reduce(0) { $0 + ($1.name == name ? 1 : 0) } }

    /// Serializes back (the application/x-www-form-urlencoded serializer: space becomes "+").
    public var serialized: String {
        pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private func encode(_ string: String) -> String {
        var out: [UInt8] = []
        for byte in string.utf8 {
            if byte == 0x20 {
                out.append(UInt8(ascii: "+"))
            } else if PercentEncodeSet.formURLEncoded.contains(byte) {
                out += [0x25, upperHex(byte >> 4), upperHex(byte & 0xF)]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension BrowserURL {
    /// The query's parameters (empty when there is no query).
    public var queryParameters: FormParameters {
        guard layout.queryStart >= 0 else { return FormParameters(pairs: []) }
        let end = layout.fragmentStart >= 0 ? layout.fragmentStart : href.utf8.count
        return FormParameters(parsing: substring(layout.queryStart + 1, end))
    }

    /// The fragment's parameters, read as application/x-www-form-urlencoded (OAuth's fragment response mode).
    public var fragmentParameters: FormParameters {
        guard layout.fragmentStart >= 0 else { return FormParameters(pairs: []) }
        return FormParameters(parsing: substring(layout.fragmentStart + 1, href.utf8.count))
    }

    func substring(_ start: Int, _ end: Int) -> Substring {
        let utf8 = href.utf8
        let a = utf8.index(utf8.startIndex, offsetBy: start)
        return Substring(utf8[a..<utf8.index(a, offsetBy: end - start)])
    }
}
