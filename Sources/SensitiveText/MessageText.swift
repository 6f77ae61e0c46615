// MessageText.swift: words bridge writes, with the values they quote kept as Sensitive parts, so the
// renderer masks each value by how it was read and never has to read a sentence to find one. A string
// literal is bridge's own words; a String interpolated without a reading is taken as foreign text (read
// for the shapes of credentials), so a value nobody classified is still masked; integers and other
// messages interpolate as they are. Tests compare the parts, not the rendered words.

/// A message: bridge's own words and the values they quote.
public struct MessageText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public enum Part: Sendable, Hashable {
        /// bridge's own words.
        case words(String)
        /// A value, rendered by its reading.
        case value(Sensitive)
        /// A value, rendered by its reading and then quoted as a Swift string literal ("…", escapes).
        case quoted(Sensitive)
    }

    public private(set) var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    public init(stringLiteral value: String) { parts = value.isEmpty ? [] : [.words(value)] }

    public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// bridge's own words, made at run time (a list of keys, a keyword).
    public static func words(_ text: String) -> MessageText { MessageText(parts: text.isEmpty ? [] : [.words(text)]) }

    /// A message that is all one value.
    public static func value(_ value: Sensitive) -> MessageText { MessageText(parts: [.value(value)]) }

    /// The two messages one after the other, words that meet made one part (so equal messages have equal parts).
    public static func + (lhs: MessageText, rhs: MessageText) -> MessageText {
        var joined = lhs.parts
        for part in rhs.parts {
            if case .words(let text) = part, case .words(let before)? = joined.last {
                joined[joined.count - 1] = .words(before + text)
            } else {
                joined.append(part)
            }
        }
        return MessageText(parts: joined)
    }

    public var isEmpty: Bool { parts.isEmpty }

    /// The words with every value as its mask of length (what a `print` of the message shows).
    public var description: String {
        parts.map {
            switch $0 {
            case .words(let text): text
            case .value(let value): value.description
            case .quoted(let value): "\"" + value.description + "\""
            }
        }.joined()
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) { parts.reserveCapacity(interpolationCount * 2 + 1) }

        public mutating func appendLiteral(_ literal: String) { appendWords(literal) }

        private mutating func appendWords(_ text: String) {
            guard !text.isEmpty else { return }
            if case .words(let before) = parts.last {
                parts[parts.count - 1] = .words(before + text)
            } else {
                parts.append(.words(text))
            }
        }

        /// Another message, its parts kept.
        public mutating func appendInterpolation(_ message: MessageText) {
            for part in message.parts {
                if case .words(let text) = part { appendWords(text) } else { parts.append(part) }
            }
        }

        /// A value read as it says.
        public mutating func appendInterpolation(_ value: Sensitive) { parts.append(.value(value)) }

        /// A value read as it says, quoted.
        public mutating func appendInterpolation(quoted value: Sensitive) { parts.append(.quoted(value)) }

        /// A value given as input (an option's value, a key, a file name).
        public mutating func appendInterpolation(input text: String) { parts.append(.value(Sensitive(text, as: .input))) }

        /// A value given as input, quoted.
        public mutating func appendInterpolation(quoted text: String) { parts.append(.quoted(Sensitive(text, as: .input))) }

        /// A URL.
        public mutating func appendInterpolation(url text: String) { parts.append(.value(Sensitive(text, as: .url))) }

        /// A URL's path or a deep link's route.
        public mutating func appendInterpolation(path text: String) { parts.append(.value(Sensitive(text, as: .path))) }

        /// A URL's path or a deep link's route, quoted.
        public mutating func appendInterpolation(quotedPath text: String) { parts.append(.quoted(Sensitive(text, as: .path))) }

        /// A credential as a whole (a state, a token).
        public mutating func appendInterpolation(secret text: String) { parts.append(.value(Sensitive(text, as: .secret))) }

        /// The value of the named parameter.
        public mutating func appendInterpolation(_ text: String, parameter name: String) {
            parts.append(.value(Sensitive(text, as: .parameter(name))))
        }

        /// Text bridge did not write.
        public mutating func appendInterpolation(foreign text: String) { parts.append(.value(Sensitive(text, as: .foreign))) }

        /// A String with no reading given: foreign text, read for credentials.
        public mutating func appendInterpolation(_ text: String) { appendInterpolation(foreign: text) }

        /// bridge's own words made at run time (a list of known keys, a keyword, a rule kind).
        public mutating func appendInterpolation(words text: String) { appendWords(text) }

        /// A number.
        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) { appendWords(String(number)) }

        /// A number of seconds or bytes, as Swift writes a Double.
        public mutating func appendInterpolation(_ number: Double) { appendWords(String(number)) }
    }
}
