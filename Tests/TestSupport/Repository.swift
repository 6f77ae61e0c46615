// Repository.swift: the test suites' one way to the repository's files (fixtures, rules, the stand-in
// scripts, schemas), found from this file's own place in the clone, so a suite never counts directories
// up from its own file.
import Foundation

public enum Repository {
    /// The repository's root: the directory Package.swift is in.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path in the repository, from its root (`Fixtures/rules/capture.json`).
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
