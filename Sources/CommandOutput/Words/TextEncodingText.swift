// TextEncodingText.swift: why a file's encoding is not read, in words.
import JSONText
import NavigationPolicy
import SensitiveText

extension TextEncodingError {
    package var words: MessageText {
        switch self {
        case .utf32: "the file is UTF-32 (its byte-order mark says so); save it as UTF-8"
        case .oddUTF16Length: "the file starts with a UTF-16 byte-order mark but has an odd number of bytes; save it as UTF-8"
        case .notUTF8Stream: "the input is UTF-16 or UTF-32 (its byte-order mark says so); it is read line by line as UTF-8: save it as UTF-8"
        }
    }
}
