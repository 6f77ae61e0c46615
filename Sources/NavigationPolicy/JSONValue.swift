// JSONValue.swift: a Sendable JSON value for what bridges carry (event arguments, WVJB messages), read with
// JSONSerialization and written back through JSONWriter.
import Foundation
import JSONText

public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text (fragments allowed); nil when it is not JSON.
    public static func parse(_ text: String) -> JSONValue? {
        guard let any = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
        return JSONValue(any)
    }

    init?(_ any: Any) {
        switch any {
        case is NSNull: self = .null
        case let number as NSNumber:
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let string as String: self = .string(string)
        case let array as [Any]:
            var values: [JSONValue] = []
            for item in array {
                guard let value = JSONValue(item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let object as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, item) in object {
                guard let value = JSONValue(item) else { return nil }
                values[key] = value
            }
            self = .object(values)
        default: return nil
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

    /// An object or an array.
    public var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
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
