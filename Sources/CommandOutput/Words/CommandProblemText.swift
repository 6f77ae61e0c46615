// CommandProblemText.swift: the words for CommandProblem, the one place they are made, as a MessageText:
// the values the user gave are parts read as input, so the Redactor masks each as the value it is and
// never reads the sentence around it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProviderSettings
import SecretMasking
import NavigationPolicy
import SensitiveText

extension CommandProblem {
    /// The words through `redactor`: the values masked unless it reveals them.
    package func words(masking redactor: Redactor) -> String { redactor.text(words) }

    /// The problem's words and the values they quote: a value the user gave is input, masked as the
    /// argument it is (a URL's secret parameters, a JWT) and quoted; a library's problem brings its own.
    package var words: MessageText {
        switch self {
        case .unknownCommand(let word, let suggestion, let commands):
            "\(quoted: word) is not a bridge command" + (suggestion.map { "; did you mean \(words: $0)?" } ?? ".")
                + " The commands: \(words: commands.joined(separator: ", ")) (bridge --help)."
        case .portInUse(let host, let port):
            "\(words: host) port \(port) is in use by another process: give another with --port, or --port 0 for a free one (the first line printed says which)."
        case .noInputs(.urls): "Give at least one URL, or - to read URLs from standard input."
        case .noInputs(.pages): "Give at least one file, directory or URL to inspect."
        case .noInputs(.logs): "Give at least one log, or - to read one from standard input."
        case .standardInputTwice: "- (standard input) may be given once."
        case .notAMethod(let text): "--method \(quoted: text) is not an HTTP method (a token such as GET or POST, no spaces)."
        case .initWritesOneFile: "--init writes one case file: give one path (or none, for RULES.cases.jsonl beside the rules)"
        case .initNeedsAPath: "--init writes a file; give a path, not -"
        case .unknownGenerator(let id): "--skip \(quoted: id) is not a generator; --list-attacks lists them"
        case .portOutOfRange: "--port must be 0 to 65535."
        case .notAnAllowedOrigin(let origin):
            "--allow-origin \(quoted: origin) is not an origin such as https://yourdomain.com (a scheme, a host and a port; no path, no wildcard)."
        case .notAPageOrigin(let origin): "--origin \(quoted: origin) is not an http(s) origin such as https://yourdomain.com"
        case .siteAndOrigin: "Give --site or --origin, not both: a site file names its origin."
        case .providerAndProviderURL: "Give --provider (the emulator in this process) or --provider-url (a running bridge serve), not both."
        case .providerURLNotABase(let url):
            "--provider-url takes a bridge serve base URL such as http://127.0.0.1:8025, not \(quoted: Sensitive(url, as: .url))."
        case .providerConfigWithoutProvider:
            "--provider-config is for the emulator in this process (--provider); a running bridge serve has its own --config."
        case .secondsOutOfRange(let option, let value):
            "\(words: option) must be a number of seconds from \(Self.shortestSeconds) (a millisecond) to \(Int(Self.longestSeconds)) (a day); it is \(value)."
        case .bytesOutOfRange(let option, let value, let most): "\(words: option) must be 1 to \(most) bytes; it is \(value)."
        case .rules(let error):
            // Every problem of the file, one a line.
            error.others.reduce("rules: \(error.words)") { text, other in text + "\nrules: " + other.words }
        case .outputFile(let problem): problem.words
        case .standardOutputUnwritable(let code): "cannot write to standard output: \(foreign: String(cString: strerror(code)))"
        case .providerConfig(let path, let error):
            // Every problem of the file, one a line, each at its place.
            error.others.reduce(Self.configLine(path, error)) { text, other in text + "\n" + Self.configLine(path, other) }
        case .noAssetsDirectory(let path): "--assets \(input: path): no such directory"
        case .builtWithoutWebKit:
            "this bridge was built without WebKit. Build it with the WebKit trait: swift build --traits WebKit (Debian: apt-get install libwebkit2gtk-4.1-dev xvfb xauth)"
        case .page(let problem): problem.words
        case .baseNotAURL(let base, let error): "--base \(quoted: Sensitive(base, as: .url)) is not a URL: \(error.words)"
        case .log(let error): error.words
        case .expectation(let error): error.words
        }
    }
}

extension CommandProblem {
    /// One configuration problem: the file, its place when known, the key path and the words.
    static func configLine(_ path: String, _ problem: EmulatorConfiguration.Invalid) -> MessageText {
        let place: MessageText = problem.line.map { line in "\(input: path):\(line):\(problem.column ?? 1): " } ?? "\(input: path): "
        return "config: " + place + problem.words
    }
}
