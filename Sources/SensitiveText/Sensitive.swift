// Sensitive.swift: a value from outside bridge (a URL, an option value, a key read from a file, a library's
// error text) carried with how it was read, so that what may be a secret is decided once, where it is read,
// and turned into text only by the renderer: the Redactor masks it by its reading, or shows it whole with
// --reveal. Its text is `package`: no module outside this package can print it, and inside it only the
// Redactor reads it. Its description is a mask, so an accidental "\(value)" never prints the value.

/// A value that may be or hold a secret, and how it was read.
public struct Sensitive: Sendable, Hashable, CustomStringConvertible {
    /// How the value was read, which says how it is masked.
    public enum Reading: Sendable, Hashable {
        /// A credential as a whole (a token, a code, a password): masked whole.
        case secret
        /// A value as the user or a file gave it (an option's value, a key, a rules file's text, a file
        /// name): a credential by its shape whole, else a URL's or a form string's secret parameters.
        case input
        /// A URL: its secret parameters, userinfo and carried URLs masked.
        case url
        /// A URL's path, or a deep link's route: its `name=value` pairs masked as parameters.
        case path
        /// The value of the named parameter: masked when the policy counts the name as a secret.
        case parameter(String)
        /// Text bridge did not write (a library's error, a page's console message, a script's result): read
        /// word by word for the shapes of credentials.
        case foreign
    }

    /// The value as it was read. Only the renderer reads it.
    package let text: String
    public let reading: Reading

    public init(_ text: String, as reading: Reading) {
        self.text = text
        self.reading = reading
    }

    /// A mask of the value's length: never the value.
    public var description: String { "…(\(text.count))" }
}
