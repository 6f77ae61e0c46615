// WordedValue.swift: a value the output module words (a problem, a failure, a decision) whose description
// is those words with every value masked, so printing one by accident shows no secret.
import SecretMasking
import SensitiveText

/// A value that says itself as a MessageText (a problem, a failure, a decision): its description is those
/// words with every value masked, so printing one by accident shows no secret. Commands render `words`
/// with their own Redactor (which --reveal turns off).
package protocol WordedValue: CustomStringConvertible {
    var words: MessageText { get }
}

extension WordedValue {
    package var description: String { Redactor().text(words) }
}
