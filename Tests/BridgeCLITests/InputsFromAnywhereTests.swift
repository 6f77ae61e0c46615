// InputsFromAnywhereTests.swift: every file a command reads whole (rules, case files, pages, the emulator's
// configuration, a saved transcript) can be "-", a named pipe or a process substitution; a directory of case
// files is walked; a file that cannot be read says why, as a value.
import InputProblems
import Foundation
import InputFiles
import NavigationPolicy
import TestSupport
import Testing

@Suite("inputs from anywhere", .blockingWork)
struct InputsFromAnywhereTests {
    static let rules = "Fixtures/rules/capture.json"
    static let sentinel = "https://yourdomain.com/password_reset.php?code=SplxlOBeZQQYbYS6WxSbIA"

    /// A command line run by bash, so that `<(…)` is a process substitution; `bridge` is the built one.
    static func bash(_ line: String) throws -> BridgeRun {
        let executable = try #require(BridgeProcess.executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", line.replacingOccurrences(of: "bridge ", with: "'\(executable.path)' ")]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BridgeRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                         stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The rule check's JSON decided `sentinel` with.
    static func rule(_ run: BridgeRun) -> [String?] { run.jsonObjects.map { $0["rule"] as? String } }

    @Test("rules from a process substitution, from standard input, from a named pipe")
    func rulesFromAnywhere() throws {
        let substituted = try Self.bash("bridge check --format json --rules <(cat \(Self.rules)) '\(Self.sentinel)'")
        #expect(substituted.status == 0 && Self.rule(substituted) == ["reset-link"], "\(substituted.stderr)")
        let rulesText = try String(contentsOfFile: Self.rules, encoding: .utf8)
        let piped = try BridgeProcess.run(["check", "--format", "json", "--rules", "-", Self.sentinel], stdin: rulesText)
        #expect(piped.status == 0 && Self.rule(piped) == ["reset-link"], "\(piped.stderr)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("rules.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let named = try Self.bash("cat \(Self.rules) > \(fifo) & bridge check --format json --rules \(fifo) '\(Self.sentinel)'")
        #expect(named.status == 0 && Self.rule(named) == ["reset-link"], "\(named.stderr)")
    }

    @Test("case files and pages from a process substitution and standard input; --expect from a pipe")
    func otherFiles() throws {
        let cases = #"{"url": "\#(Self.sentinel)", "expect": {"decision": "allow", "rule": "reset-link"}}"#
        let substituted = try Self.bash("bridge test --rules \(Self.rules) <(echo '\(cases)')")
        #expect(substituted.status == 0, "\(substituted.stdout)\(substituted.stderr)")
        let page = try Self.bash("cat web/xdcomm.html | bridge inspect --format json -")
        #expect(page.status == 0, "\(page.stdout)\(page.stderr)")
        let replayed = try BridgeProcess.run(["replay", "--rules", Self.rules, "--format", "json", "Fixtures/logs/android-interface.navlog"])
        let expected = try Self.bash("bridge replay --rules \(Self.rules) --expect <(bridge replay --rules \(Self.rules) --format json Fixtures/logs/android-interface.navlog) Fixtures/logs/android-interface.navlog")
        #expect(expected.status == replayed.status, "\(expected.stderr)")
    }

    @Test("a directory of case files is walked; one with none holds no cases")
    func caseDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("more"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = #"{"url": "\#(Self.sentinel)", "expect": {"decision": "allow"}}"# + "\n"
        try line.write(to: folder.appendingPathComponent("a.jsonl"), atomically: true, encoding: .utf8)
        try line.write(to: folder.appendingPathComponent("more/b.jsonl"), atomically: true, encoding: .utf8)
        try "not a case file".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let run = try BridgeProcess.run(["test", "--rules", Self.rules, "--format", "json", folder.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let files = Set(run.jsonObjects.compactMap { $0["file"] as? String })
        #expect(files == [folder.appendingPathComponent("a.jsonl").path, folder.appendingPathComponent("more/b.jsonl").path], "\(run.stdout)")
        let empty = folder.appendingPathComponent("more/empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try BridgeProcess.run(["test", "--rules", Self.rules, empty.path]).status == 1)
    }

    @Test("why a file cannot be read, as a value", arguments: [
        ("/nonexistent/rules.json", InputFileProblem.notFound), ("Fixtures", .directory), ("Fixtures/rules/capture.json/x", .notFound),
    ])
    func reasons(path: String, problem: InputFileProblem) throws {
        #expect(throws: problem) { try InputFile.read(path) }
        #expect(throws: RulesError("", .unreadable(problem), file: path)) { try RulesLoader.load(path: path) }
        #expect(try BridgeProcess.run(["check", "--rules", path, Self.sentinel]).status == 2)
    }

    @Test("permission and other errors of open(2) are told apart")
    func errnoMapping() {
        #expect(InputFileProblem(errno: EACCES) == .permissionDenied)
        #expect(InputFileProblem(errno: EPERM) == .permissionDenied)
        #expect(InputFileProblem(errno: EISDIR) == .directory)
        #expect(InputFileProblem(errno: ENOENT) == .notFound)
        #expect(InputFileProblem(errno: EIO) == .failed(errno: EIO))
    }

    @Test("standard input is read once: --rules - beside - or piped URLs is a usage error")
    func standardInputOnce() throws {
        #expect(try BridgeProcess.run(["check", "--rules", "-", "-"], stdin: "{}").status == 2)
        #expect(try BridgeProcess.run(["test", "--rules", "-", "-"], stdin: "{}").status == 2)
        #expect(try BridgeProcess.run(["replay", "--rules", "-", "-"], stdin: "{}").status == 2)
    }
}
