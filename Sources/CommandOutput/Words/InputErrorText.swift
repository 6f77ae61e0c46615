// InputErrorText.swift: the words for an input the inspector could not read, the one place they are made.
// What a library or a server said (a fetch's failure, a site file's problem) is foreign text.
import FlowInspector
import NavigationPolicy
import SecretMasking
import SensitiveText

extension InputError: CustomStringConvertible {
    package var description: String { Redactor().text("\(input: input): \(words)") }

    /// Why, in words, its values masked (without the input's name).
    package var message: String { Redactor().text(words) }

    /// Why, in words and the values they quote (without the input's name).
    package var words: MessageText {
        switch reason {
        case .noSuchFile: "no such file or directory"
        case .unreadable(let problem): problem.words
        case .noPages: "holds no .html or .htm file"
        case .notAURL: "not a URL"
        case .tooLarge(let bytes, let limit): "the page is \(bytes) bytes; the limit is \(limit) (--max-bytes)"
        case .fetchedTooLarge(let limit):
            "the page is larger than \(limit) bytes (--max-bytes; counted as it was received and decompressed, and the rest was not read)"
        case .binary: "not a text file (it has NUL bytes); not inspected"
        case .noDocument: "libxml2 built no document from it; not inspected"
        case .notHTTP: "only http and https pages are fetched"
        case .notFetched(let reason): "cannot be fetched: \(foreign: reason)"
        case .httpStatus(let status): "HTTP status \(status)"
        case .siteFile(let error): error.located + "; the pages beside it are inspected with their origin unknown"
        }
    }
}
