// CompletionTests.swift: the shell completions complete file names where a command takes a file (the rules,
// case files, logs, pages, a configuration), each shell in its own way: bash's file completion filtered by
// extension, zsh's _files, fish's path completion.
import Foundation
import TestSupport
import Testing

@Suite("shell completions", .blockingWork)
struct CompletionTests {
    static func script(_ shell: String) throws -> String {
        let run = try BridgeProcess.run(["--generate-completion-script", shell])
        try #require(run.status == 0)
        return run.stdout
    }

    @Test("bash completes --rules, --config and --expect with files of their extension")
    func bash() throws {
        let script = try Self.script("bash")
        for (option, pattern) in [("--rules", "json"), ("--config", "json"), ("--expect", "jsonl")] {
            let cases = script.components(separatedBy: "'\(option)')").dropFirst()
            #expect(!cases.isEmpty, "\(option)")
            for body in cases {
                #expect(body.prefix(200).contains("-fX '!*.@(\(pattern))'"), "\(option): \(body.prefix(120))")
            }
        }
    }

    @Test("zsh completes the same options, and the file arguments, with _files")
    func zsh() throws {
        let script = try Self.script("zsh")
        let rules = script.split(separator: "\n").filter { $0.contains("'--rules[") }
        #expect(!rules.isEmpty && rules.allSatisfy { $0.contains("_files -g") })
        let logs = script.split(separator: "\n").filter { $0.contains(":logs:") }
        #expect(!logs.isEmpty && logs.allSatisfy { $0.contains("_files") })
    }

    @Test("fish offers .json paths and directories for --rules")
    func fish() throws {
        let script = try Self.script("fish")
        let rules = script.split(separator: "\n").filter { $0.contains("-l 'rules'") }
        #expect(!rules.isEmpty)
        #expect(rules.allSatisfy { $0.contains("*.\\'json\\'") && $0.contains("__fish_complete_directories") }, "\(rules.first ?? "")")
    }
}
