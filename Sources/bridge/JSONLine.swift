// JSONLine.swift: one JSON object per output line, keys in the order they are added (readers diff these
// lines, so the order is stable). Values: strings, booleans, integers, null, nested objects and arrays;
// escaping per RFC 8259. A writer of its own because NavigationPolicy.JSONValue, which reads bridge
// payloads, has unordered objects.
import NavigationReplay


enum JSONLineValue {
    case string(String)
    case bool(Bool)
    case int(Int)
    case null
    case object(JSONObject)
    case array([JSONLineValue])

    func write(to out: inout String) {
        switch self {
        case .string(let s): JSONLineValue.writeString(s, to: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .null: out += "null"
        case .object(let o): o.write(to: &out)
        case .array(let values):
            out += "["
            for (i, v) in values.enumerated() {
                if i > 0 { out += "," }
                v.write(to: &out)
            }
            out += "]"
        }
    }

    static func writeString(_ s: String, to out: inout String) { JSONStringWriter.write(s, to: &out) }
}

struct JSONObject {
    private(set) var members: [(String, JSONLineValue)] = []

    mutating func add(_ key: String, _ value: JSONLineValue) { members.append((key, value)) }
    /// `{"key": value}`: the one-member lines (a script error, an eval result, a host report).
    static func single(_ key: String, _ value: JSONLineValue) -> JSONObject {
        var object = JSONObject()
        object.add(key, value)
        return object
    }
    mutating func add(_ key: String, _ value: String) { members.append((key, .string(value))) }
    mutating func add(_ key: String, _ value: Bool) { members.append((key, .bool(value))) }
    /// Appends another object's members, in their order.
    mutating func add(contentsOf other: JSONObject) { members.append(contentsOf: other.members) }

    func write(to out: inout String) {
        out += "{"
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { out += "," }
            JSONLineValue.writeString(key, to: &out)
            out += ":"
            value.write(to: &out)
        }
        out += "}"
    }

    /// The object on one line.
    var line: String {
        var out = ""
        write(to: &out)
        return out
    }
}
