// StateDifference.swift: how a response's state differs from the one sent, told without either value:
// white space, letter case, a percent-encoding applied once too often or not at all, a value cut short
// or run on, other lengths, or how many characters differ. These are the ways an app's own code breaks a
// state (a trimmed or re-encoded parameter, a lower-cased URL); the value itself is a secret. Between two
// masks (a recording's replay) only their lengths can be compared.
import BrowserURL
import SensitiveText

public enum StateDifference: Sendable, Hashable {
    /// Equal once leading and trailing white space is removed.
    case surroundingWhitespace
    /// Equal but for letter case.
    case letterCase
    /// Equal once both are percent-decoded: one side was encoded once more than the other.
    case percentEncoding
    /// The received state is the sent one cut short (`received` of `sent` characters).
    case truncated(received: Int, sent: Int)
    /// The received state is the sent one with more after it.
    case extended(received: Int, sent: Int)
    /// Different lengths, in characters.
    case lengths(received: Int, sent: Int)
    /// The same length; `differing` of the `length` characters differ.
    case characters(differing: Int, length: Int)
    /// Both were recorded masked: the same length, different keyed digests.
    case maskedValues(length: Int)

    /// How `received` differs from `sent`; nil when they are equal.
    public static func between(received: String, sent: String) -> StateDifference? {
        guard received != sent else { return nil }
        if let r = SecretMask.length(of: received), let s = SecretMask.length(of: sent) {
            return r == s ? .maskedValues(length: r) : .lengths(received: r, sent: s)
        }
        let r = Array(received), s = Array(sent)
        if r.count != s.count {
            if trimmed(received) == trimmed(sent) { return .surroundingWhitespace }
            if FormParameters.decodeComponent(Substring(received)) == FormParameters.decodeComponent(Substring(sent)) { return .percentEncoding }
            if s.starts(with: r) { return .truncated(received: r.count, sent: s.count) }
            if r.starts(with: s) { return .extended(received: r.count, sent: s.count) }
            return .lengths(received: r.count, sent: s.count)
        }
        if received.lowercased() == sent.lowercased() { return .letterCase }
        if trimmed(received) == trimmed(sent) { return .surroundingWhitespace }
        return .characters(differing: zip(r, s).filter { $0 != $1 }.count, length: r.count)
    }

    private static func trimmed(_ text: String) -> Substring {
        let inner = text.drop { $0.isWhitespace }
        return inner.dropLast(inner.reversed().prefix { $0.isWhitespace }.count)
    }
}
