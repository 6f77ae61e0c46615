// JSONValue.swift: a Sendable JSON value, for what bridges carry (event arguments, WVJB messages) and for
// our documents once read (JSONDocument). Read with the one scanner (JSONScanner) and written back through
// the one writer (JSONWriter), so reading and writing agree on every platform.

public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text as a page's JSON.parse does: any value at the top (not only an object or an array),
    /// a key given twice keeps its last value. Nil when it is not JSON (RFC 8259).
    public static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { bytes in try? read(bytes, repeatedKeys: nil).get() }
    }

    /// Parses UTF-8 bytes as one JSON value (any value at the top, a repeated key's last value kept), or
    /// says where and why they are not JSON: a recorder's export (a HAR, a CDP or NetLog log).
    public static func parse(utf8 bytes: [UInt8]) -> Result<JSONValue, JSONScanError> {
        bytes.withUnsafeBufferPointer { read($0, repeatedKeys: nil) }
    }

    /// Reads one JSON value filling all of `bytes` (whitespace around it allowed). `repeatedKeys`, when
    /// given, receives the key path of the first key given twice in one object (the value keeps the last).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, repeatedKeys: RepeatedKeys?) -> Result<JSONValue, JSONScanError> {
        var scanner = JSONScanner(bytes)
        do throws(JSONScanError) {
            let value = try read(&scanner, depth: 0, path: "", repeatedKeys: repeatedKeys)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw JSONScanError(offset: scanner.offset, syntax: .textAfterValue) }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Where the first repeated key of a document was found.
    final class RepeatedKeys {
        var first: String?
    }

    private static func read(_ s: inout JSONScanner, depth: Int, path: String, repeatedKeys: RepeatedKeys?) throws(JSONScanError) -> JSONValue {
        guard depth < JSONScanner.maxDepth else { throw s.error(.nestedTooDeep(limit: JSONScanner.maxDepth)) }
        switch try s.peekKind() {
        case .object:
            var members: [String: JSONValue] = [:]
            try s.object { (s: inout JSONScanner, key: JSONScannedKey) throws(JSONScanError) in
                let name = key.text
                let memberPath = repeatedKeys == nil ? "" : JSONKeyPath.member(name, of: path)
                let value = try read(&s, depth: depth + 1, path: memberPath, repeatedKeys: repeatedKeys)
                if members.updateValue(value, forKey: name) != nil, let repeatedKeys, repeatedKeys.first == nil {
                    repeatedKeys.first = memberPath
                }
            }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            try s.array { (s: inout JSONScanner, index: Int) throws(JSONScanError) in
                let elementPath = repeatedKeys == nil ? "" : JSONKeyPath.element(index, of: path)
                elements.append(try read(&s, depth: depth + 1, path: elementPath, repeatedKeys: repeatedKeys))
            }
            return .array(elements)
        case .string: return .string(try s.string())
        case .number: return .number(try s.number().doubleValue)
        case .true, .false: return .bool(try s.bool())
        case .null:
            try s.null()
            return .null
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// A number's integer part, when it fits an Int (a recorder's status codes, ids and flags).
    public var intValue: Int? {
        if case .number(let n) = self { return Int(exactly: n.rounded(.towardZero)) }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// An object or an array.
    public var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    /// What kind of value this is.
    public var kind: JSONValueKind {
        switch self {
        case .null: .null
        case .bool(let b): b ? .true : .false
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

/// Key paths as every document error names them: `sentinels[2].name`.
public enum JSONKeyPath {
    public static func member(_ key: String, of path: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    public static func element(_ index: Int, of path: String) -> String { "\(path)[\(index)]" }
}

extension JSONValue {
    /// JSON text, object keys sorted (so the same value always reads the same), through the one writer.
    public var jsonText: String { output.text }

    /// The value for the JSON writer, object keys sorted.
    public var output: JSONOutput {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(\.output))
        case .object(let o): return .object(JSONFields(o.keys.sorted().map { ($0, o[$0]!.output) }))
        }
    }
}
