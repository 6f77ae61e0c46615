// CheckCommand.swift: `bridge check` decides URLs with a rules file, as the app's navigation delegate
// would, and says why: each decision is a transcript event, rendered like replay's.
import CommandOutput
import ArgumentParser
import BrowserURL
import NavigationPolicy
import NavigationReplay
import Foundation

struct CheckCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decide each URL with a rules file, as the app's navigation delegate would.",
        discussion: """
            One line per URL: the decision (allow or cancel), its kind (sentinel, bridge, deeplink, blocked, \
            allowed, default), the rule, and the parameters read, secrets masked. --explain adds the rule that \
            matched and, for rules that nearly did, why not.

            Exit status: 0 when every URL was decided (an error carried in a decision, such as a state \
            mismatch, is reported but still a decision; with --strict it is 1); 1 when a result would load \
            unseen on the --platform; 2 when the rules file or the usage is wrong, or standard input could not \
            be read (a line over 16 MB, a failed read; the other lines are still decided).

            Example:
              bridge check --rules Fixtures/rules/capture.json --explain \\
                'https://yourdomain.com/password_reset.php?code=abc&access_token=xyz'
            """
    )

    @OptionGroup var transcript: TranscriptOptions

    @Option(name: .long, help: "The state the app sent; a sentinel response with another state is an error.")
    var state: String?

    @OptionGroup(title: "The navigation") var navigation: NavigationOptions

    @Flag(name: .long, help: "Exit 1 when a decision carries an error (a state mismatch, an OAuth error, a URL that does not parse).")
    var strict = false

    @Argument(help: "URLs to decide; - (or none, when standard input is not a terminal) reads one URL per line from standard input, blank lines and # comments skipped.")
    var urls: [String] = []

    func checkOptions() throws(CommandProblem) {
        // Standard input is read once: by the URLs or by the rules (`--rules -` with URLs named).
        let inputs = InputArguments.orStandardInput(urls, terminal: transcript.rules == "-" || isatty(STDIN_FILENO) == 1)
        if inputs.isEmpty { throw CommandProblem.noInputs(.urls) }
        if transcript.rules == "-" && inputs.contains("-") { throw CommandProblem.standardInputTwice }
    }

    func run() throws {
        let engine = try transcript.loadEngine()
        let renderer = transcript.renderer
        let out = OutputWriter()
        let platform = transcript.platform(for: engine)
        var unaskedResults = 0, decisionErrors = 0
        // Each decision is printed as its URL is read; what is decided is flushed before standard input is
        // waited for.
        let inputs = InputArguments.orStandardInput(urls, terminal: transcript.rules == "-" || isatty(STDIN_FILENO) == 1)
        let skipped = try InputArguments.forEach(inputs, willWait: out.flush) { url, location in
            let request = navigation.request(url)
            let decision = engine.decide(request, expectedState: state, explain: transcript.explain)
            let unasked = platform.unaskedInterception(request, decision)
            if unasked != nil { unaskedResults += 1 }
            if decision.error != nil { decisionErrors += 1 }
            out.lines(renderer.lines(DecisionEvent(url: url, decision, unasked: unasked, location: location)))
        }
        out.flush()
        for skipped in skipped { StandardError.say("bridge check", .standardInputNotRead(skipped), masking: renderer.redactor) }
        // The contract: an input that could not be read is 2. A result the platform never shows the app is a
        // defect the app would ship: the check fails; so does an error in a decision, when asked to.
        if !skipped.isEmpty { throw ExitCode(2) }
        if unaskedResults > 0 || (strict && decisionErrors > 0) { throw ExitCode(1) }
    }
}
