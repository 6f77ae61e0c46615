// TestCommand.swift: `bridge test` unit-tests a rules file: the app's own cases (JSON Lines case files) and
// the attack (AttackCatalogue's lookalikes of every rule); results as text, JSON lines, JUnit XML or
// SARIF through the transcript's renderer and Redactor. The work is RulesAudit's; this is options and
// wiring.
import InputFiles
import JSONText
import OutputFiles
import SecretMasking
import CommandOutput
import ArgumentParser
import Foundation
import NavigationPolicy
import NavigationReplay
import RulesAudit

enum TestFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, junit, sarif
}

struct TestCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Unit-test a rules file: your cases, and an attack on every rule.",
        discussion: """
            Case files are JSON Lines, one case per line:
              {"url": "https://yourdomain.com/cb?code=a", "expect": {"rule": "signin"}}
              {"url": "https://app.example/cb?code=a", "expect": {"decision": "cancel"}}
            A case may also name itself ("name"), give the state the app sent ("state"), and expect a \
            "kind", an "error" such as "state-mismatch" and "params" such as {"code": "a"}. \
            Only the keys in "expect" are checked ("rule": null and "error": null mean none; a parameter \
            set to null must be absent). "frame" (main, sub) and "type" (linkClicked, …) say how the view \
            reported the navigation. A line that is not a case is reported with its line and key, counted \
            and skipped; the other lines still run.

            The attack (--attack; on by default when no case file is given) sends what an attacker or a \
            sloppy proxy would, built from every sentinel, bridge scheme, deep-link route and allowed origin \
            in the rules, each carrying the rule's credentials: userinfo and "@" forms, the real host as a \
            prefix, suffix or label of another, backslashes and percent-encoded authorities, homoglyphs, \
            trailing dots, other ports and schemes, path case, trailing slashes, ";" parameters, "..;/", the \
            URL inside another, OAuth error responses, repeated credentials, intent: URLs. No lookalike may \
            be taken for its rule, and none carrying credentials may be allowed to load at an origin other \
            than the rule's own. Variants a browser navigates to exactly as the rule's own URL (host case, \
            default port, dot segments, tabs and newlines, full-width hosts) must still match. \
            --list-attacks prints the generators with an example each.

            --init writes a starter case file from the rules (to the one CASES argument, else beside the rules: \
            rules.json → rules.cases.jsonl; an existing file is kept unless --force): it passes as written; edit \
            it to say what your app expects.

            Formats: text, json (one object per case or variant, then a summary), junit (JUnit XML, what CI \
            systems show as test results), sarif (SARIF 2.1.0). Secrets are masked unless --reveal.

            Exit status: 0 everything passed, 1 a case or a variant failed or a case line was bad, 2 usage, \
            rules or unreadable case files.

            Examples:
              bridge test --rules Fixtures/rules/capture.json
              bridge test --init --rules rules.json
              bridge test --rules rules.json --attack --format junit \\
                --output bridge-test.xml --report bridge-test.html rules.cases.jsonl
            """
    )

    @OptionGroup var rulesFile: RulesOption
    var rules: String { rulesFile.rules }

    @Option(name: .long, help: "Output format: text, json, junit or sarif.")
    var format: TestFormat = .text

    @Flag(name: .long, help: "Run the attack too (it runs by default when no case file is given).")
    var attack = false

    @Flag(name: .long, help: "Write a starter case file from the rules (to the one CASES path, else RULES.cases.jsonl beside the rules), and exit.")
    var `init` = false

    @Flag(name: .long, help: "With --init, --output or --report: replace the file if it exists (never an input).")
    var force = false

    @Option(name: .long, help: "Write the --format report (junit, sarif, json) to this file once the run is complete, and print the readable log on standard output: one run for both.", completion: .file())
    var output: String?

    @Option(name: .long, help: "Leave a generator out of the attack (an id from --list-attacks), for a risk your app has accepted; repeatable.")
    var skip: [String] = []

    @Option(name: .long, help: "The web view the app ships: ios or android (Android is not asked about POSTs, its own loads, iframes or fragments). Default: the rules file's \"platform\", else ios.")
    var platform: Platform?

    @Flag(name: .long, help: "List the attack's generators with an example each, and exit.")
    var listAttacks = false

    /// --explain (passing variants are shown too, each decision with its reasons), --reveal, --color.
    @OptionGroup var display: DisplayOptions

    @Option(name: .long, help: "Also write an HTML report a person can look at (self-contained: failures first, then the passes), once the run is complete.",
            completion: .file(extensions: ["html"]))
    var report: String?

    @Argument(help: "Case files (JSON Lines); a directory: every .jsonl file under it; - reads one from standard input.", completion: .file(extensions: ["jsonl"]))
    var cases: [String] = []

    func checkOptions() throws(CommandProblem) {
        // Checked before the run, so that a run is not spent on a report that cannot be written.
        try CommandProblem.files(try files.checkRun())
        if `init` && cases.count > 1 { throw CommandProblem.initWritesOneFile }
        if `init` && cases == ["-"] { throw CommandProblem.initNeedsAPath }
        if cases.filter({ $0 == "-" }).count + (rules == "-" ? 1 : 0) > 1 { throw CommandProblem.standardInputTwice }
        let ids = Set(AttackCatalogue.all.map(\.id) + [RulesAudit.firstLoadProbe])
        if let unknown = skip.first(where: { !ids.contains($0) }) {
            throw CommandProblem.unknownGenerator(unknown)
        }
    }

    func run() throws {
        if listAttacks { return RunOutput.list(AttackCatalogue.all.map(AttackListing.init), display.renderer(format == .json ? .json : .text)) }
        let loaded: Rules
        do { loaded = try RulesLoader.load(path: rules) } catch { throw CommandProblem.rules(error) }
        if `init` { return try writeStarter(loaded, to: cases.first ?? Self.starterPath(forRules: rules)) }
        let (testCases, inputErrors, unreadable) = readCases()
        let started = Date()
        var audit = RulesAudit(rules: loaded, cases: testCases, attack: attack || cases.isEmpty, rulesFile: rules)
        audit.explain = display.explain
        audit.skippedGenerators = Set(skip)
        audit.platform = platform ?? loaded.platform ?? .ios
        var result = audit.run()
        result.inputErrors = inputErrors
        try write(result, started: started, seconds: Date().timeIntervalSince(started), unreadable: unreadable)
    }

    /// The case files' cases, the lines that could not be read, and whether a file could not be read at all.
    private func readCases() -> (cases: [TestCase], errors: [CaseFileError], unreadable: Bool) {
        var testCases: [TestCase] = [], inputErrors: [CaseFileError] = [], unreadable = false
        for path in cases.flatMap(Self.caseFiles) {
            // "-", a pipe and a process substitution are read like a file (InputFile).
            // A directory here is one with no case file under it.
            let read: (cases: [TestCase], errors: [CaseFileError]) = InputFile.isDirectory(path)
                ? ([], [CaseFileError(file: path, line: 0, key: nil, problem: .noCases)]) : CaseFile.load(path: path)
            if read.errors.contains(where: \.isUnreadable) { unreadable = true }
            testCases += read.cases
            inputErrors += read.errors
        }
        return (testCases, inputErrors, unreadable)
    }

    /// The run's output: the events to the terminal as text or JSON lines (as text beside --output's file)
    /// and to the report; a JUnit or SARIF document written whole, to --output or standard output.
    private func write(_ result: AuditResult, started: Date, seconds: Double, unreadable: Bool) throws {
        let terminal = display.renderer(output == nil && format == .json ? .json : .text)
        let run = try RunOutput(command: "bridge test", renderer: terminal, report: report, title: "bridge test --rules \(rules)", policy: files)
        let events: [any OutputEvent] = result.inputErrors + result.outcomes + [result.summary]
        for event in events { run.emit(event, terminal, print: output != nil || format == .text || format == .json) }
        let document: String? = switch format {
        case .text, .json: nil
        case .junit: terminal.documents.junit(result, timestamp: Self.timestamp(started), hostname: ProcessInfo.processInfo.hostName, seconds: seconds)
        case .sarif: terminal.documents.sarif(result, toolVersion: Bridge.configuration.version)
        }
        if let output {
            // The file gets the run whole, after it (never a partial or empty one).
            let renderer = display.renderer(format == .json ? .json : .text)
            let text = (document.map { [$0] } ?? events.flatMap { renderer.lines($0) }).joined(separator: "\n") + "\n"
            try CommandProblem.files(try OutputFile.write(Array(text.utf8), to: output, policy: files))
        } else if let document {
            run.out.lines([document])
            for error in result.inputErrors { StandardError.say("bridge test: " + display.redactor.text(error.words)) }
        }
        if unreadable { run.inputUnread() }
        if !result.passed { run.runFailed() }
        try run.finish()
    }

    private func writeStarter(_ loaded: Rules, to path: String) throws {
        let policy = OutputFilePolicy(force: force, inputs: [rules])
        try CommandProblem.files(try policy.check(path))
        let starter = StarterCases.make(loaded)
        let text = starter.cases.map(CaseFile.line).joined(separator: "\n") + "\n"
        try CommandProblem.files(try OutputFile.write(Array(text.utf8), to: path, policy: policy))
        for note in starter.notes { StandardError.say("bridge test: note: " + display.redactor.text(note.words)) }
        StandardError.say("bridge test", .wroteCases(count: starter.cases.count, path: path, rules: rules), masking: display.redactor)
    }

    /// The run's files: the rules, the case files named and those found under a directory named; --output and
    /// --report.
    var files: OutputFilePolicy {
        OutputFilePolicy(force: force, inputs: [rules] + cases,
                         walked: cases.filter(InputFile.isDirectory).map { WalkedDirectory($0, extensions: [".jsonl"]) },
                         outputs: [output, report].compactMap { $0 })
    }

    /// The case files an argument names: itself, or every .jsonl file under a directory (sorted), as inspect
    /// walks a directory of pages; a directory with none is named alone, to be reported as holding no cases.
    static func caseFiles(_ argument: String) -> [String] {
        guard InputFile.isDirectory(argument) else { return [argument] }
        let files = InputFile.files(under: argument, withExtensions: [".jsonl"])
        return files.isEmpty ? [argument] : files
    }

    /// Where `--init` writes without a path: beside the rules, `rules.json` → `rules.cases.jsonl`.
    static func starterPath(forRules rules: String) -> String {
        (rules.hasSuffix(".json") ? String(rules.dropLast(5)) : rules) + ".cases.jsonl"
    }

    /// ISO 8601 in UTC without a zone designator (JUnit's schema takes no zone).
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }
}
