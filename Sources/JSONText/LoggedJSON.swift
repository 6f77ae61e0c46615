// LoggedJSON.swift: what a JSONValue prints as when an app logs it (a bridge event's arguments, a
// WebViewJavascriptBridge message's data): its structure, keys, numbers and literals, with every string
// masked (SecretMask). A bridge's arguments are positional as often as keyed, so no name can say which string
// is the token; the engine shows none of them. The whole value stays one accessor away (the case's
// payload, `stringValue`), and JSONWriter writes it as JSON.
import SensitiveText

extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The value as JSON-like text with every string masked.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): "\"" + SecretMask.mask(value) + "\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }

    public var debugDescription: String { "JSONValue(" + description + ")" }

    /// The masked text as the one child: what `dump` and a debugger show.
    public var customMirror: Mirror { Mirror(self, children: ["json": description], displayStyle: .enum) }
}
