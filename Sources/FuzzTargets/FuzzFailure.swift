// FuzzFailure.swift: what a fuzz target's oracle found, as a value. The libFuzzer executables in Tests/Fuzz
// trap on it (libFuzzer keeps the input); FuzzCorpusTests runs the committed corpora through the same targets
// in `swift test` and fails the test instead. Each target is a type here, in the package, so that it reads the
// package's declarations (`package`, not public) and the products stay what an app adds.

/// An oracle's failure: what it saw, for the person who reads the crash or the test.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let description: String

    package init(_ description: String) { self.description = description }
}
