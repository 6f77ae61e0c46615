// RunOutput.swift: the one fan-out of a run's output, for `host`, `test`, `replay` and `inspect`: each event's
// lines to standard output in the format asked for, the same event into the `--report` page and its JSON
// lines against the `--expect` transcript; at the end the report saved whole, the comparison said, and the
// exit status from what the run found (2: an input that could not be read; 1: the run failed). A command
// says what happened; this type says the rest, the same way for all four.
import ArgumentParser
import CommandOutput
import OutputFiles

final class RunOutput {
    /// Standard output.
    let out: OutputWriter
    private let report: (path: String, page: HTMLReport)?
    private let policy: OutputFilePolicy
    private let expectation: TranscriptExpectation?
    /// The command's name, for what standard error says (`bridge replay`).
    private let command: String
    /// The run's renderer: the report's JSON and the words of the comparison.
    private let renderer: TranscriptRenderer
    /// An input was not read (a log that does not open, a case file that cannot be read): exit 2.
    private(set) var inputsUnread = false
    /// The run failed what it checks (a mismatch, a failed case, an error finding): exit 1.
    private(set) var failed = false

    /// `report`: the `--report` path and the page's title (`sideBySide`: two engines' timelines);
    /// `expect`: the `--expect` transcript, read now (a usage error when it cannot be).
    init(command: String, renderer: TranscriptRenderer, report: String?, title: @autoclosure () -> String, sideBySide: Bool = false,
         expect: String? = nil, policy: OutputFilePolicy, flushEachLine: Bool = false) throws {
        self.command = command
        self.renderer = renderer
        out = OutputWriter(flushEachLine: flushEachLine)
        self.policy = policy
        self.report = report.map { ($0, HTMLReport(title: title(), json: renderer.json, sideBySide: sideBySide, run: Bridge.reportRun())) }
        if let expect {
            do throws(TranscriptExpectation.Unreadable) { expectation = try TranscriptExpectation(path: expect) } catch { throw CommandProblem.expectation(error) }
        } else {
            expectation = nil
        }
    }

    /// A listing (`test --list-attacks`, `inspect --list-checks`): its events printed through `renderer` (JSON
    /// lines under --format json, text under any other format: a listing is no run), nothing else.
    static func list(_ events: [any OutputEvent], _ renderer: TranscriptRenderer) {
        let out = OutputWriter()
        for event in events { out.lines(renderer.lines(event)) }
        out.flush()
    }

    /// The event through `renderer`: its lines printed (unless `print` is false: a command that prints its
    /// own form of it), added to the report, and its JSON lines compared with the saved transcript.
    func emit(_ event: some OutputEvent, _ renderer: TranscriptRenderer, print: Bool = true) {
        if print { out.lines(renderer.lines(event)) }
        report?.page.add(event, json: renderer.json)
        if let expectation { renderer.json.lines(event).forEach(expectation.compare) }
    }

    /// A line the report shows that no event makes (inspect's findings, made by its FindingReport).
    func addToReport(_ line: OutputLine) { report?.page.add(line) }

    /// A part of the report's timeline of its own (a log of several, an engine of two).
    func section(_ name: String) { report?.page.section(name) }

    func inputUnread() { inputsUnread = true }
    func runFailed() { failed = true }

    /// Flushes standard output, saves the report, says how the transcript compared (a difference fails the
    /// run), and ends with the run's exit status.
    func finish() throws {
        out.flush()
        if let report { try CommandProblem.files(try report.page.save(to: report.path, policy: policy)) }
        if let expectation {
            expectation.finish()
            if !expectation.matches { failed = true }
            // The comparison is said when it failed, or to a reader of text (JSON on standard output stays JSON).
            if !expectation.matches || renderer.format == .text { StandardError.say(command, renderer.text.lines(expectation.comparison)) }
        }
        if ReaderGone.outputFailed || inputsUnread { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }
}
