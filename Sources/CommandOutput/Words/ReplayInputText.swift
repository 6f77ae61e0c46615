// ReplayInputText.swift: why a log could not be read, in words, and what one replayed item puts in the
// transcript.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavigationReplay
import SensitiveText

extension ReplayInputError: WordedValue {
    /// The problem's words; the log's name is the user's (input), the system's error text its own.
    package var words: MessageText {
        switch self {
        case .cannotOpen(let path, let problem): "\(input: path): " + problem.words
        case .readFailed(let name, let offset, let code):
            "\(Self.input(name)): reading failed after \(offset) bytes (\(foreign: String(cString: strerror(code)))); nothing after it was read"
        case .tooLarge(let name, let limit): "\(Self.input(name)): larger than \(limit / (1 << 20)) MB; HAR and CDP logs are read whole (use a navlog to stream)"
        case .encoding(let name, let error): "\(Self.input(name)): \(error.words)"
        }
    }
}

extension ReplayInputError {
    /// An input by its name as given: a path, or "-", which is standard input.
    static func input(_ name: String) -> MessageText { name == "-" ? .words(ByteInput.standardInputWords) : "\(input: name)" }
}

extension ByteInput {
    /// How standard input ("-") is named in words.
    static let standardInputWords = "(standard input)"

    /// The log as the text transcript names it: its path as given, or standard input.
    package var shownName: String { isStandardInput ? Self.standardInputWords : name }
}

extension Replayer.Output {
    /// What the output puts in the transcript, in order.
    package var events: [any OutputEvent] {
        switch self {
        case .navigation(let n): return [n]
        case .call(let c): return [c]
        case .rejected(let r): return [r]
        case .findings(let list): return list
        case .none: return []
        }
    }
}
