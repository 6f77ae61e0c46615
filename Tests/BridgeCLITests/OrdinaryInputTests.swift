// OrdinaryInputTests.swift: files as ordinary editors save them and numbers as people type them never crash
// a command: a UTF-8 byte-order mark is skipped and UTF-16 decoded in every file format (rules, case
// files, navlogs, HAR, saved transcripts, the emulator's configuration, standard input), UTF-32 is a
// clear error; numeric options out of range are usage errors naming the option; a standard-input line
// past replay's limit is reported by number and the lines after it are still read.
import TestSupport
import CommandOutput
import JSONText
import Foundation
import SecretMasking
import NavigationPolicy
import NavigationReplay
import Testing
@testable import bridge

@Suite("ordinary input never crashes a command", .blockingWork, .serialized)
struct OrdinaryInputTests {
    static var capture: String { Repository.path("Fixtures/rules/capture.json") }
    static let sentinel = "https://yourdomain.com/password_reset.php?code=abcdefgh&access_token=zyxwvuts"

    enum Encoding: String, CaseIterable { case utf8BOM, utf16LE, utf16BE }

    static func encoded(_ text: String, _ encoding: Encoding) -> Data {
        switch encoding {
        case .utf8BOM: return Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        case .utf16LE: return Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        case .utf16BE: return Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        }
    }

    static func file(_ name: String, _ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ordinary-\(UUID().uuidString)-\(name)")
        try data.write(to: url)
        return url.path
    }

    static func objects(_ run: BridgeRun) -> [[String: Any]] { run.jsonObjects }

    /// One key of each JSON line that has it.
    static func field(_ key: String, _ run: BridgeRun) -> [String] {
        objects(run).compactMap { $0[key] as? String }
    }

    @Test("a rules file, a case file and a serve configuration with a byte-order mark read as without", arguments: Encoding.allCases)
    func rulesCasesConfig(encoding: Encoding) throws {
        let rules = try Self.file("rules.json", Self.encoded(try String(contentsOfFile: Self.capture, encoding: .utf8), encoding))
        let check = try BridgeProcess.run(["check", "--rules", rules, "--format", "json", Self.sentinel])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(Self.field("rule", check) == ["signin"])
        let cases = try Self.file("cases.jsonl", Self.encoded(#"{"url":"\#(Self.sentinel)","expect":{"decision":"cancel","rule":"signin"}}"# + "\n", encoding))
        let test = try BridgeProcess.run(["test", "--rules", rules, cases])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        let config = try Self.file("config.json", Self.encoded(#"{"appName": "bom-app"}"#, encoding))
        let server = try ServeProcess(["--config", config])
        _ = server.stop()
        #expect(server.base.hasPrefix("http://127.0.0.1:"), "\(server.base)")
    }

    @Test("a navlog, a HAR and a saved transcript with a UTF-8 byte-order mark replay as without; a UTF-16 navlog is named, not misread")
    func logs() throws {
        let navlog = try Self.file("log.navlog", Self.encoded(#"{"seq":1,"url":"\#(Self.sentinel)"}"# + "\n", .utf8BOM))
        let replay = try BridgeProcess.run(["replay", "--rules", Self.capture, "--format", "json", navlog])
        #expect(replay.status == 0 && Self.field("rule", replay) == ["signin"], "\(replay.stdout)\(replay.stderr)")
        let expected = try Self.file("expected.jsonl", Self.encoded(replay.stdout, .utf8BOM))
        #expect(try BridgeProcess.run(["replay", "--rules", Self.capture, "--expect", expected, navlog]).status == 0)
        let har = try Self.file("log.har", Self.encoded(#"{"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"\#(Self.sentinel)"},"response":{"status":200}}]}}"#, .utf16LE))
        let harRun = try BridgeProcess.run(["replay", "--rules", Self.capture, "--format", "json", har])
        #expect(Self.field("rule", harRun) == ["signin"], "\(harRun.stdout)\(harRun.stderr)")
        let utf16 = try Self.file("utf16.navlog", Self.encoded(#"{"seq":1,"url":"\#(Self.sentinel)"}"# + "\n", .utf16LE))
        let rejected = try BridgeProcess.run(["replay", "--rules", Self.capture, "--format", "json", utf16])
        let reasons = rejected.lines("rejected").compactMap { $0["message"] as? String }
        #expect(rejected.status == 1 && reasons == [Redactor().text(TextEncodingError.notUTF8Stream.words)], "\(rejected.stdout)\(rejected.stderr)")
    }

    @Test("a UTF-32 rules file is a clear error, exit 2")
    func utf32() throws {
        let rules = try Self.file("rules.json", Data([0xFF, 0xFE, 0x00, 0x00] + Array("{}".utf8)))
        let error = try #require(CommandProblemTests.rulesError(rules))
        #expect(error.problem == .json(.encoding(.utf32)))
        try CommandProblemTests.expect(["check", "--rules", rules, Self.sentinel], .rules(error))
    }

    @Test("standard input with a byte-order mark; a line past the limit is reported by number and the next line is read")
    func standardInput() throws {
        let bom = try BridgeProcess.run(["url", "--format", "json", "-"], stdin: "\u{FEFF}https://a.example/\n")
        #expect(bom.status == 0 && Self.field("input", bom) == ["https://a.example/"], "\(bom.stdout)")
        let long = String(repeating: "a", count: (16 << 20) + 1)
        for command in [["url", "-"], ["check", "--rules", Self.capture, "-"]] {
            let run = try BridgeProcess.run(command, stdin: "https://a.example/\nhttps://b.example/" + long + "\nhttps://c.example/\n")
            // An input that cannot be read is 2 (the README's contract); the other lines are still processed.
            #expect(run.status == 2, "\(command[0]): \(run.stderr)")
            #expect(run.stderr == "bridge \(command[0]): " + Redactor().text(CommandNotice.standardInputNotRead(.overlong(line: 2, limit: InputArguments.maxLineBytes)).words) + "\n",
                    "\(run.stderr)")
            let json = try BridgeProcess.run(Array(command.dropLast()) + ["--format", "json", "-"], stdin: "https://a.example/\nhttps://b.example/" + long + "\nhttps://c.example/\n")
            let inputs = Self.objects(json).map { ($0["input"] ?? $0["url"]) as? String }
            #expect(inputs == ["https://a.example/", "https://c.example/"], "\(json.stdout)")
        }
    }

    @Test("standard input whose read fails is reported, not taken as its end",
          .enabled(if: FileManager.default.isReadableFile(atPath: "/proc/self/mem"), "a file whose read fails (Linux's /proc/self/mem)"))
    func standardInputThatCannotBeRead() throws {
        var inputs: [String] = []
        let skipped = try InputArguments.forEach(["-"], standardInput: ByteInput(path: "/proc/self/mem")) { input, _ in inputs.append(input) }
        #expect(inputs.isEmpty)
        #expect(skipped == [.unreadable(.readFailed("/proc/self/mem", offset: 0, code: EIO))])
    }

    @Test("numeric options out of range are usage errors naming the option", arguments: [
        ["inspect", "--timeout", "inf", "web/xdcomm.html"], ["inspect", "--timeout", "nan", "web/xdcomm.html"],
        ["inspect", "--timeout", "1e19", "web/xdcomm.html"], ["inspect", "--max-bytes", "0", "web/xdcomm.html"],
        ["host", "--timeout", "nan", "--rules", "Fixtures/rules/capture.json", "web/xdcomm.html"],
        ["host", "--idle", "inf", "--rules", "Fixtures/rules/capture.json", "web/xdcomm.html"],
        ["serve", "--port", "70000"],
    ])
    func ranges(arguments: [String]) throws {
        let run = try BridgeProcess.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(arguments[1]), "\(run.stderr)")
    }
}
