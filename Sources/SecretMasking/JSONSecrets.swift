// JSONSecrets.swift: secrets masked in JSON (by key at any depth) and in bridge payloads (Janrain's
// `arguments` and WebViewJavascriptBridge's `data` by position: an argument has no name to tell a token
// by), keeping each payload's shape so it still decodes to the same event.
import SecretPolicy
import NavigationPolicy
import BrowserURL
import JSONText

extension Redactor {
    /// A JSON value with the string values of secret keys masked, at any depth, and any string that has a
    /// credential's shape (a JWT, `Bearer …`: CredentialShape) whatever its key.
    public func json(_ value: JSONValue) -> JSONValue {
        guard isEnabled else { return value }
        switch value {
        case .string(let s) where CredentialShape.matches(s): return .string(mask(s))
        case .array(let items): return .array(items.map(json))
        case .object(let object):
            var out: [String: JSONValue] = [:]
            for (key, item) in object {
                switch item {
                case .string(let s) where secrets.isSecret(key): out[key] = .string(mask(s))
                case .number(let n) where secrets.isSecret(key): out[key] = .string(mask(JSONWriter.numberText(n)))
                default: out[key] = json(item)
                }
            }
            return .object(out)
        default: return value
        }
    }

    /// Whether a parameter is a bridge's arguments (`janrain:EVENT?arguments=…`).
    /// Asked of every parameter a transcript renders: names of another length are answered without copying.
    static func isArguments(_ name: String) -> Bool { name.utf8.count >= 9 && SecretParameters.normalize(name) == "arguments" }

    /// A JSON value carried in a parameter: secret keys masked at any depth, and in a bridge's `arguments`
    /// array (Janrain's `janrain:EVENT?arguments=[…]`) every plain string or number too, by position: an
    /// argument has no name to tell a token from a screen name.
    public func jsonParameter(_ value: JSONValue, named name: String) -> JSONValue {
        guard isEnabled else { return value }
        guard Self.isArguments(name), case .array = value else { return json(value) }
        return positional(value)
    }

    /// A positional value: a string or number masked, an array's items positional in turn (they have no
    /// names either: `[["TOKEN"]]`, `[[[1]]]`), anything else masked by key.
    func positional(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(mask(s))
        case .number(let n): return .string(mask(JSONWriter.numberText(n)))
        case .array(let items): return .array(items.map(positional))
        default: return json(value)
        }
    }

    /// A drained bridge-queue entry with its secrets masked and its shape kept, so it still decodes to
    /// the same event: `janrain:NAME?arguments=…` has the JSON arguments' secret keys masked (and is
    /// re-encoded as encodeURIComponent does); a WebViewJavascriptBridge queue (a JSON array of messages)
    /// has its messages' secret keys masked; anything else is redacted as a URL.
    public func bridgeQueueEntry(_ entry: String) -> String {
        guard isEnabled else { return entry }
        if entry.hasPrefix("["), let value = JSONValue.parse(entry) { return wvjbMessages(value).jsonText }
        // janrain:NAME?arguments=…: rawURL masks the query, JSON-valued parameters included.
        return rawURL(entry)
    }

    /// A WebViewJavascriptBridge queue: each message's secret keys masked, and its `data` or
    /// `responseData` when that is a plain string or number (a handler's payload has no name of its own).
    func wvjbMessages(_ value: JSONValue) -> JSONValue {
        guard case .array(let messages) = value else { return json(value) }
        return .array(messages.map { message in
            guard case .object(var fields) = message else { return positional(message) }
            let payloads = fields.filter { $0.key == "data" || $0.key == "responseData" }
            for key in payloads.keys { fields[key] = nil }
            guard case .object(var out) = json(.object(fields)) else { return message }
            for (key, item) in payloads { out[key] = positional(item) }
            return .object(out)
        })
    }

    /// The arguments of a call to an Android app's JavaScript interface (`window.demo.bridgeCallback(…)`): they
    /// have no names, so each is masked by position, except a string of JSON (what pages pass:
    /// JSON.stringify(…)), masked by its keys and kept JSON, and a queue of bridge entries, each entry masked
    /// as a drain's is, so the call still dispatches the same events.
    public func interfaceArguments(_ arguments: [JSONValue]) -> [JSONValue] {
        guard isEnabled else { return arguments }
        return arguments.map { argument in
            switch argument {
            case .string(let text):
                // Only an object or an array has names or entries to keep; any other text is one value.
                guard let value = JSONValue.parse(text), value.isContainer else { return .string(mask(text)) }
                return .string(interfaceValue(value).jsonText)
            case .number: return positional(argument)
            default: return interfaceValue(argument)
            }
        }
    }

    /// An array: a queue's bridge entries (`janrain:NAME?arguments=…`, a WebViewJavascriptBridge message list)
    /// keep their shape, any other string or number is masked by position. Anything else is masked by key.
    private func interfaceValue(_ value: JSONValue) -> JSONValue {
        guard case .array(let items) = value else { return json(value) }
        return .array(items.map { item in
            guard let text = item.stringValue else { return positional(item) }
            // A Janrain entry as janrain-bridge.js writes one keeps its shape; a string that only starts like one
            // is a value like any other.
            if Self.isJanrainQueueEntry(text) { return .string(bridgeQueueEntry(text)) }
            if text.hasPrefix("["), let messages = JSONValue.parse(text) { return .string(wvjbMessages(messages).jsonText) }
            return .string(mask(text))
        })
    }

    /// Whether `text` is a queue entry the engine decodes as one (JanrainBridge.decode): an event with its
    /// arguments or its error, as janrain-bridge.js writes it (`janrain:EVENT?arguments=…`, `?error=…`).
    public static func isJanrainQueueEntry(_ text: String) -> Bool {
        guard case .success(let url) = BrowserURL.parse(text), case .success(let message) = JanrainBridge.decode(url) else { return false }
        switch message {
        case .event, .eventFailed: return true
        default: return false
        }
    }

}
