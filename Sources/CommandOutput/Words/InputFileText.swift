// InputFileText.swift: why a file given to bridge could not be read, in words, once for every reader (rules,
// case files, the emulator's configuration, a site file, a page, a saved transcript).
import InputProblems
import Foundation
import InputFiles
import SensitiveText

extension InputFileProblem {
    /// The reason as a clause: "cannot be read: …".
    package var words: MessageText {
        switch self {
        case .notFound: "cannot be read: no such file"
        case .directory: "cannot be read: it is a directory"
        case .permissionDenied: "cannot be read: permission denied"
        case .tooLarge(let limit): "cannot be read: longer than \(limit >> 20) MB"
        case .failed(let code): "cannot be read: \(foreign: String(cString: strerror(code)))"
        }
    }
}
