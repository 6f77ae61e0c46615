// HelpTextTests.swift: every command's --help reads as prose: no run of spaces inside a sentence (a
// multi-line string literal whose line lacked its trailing backslash put the source's indentation there),
// every repository path it names exists in a clone, and every line of its examples stays whole in an
// 80-column terminal (ArgumentParser wraps the discussion to the terminal's width).
import ArgumentParser
import TestSupport
import Foundation
import Testing
@testable import bridge

@Suite(.blockingWork) struct HelpTextTests {
    static let commands = Bridge.commandNames

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

    /// A discussion's laid-out lines: its examples and samples, the lines it indents.
    static func examples(_ discussion: String) -> [String] {
        discussion.split(separator: "\n").map(String.init).filter { $0.hasPrefix(" ") }
    }

    @Test("each example line of every command's help stays whole at 80 columns", arguments: Bridge.commandNames)
    func examplesFitEightyColumns(_ name: String) throws {
        let command = try #require(Bridge.commands.first { $0.configuration.commandName == name })
        let examples = Self.examples(command.configuration.discussion)
        #expect(!examples.isEmpty, "\(name) --help has examples")
        let help = command.helpMessage(columns: 80)
        let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for example in examples {
            #expect(lines.contains(example.trimmingCharacters(in: .whitespaces)), "\(name) --help wraps \(example.debugDescription)")
        }
        // ArgumentParser writes its usage line unwrapped; everything else fits.
        let long = help.split(separator: "\n").filter { $0.count > 80 && !$0.hasPrefix("USAGE:") }
        #expect(long.isEmpty, "\(name) --help has lines over 80 columns: \(long)")
    }
}
