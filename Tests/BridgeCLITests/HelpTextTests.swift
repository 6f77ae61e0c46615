// HelpTextTests.swift: every command's --help reads as prose: no run of spaces inside a sentence (a
// multi-line string literal whose line lacked its trailing backslash put the source's indentation there),
// and every repository path it names exists in a clone.
import TestSupport
import Foundation
import Testing

@Suite(.blockingWork) struct HelpTextTests {
    static let commands = ["url", "check", "test", "inspect", "replay", "host", "serve"]

    /// The help's prose: everything before the arguments and options tables (whose columns are aligned
    /// with spaces).
    static func prose(_ command: String) throws -> String {
        let run = try BridgeProcess.run([command, "--help"])
        #expect(run.status == 0)
        return String(run.stdout.components(separatedBy: "ARGUMENTS:").first?.components(separatedBy: "OPTIONS:").first ?? "")
    }

    @Test(arguments: commands)
    func noIndentationInsideASentence(_ command: String) throws {
        let runs = try Self.prose(command).split(separator: "\n").filter { line in
            line.trimmingCharacters(in: .whitespaces).firstRange(of: "      ") != nil
        }
        #expect(runs.isEmpty, "\(runs)")
    }

    @Test(arguments: commands)
    func repositoryPathsItNamesExist(_ command: String) throws {
        let run = try BridgeProcess.run([command, "--help"])
        let paths = run.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" || $0 == ")" || $0 == "," })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".;:'\"`")) }
            .filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Fixtures/") || $0.hasPrefix("web/") }
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: Repository.path(path)), "\(command) --help names \(path)")
        }
    }
}
