// BridgeMain.swift: the `bridge` command and its entry point. Exit statuses are part of the CLI's
// contract: 0 all good, 1 the inputs were read but something in them is wrong (an invalid URL, a
// finding), 2 the command line or a rules file is wrong. swift-argument-parser's usage errors (64 by
// default) are mapped to 2 here.
import CommandOutput
import SecretMasking
import ArgumentParser
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy

struct Bridge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "The native side of embedded-WebView sign-in, on a desk and in CI.",
        discussion: """
            Apps embed a provider's sign-in pages in a web view and cancel the navigations that carry \
            their results. bridge parses those URLs exactly as a browser does and checks them.
            """,
        // The build's traits say whether `host` is in it; the IDNA tables' Unicode version says which browsers
        // map hosts as bridge does.
        version: "0.1.0 (commit \(buildCommit.isEmpty ? "unknown" : buildCommit); traits: \(traits.joined(separator: ", ")); UTS #46 and NFC of Unicode \(BrowserURL.unicodeVersion); JSON Lines schema \(OutputLine.schemaVersion))",
        subcommands: commands
    )

    /// The package traits this build was made with.
    static var traits: [String] {
        #if WebKit
        return ["Tools", "WebKit"]
        #else
        return ["Tools"]
        #endif
    }

    /// The commands this build has: `host` only with the WebKit trait (a build without it does not list a
    /// command it would refuse).
    static var commands: [ParsableCommand.Type] {
        #if WebKit
        return [URLCommand.self, CheckCommand.self, TestCommand.self, InspectCommand.self, ReplayCommand.self, RulesCommand.self, HostCommand.self, ServeCommand.self]
        #else
        return [URLCommand.self, CheckCommand.self, TestCommand.self, InspectCommand.self, ReplayCommand.self, RulesCommand.self, ServeCommand.self]
        #endif
    }
}

extension Bridge {
    /// The commands' names, in the order --help lists them.
    static var commandNames: [String] { configuration.subcommands.compactMap { $0.configuration.commandName } }

    /// The problem with a command line whose first word (or the word after `help`) names no command, with
    /// the command it is nearest to (ArgumentParser would take it for arguments: "2 unexpected arguments").
    static func unknownCommand(_ arguments: [String]) -> CommandProblem? {
        unknownCommand(arguments, commands: commandNames, hasWebKit: traits.contains("WebKit"))
    }

    /// The same, for a build with `commands` (and WebKit or not): `host` in a build without WebKit is no typo,
    /// it is the build's, and the problem says how to get the command.
    static func unknownCommand(_ arguments: [String], commands: [String], hasWebKit: Bool) -> CommandProblem? {
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        guard let word = words.first, !word.hasPrefix("-"), !commands.contains(word), word != "help" else { return nil }
        if !hasWebKit && word == HostCommand.configuration.commandName { return .builtWithoutWebKit }
        // A command the word begins (`insp`), else the one it is a near miss of (`chek`, `CHECK`), judged as
        // a rules file's unknown key is (KnownKeys).
        let prefixed = commands.filter { $0.hasPrefix(word.lowercased()) }
        if prefixed.count == 1 { return .unknownCommand(word, suggestion: prefixed[0], commands: commands) }
        return .unknownCommand(word, suggestion: KnownKeys.suggestion(for: word, among: commands), commands: commands)
    }
}

extension Bridge {
    /// What ran, for a report's header: this bridge's version, the command line, when the process started.
    static func reportRun() -> ReportRun {
        ReportRun(version: configuration.version, arguments: Array(CommandLine.arguments.dropFirst()), started: BridgeMain.started)
    }
}

@main
enum BridgeMain {
    /// When the process started (read first thing in `main`).
    static let started = Date()

    static func main() async {
        _ = started
        // A reader that goes away is a failed write, handled where output is written (ReaderGone).
        signal(SIGPIPE, SIG_IGN)
        var command: ParsableCommand
        if let unknown = Bridge.unknownCommand(Array(CommandLine.arguments.dropFirst())) {
            StandardError.say("bridge: " + unknown.words(masking: commandLineRedactor))
            Foundation.exit(2)
        }
        do {
            command = try Bridge.parseAsRoot()
        } catch {
            exit(for: error)
        }
        do {
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let problem as CommandProblem {
            let redactor = (command as? MasksSecrets)?.redactor ?? Redactor()
            // One prefix style: the command's own name, as its other messages have it (`bridge check: …`).
            let name = type(of: command).configuration.commandName.map { "bridge " + $0 } ?? "bridge"
            // A problem of several lines (every problem of a rules file) has the prefix on each.
            for line in problem.words(masking: redactor).split(separator: "\n", omittingEmptySubsequences: false) {
                StandardError.say(name + ": " + line)
            }
            Foundation.exit(2)
        } catch {
            exit(for: error)
        }
    }

    /// The masking for words made before a command is parsed (its options checked while parsing, or a usage
    /// error): on unless the command line has --reveal. The values quoted back are masked as the arguments
    /// they are (Redactor.usageError).
    static var commandLineRedactor: Redactor { Redactor(isEnabled: !CommandLine.arguments.dropFirst().contains("--reveal")) }

    /// ArgumentParser's own errors and exits: --help and --version exit 0, usage errors 2. A usage error
    /// quotes the values it refused (`The value '…' is invalid for '--platform <platform>'`), so its words are
    /// masked as free text is, unless --reveal was given.
    static func exit(for error: Error) -> Never {
        if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
        if Bridge.exitCode(for: error) == .success { Bridge.exit(withError: error) }
        let message = commandLineRedactor.usageError(Bridge.fullMessage(for: error), arguments: Array(CommandLine.arguments.dropFirst()))
        ReaderGone.write(Data((message + "\n").utf8), to: .standardError)
        Foundation.exit(2)
    }
}

extension CheckCommand: MasksSecrets { var redactor: Redactor { transcript.renderer.redactor } }
extension ReplayCommand: MasksSecrets { var redactor: Redactor { transcript.renderer.redactor } }
extension HostCommand: MasksSecrets { var redactor: Redactor { transcript.renderer.redactor } }
extension TestCommand: MasksSecrets { var redactor: Redactor { display.redactor } }
extension InspectCommand: MasksSecrets { var redactor: Redactor { revealing.redactor } }
extension URLCommand: MasksSecrets { var redactor: Redactor { revealing.redactor } }
extension ServeCommand: MasksSecrets { var redactor: Redactor { revealing.redactor } }
