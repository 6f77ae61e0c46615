// JSONWriter.swift: the one JSON writer of bridge. Every JSON byte a command prints or writes (navlogs,
// transcripts, decisions, inspect's JSON lines and SARIF, bridge arguments re-encoded after masking) is
// written here: objects keep the order their keys were added in (readers diff these lines), numbers are
// numbers (a whole number is written without a fraction, once, here), strings are escaped per RFC 8259
// with every control character, DEL, U+2028 and U+2029 as \u escapes, so a line is safe in a terminal
// and in JavaScript. Written by hand because JSONSerialization neither keeps key order nor writes
// numbers one way on every platform, and the writer is on replay's per-line path. The characters escaped
// beyond RFC 8259's are the ones a display must not act on (DisplaySafety): C1 controls and the
// bidirectional overrides and isolates too, so a JSON line piped to a terminal or a viewer reads as written.
// A module of its own, below the engine: NavigationPolicy re-writes masked bridge payloads with it, the
// provider emulator writes its HTTP bodies with it and CommandOutput its transcripts, reports and SARIF.

/// A JSON value to write. Objects are ordered. Held inline, not boxed (boxed, every string and number of a
/// line would be an allocation of its own): arrays and objects already hold their members in an array's
/// storage, so only a prewritten part, which holds a value, is indirect.
public enum JSONOutput: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object(JSONFields)
    /// A value written once and placed in many documents as it was written (SARIF's rules section).
    indirect case prewritten(PrewrittenJSON)

    /// The value on one line.
    public var text: String {
        var out = ""
        JSONWriter.write(self, to: &out)
        return out
    }

    /// The value with two-space indentation (SARIF files people open).
    public var indentedText: String {
        var out = ""
        JSONWriter.write(self, to: &out, indent: 0)
        return out
    }

    /// A string, or null.
    public static func string(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
    /// An integer, or null.
    public static func int(_ value: Int?) -> JSONOutput { value.map { .int($0) } ?? .null }
}

/// A value with its text made once: on one line, and indented for the level it is placed at. A document
/// repeating a large constant part (the rules of every SARIF log a process writes) copies the text instead
/// of writing the part again; placed at any other level it is written from its value, so the bytes of a
/// document never depend on where the part was expected.
public struct PrewrittenJSON: Sendable, Hashable {
    public let value: JSONOutput
    /// The indentation level (of `indentedText`'s) the indented text is made for.
    public let level: Int
    let line: String
    let indented: String

    public init(_ value: JSONOutput, level: Int) {
        self.value = value
        self.level = level
        line = value.text
        var indented = ""
        JSONWriter.write(value, to: &indented, indent: level)
        self.indented = indented
    }

    /// The same value, whatever text was made for it.
    public static func == (a: PrewrittenJSON, b: PrewrittenJSON) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// An ordered JSON object under construction.
public struct JSONFields: Sendable, Hashable {
    public private(set) var members: [Member] = []

    public struct Member: Sendable, Hashable {
        public let key: String
        public let value: JSONOutput
    }

    public init() {}

    public init(_ pairs: [(String, JSONOutput)]) {
        members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    public mutating func add(_ key: String, _ value: JSONOutput) { members.append(Member(key: key, value: value)) }
    public mutating func add(_ key: String, _ value: String) { add(key, .string(value)) }
    public mutating func add(_ key: String, _ value: Bool) { add(key, .bool(value)) }
    public mutating func add(_ key: String, _ value: Int) { add(key, .int(value)) }
    /// Appends another object's members, in their order.
    public mutating func add(contentsOf other: JSONFields) { members.append(contentsOf: other.members) }

    /// `{"key": value}`.
    public static func single(_ key: String, _ value: JSONOutput) -> JSONFields { JSONFields([(key, value)]) }

    public var isEmpty: Bool { members.isEmpty }
    public subscript(key: String) -> JSONOutput? { members.first { $0.key == key }?.value }

    /// The object on one line.
    public var line: String { JSONOutput.object(self).text }
}

public enum JSONWriter {
    /// Appends `value`'s JSON to `out`. Written as UTF-8 bytes and made into one String at the end: appending
    /// to a String piece by piece (a quote, a key, a colon, …) costs each piece a capacity and uniqueness check
    /// and a count update, an array of bytes only a store.
    public static func write(_ value: JSONOutput, to out: inout String, indent: Int? = nil) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(value, into: &bytes, indent: indent)
        out += String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ value: JSONOutput, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): out += String(i).utf8
        case .number(let n): out += numberText(n).utf8
        case .string(let s): writeString(s, into: &out)
        case .prewritten(let part):
            switch indent {
            case nil: out += part.line.utf8
            case part.level?: out += part.indented.utf8
            default: write(part.value, into: &out, indent: indent)
            }
        case .array(let items):
            if items.isEmpty { out += "[]".utf8; return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 1 }, &out)
                write(item, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            if fields.members.isEmpty { out += "{}".utf8; return }
            out.append(UInt8(ascii: "{"))
            for (i, member) in fields.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 1 }, &out)
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                write(member.value, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int?, _ out: inout [UInt8]) {
        guard let indent else { return }
        if indent < newlines.count {
            out += newlines[indent]
        } else {
            out.append(UInt8(ascii: "\n"))
            out += repeatElement(UInt8(ascii: " "), count: 2 * indent)
        }
    }

    /// A line break and the indentation of each of the first levels, made once (appended as one copy).
    private static let newlines: [[UInt8]] = (0..<16).map { [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 2 * $0) }

    /// A number as JSON: a whole number (below 2^53 in magnitude) without a fraction, anything else in
    /// Swift's shortest round-tripping form; NaN and infinities, which JSON cannot hold, as null.
    public static func numberText(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 9_007_199_254_740_992 { return String(Int64(n)) }
        return String(n)
    }

    /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped (DEL, C1 controls,
    /// U+2028, U+2029, the bidirectional overrides and the invisible characters too, for terminals and
    /// JavaScript readers: DisplaySafety's list);
    /// everything else as UTF-8.
    public static func writeString(_ text: String, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        writeString(text, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Nearly every string needs no escape: its bytes are copied whole.
        // (C1 controls are encoded C2 80-9F; U+2028/9 and the bidi controls E2 80/81 xx; U+061C D8 9C.)
        if !mayNeedEscape(text) {
            out += text.utf8
            out.append(UInt8(ascii: "\""))
            return
        }
        var text = text
        text.withUTF8 { bytes in
            DisplaySafety.copyEscaping(bytes, into: &out, alsoEscaped: { $0 == 0x22 || $0 == 0x5C }) { value, out in
                switch value {
                case 0x22: out += "\\\"".utf8
                case 0x5C: out += "\\\\".utf8
                case 0x0A: out += "\\n".utf8
                case 0x0D: out += "\\r".utf8
                case 0x09: out += "\\t".utf8
                default:
                    // Past U+FFFF (a tag character) as its UTF-16 surrogate pair, as RFC 8259 §7 writes it.
                    let units = value > 0xFFFF ? [0xD800 + (value - 0x10000) >> 10, 0xDC00 + (value - 0x10000) & 0x3FF] : [value]
                    for unit in units {
                        let hex = String(unit, radix: 16)
                        out += "\\u".utf8
                        out += repeatElement(UInt8(ascii: "0"), count: 4 - hex.utf8.count)
                        out += hex.utf8
                    }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes that start something written escaped, or a sequence that may be (C1 controls are encoded C2
    /// 80-9F; U+2028/9 and the bidi controls E2 80/81 xx; U+061C D8 9C): one table lookup a byte.
    private static let escapeStarts: [Bool] = (0...255).map { $0 == 0x22 || $0 == 0x5C || DisplaySafety.mayStartUnsafe(UInt8($0)) }

    /// Whether any byte of `text` is one of `escapeStarts`; read from the string's own storage when it has one.
    static func mayNeedEscape(_ text: String) -> Bool {
        let table = escapeStarts
        if let found = text.utf8.withContiguousStorageIfAvailable({ bytes in
            table.withUnsafeBufferPointer { table in bytes.contains { table[Int($0)] } }
        }) { return found }
        return text.utf8.contains { table[Int($0)] }
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = ""
        writeString(text, to: &out)
        return out
    }
}
