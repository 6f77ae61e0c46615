// InspectCommand.swift: `bridge inspect` checks served HTML flow pages (files, directories, http(s) URLs)
// for what breaks a WebView sign-in: options and wiring. The inspector (a tree of pages: Inspector's
// inspect(inputs:)) is FlowInspector's; the text, JSON lines and SARIF 2.1.0 reports are CommandOutput's.
import CommandOutput
import ArgumentParser
import BrowserURL
import FindingSeverity
import FlowInspector
import InputFiles
import Foundation
import NavigationPolicy
import OutputFiles

extension FindingFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

struct InspectCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Check served sign-in flow pages for what breaks them in a WebView.",
        discussion: """
            Each input is a file, a directory (every .html and .htm under it) or an http(s) URL (fetched as \
            a WebView would, with a user agent that contains janrainNativeAppBridgeEnabled). Findings are \
            printed as file:line:col: severity: message [check]. --list-checks prints every check with its \
            rationale.

            Exit status: 0 when no finding is at the --fail-on level (error by default) or above, 1 when one \
            is, 2 when an input could not be read or the usage is wrong (the other inputs are still inspected).

            Example:
              bridge inspect --rules Fixtures/rules/capture.json web/
            """
    )

    @Option(name: .long, help: "The app's rules file: cross-check the page's redirect_uri and custom schemes against it.", completion: .file(extensions: ["json"]))
    var rules: String?

    @Option(name: .long, help: "Output format: text, json (one object per finding) or sarif (SARIF 2.1.0).")
    var format: FindingFormat = .text

    @OptionGroup var colour: ColorOption

    @OptionGroup var revealing: RevealOption

    @Option(name: .long, help: "The origin page files are served under (https://yourdomain.com): a directory's files under their paths in it. Without it, a bridge-site.json beside a page, or a sentinel in --rules whose redirect URI names the page, says where it is served; else its origin is unknown and checks that need it do not guess.")
    var origin: String?

    @Option(name: .long, parsing: .unconditional, help: "The largest page read, in bytes.")
    var maxBytes = 20 * 1024 * 1024

    @Option(name: .long, parsing: .unconditional, help: "Seconds to wait for a fetched page.")
    var timeout = 10.0

    @Option(name: .long, help: "The least severe finding that fails the run (exit 1): error, warning or note.")
    var failOn: Severity = .error

    @Option(name: .long, help: "Write the --format report (sarif, json) to this file once every input is inspected, and print the readable findings on standard output: one run for both.", completion: .file())
    var output: String?

    @Flag(name: .long, help: "With --output or --report: replace the file if it exists (never an input).")
    var force = false

    @Option(name: .long, help: "Also write an HTML report a person can look at (self-contained: the counts and every finding), once every input is inspected.",
            completion: .file(extensions: ["html"]))
    var report: String?

    @Flag(name: .long, help: "List the checks and exit.")
    var listChecks = false

    @Argument(help: "Files, directories or http(s) URLs of pages; - reads a page from standard input.", completion: .file(extensions: ["html", "htm"]))
    var inputs: [String] = []

    func checkOptions() throws(CommandProblem) {
        if inputs.isEmpty && !listChecks { throw CommandProblem.noInputs(.pages) }
        try OptionRanges.seconds(timeout, "--timeout")
        try OptionRanges.bytes(maxBytes, "--max-bytes", most: 1 << 30)
        if let origin, HostSite.origin(of: origin) == nil {
            throw CommandProblem.notAPageOrigin(origin)
        }
        try CommandProblem.files(try files.checkRun())
    }

    /// The run's files: the pages named and those found under a directory named, the rules; --output and --report.
    var files: OutputFilePolicy {
        OutputFilePolicy(force: force, inputs: inputs + (rules.map { [$0] } ?? []),
                         walked: inputs.filter(InputFile.isDirectory).map { WalkedDirectory($0, extensions: [".html", ".htm"]) },
                         outputs: [output, report].compactMap { $0 })
    }

    func run() throws {
        if listChecks { return RunOutput.list(FindingReport.catalogue, TranscriptRenderer(format: format == .json ? .json : .text, redactor: revealing.redactor)) }
        var engine: PolicyEngine? = nil
        if let rules {
            engine = try EngineLoader.load(rules)
        }
        let inspector = Inspector(engine: engine, maxBytes: maxBytes)
        let result = inspector.inspect(inputs: inputs, origin: origin, fetchTimeout: timeout)
        if let output {
            // The report goes to its file whole, after every input (never a partial one); the findings to the
            // terminal.
            let file = FindingReport(format: format, redactor: revealing.redactor, toolVersion: Bridge.configuration.version)
            let text = file.lines(result).joined(separator: "\n") + "\n"
            try CommandProblem.files(try OutputFile.write(Array(text.utf8), to: output, policy: files))
        }
        let run = try RunOutput(command: "bridge inspect", renderer: TranscriptRenderer(format: .text, redactor: revealing.redactor), report: report,
                                title: "bridge inspect " + inputs.joined(separator: " "), policy: files)
        if report != nil {
            let findings = FindingReport(format: .json, redactor: revealing.redactor, toolVersion: Bridge.configuration.version)
            for line in findings.outputLines(result) { run.addToReport(line) }
        }
        // The findings as the format asks (as text beside --output's file); what was not read on standard error.
        let printed = FindingReport(format: output == nil ? format : .text, redactor: revealing.redactor, toolVersion: Bridge.configuration.version,
                                    style: colour.color.style)
        run.out.lines(printed.lines(result))
        run.out.flush()
        for line in printed.errorLines(result) { StandardError.say(line) }
        if !result.errors.isEmpty { run.inputUnread() }
        if result.findings.contains(where: { $0.severity >= failOn }) { run.runFailed() }
        try run.finish()
    }
}
