// URLCommand.swift: `bridge url` shows what a browser makes of each input: the URL Standard's
// components, or why it is not a URL. Secrets in parameters are masked unless --reveal is given.
import SecretMasking
import CommandOutput
import ArgumentParser
import BrowserURL
import NavigationPolicy
import NavigationReplay
import JSONText


struct URLCommand: ParsableCommand, CheckedOptions {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Show what a browser makes of each URL (WHATWG URL Standard).",
        discussion: """
            Each input is parsed exactly as a browser's URL parser does, and its components are shown \
            by their spec names: href, origin, protocol, username, password, host, hostname, port, \
            pathname, search, hash. Secret parameters (code, tokens, state, …) are masked unless \
            --reveal is given.

            Exit status: 0 when every input is a URL; 1 when any is not; 2 for usage errors and for standard \
            input that could not be read (a line over 16 MB, a failed read; the other lines are still parsed).

            Examples:
              bridge url 'https://evil.com\\@good.com/'
              bridge url --base https://id.example.com/oauth/signin '../token?x=1'
              cat urls.txt | bridge url --format json
            """
    )

    @Option(name: .long, help: "Parse each input relative to this base URL.")
    var base: String?

    @Option(name: .long, help: "Output format: text (one block per URL) or json (one object per line).")
    var format: TranscriptFormat = .text

    @OptionGroup var revealing: RevealOption

    @OptionGroup var colour: ColorOption

    @Argument(help: "URLs to parse; - (or none, when standard input is not a terminal) reads one URL per line from standard input, blank lines and # comments skipped.")
    var urls: [String] = []

    func checkOptions() throws(CommandProblem) {
        if InputArguments.orStandardInput(urls).isEmpty { throw CommandProblem.noInputs(.urls) }
    }

    func run() throws {
        var baseURL: BrowserURL? = nil
        if let base {
            switch BrowserURL.parse(base) {
            case .success(let url): baseURL = url
            case .failure(let error): throw CommandProblem.baseNotAURL(base, error)
            }
        }
        let renderer = TranscriptRenderer(format: format, redactor: revealing.redactor, style: colour.color.style)
        let out = OutputWriter()
        var invalid = 0, count = 0
        // Each result is printed as its input is decided; what is decided is flushed before standard input
        // is waited for.
        let skipped = try InputArguments.forEach(InputArguments.orStandardInput(urls), willWait: out.flush) { input, location in
            let result = BrowserURL.parse(input, base: baseURL)
            if case .failure = result { invalid += 1 }
            if format == .text && count > 0 { out.line("") }
            out.lines(renderer.lines(ParsedURL(input: input, result, location: location)))
            count += 1
        }
        out.flush()
        for skipped in skipped { StandardError.say("bridge url", .standardInputNotRead(skipped), masking: renderer.redactor) }
        if invalid > 0, format == .text {
            out.line("\n\(invalid) of \(count) inputs are not URLs")
            out.flush()
        }
        // The contract: an input that could not be read is 2, before a line that is not a URL (1).
        if !skipped.isEmpty { throw ExitCode(2) }
        if invalid > 0 { throw ExitCode(1) }
    }

}
