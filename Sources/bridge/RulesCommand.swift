// RulesCommand.swift: `bridge rules`, strict rules and a case file made from recordings of a flow that works.
// The command only wires: the recordings are read and the rules inferred by RecordingRules, the files' text
// and every word by the output module, each file written whole and never over an existing one without
// --force (nor ever over a recording).
import ArgumentParser
import CommandOutput
import Foundation
import NavigationPolicy
import NavigationReplay
import OutputFiles
import RecordingRules
import SecretMasking

struct RulesCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Make strict rules and a case file from recordings of a flow that works.",
        discussion: """
            Reads recordings (navlog, bridge host --record, HAR, CDP, NetLog) of the flow working and writes \
            rules that allow exactly what it loaded: a sentinel for each redirect URI that carried a code, a \
            token or an OAuth error (its exact origin and path; a result the app let load, such as a reset \
            link, told from one it cancelled by the credentials each carried), a bridge rule for Janrain's \
            queue and WebViewJavascriptBridge, a deep-link rule for each custom scheme and route, the exact \
            origins documents loaded from, and default cancel. Beside them, a case file: each recorded \
            navigation with the decision it must get, its secrets replaced by placeholders of their shape. \
            Several recordings merge; where they contradict each other (the same URL cancelled in one and \
            loaded in another) it is said and no rule is guessed.

            Exit status: 0 written; 1 written, but the recordings contradict each other or the rules, hold \
            records that could not be read, or one holds no navigation; 2 for usage errors, a recording that cannot be opened, or a file \
            that exists (give --force).

            Examples:
              bridge rules --output rules.json flow.navlog
              bridge test --rules rules.json --attack rules.cases.jsonl
            """
    )

    @Option(name: .long, help: "Write the rules to this file (default: standard output), and the cases beside it (rules.json: rules.cases.jsonl).",
            completion: .file(extensions: ["json"]))
    var output: String?

    @Option(name: .long, help: "Write the cases to this file (default: beside --output; none without it).", completion: .file(extensions: ["jsonl"]))
    var cases: String?

    @Option(name: .customLong("input-format"), help: "The recordings' format: navlog, har, cdp or netlog (default: told from each one's content).")
    var inputFormat: LogFormat?

    @Flag(name: .long, help: "Let --output and --cases replace files that exist (never a recording).")
    var force = false

    @Argument(help: "Recordings of the flow (navlog, HAR, CDP, NetLog); - reads one from standard input.", completion: .file(extensions: ["navlog", "har", "json"]))
    var recordings: [String] = []

    func checkOptions() throws(CommandProblem) {
        if recordings.isEmpty { throw .noInputs(.logs) }
        if recordings.filter({ $0 == "-" }).count > 1 { throw .standardInputTwice }
    }

    /// Where the cases go: --cases, else beside --output (`rules.json` → `rules.cases.jsonl`), else nowhere.
    var casesPath: String? {
        cases ?? output.map { ($0.hasSuffix(".json") ? String($0.dropLast(5)) : $0) + ".cases.jsonl" }
    }

    func run() throws {
        let said = Redactor()
        let placeholders = Redactor(replacement: .placeholder)
        let policy = OutputFilePolicy(force: force, inputs: recordings)
        // Refused before anything is read: a file that exists, or a recording named as an output.
        for path in [output, casesPath].compactMap({ $0 }) {
            do { try policy.check(path) } catch { throw CommandProblem.outputFile(error) }
        }
        var read: [Recording] = []
        var unreadable = false, empty = false
        for path in recordings {
            do {
                let input = try ByteInput(path: path)
                let recording = Recording.read(input, name: path, format: inputFormat)
                // An empty or cut recording makes no rules in silence: said, and the run fails (as replay's).
                if recording.navigations.isEmpty && recording.calls.isEmpty && recording.rejected.isEmpty {
                    empty = true
                    StandardError.say("bridge rules", .noNavigation(log: input.shownName), masking: said)
                }
                read.append(recording)
            } catch {
                unreadable = true
                StandardError.say("bridge rules: " + CommandProblem.log(error).words(masking: said))
            }
        }
        if read.isEmpty { throw ExitCode(2) }

        var inferred = RulesInference.infer(read, placeholders: placeholders.rawURL)
        let rulesText = RecordedRulesDocument.rules(inferred, recordings: read.map(\.name))
        let engine: PolicyEngine
        do { engine = PolicyEngine(rules: try RulesLoader.parse(Data(rulesText.utf8))) } catch { throw CommandProblem.rules(error) }
        let testCases = inferred.testCases(engine: engine, name: RecordedRulesDocument.reference)

        for (file, rejected) in inferred.rejected {
            StandardError.say("bridge rules: \(file): \(rejected.location): " + said.text(rejected.reason.words))
        }
        for conflict in inferred.conflicts { StandardError.say("bridge rules: " + said.text(conflict.words)) }
        for note in inferred.notes { StandardError.say("bridge rules: " + said.text(note.words)) }
        if let output {
            do { try OutputFile.write(Array(rulesText.utf8), to: output, policy: policy) } catch { throw CommandProblem.outputFile(error) }
        } else {
            let out = OutputWriter()
            out.line(String(rulesText.dropLast()))
            out.flush()
        }
        if let casesPath {
            do { try OutputFile.write(Array(RecordedRulesDocument.cases(testCases).utf8), to: casesPath, policy: policy) } catch {
                throw CommandProblem.outputFile(error)
            }
        }
        StandardError.say("bridge rules", .wroteRules(rules: output, cases: casesPath, sentinels: inferred.sentinels.count, schemes: inferred.schemes.count,
                                                      origins: inferred.origins.count, caseCount: testCases.count), masking: said)
        if unreadable { throw ExitCode(2) }
        if empty || !inferred.conflicts.isEmpty || !inferred.rejected.isEmpty { throw ExitCode(1) }
    }
}
