// JSONScanner.swift: reads JSON (RFC 8259) straight from a line's bytes, for navlog records.
// Written here, not taken from Foundation, because replay's speed is bounded by reading lines:
// JSONSerialization builds an NSDictionary of boxed values
// per line and the record would then be read out of it again, while a record needs a dozen known keys
// read once. The scanner allocates only the Strings it returns, validates UTF-8, and reports errors with
// the byte offset they occur at, so the reader can name the line and column.
import CByteScan

/// A JSON syntax error at a byte offset of the scanned text.
public struct JSONScanError: Error, Sendable, Hashable {
    public var offset: Int
    public var syntax: JSONSyntaxError
    /// The input ended inside a value (a truncated line or file).
    public var isEndOfInput: Bool { syntax == .endOfInput }

    public init(offset: Int, syntax: JSONSyntaxError) {
        self.offset = offset
        self.syntax = syntax
    }
}

/// What is wrong with the JSON where a scan stopped (worded by `message`). A byte is the one found there.
public enum JSONSyntaxError: Sendable, Hashable {
    /// The input ends inside a value: the line or file was cut short.
    case endOfInput
    case expectedValue
    case unexpectedCharacter(UInt8)
    /// A structural character was expected (`found`: the byte there instead).
    case expected(JSONPunctuation, found: UInt8)
    case expectedKey(found: UInt8)
    case nestedTooDeep(limit: Int)
    /// Text that starts like true, false or null but is not.
    case notAValue
    case expectedDigit(in: JSONNumberPart)
    case leadingZero
    case expectedString
    case invalidUTF8
    case unescapedControlCharacter(UInt8)
    /// A \u escape of half a surrogate pair (the half, when it is known), or a pair whose second half is not one.
    case loneSurrogate(UInt32?)
    case invalidEscape(UInt8)
    case shortUnicodeEscape
    /// A navlog line that is JSON but not an object.
    case notAnObject(JSONValueKind)
    case textAfterValue

    /// Where a structural character was expected.
    public enum JSONPunctuation: Sendable, Hashable {
        case objectStart, arrayStart, colonAfterKey, commaOrObjectEnd, commaOrArrayEnd
    }

    /// The part of a number a digit was expected in.
    public enum JSONNumberPart: Sendable, Hashable {
        case integer, fraction, exponent
    }
}

/// A JSON number as written: an integer when it has no fraction or exponent and fits, else a double.
public enum JSONNumber: Sendable, Hashable {
    case integer(Int)
    case double(Double)

    @inlinable
    public var doubleValue: Double {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        }
    }
}

/// The kind of the value at the cursor.
public enum JSONValueKind: Sendable, Hashable {
    case object, array, string, number, `true`, `false`, null
}

public struct JSONScanner {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var offset = 0
    /// Nesting allowed in skipped values before the line is refused (a hostile line cannot exhaust the stack).
    public static let maxDepth = 512

    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    @inlinable
    public var isAtEnd: Bool { offset >= bytes.count }

    /// `syntax` at `position` (the cursor when nil); at or past the end, the input ended inside a value.
    @inlinable
    public func error(_ syntax: JSONSyntaxError, at position: Int? = nil) -> JSONScanError {
        let at = position ?? offset
        return JSONScanError(offset: at, syntax: at >= bytes.count ? .endOfInput : syntax)
    }

    @inlinable
    public mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// The kind of the next value, after whitespace.
    @inlinable
    public mutating func peekKind() throws(JSONScanError) -> JSONValueKind {
        skipWhitespace()
        guard offset < bytes.count else { throw error(.expectedValue) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"): return .true
        case UInt8(ascii: "f"): return .false
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error(.unexpectedCharacter(bytes[offset]))
        }
    }

    @inlinable
    public mutating func expect(_ byte: UInt8, _ what: JSONSyntaxError.JSONPunctuation) throws(JSONScanError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else {
            throw error(offset < bytes.count ? .expected(what, found: bytes[offset]) : .endOfInput)
        }
        offset += 1
    }

    /// Consumes `byte` if it is next (after whitespace).
    @inlinable
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == byte { offset += 1; return true }
        return false
    }

    // MARK: Objects and arrays

    /// Calls `member` for each key of the object at the cursor, with the cursor on the member's value; the
    /// callback must consume the value. The key is given as a byte range when it has no escapes (nearly
    /// always), else decoded.
    @inlinable
    public mutating func object(_ member: (inout JSONScanner, _ key: JSONScannedKey) throws(JSONScanError) -> Void) throws(JSONScanError) {
        try expect(UInt8(ascii: "{"), .objectStart)
        if consume(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error(offset < bytes.count ? .expectedKey(found: bytes[offset]) : .endOfInput)
            }
            let key = try keyToken()
            try expect(UInt8(ascii: ":"), .colonAfterKey)
            try member(&self, key)
            if consume(UInt8(ascii: ",")) { continue }
            try expect(UInt8(ascii: "}"), .commaOrObjectEnd)
            return
        }
    }

    /// Calls `element` for each element of the array at the cursor; the callback must consume it.
    @inlinable
    public mutating func array(_ element: (inout JSONScanner, _ index: Int) throws(JSONScanError) -> Void) throws(JSONScanError) {
        try expect(UInt8(ascii: "["), .arrayStart)
        if consume(UInt8(ascii: "]")) { return }
        var index = 0
        while true {
            try element(&self, index)
            index += 1
            if consume(UInt8(ascii: ",")) { continue }
            try expect(UInt8(ascii: "]"), .commaOrArrayEnd)
            return
        }
    }

    /// Skips one value of any kind, checking its syntax.
    @inlinable
    public mutating func skipValue(depth: Int = 0) throws(JSONScanError) {
        guard depth < Self.maxDepth else { throw error(.nestedTooDeep(limit: Self.maxDepth)) }
        switch try peekKind() {
        case .object: try object { (s: inout JSONScanner, _: JSONScannedKey) throws(JSONScanError) in try s.skipValue(depth: depth + 1) }
        case .array: try array { (s: inout JSONScanner, _: Int) throws(JSONScanError) in try s.skipValue(depth: depth + 1) }
        case .string: _ = try string()
        case .number: _ = try number()
        case .true, .false: _ = try bool()
        case .null: try null()
        }
    }

    // MARK: Scalars

    @inlinable
    public mutating func null() throws(JSONScanError) { try literal("null") }

    @inlinable
    public mutating func bool() throws(JSONScanError) -> Bool {
        skipWhitespace()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "t") { try literal("true"); return true }
        try literal("false")
        return false
    }

    @inlinable
    mutating func literal(_ word: StaticString) throws(JSONScanError) {
        skipWhitespace()
        let start = offset
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw error(.endOfInput, at: bytes.count) }
        for i in 0..<count where bytes[offset + i] != word.utf8Start[i] {
            throw error(.notAValue, at: start)
        }
        offset += count
    }

    @inlinable
    public mutating func number() throws(JSONScanError) -> JSONNumber {
        skipWhitespace()
        let start = offset
        var isInteger = true
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw error(.expectedDigit(in: .integer), at: offset) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count && Self.isDigit(bytes[offset]) { throw error(.leadingZero, at: start) }
        } else {
            while offset < bytes.count && Self.isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw error(.expectedDigit(in: .fraction)) }
            while offset < bytes.count && Self.isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            isInteger = false
            offset += 1
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) { offset += 1 }
            guard offset < bytes.count, Self.isDigit(bytes[offset]) else { throw error(.expectedDigit(in: .exponent)) }
            while offset < bytes.count && Self.isDigit(bytes[offset]) { offset += 1 }
        }
        // An integer of up to 18 digits (every seq and time a recorder writes) is read from its digits;
        // anything else goes through the standard library's parse.
        if isInteger, offset - start <= 18 {
            let negative = bytes[start] == UInt8(ascii: "-")
            var value = 0
            for i in (negative ? start + 1 : start)..<offset { value = value &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0")) }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        return .double(Double(text) ?? .nan)
    }

    /// A key: its byte range when it has no escapes, else its decoded text.
    @inlinable
    mutating func keyToken() throws(JSONScanError) -> JSONScannedKey {
        let start = offset + 1
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                offset = i + 1
                return JSONScannedKey(bytes: UnsafeBufferPointer(rebasing: bytes[start..<i]), decoded: nil)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        let decoded = try string()
        return JSONScannedKey(bytes: UnsafeBufferPointer(start: nil, count: 0), decoded: decoded)
    }

    /// Whether the value at the cursor is the string `word` written plainly, read past it when it is: a quote,
    /// the word's bytes, a quote. A word with no quote or backslash in it can only be matched by itself, so
    /// nothing else is read; a string that spells the word with escapes is not matched (its caller reads it
    /// in full).
    @inlinable
    public mutating func readPlainString(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        let close = offset + 1 + count
        guard close < bytes.count, let base = bytes.baseAddress, base[offset] == UInt8(ascii: "\""), base[close] == UInt8(ascii: "\""),
              bs_same_bytes(base + offset + 1, word.utf8Start, count) != 0 else { return false }
        offset = close + 1
        return true
    }

    /// A string value, unescaped and checked to be UTF-8.
    @inlinable
    public mutating func string() throws(JSONScanError) -> String {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error(.expectedString) }
        let start = offset + 1
        var i = start
        var sawNonASCII = false
        // Fast path: no escapes. Eight bytes at a time past those that need no look.
        while i < bytes.count {
            i = Self.skipPlain(bytes, from: i)
            guard i < bytes.count else { break }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<i])
                offset = i + 1
                // ASCII (nearly every URL) needs no validation; anything else is checked to be UTF-8.
                if !sawNonASCII { return String(decoding: raw, as: UTF8.self) }
                guard let text = TextEncoding.validUTF8(raw) else { throw error(.invalidUTF8, at: start) }
                return text
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error(.unescapedControlCharacter(b), at: i) }
            if b >= 0x80 { sawNonASCII = true }
            i += 1
        }
        // Slow path: escapes.
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                guard let text = TextEncoding.validUTF8(out) else { throw error(.invalidUTF8, at: start) }
                offset = i + 1
                return text
            }
            if b < 0x20 { throw error(.unescapedControlCharacter(b), at: i) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { break }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by \u and a low one (RFC 8259 §7).
                    guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error(.loneSurrogate(scalar), at: i - 6)
                    }
                    let low = try hex4(at: i + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate(nil), at: i - 6) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error(.loneSurrogate(scalar), at: i - 6)
                }
                out.append(contentsOf: String(Unicode.Scalar(scalar)!).utf8)
            default:
                throw error(.invalidEscape(escape), at: i - 2)
            }
        }
        throw error(.endOfInput, at: bytes.count)
    }

    /// The offset of the first byte at or after `start` that is a quote, a backslash, a control character or
    /// past ASCII; `bytes.count` when there is none. Sixteen bytes at a time (CByteScan's JSON string stops,
    /// a superset that also names space and DELETE, each checked here), then byte by byte.
    @inlinable @inline(__always)
    static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var i = start
        while i &+ 16 <= bytes.count {
            var named = bs_json_string_stops(base + i)
            while named != 0 {
                let at = i &+ named.trailingZeroBitCount
                if needsLook(base[at]) { return at }
                named &= named &- 1
            }
            i &+= 16
        }
        while i < bytes.count && !needsLook(base[i]) { i &+= 1 }
        return i
    }

    @inlinable @inline(__always)
    static func needsLook(_ b: UInt8) -> Bool { b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 }

    @inlinable
    func hex4(at position: Int) throws(JSONScanError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error(.endOfInput, at: bytes.count) }
        var value: UInt32 = 0
        for k in 0..<4 {
            let b = bytes[position + k]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error(.shortUnicodeEscape, at: position + k)
            }
            value = value << 4 | digit
        }
        return value
    }

    @inlinable
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}

/// An object key as scanned.
public struct JSONScannedKey {
    /// The key's bytes (valid when `decoded` is nil).
    public let bytes: UnsafeBufferPointer<UInt8>
    public let decoded: String?

    @inlinable
    init(bytes: UnsafeBufferPointer<UInt8>, decoded: String?) {
        self.bytes = bytes
        self.decoded = decoded
    }

    @inlinable @inline(__always)
    public func equals(_ name: StaticString) -> Bool {
        // A key read from its bytes has a base address; a decoded one has none (and is read only here).
        guard let base = bytes.baseAddress else {
            return decoded?.utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) ?? false
        }
        return bytes.count == name.utf8CodeUnitCount && bs_same_bytes(base, name.utf8Start, bytes.count) != 0
    }

    @inlinable
    public var text: String { decoded ?? String(decoding: bytes, as: UTF8.self) }
}

