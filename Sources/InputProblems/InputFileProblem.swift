// InputFileProblem.swift: why a file could not be read, as a value. Apart from the reader (InputFiles,
// which makes one from an errno) so that the engine can carry it in a RulesError without linking any code
// that opens a file: this module imports nothing.

/// Why a file could not be read.
public enum InputFileProblem: Error, Sendable, Hashable {
    case notFound
    case directory
    case permissionDenied
    /// Longer than the reader takes (bytes).
    case tooLarge(limit: Int)
    /// Another error of open(2) or read(2), by its errno.
    case failed(errno: Int32)
}
