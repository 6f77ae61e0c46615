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

/// The pairs of an application/x-www-form-urlencoded string, in order, duplicates kept.
///
/// Parsing records where each pair lies in the text (and whether its name or value holds "+" or "%");
/// nothing is decoded until asked for. Names are matched on their bytes (URLSearchParams compares code
/// units), so a decision that asks "is there a state?" of a response with a 900-byte id_token makes no
/// String for the token. A pair is decoded when it is read (`self[i]`, `first`, `all`, `pairs`).
public struct FormParameters: Sendable, Hashable, RandomAccessCollection {
    /// One pair's place in the text: byte offsets of its start, of its "=" (or its end when it has none)
    /// and of its end; whether its name or value must be decoded (holds "+" or "%").
    struct Span: Sendable {
        let start: Int, equals: Int, end: Int
        let encodedName: Bool, encodedValue: Bool
    }

    /// The text the spans point into (a whole href, say: it is shared, not copied).
    private let text: String
    private let spans: [Span]

    /// Pairs given decoded: serialized, then read back as any text is (the serializer and the parser
    /// round-trip every String exactly). No pairs costs nothing.
    public init(pairs: [FormParameter]) {
        let text = pairs.isEmpty ? "" : Self.serialize(pairs)
        self.init(text: text, pairs.isEmpty ? nil : 0..<text.utf8.count)
    }

    /// No pairs.
    public init() {
        text = ""
        spans = []
    }

    /// Parses `input` (a query or fragment without its leading "?" or "#").
    public init(parsing input: Substring) {
        let base = input.base
        let start = base.utf8.distance(from: base.utf8.startIndex, to: input.startIndex)
        self.init(text: base, start..<start + input.utf8.count)
    }

    public init(parsing input: String) { self.init(parsing: input[...]) }

    /// Parses the byte range `first` of `text`, then `second`, as one list of pairs (a query then a fragment).
    init(text: String, _ first: Range<Int>?, _ second: Range<Int>? = nil) {
        self.text = text
        spans = Self.withBytes(of: text) { bytes in
            var spans: [Span] = []
            if let first { Self.scan(bytes, first, into: &spans) }
            if let second { Self.scan(bytes, second, into: &spans) }
            return spans
        }
    }

    /// `body` over the text's bytes. The same as the module's `withBytes(_:_:)`, kept apart on purpose: that
    /// one is always inlined, and inlined here it made the optimizer retain and release the text (atomically)
    /// around each scan (atomic operations on every sentinel decision).
    static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The splitting, on bytes: sequences between "&", empty ones dropped, each split at its first "=".
    /// Sixty-four bytes at a time: a mask of where "%&+=" are in them is made sixteen bytes per vector
    /// compare (`formSpecials`), then only those bytes are visited, lowest first. The bytes between specials
    /// (tokens and codes, most of a response) are never looked at one by one, and the only branches that
    /// depend on the text are one per special: a word-at-a-time loop that stopped at each word holding one
    /// mispredicted about as often as it ran.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into spans: inout [Span]) {
        guard !range.isEmpty, let base = bytes.baseAddress else { return }
        if spans.capacity == 0 { spans.reserveCapacity(8) }
        let raw = UnsafeRawPointer(base)
        let end = range.upperBound
        var start = range.lowerBound, equals = -1, encodedName = false, encodedValue = false
        var block = range.lowerBound
        while block < end {
            let blockEnd = Swift.min(block + 64, end)
            var specials = formSpecials(raw, from: block, to: blockEnd)
            while specials != 0 {
                let i = block + specials.trailingZeroBitCount
                specials &= specials &- 1
                // Tests, not a switch: a switch here compiles to a jump table, whose indirect branch
                // mispredicts more than these do.
                let byte = bytes[i]
                if byte == UInt8(ascii: "&") {
                    if i > start {
                        spans.append(Span(start: start, equals: equals < 0 ? i : equals, end: i,
                                          encodedName: encodedName, encodedValue: encodedValue))
                    }
                    (start, equals, encodedName, encodedValue) = (i + 1, -1, false, false)
                } else if byte == UInt8(ascii: "=") {
                    if equals < 0 { equals = i }
                } else if equals < 0 {   // "%" or "+"
                    encodedName = true
                } else {
                    encodedValue = true
                }
            }
            block = blockEnd
        }
        if end > start {
            spans.append(Span(start: start, equals: equals < 0 ? end : equals, end: end,
                              encodedName: encodedName, encodedValue: encodedValue))
        }
    }

    /// Bit k set when byte `from + k` is "%", "&", "+" or "=" (`to - from` at most 64; the buffer holds at
    /// least `to` bytes, none past `to` is read). Sixteen bytes per vector compare (`FormSpecials`).
    @inline(__always)
    static func formSpecials(_ raw: UnsafeRawPointer, from: Int, to: Int) -> UInt64 {
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        var mask: UInt64 = 0, i = from
        while i < to {
            mask |= UInt64(FormSpecials.candidates(bytes, at: i, count: to)) << UInt64(i - from)
            i += 16
        }
        return mask
    }

    /// The name's bytes of `span`.
    static func nameBytes(_ span: Span, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[span.start..<span.equals])
    }

    /// The value's bytes of `span` (empty when the pair has no "=").
    static func valueBytes(_ span: Span, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let valueStart = span.equals < span.end ? span.equals + 1 : span.end
        return UnsafeBufferPointer(rebasing: bytes[valueStart..<span.end])
    }

    static func pair(_ span: Span, in bytes: UnsafeBufferPointer<UInt8>) -> FormParameter {
        FormParameter(name: decode(nameBytes(span, bytes), encoded: span.encodedName), value: value(span, in: bytes))
    }

    /// The value of `span`, decoded.
    static func value(_ span: Span, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        decode(valueBytes(span, bytes), encoded: span.encodedValue)
    }

    /// Whether the name of `span` is `name`, decoded, compared by code units (`decoded(_:encoded:equal:)`).
    static func name(_ span: Span, in bytes: UnsafeBufferPointer<UInt8>, is name: String) -> Bool {
        decoded(nameBytes(span, bytes), encoded: span.encodedName, equal: name)
    }

    /// Whether `component` (holding "+" or "%" when `encoded`), decoded, is `string` by code units. No String
    /// is made unless the component must be decoded; lengths are compared before bytes, eight bytes at a time.
    static func decoded(_ component: UnsafeBufferPointer<UInt8>, encoded: Bool, equal string: String) -> Bool {
        if encoded { return decode(component, encoded: true).utf8.elementsEqual(string.utf8) }
        return withBytes(of: string) { expected in
            expected.count == component.count && bytesEqual(component, 0, expected, 0, component.count)
        }
    }

    /// Whether the names of two spans are the same, decoded.
    static func sameName(_ a: Span, _ b: Span, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.encodedName || b.encodedName {
            return decode(nameBytes(a, bytes), encoded: a.encodedName).utf8
                .elementsEqual(decode(nameBytes(b, bytes), encoded: b.encodedName).utf8)
        }
        let count = a.equals - a.start
        return count == b.equals - b.start && bytesEqual(bytes, a.start, bytes, b.start, count)
    }

    /// Decodes one name or value: "+" → space, percent-decoding, UTF-8 with replacement.
    public static func decodeComponent(_ component: Substring) -> String {
        component.utf8.withContiguousStorageIfAvailable(decode) ?? Array(component.utf8).withUnsafeBufferPointer(decode)
    }

    /// "+" → space, then percent-decode, then UTF-8 decode with replacement.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var plain = true
        for byte in bytes where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "%") { plain = false; break }
        return decode(bytes, encoded: !plain)
    }

    /// As `decode`, told whether the bytes hold "+" or "%" (the scan already knows).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, encoded: Bool) -> String {
        if !encoded { return String(decoding: bytes, as: UTF8.self) }
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

    public var startIndex: Int { 0 }
    public var endIndex: Int { spans.count }

    public subscript(position: Int) -> FormParameter {
        Self.withBytes(of: text) { Self.pair(spans[position], in: $0) }
    }

    /// Every pair, decoded.
    public var pairs: [FormParameter] {
        Self.withBytes(of: text) { bytes in spans.map { Self.pair($0, in: bytes) } }
    }

    /// The position of the first pair named `name` at or after `from`, or nil.
    private func index(of name: String, from: Int = 0, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = from
        while i < spans.count {
            if Self.name(spans[i], in: bytes, is: name) { return i }
            i += 1
        }
        return nil
    }

    /// The first value for `name` (URLSearchParams.get).
    public func first(_ name: String) -> String? {
        Self.withBytes(of: text) { bytes in
            index(of: name, in: bytes).map { Self.value(spans[$0], in: bytes) }
        }
    }

    /// Every value for `name`, in order (URLSearchParams.getAll).
    public func all(_ name: String) -> [String] {
        Self.withBytes(of: text) { bytes in
            var values: [String] = []
            var next = index(of: name, in: bytes)
            while let i = next {
                values.append(Self.value(spans[i], in: bytes))
                next = index(of: name, from: i + 1, in: bytes)
            }
            return values
        }
    }

    /// The value of the pair at `position`, decoded (its name is not decoded).
    public func value(at position: Int) -> String {
        Self.withBytes(of: text) { Self.value(spans[position], in: $0) }
    }

    /// Whether the value of the pair at `position`, decoded, is `string` (compared by code units). No String
    /// is made unless the value must be decoded: a decision compares a response's state with the one sent.
    public func value(at position: Int, equals string: String) -> Bool {
        Self.withBytes(of: text) { bytes in
            let span = spans[position]
            return Self.decoded(Self.valueBytes(span, bytes), encoded: span.encodedValue, equal: string)
        }
    }

    /// Calls `body` for every pair, in order, whose name (decoded) is one of `names`, with that name's index
    /// in `names` and the pair's position: one pass that reads each name once, for a caller that wants
    /// several names (a sentinel response's code, state, error, …) rather than a scan per name.
    package func forEachPair(named names: ComponentKeys, _ body: (_ name: Int, _ position: Int) -> Void) {
        Self.withBytes(of: text) { bytes in
            for (position, span) in spans.enumerated() {
                let name: Int?
                if span.encodedName {
                    let decoded = Self.decode(Self.nameBytes(span, bytes), encoded: true)
                    name = Self.withBytes(of: decoded) { names.firstIndex(in: $0, 0..<$0.count) }
                } else {
                    name = names.firstIndex(in: bytes, span.start..<span.equals)
                }
                if let name { body(name, position) }
            }
        }
    }

    /// Whether `name` occurs (URLSearchParams.has).
    public func contains(_ name: String) -> Bool {
        Self.withBytes(of: text) { index(of: name, in: $0) != nil }
    }

    /// How many times `name` occurs.
    public func count(of name: String) -> Int {
        Self.withBytes(of: text) { bytes in spans.reduce(0) { $0 + (Self.name($1, in: bytes, is: name) ? 1 : 0) } }
    }

    /// The first name among `names` that repeats a pair before it, in pair order, or nil. Compared on
    /// bytes: a sentinel decision asks this of every response. Repeats are looked for first (most pairs
    /// differ from the ones before them by length alone), and only a repeated name is looked up in `names`.
    public func firstRepeatedName(among names: [String]) -> String? {
        Self.withBytes(of: text) { bytes in
            for i in spans.indices {
                for j in 0..<i where Self.sameName(spans[j], spans[i], in: bytes) {
                    if let name = names.first(where: { Self.name(spans[i], in: bytes, is: $0) }) { return name }
                    break
                }
            }
            return nil
        }
    }

    /// Equal when the decoded pairs are equal, in order.
    public static func == (lhs: FormParameters, rhs: FormParameters) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for pair in self { hasher.combine(pair) }
    }

    /// Serializes back (the application/x-www-form-urlencoded serializer: space becomes "+").
    public var serialized: String { Self.serialize(pairs) }

    static func serialize(_ pairs: [FormParameter]) -> String {
        pairs.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static func encode(_ string: String) -> String {
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
    public var queryParameters: FormParameters { FormParameters(text: href, queryRange) }

    /// The fragment's parameters, read as application/x-www-form-urlencoded (OAuth's fragment response mode).
    public var fragmentParameters: FormParameters { FormParameters(text: href, fragmentRange) }

    /// The path read as application/x-www-form-urlencoded pairs: a bridge URL such as
    /// `janrain:accessToken=TOKEN` carries its data in an opaque path. Read in place, as the query is.
    public var pathParameters: FormParameters {
        let path = byteRange(.pathname)
        return FormParameters(text: href, path.isEmpty ? nil : path)
    }

    /// The query's parameters, then the fragment's (a response read in either place).
    public var queryAndFragmentParameters: FormParameters {
        FormParameters(text: href, queryRange, fragmentRange)
    }

    /// The query's bytes in the href, without its "?".
    private var queryRange: Range<Int>? {
        guard layout.queryStart >= 0 else { return nil }
        return layout.queryStart + 1..<(layout.fragmentStart >= 0 ? layout.fragmentStart : href.utf8.count)
    }

    /// The fragment's bytes in the href, without its "#".
    private var fragmentRange: Range<Int>? {
        layout.fragmentStart >= 0 ? layout.fragmentStart + 1..<href.utf8.count : nil
    }

    func substring(_ start: Int, _ end: Int) -> Substring {
        let utf8 = href.utf8
        let a = utf8.index(utf8.startIndex, offsetBy: start)
        return Substring(utf8[a..<utf8.index(a, offsetBy: end - start)])
    }
}
