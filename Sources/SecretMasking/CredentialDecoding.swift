// CredentialDecoding.swift: a raw value decoded until it reads as what it is, before its shape is judged
// (CredentialShape, in SecretPolicy). Here rather than beside the shapes because it decodes with the URL
// parser's form decoder, which the policy, below the parser, cannot import.
import BrowserURL
import SecretPolicy

extension CredentialShape {
    /// The most times a value is decoded: past it, what is left is judged as it is.
    static let decodingRounds = 8

    /// `raw` form-decoded until decoding changes nothing (a value encoded twice, `%253D`, is judged as the
    /// `=` it stands for), or until `done` says the text reads as it should (a URL carried in a parameter is
    /// decoded until its own structure shows, and no further: its own escapes are its values'), and how many
    /// rounds that took.
    static func decodedToFixedPoint(_ raw: Substring, until done: (String) -> Bool = { _ in false }) -> (text: String, rounds: Int) {
        var text = FormParameters.decodeComponent(raw)
        var rounds = 1
        while rounds < decodingRounds, !done(text), text.utf8.contains(UInt8(ascii: "%")) {
            let again = FormParameters.decodeComponent(Substring(text))
            if again == text { break }
            text = again
            rounds += 1
        }
        return (text, rounds)
    }
}
