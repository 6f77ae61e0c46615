// Tools.swift: the programs outside Swift some tests drive (python3 serves pages and reads event streams,
// its jsonschema validates SARIF; jq runs the JSON Lines article's recipes). A test that needs one is enabled only when it is installed, saying
// which (.ci/setup installs them all, so nothing is disabled in CI).
import Foundation

enum Tools {
    static let python3 = runs(["python3", "-c", "pass"])
    static let jsonschema = runs(["python3", "-c", "import jsonschema"])
    static let jq = runs(["jq", "--version"])

    /// Whether the command runs and exits 0.
    static func runs(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
