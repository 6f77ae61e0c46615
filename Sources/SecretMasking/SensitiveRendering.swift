// SensitiveRendering.swift: how the Redactor turns a Sensitive value and a MessageText into text, each
// value by the reading its reader gave it. bridge's own words pass as they are, unread: only values are
// masked, and only foreign text is searched for the shapes of credentials. With --reveal everything is
// shown whole. Escaping for terminals is the caller's, as for every other string the Redactor makes.
import NavigationPolicy
import SensitiveText

extension Redactor {
    /// The value masked by its reading (whole with --reveal).
    public func text(_ value: Sensitive) -> String {
        guard isEnabled else { return value.text }
        return switch value.reading {
        case .secret: mask(value.text)
        case .input: argument(value.text)
        case .url: rawURL(value.text)
        case .path: path(value.text)
        case .parameter(let name): self.value(value.text, forParameter: name)
        case .foreign: foreignText(value.text)
        }
    }

    /// The message's words as they are and its values masked by their readings.
    public func text(_ message: MessageText) -> String {
        var out = ""
        for part in message.parts {
            switch part {
            case .words(let words): out += words
            case .value(let value): out += text(value)
            case .quoted(let value): out += text(value).debugDescription
            }
        }
        return out
    }
}
