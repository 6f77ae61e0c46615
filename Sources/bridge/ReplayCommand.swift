// ReplayCommand.swift: `bridge replay` runs recorded navigation logs (navlog JSON Lines, HAR, CDP) through
// a rules file and tells, navigation by navigation, what the rules decide, what was intercepted, which
// bridge events went to which handlers, and where the app decided otherwise at recording time; flow
// findings and rejected records in between, and a summary per log. Navlogs stream: memory stays flat.
import ArgumentParser
import Foundation
import NavigationPolicy
import NavigationReplay

extension LogFormat: ExpressibleByArgument {}
extension TerminalStyle.Choice: ExpressibleByArgument {}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded navigation logs (navlog, HAR, CDP) through a rules file.",
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

            Exit status: 0 all consistent; 1 mismatches, error findings, rejected records, or a transcript \
            that differs from --expect; 2 usage or rules errors.

            Examples:
              bridge replay --rules Fixtures/rules/capture.json Fixtures/logs/capture-signin.navlog
              bridge replay --rules Fixtures/rules/capture.json --format json Fixtures/logs/redirect-to-app.har
              adb logcat -s NavLog -v raw | bridge replay --rules rules.json -
            """
    )

    @Option(name: .long, help: "The rules file (JSON, version 1).")
    var rules: String

    @Option(name: .customLong("input-format"), help: "The log format: navlog, har or cdp (default: told from the content).")
    var inputFormat: LogFormat?

    @Option(name: .long, help: "Output format: text or json (one object per line).")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Explain each decision.")
    var explain = false

    @Flag(name: .long, help: "Show secret parameter values instead of masking them.")
    var reveal = false

    @Option(name: .long, help: "Compare the JSON transcript with this saved one.")
    var expect: String?

    @Option(name: .long, help: "Colour in text output: auto (on a terminal), always, never. NO_COLOR always turns it off.")
    var color: TerminalStyle.Choice = .auto

    @Argument(help: "Logs to replay; - reads one from standard input.")
    var logs: [String]

    func validate() throws {
        if logs.isEmpty { throw ValidationError("Give at least one log, or - to read one from standard input.") }
        if logs.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) may be given once.") }
    }

    func run() throws {
        let engine: PolicyEngine
        do { engine = try PolicyEngine(rulesFile: rules) } catch { throw UsageError("rules: \(error)") }
        // Every log must open before any is replayed: a typo is a usage error, not a half-done run.
        var inputs: [ByteInput] = []
        for path in logs {
            do { inputs.append(try ByteInput(path: path)) } catch { throw UsageError("\(error)") }
        }
        let expectation = try expect.map { try TranscriptExpectation(path: $0) }
        let redactor = Redactor(isEnabled: !reveal)
        let style = TerminalStyle(format == .text ? color : .never)
        let out = OutputWriter()
        var consistent = true

        for input in inputs {
            let logFormat = inputFormat ?? LogFormat.sniff(input)
            let replayer = Replayer(engine: engine, explain: explain, redactor: redactor)
            let logName = input.name == "(standard input)" ? "-" : URL(fileURLWithPath: input.name).lastPathComponent
            if format == .text && inputs.count > 1 { out.line(style.bold("== \(input.name)")) }

            func emitJSON(_ object: JSONObject) {
                let line = object.line
                expectation?.compare(line)
                if format == .json { out.line(line) }
            }
            func handle(_ output: Replayer.Output) {
                switch output {
                case .navigation(let n):
                    if format == .text {
                        out.line(ReplayText.navigation(n, redactor: redactor, style: style))
                        if explain { for note in n.decision.explanation { out.line("                \(note)") } }
                        for f in n.findings { out.line(ReplayText.finding(f, style: style)) }
                    }
                    if format == .json || expectation != nil { emitJSON(ReplayJSON.navigation(n, redactor: redactor, explain: explain)) }
                case .rejected(let r):
                    if format == .text { out.line(ReplayText.rejected(r, style: style)) }
                    if format == .json || expectation != nil { emitJSON(ReplayJSON.rejected(r)) }
                case .findings(let list):
                    for f in list {
                        if format == .text { out.line(ReplayText.finding(f, style: style)) }
                        if format == .json || expectation != nil { emitJSON(ReplayJSON.lateFinding(f)) }
                    }
                case .none: break
                }
            }
            let emit: (LogItem) -> Void = { handle(replayer.replay($0)) }
            switch logFormat {
            case .navlog: NavlogReader().read(input, emit)
            case .har, .cdp:
                do {
                    let bytes = try input.readAll(limit: 512 << 20)
                    if logFormat == .har { HARReader().read(bytes, emit) } else { CDPReader().read(bytes, emit) }
                } catch {
                    emit(.rejected(RejectedRecord(location: RecordLocation(.file), reason: "\(error)")))
                }
            }
            handle(.findings(replayer.finish()))
            let summary = replayer.summary
            if format == .text {
                for line in ReplayText.summary(summary, log: input.name, format: logFormat, style: style) { out.line(line) }
            }
            if format == .json || expectation != nil { emitJSON(ReplayJSON.summary(summary, log: logName, format: logFormat)) }
            if !summary.isConsistent { consistent = false }
        }
        out.flush()
        if let expectation {
            expectation.finish()
            if !expectation.matches {
                consistent = false
                var report = "bridge replay: the transcript differs from \(expectation.path) in \(expectation.differenceCount) line(s):\n"
                for d in expectation.differences { report += "  \(d)\n" }
                if expectation.differenceCount > expectation.differences.count {
                    report += "  … and \(expectation.differenceCount - expectation.differences.count) more\n"
                }
                FileHandle.standardError.write(Data(report.utf8))
            } else if format == .text {
                FileHandle.standardError.write(Data("bridge replay: the transcript matches \(expectation.path)\n".utf8))
            }
        }
        if !consistent { throw ExitCode(1) }
    }
}
