// CommandProblemText.swift: the words for CommandProblem, the one place they are made. Values that may
// carry a secret (a URL, a rules file's message) go through the Redactor.
import CommandOutput
import NavigationPolicy

extension CommandProblem: CustomStringConvertible {
    /// The words with secrets masked: what ArgumentParser prints for a problem found while parsing.
    /// The words as ArgumentParser prints a problem found while parsing: masked unless the command line has --reveal.
    var description: String { words(masking: BridgeMain.commandLineRedactor) }

    func words(masking redactor: Redactor) -> String {
        /// A value the user gave, as the words quote it: masked as the argument it is (a URL's secret
        /// parameters, a JWT), then quoted.
        func quoted(_ value: String) -> String { redactor.argument(value).debugDescription }
        return switch self {
        case .noInputs(.urls): "Give at least one URL, or - to read URLs from standard input."
        case .noInputs(.pages): "Give at least one file, directory or URL to inspect."
        case .noInputs(.logs): "Give at least one log, or - to read one from standard input."
        case .standardInputTwice: "- (standard input) may be given once."
        case .notAMethod(let text): "--method \(quoted(text)) is not an HTTP method (a token such as GET or POST, no spaces)."
        case .initWritesOneFile: "--init writes one case file: give one path (or none, for RULES.cases.jsonl beside the rules)"
        case .initNeedsAPath: "--init writes a file; give a path, not -"
        case .unknownGenerator(let id): "--skip \(quoted(id)) is not a generator; --list-attacks lists them"
        case .portOutOfRange: "--port must be 0 to 65535."
        case .notAnAllowedOrigin(let origin):
            "--allow-origin \(quoted(origin)) is not an origin such as https://yourdomain.com (a scheme, a host and a port; no path, no wildcard)."
        case .notAPageOrigin(let origin): "--origin \(quoted(origin)) is not an http(s) origin such as https://yourdomain.com"
        case .siteAndOrigin: "Give --site or --origin, not both: a site file names its origin."
        case .providerAndProviderURL: "Give --provider (the emulator in this process) or --provider-url (a running bridge serve), not both."
        case .providerURLNotABase(let url):
            "--provider-url takes a bridge serve base URL such as http://127.0.0.1:8025, not \(redactor.rawURL(url).debugDescription)."
        case .providerConfigWithoutProvider:
            "--provider-config is for the emulator in this process (--provider); a running bridge serve has its own --config."
        case .secondsOutOfRange(let option, let value):
            "\(option) must be a number of seconds from \(OptionRanges.shortestSeconds) (a millisecond) to \(Int(OptionRanges.longestSeconds)) (a day); it is \(value)."
        case .bytesOutOfRange(let option, let value, let most): "\(option) must be 1 to \(most) bytes; it is \(value)."
        case .rules(let error): "rules: " + redactor.message("\(error)")
        case .outputFile(let problem): redactor.message(problem.description)
        case .providerConfig(let path, let error): "config: \(path): " + redactor.message("\(error)")
        case .noAssetsDirectory(let path): "--assets \(redactor.message(path)): no such directory"
        case .emulatorDidNotStart(let reason): "--provider: the emulator did not start: \(reason)"
        case .builtWithoutWebKit:
            "host: this bridge was built without WebKit. Build it with the WebKit trait: "
                + "swift build --traits WebKit (Debian: apt-get install libwebkit2gtk-4.1-dev xvfb xauth)"
        case .page(let problem): "host: \(problem)"
        case .baseNotAURL(let base, let error): "--base \(redactor.rawURL(base).debugDescription) is not a URL: \(error)"
        case .log(let error): redactor.message("\(error)")
        case .expectation(let error): redactor.message("\(error)")
        }
    }
}
