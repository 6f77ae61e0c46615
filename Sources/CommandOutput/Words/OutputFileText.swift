// OutputFileText.swift: why a file was not written, in words.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutputFiles
import SensitiveText

extension OutputFileProblem: WordedValue {
    /// The problem's words; the paths are the user's (input), the system's error text its own words.
    package var words: MessageText {
        switch self {
        case .exists(let path): "\(input: path) exists; give --force to replace it"
        case .isInput(let path, let input): path == input ? "\(input: path) is one of this command's inputs; it is never written over"
            : "\(input: path) is one of this command's inputs (\(input: input)); it is never written over"
        case .cannotWrite(let path, let code): "cannot write \(input: path): \(foreign: String(cString: strerror(code)))"
        case .sameOutput("-", _): "standard output (-) is named for two outputs; give one of them a file"
        case .sameOutput(let path, let other): path == other ? "\(input: path) is named for two outputs; give each its own file"
            : "\(input: path) and \(input: other) are the same file, named for two outputs; give each its own file"
        }
    }
}
