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
        let redactor = revealing.redactor
        let out = OutputWriter()
        var invalid = 0, count = 0
        // Each result is printed as its input is decided; what is decided is flushed before standard input
        // is waited for.
        let skipped = try InputArguments.forEach(InputArguments.orStandardInput(urls), willWait: out.flush) { input in
            let result = BrowserURL.parse(input, base: baseURL)
            if case .failure = result { invalid += 1 }
            switch format {
            case .json: out.line(jsonLine(input: input, result: result, redactor: redactor))
            case .text:
                if count > 0 { out.line("") }
                out.line(textBlock(input: input, result: result, redactor: redactor))
            }
            count += 1
        }
        out.flush()
        for skipped in skipped { StandardError.say("bridge url: \(skipped)") }
        if invalid > 0, format == .text {
            out.line("\n\(invalid) of \(count) inputs are not URLs")
            out.flush()
        }
        // The contract: an input that could not be read is 2, before a line that is not a URL (1).
        if !skipped.isEmpty { throw ExitCode(2) }
        if invalid > 0 { throw ExitCode(1) }
    }

    static let componentNames = ["href", "origin", "protocol", "username", "password", "host", "hostname",
                                 "port", "pathname", "search", "hash"]

    func componentValues(_ url: BrowserURL, _ redactor: Redactor) -> [String] {
        let r = redactor.components(of: url)
        return [r.href, r.origin, r.protocol, r.username, r.password, r.host, r.hostname, r.port, r.pathname,
                r.search, r.hash]
    }

    func textBlock(input: String, result: Result<BrowserURL, URLParseError>, redactor: Redactor) -> String {
        var lines = ["input     \(visible(redactor.rawURL(input)))"]
        switch result {
        case .success(let url):
            lines.append("valid     " + colour.color.style.green("yes"))
            for (name, value) in zip(Self.componentNames, componentValues(url, redactor)) {
                let padded = name.padding(toLength: 10)
                lines.append(value.isEmpty ? padded.trimmingTrailingSpaces : padded + Terminal.safe(value))
            }
        case .failure(let error):
            lines.append("valid     " + colour.color.style.red("no"))
            lines.append("error     " + colour.color.style.red(Terminal.safe(redactor.text(error.words))))
        }
        return lines.joined(separator: "\n")
    }

    /// The input as typed, or quoted with escapes when it has controls or edge spaces that would not show.
    func visible(_ input: String) -> String {
        let hidden = input.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            || input.hasPrefix(" ") || input.hasSuffix(" ") || input.isEmpty
        return Terminal.safe(hidden ? input.debugDescription : input)
    }

    func jsonLine(input: String, result: Result<BrowserURL, URLParseError>, redactor: Redactor) -> String {
        var object = JSONFields()
        object.add("input", redactor.rawURL(input))
        switch result {
        case .success(let url):
            object.add("valid", true)
            for (name, value) in zip(Self.componentNames, componentValues(url, redactor)) {
                object.add(name, value)
            }
        case .failure(let error):
            object.add("valid", false)
            object.add("error", error.json(message: redactor.text(error.words)))
        }
        return object.line
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }

    var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
