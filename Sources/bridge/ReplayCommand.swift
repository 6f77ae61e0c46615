// ReplayCommand.swift: `bridge replay` runs recorded navigation logs (navlog JSON Lines, HAR, CDP) through
// a rules file and tells, navigation by navigation, what the rules decide, what was intercepted, which
// bridge events went to which handlers, and where the app decided otherwise at recording time; flow
// findings and rejected records in between, and a summary per log. Navlogs stream: memory stays flat.
import CommandOutput
import OutputFiles
import ArgumentParser
import Foundation
import NavigationPolicy
import NavigationReplay

extension LogFormat: ExpressibleByArgument {}

struct ReplayCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded navigation logs (navlog, HAR, CDP, Chromium NetLog) through a rules file.",
        discussion: """
            Each navigation the recording saw is decided by the rules, as the app's delegate would decide \
            it: one line per navigation (sequence, time, decision, kind, rule, URL and parameters with \
            secrets masked, bridge events and the handlers they went to). Where the recording says what the \
            app decided (recordedDecision) and the rules decide otherwise, the line says MISMATCH.

            Flows are followed across the log: an authorization request (redirect_uri with state) is \
            matched to the sentinel hit that answers it. Findings: \(ReplayFindingKind.allCases.map(\.rawValue).joined(separator: ", ")).

            Bridge events: a janrain:eventsAvailable signal's drained queue (navlog "drained") is decoded \
            and dispatched through the rules' "handlers" table (event name → handler names).

            The log format is told from the content; --input-format overrides it. A record that cannot be \
            read (not JSON, no url, a URL that does not parse, a truncated line) is reported with its line \
            or key path and counted; the replay goes on. Records read = navigations replayed + records \
            rejected.

            --expect FILE compares the JSON transcript with a saved one (bridge replay --format json … > FILE) \
            and prints the differences on standard error.

            Exit status: 0 all consistent; 1 mismatches, error findings, rejected records, a log that holds \
            no navigation (an empty or cut recording must not pass in silence), or a transcript that differs \
            from --expect; 2 usage or rules errors, or a log that cannot be read: one that does not open, or \
            is rejected whole (not a log, not the format it was taken for, a failed read); the others are \
            replayed.

            Examples:
              bridge replay --rules Fixtures/rules/capture.json \\
                Fixtures/logs/capture-signin.navlog
              bridge replay --rules rules.json --format json --report flow.html flow.har
              adb logcat -s NavLog -v raw | bridge replay --rules rules.json -
            """
    )

    @OptionGroup var transcript: TranscriptOptions

    @Option(name: .customLong("input-format"), help: "The log format: navlog, har, cdp or netlog (default: told from the content).")
    var inputFormat: LogFormat?

    @Option(name: .long, help: "Compare the JSON transcript with this saved one.", completion: .file(extensions: ["jsonl"]))
    var expect: String?

    @Option(name: .long, help: "Also write an HTML report a person can look at (self-contained: the counts, the findings, the timeline), once the logs are replayed.",
            completion: .file(extensions: ["html"]))
    var report: String?

    @Flag(name: .long, help: "Let --report replace a file that exists (never a log).")
    var force = false

    @Argument(help: "Logs to replay (navlog, HAR, CDP, NetLog); - reads one from standard input.", completion: .file(extensions: ["navlog", "har", "json", "jsonl"]))
    var logs: [String]

    func checkOptions() throws(CommandProblem) {
        if logs.isEmpty { throw CommandProblem.noInputs(.logs) }
        // Standard input is read once: by one log, the rules or the expected transcript.
        let fromStandardInput = logs.filter { $0 == "-" }.count + (transcript.rules == "-" ? 1 : 0) + (expect == "-" ? 1 : 0)
        if fromStandardInput > 1 { throw CommandProblem.standardInputTwice }
        try CommandProblem.files(try files.checkRun())
    }

    /// The run's files: the logs, the rules and the transcript --expect compares with; --report.
    var files: OutputFilePolicy {
        OutputFilePolicy(force: force, inputs: logs + [transcript.rules] + (expect.map { [$0] } ?? []), outputs: report.map { [$0] } ?? [])
    }

    func run() throws {
        let engine = try transcript.loadEngine()
        let renderer = transcript.renderer
        // A log that cannot be opened is said on standard error and the others are replayed, as inspect and
        // test go on past an unreadable input; the run then exits 2. Only when none opens is it a usage error.
        var inputs: [ByteInput] = []
        var unreadable: [CommandProblem] = []
        for path in logs {
            do { inputs.append(try ByteInput(path: path)) } catch { unreadable.append(CommandProblem.log(error)) }
        }
        if inputs.isEmpty, let first = unreadable.first {
            for problem in unreadable.dropFirst() { StandardError.say("bridge replay: " + problem.words(masking: renderer.redactor)) }
            throw first
        }
        for problem in unreadable { StandardError.say("bridge replay: " + problem.words(masking: renderer.redactor)) }
        let output = try RunOutput(command: "bridge replay", renderer: renderer, report: report, title: "bridge replay " + logs.joined(separator: " "),
                                   expect: expect, policy: files)
        if !unreadable.isEmpty { output.inputUnread() }
        for input in inputs { replay(input, renderer: renderer, engine: engine, into: output, several: inputs.count > 1) }
        try output.finish()
    }

    /// One log: its events as they are replayed, then its summary. Each line names the log as given on the
    /// command line (`-` for standard input), as a saved transcript compared with --expect names it.
    private func replay(_ input: ByteInput, renderer: TranscriptRenderer, engine: PolicyEngine, into output: RunOutput, several: Bool) {
        let logName = input.isStandardInput ? "-" : input.name
        var renderer = renderer.reading(logName)
        output.section(input.shownName)
        let logFormat = inputFormat ?? LogFormat.sniff(input)
        let replayer = Replayer(engine: engine, explain: transcript.explain, redactor: renderer.redactor, platform: transcript.platform(for: engine),
                                platformFromLog: transcript.platformFromLog(for: engine))
        if transcript.format == .text && several { output.out.lines(renderer.text.lines(LogStart(name: input.shownName))) }
        // What is replayed is printed before a paused writer is waited for (`adb logcat … | bridge replay -`).
        input.willWait = output.out.flush
        LogReplay.run(input, format: logFormat, replayer: replayer) { replayed in
            // A log rejected as a whole (not a log at all, not the format it was taken for) or cut by a failed
            // read is an input that cannot be read: exit 2, as for a file that does not open.
            if case .rejected(let rejected) = replayed, rejected.location.place == .file || rejected.reason.isFailedRead { output.inputUnread() }
            // A `bridge host` recording's lines name the engine that ran the page, as the live run's did.
            if let engine = replayer.recordedEngine, renderer.json.engine != engine { renderer = renderer.running(engine) }
            for event in replayed.events { output.emit(event, renderer) }
        }
        let summary = replayer.summary
        // The text names the log as shown; the JSON line (printed, compared, in the report) as given.
        if transcript.format == .text { output.out.lines(renderer.text.lines(LogSummary(summary, log: input.shownName, format: logFormat))) }
        output.emit(LogSummary(summary, log: logName, format: logFormat), renderer, print: transcript.format == .json)
        if !summary.isConsistent { output.runFailed() }
        if summary.replayed + summary.rejected + summary.calls == 0 {
            output.runFailed()
            StandardError.say("bridge replay", .noNavigation(log: input.shownName), masking: renderer.redactor)
        }
    }
}
