// CommandProblemTests.swift: every CommandProblem as a value. Options are checked in-process (a command
// parsed from good arguments, one option changed, `checkOptions()` asked which problem); problems found
// when a command runs are checked at the binary: exit status 2 and standard error the problem's words.
import CommandOutput
import InputFiles
import TestSupport
import ProviderSettings
import SecretMasking
import ArgumentParser
import BrowserURL
import Foundation
import NavigationPolicy
import NavigationReplay
import ProviderEmulator
import Testing
@testable import bridge

@Suite("command problems", .blockingWork)
struct CommandProblemTests {
    static let rules = Repository.path("Fixtures/rules/capture.json")

    /// What `checkOptions()` throws, or nil.
    static func problem(_ check: () throws(CommandProblem) -> Void) -> CommandProblem? {
        do { try check() } catch { return error }
        return nil
    }

    @Test("host: --site with --origin, --provider with --provider-url, a provider URL that is not a base, --provider-config alone, a timeout out of range")
    func host() throws {
        let good = try HostCommand.parse(["--rules", Self.rules, "page.html"])
        #expect(Self.problem(good.checkOptions) == nil)
        var both = good
        both.site = "site.json"
        both.origin = "https://yourdomain.com"
        #expect(Self.problem(both.checkOptions) == .siteAndOrigin)
        var providers = good
        providers.provider = true
        providers.providerURL = "http://127.0.0.1:8025"
        #expect(Self.problem(providers.checkOptions) == .providerAndProviderURL)
        var notBase = good
        notBase.providerURL = "127.0.0.1:8025"
        #expect(Self.problem(notBase.checkOptions) == .providerURLNotABase("127.0.0.1:8025"))
        var config = good
        config.providerConfig = "provider.json"
        #expect(Self.problem(config.checkOptions) == .providerConfigWithoutProvider)
        for value in [0, -1, Double.nan, .infinity, 86_401, 0.0004, 1e-12] {
            var timeout = good
            timeout.timeout = value
            let problem = Self.problem(timeout.checkOptions)
            guard case .secondsOutOfRange(option: "--timeout", let seen)? = problem else {
                Issue.record("--timeout \(value): \(String(describing: problem))")
                continue
            }
            #expect(seen.bitPattern == value.bitPattern)
        }
    }

    @Test("host: --record never writes over a file without --force, nor over the page, the rules or the configuration with it")
    func hostRecord() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html").path, earlier = directory.appendingPathComponent("earlier.navlog").path
        try Data("<p>page</p>".utf8).write(to: URL(fileURLWithPath: page))
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: earlier))
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: directory.appendingPathComponent("both-webkit.navlog").path))
        // Parsed without --record (parsing checks the options too), then each case set on the value.
        let parsed = try HostCommand.parse(["--rules", Self.rules, page])
        func problem(record: String, force: Bool = false, engine: HostEngine = .webkit) -> CommandProblem? {
            var command = parsed
            command.record = record
            command.force = force
            command.engine = engine
            return Self.problem(command.checkOptions)
        }
        #expect(problem(record: directory.appendingPathComponent("new.navlog").path) == nil)
        #expect(problem(record: earlier) == .outputFile(.exists(path: earlier)))
        #expect(problem(record: earlier, force: true) == nil)
        #expect(problem(record: page, force: true) == .outputFile(.isInput(path: page, input: page)))
        #expect(problem(record: Self.rules, force: true) == .outputFile(.isInput(path: Self.rules, input: Self.rules)))
        let both = directory.appendingPathComponent("both.navlog").path
        let webkit = directory.appendingPathComponent("both-webkit.navlog").path
        #expect(problem(record: both, engine: .both) == .outputFile(.exists(path: webkit)))
    }

    @Test("test: --init with two files or -, - twice, an unknown generator to skip")
    func test() throws {
        let good = try TestCommand.parse(["--rules", Self.rules])
        #expect(Self.problem(good.checkOptions) == nil)
        var two = good
        two.`init` = true
        two.cases = ["a.jsonl", "b.jsonl"]
        #expect(Self.problem(two.checkOptions) == .initWritesOneFile)
        var stdin = good
        stdin.`init` = true
        stdin.cases = ["-"]
        #expect(Self.problem(stdin.checkOptions) == .initNeedsAPath)
        var twice = good
        twice.cases = ["-", "-"]
        #expect(Self.problem(twice.checkOptions) == .standardInputTwice)
        var skip = good
        skip.skip = ["subdomains"]
        #expect(Self.problem(skip.checkOptions) == .unknownGenerator("subdomains"))
    }

    @Test("no inputs, an origin that is not one, a port out of range, --max-bytes out of range")
    func inputsAndOrigins() throws {
        var check = try CheckCommand.parse(["--rules", Self.rules, "https://a.example/"])
        check.urls = []
        // No URL: standard input when it is not a terminal, a usage error when it is.
        let noURLs: CommandProblem? = isatty(STDIN_FILENO) == 1 ? .noInputs(.urls) : nil
        #expect(Self.problem(check.checkOptions) == noURLs)
        #expect(InputArguments.orStandardInput([], terminal: true).isEmpty)
        #expect(InputArguments.orStandardInput([], terminal: false) == ["-"])
        #expect(InputArguments.orStandardInput(["x"], terminal: false) == ["x"])
        check.urls = ["https://a.example/"]
        for method in [" POST", "", "GE T", "POST\n", "GÉT", "(GET)"] {
            check.navigation.method = method
            #expect(Self.problem(check.navigation.checkOptions) == .notAMethod(method), "\(method.debugDescription)")
        }
        for method in ["GET", "POST", "PROPFIND", "M-SEARCH", "get"] {
            check.navigation.method = method
            #expect(Self.problem(check.navigation.checkOptions) == nil, "\(method)")
        }
        var url = try URLCommand.parse(["https://a.example/"])
        url.urls = []
        #expect(Self.problem(url.checkOptions) == noURLs)
        var replay = try ReplayCommand.parse(["--rules", Self.rules, "a.navlog"])
        replay.logs = []
        #expect(Self.problem(replay.checkOptions) == .noInputs(.logs))
        replay.logs = ["-", "-"]
        #expect(Self.problem(replay.checkOptions) == .standardInputTwice)
        var inspect = try InspectCommand.parse(["page.html"])
        inspect.inputs = []
        #expect(Self.problem(inspect.checkOptions) == .noInputs(.pages))
        inspect.inputs = ["page.html"]
        inspect.origin = "yourdomain.com"
        #expect(Self.problem(inspect.checkOptions) == .notAPageOrigin("yourdomain.com"))
        inspect.origin = nil
        inspect.timeout = 0.0004
        #expect(Self.problem(inspect.checkOptions) == .secondsOutOfRange(option: "--timeout", 0.0004))
        inspect.timeout = 10
        inspect.maxBytes = 0
        #expect(Self.problem(inspect.checkOptions) == .bytesOutOfRange(option: "--max-bytes", 0, most: 1 << 30))
        var serve = try ServeCommand.parse([])
        serve.port = 65_536
        #expect(Self.problem(serve.checkOptions) == .portOutOfRange(65_536))
        serve.port = 0
        serve.allowOrigin = ["https://*.yourdomain.com"]
        #expect(Self.problem(serve.checkOptions) == .notAnAllowedOrigin("https://*.yourdomain.com"))
    }

    @Test("a problem found while parsing exits 2 with ArgumentParser's usage")
    func parsedAtTheBinary() throws {
        let run = try BridgeProcess.run(["test", "--rules", Self.rules, "--skip", "subdomains"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: " + CommandProblem.unknownGenerator("subdomains").description + "\n"), "\(run.stderr)")
    }

    @Test("an option value quoted back in an error is masked, by bridge's words and by ArgumentParser's, unless --reveal", arguments: [
        ["check", "--rules", rules, "--platform", "x?access_token=SECRETSECRETSECRET", "https://a.example/"],
        ["check", "--rules", rules, "--format", "x?code=SECRETSECRETSECRET", "https://a.example/"],
        ["check", "--rules", rules, "--method", "GE T?code=SECRETSECRETSECRET", "https://a.example/"],
        ["test", "--rules", rules, "--skip", "y?code=SECRETSECRETSECRET"],
        ["inspect", "--timeout", "x?code=SECRETSECRETSECRET", "web/"],
        ["serve", "--allow-origin", "https://a.example/?access_token=SECRETSECRETSECRET", "--port", "0"],
        ["check", "--rules", rules, "--type", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.SECRETSECRETSECRET", "https://a.example/"],
    ])
    func optionValuesMasked(arguments: [String]) throws {
        let run = try BridgeProcess.run(arguments)
        #expect(run.status == 2 && !run.stderr.contains("SECRETSECRETSECRET") && run.stderr.contains("…("), "\(run.stderr)")
        if arguments.first == "check" {
            let revealed = try BridgeProcess.run(Array(arguments.dropLast()) + ["--reveal", "https://a.example/"])
            #expect(revealed.status == 2 && revealed.stderr.contains("SECRETSECRETSECRET"), "\(revealed.stderr)")
        }
    }

    /// Runs bridge and expects exit status 2 with `problem`'s words, masked, as the whole of standard error.
    static func expect(_ arguments: [String], _ problem: CommandProblem, stdin: String? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try BridgeProcess.run(arguments, stdin: stdin)
        #expect(run.status == 2, "\(run.stderr)", sourceLocation: sourceLocation)
        let prefix = arguments.first.map { "bridge \($0): " } ?? "bridge: "
        #expect(run.stderr == prefix + problem.words(masking: Redactor()) + "\n", sourceLocation: sourceLocation)
    }

    @Test("problems found when a command runs exit 2 with their words")
    func foundWhenRunning() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("problems-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let bad = directory.appendingPathComponent("bad-rules.json")
        try Data(#"{"version":1,"sentinels":[{"redirectURI":"https://a.example/cb","require":["code"],"forbid":["code"]}]}"#.utf8).write(to: bad)
        let rulesError = try #require(Self.rulesError(bad.path))
        #expect(rulesError.keyPath == "sentinels[0].forbid")
        try Self.expect(["check", "--rules", bad.path, "https://a.example/cb"], .rules(rulesError))
        try Self.expect(["replay", "--rules", bad.path, "-"], .rules(rulesError), stdin: "")

        try Self.expect(["replay", "--rules", Self.rules, "/nonexistent.navlog"], .log(.cannotOpen("/nonexistent.navlog", .notFound)))
        try Self.expect(["replay", "--rules", Self.rules, directory.path], .log(.cannotOpen(directory.path, .directory)))
        let log = Repository.path("Fixtures/logs/capture-signin.navlog")
        try Self.expect(["replay", "--rules", Self.rules, "--expect", "/nonexistent.jsonl", log], .expectation(.cannotRead(path: "/nonexistent.jsonl", .notFound)))

        guard case .failure(let urlError) = BrowserURL.parse("http://[x") else { Issue.record("http://[x parsed"); return }
        try Self.expect(["url", "--base", "http://[x", "a"], .baseNotAURL("http://[x", urlError))
        try Self.expect(["check", "--rules", Self.rules, "-", "-"], .standardInputTwice, stdin: "https://a.example/\n")

        let existing = directory.appendingPathComponent("existing.cases.jsonl")
        try Data("{}\n".utf8).write(to: existing)
        try Self.expect(["test", "--rules", Self.rules, "--init", existing.path], .outputFile(.exists(path: existing.path)))
        let unwritable = directory.appendingPathComponent("no-such-directory/cases.jsonl").path
        try Self.expect(["test", "--rules", Self.rules, "--init", unwritable], .outputFile(.cannotWrite(path: unwritable, errno: ENOENT)))

        try Self.expect(["serve", "--assets", "/nonexistent-assets"], .noAssetsDirectory("/nonexistent-assets"))

        // A configuration's problem quotes the file's value, masked like any other: an origin with a token in it.
        let config = directory.appendingPathComponent("config.json")
        let origin = "https://a.example/?access_token=SECRETSECRETSECRET"
        try Data(#"{"allowedOrigins": ["\#(origin)"]}"#.utf8).write(to: config)
        var invalid = EmulatorConfiguration.Invalid(keyPath: "allowedOrigins[0]", .notAnOrigin(origin))
        (invalid.line, invalid.column) = (1, 21)  // where the value is in the file
        let configProblem = CommandProblem.providerConfig(path: config.path, invalid)
        try Self.expect(["serve", "--config", config.path], configProblem)
        #expect(!configProblem.words(masking: Redactor()).contains("SECRETSECRETSECRET"))
    }

    static func rulesError(_ path: String) -> RulesError? {
        do { _ = try RulesLoader.load(path: path) } catch { return error }
        return nil
    }
}
