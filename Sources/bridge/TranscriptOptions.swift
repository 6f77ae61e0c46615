// TranscriptOptions.swift: the options commands share, each declared once as an option group: --rules
// (RulesOption: `check`, `replay`, `host`, `test`), --reveal (RevealOption: every command that prints),
// --explain and --color (DisplayOptions, with --reveal); the output format of `check`, `replay` and `host`;
// and the one way a command loads its engine and builds its renderer.
import SecretMasking
import CommandOutput
import ArgumentParser
import NavigationPolicy
import NavigationReplay

extension TranscriptFormat: ExpressibleByArgument {}
extension Platform: ExpressibleByArgument {}

struct TranscriptOptions: ParsableArguments {
    @OptionGroup var rulesFile: RulesOption
    var rules: String { rulesFile.rules }

    @Option(name: .long, help: "Output format: text (for people) or json (one object per line).")
    var format: TranscriptFormat = .text

    @Option(name: .long, help: "The web view the app ships: ios (WKWebView: asked about every navigation) or android (WebView: not asked about POSTs, its own loads, back/forward, http(s) in iframes, fragments). Default: the rules file's \"platform\", else ios.")
    var platform: Platform?

    @OptionGroup var display: DisplayOptions

    var explain: Bool { display.explain }
    var redactor: Redactor { display.redactor }
    var renderer: TranscriptRenderer { display.renderer(format) }

    /// The engine for the rules file; a bad file is a usage error (exit 2) naming the key path. With
    /// `--format json` its problems are `input-error` lines on standard output (then exit 2), so a script
    /// reading the JSON Lines learns why nothing was decided.
    func loadEngine() throws -> PolicyEngine {
        let loaded: Result<PolicyEngine, CommandProblem>
        do { loaded = .success(try EngineLoader.load(rules)) } catch { loaded = .failure(error) }
        guard case .failure(.rules(let error)) = loaded, format == .json else { return try loaded.get() }
        let out = OutputWriter()
        for problem in error.events { out.lines(renderer.lines(problem)) }
        out.flush()
        throw ExitCode(2)
    }

    /// The platform to decide for: --platform, else the rules file's, else iOS.
    func platform(for engine: PolicyEngine) -> Platform { platform ?? engine.rules.platform ?? .ios }

    /// Whether neither --platform nor the rules chose one: a log that names where it was recorded decides.
    func platformFromLog(for engine: PolicyEngine) -> Bool { platform == nil && engine.rules.platform == nil }
}

/// --reveal, declared once for every command that prints (all but `help`), and the Redactor it makes.
struct RevealOption: ParsableArguments {
    @Flag(name: .long, help: "Show secret values (codes, tokens, state, passwords) instead of masking them.")
    var reveal = false

    var redactor: Redactor { Redactor(isEnabled: !reveal) }
}

/// The rules file, declared once for the commands that need one (`check`, `replay`, `host`, `test`).
struct RulesOption: ParsableArguments {
    @Option(name: .long, help: "The rules file (JSON, version 1; its format: the RulesFile article of NavigationPolicy's documentation). - reads it from standard input.", completion: .file(extensions: ["json"]))
    var rules: String
}

/// --color, for every command that prints text.
struct ColorOption: ParsableArguments {
    @Option(name: .long, help: "Colour in text output: auto (on a terminal, unless NO_COLOR is set or TERM=dumb), always, never.")
    var color: ColorChoice = .auto
}

/// How output reads, for every command that prints decisions (`check`, `replay`, `host`, `test`): --explain,
/// --reveal and --color, and the renderer they make.
struct DisplayOptions: ParsableArguments {
    @Flag(name: .long, help: "Explain each decision: the rule that matched and, for rules that nearly did, why not.")
    var explain = false

    @OptionGroup var revealing: RevealOption

    @OptionGroup var colour: ColorOption
    var color: ColorChoice { colour.color }

    var redactor: Redactor { revealing.redactor }

    func renderer(_ format: TranscriptFormat) -> TranscriptRenderer {
        TranscriptRenderer(format: format, redactor: redactor, style: color.style, explain: explain)
    }
}

/// The one way a command loads a rules file: a bad file is a CommandProblem (exit 2) naming the key path.
enum EngineLoader {
    static func load(_ path: String) throws(CommandProblem) -> PolicyEngine {
        do { return try PolicyEngine(rulesFile: path) } catch { throw CommandProblem.rules(error) }
    }
}
