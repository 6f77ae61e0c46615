// RulesCommand.swift: `bridge rules`, strict rules and a case file made from recordings of a flow that works.
// The command only wires: the recordings are read and the rules inferred by RecordingRules, held to the
// attack before they are written (RulesInference), the files' text, every statement and every word by the
// output module. Every output is named and checked before anything is read: `-` is standard output for one of
// them, never two; no output is another output or a recording, nor an existing file without --force.
import ArgumentParser
import CommandOutput
import Foundation
import NavigationPolicy
import NavigationReplay
import OutputFiles
import RecordingRules
import SecretMasking

/// What `bridge rules` prints on standard output besides the rules: the statements as text (on standard
/// error) or as the schema's finding lines.
enum RulesFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct RulesCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Make strict rules and a case file from recordings of a flow that works.",
        discussion: """
            Reads recordings (navlog, bridge host --record, HAR, CDP, NetLog) of the flow working and writes \
            rules a reviewer would sign: a sentinel for every redirect_uri the recording's authorization \
            requests name (OAuth and OIDC authorize, Capture's sign-in, Engage's token_url), whether the result \
            was cancelled, loaded or never came; a sentinel for each redirect URI on the flow's own origins that \
            carried a code, a token or an OAuth error (a result the app let load, such as a reset link, told \
            from one it cancelled by the credentials each carried); a bridge rule for Janrain's queue and \
            WebViewJavascriptBridge with a handler table for every event the recording delivered; a deep-link \
            rule for each custom scheme and route; the exact origins documents loaded from; default cancel. \
            Before writing, the attack runs on the rules: an origin that imitates another or lets a lookalike \
            through is refused. Beside them, a case file: each recorded navigation and each delivered event with \
            the decision it must get, its secrets replaced by placeholders of their shape. Every inference is \
            said, one line each (--format json: the schema's finding lines).

            Exit status: 0 written; 1 written, but something was refused, the rules intercept nothing the \
            recordings show, the recordings contradict each other or the rules, or hold records that could not \
            be read; 1 with nothing written when the recordings hold no navigation; 2 for usage errors, a \
            recording that cannot be opened, or a file that exists (give --force).

            Examples:
              bridge rules --output rules.json flow.navlog
              bridge test --rules rules.json --attack rules.cases.jsonl
            """
    )

    @Option(name: .long, help: "Write the rules to this file (- or none: standard output), and the cases beside it (rules.json: rules.cases.jsonl).",
            completion: .file(extensions: ["json"]))
    var output: String?

    @Option(name: .long, help: "Write the cases to this file (- : standard output; default: beside --output, none without it).",
            completion: .file(extensions: ["jsonl"]))
    var cases: String?

    @Option(name: .long, help: "What is said of the rules: text (on standard error) or json (the schema's finding lines on standard output; the rules then need --output FILE).")
    var format: RulesFormat = .text

    @Option(name: .customLong("input-format"), help: "The recordings' format: navlog, har, cdp or netlog (default: told from each one's content).")
    var inputFormat: LogFormat?

    @Flag(name: .long, help: "Let --output and --cases replace files that exist (never a recording, nor each other).")
    var force = false

    @OptionGroup var revealing: RevealOption

    @Argument(help: "Recordings of the flow (navlog, HAR, CDP, NetLog); - reads one from standard input.", completion: .file(extensions: ["navlog", "har", "json"]))
    var recordings: [String] = []

    func checkOptions() throws(CommandProblem) {
        if recordings.isEmpty { throw .noInputs(.logs) }
        if recordings.filter({ $0 == "-" }).count > 1 { throw .standardInputTwice }
    }

    /// Where the rules go: --output, or standard output.
    var rulesPath: String { output ?? "-" }

    /// Where the cases go: --cases, else beside a rules file (`rules.json` → `rules.cases.jsonl`; not beside a
    /// stream such as /dev/stdout), else nowhere.
    var casesPath: String? {
        if let cases { return cases }
        guard let output, output != "-", !OutputFile.isStream(output) else { return nil }
        return (output.hasSuffix(".json") ? String(output.dropLast(5)) : output) + ".cases.jsonl"
    }

    /// Every output of the run, `-` for standard output: the statements' JSON lines take it under --format json.
    var outputs: [String] { [rulesPath] + (casesPath.map { [$0] } ?? []) + (format == .json ? ["-"] : []) }

    func run() throws {
        let said = revealing.redactor
        let placeholders = Redactor(replacement: .placeholder)
        let policy = OutputFilePolicy(force: force, inputs: recordings)
        // Refused before anything is read: two outputs in one place, a file that exists, a recording.
        try CommandProblem.files(try policy.check(outputs: outputs))
        var read: [Recording] = []
        var unreadable = false, empty = false
        for path in recordings {
            do {
                let input = try ByteInput(path: path)
                let recording = Recording.read(input, name: path, format: inputFormat)
                // An empty or cut recording makes no rules in silence: said, and the run fails (as replay's).
                if recording.navigations.isEmpty && recording.calls.isEmpty {
                    empty = true
                    StandardError.say("bridge rules", .noNavigation(log: input.shownName), masking: said)
                }
                read.append(recording)
            } catch {
                unreadable = true
                StandardError.say("bridge rules: " + CommandProblem.log(error).words(masking: said))
            }
        }
        // Nothing recorded: no rules are written from nothing.
        if read.allSatisfy({ $0.navigations.isEmpty && $0.calls.isEmpty }) {
            for recording in read {
                for rejected in recording.rejected { StandardError.say("bridge rules: " + RulesReport.text(RulesReport.unread(file: recording.name, rejected), masking: said)) }
            }
            throw ExitCode(unreadable ? 2 : 1)
        }

        var inferred = RulesInference.infer(read, placeholders: placeholders.rawURL)
        let document = { (rules: InferredRules) in RecordedRulesDocument.rules(rules, recordings: read.map(\.name), masking: Redactor()) }
        let made: (text: String, engine: PolicyEngine)
        do { made = try inferred.heldToTheAttack(document: document) } catch { throw CommandProblem.rules(error) }
        let testCases = inferred.testCases(engine: made.engine, name: RecordedRulesDocument.reference)

        let out = OutputWriter()
        for statement in RulesReport.statements(inferred) {
            switch format {
            case .text: StandardError.say("bridge rules: " + RulesReport.text(statement, masking: said))
            case .json: out.line(RulesReport.line(statement, masking: said).line(engine: nil).line)
            }
        }
        out.flush()
        try write(made.text, to: rulesPath, policy: policy)
        if let casesPath { try write(RecordedRulesDocument.cases(testCases), to: casesPath, policy: policy) }
        StandardError.say("bridge rules", .wroteRules(rules: output, cases: casesPath, sentinels: inferred.sentinels.count,
                                                      schemes: inferred.schemes.count, origins: inferred.origins.count, caseCount: testCases.count),
                          masking: said)
        if unreadable { throw ExitCode(2) }
        if empty || inferred.isRefused || !inferred.conflicts.isEmpty || !inferred.rejected.isEmpty { throw ExitCode(1) }
    }

    /// Writes `text` whole to `path`, or to standard output for `-`.
    private func write(_ text: String, to path: String, policy: OutputFilePolicy) throws {
        guard path != "-" else {
            let out = OutputWriter()
            out.line(String(text.dropLast()))
            out.flush()
            return
        }
        try CommandProblem.files(try OutputFile.write(Array(text.utf8), to: path, policy: policy))
    }
}
