// BridgeMain.swift: the `bridge` command and its entry point. Exit statuses are part of the CLI's
// contract: 0 all good, 1 the inputs were read but something in them is wrong (an invalid URL, a
// finding), 2 the command line or a rules file is wrong. swift-argument-parser's usage errors (64 by
// default) are mapped to 2 here.
import SecretMasking
import ArgumentParser
import BrowserURL
import Foundation
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
        version: "0.1.0 (traits: \(traits.joined(separator: ", ")); UTS #46 and NFC of Unicode \(BrowserURL.unicodeVersion))",
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
        return [URLCommand.self, CheckCommand.self, TestCommand.self, InspectCommand.self, ReplayCommand.self, HostCommand.self, ServeCommand.self]
        #else
        return [URLCommand.self, CheckCommand.self, TestCommand.self, InspectCommand.self, ReplayCommand.self, ServeCommand.self]
        #endif
    }
}

extension Bridge {
    /// The commands' names, in the order --help lists them.
    static var commandNames: [String] { configuration.subcommands.compactMap { $0.configuration.commandName } }

    /// The problem with a command line whose first word (or the word after `help`) names no command, with
    /// the command it is nearest to (ArgumentParser would take it for arguments: "2 unexpected arguments").
    static func unknownCommand(_ arguments: [String]) -> CommandProblem? {
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        guard let word = words.first, !word.hasPrefix("-"), !commandNames.contains(word), word != "help" else { return nil }
        let lowered = word.lowercased()
        // A command the word begins (`insp`), else the nearest within a third of the word's letters (`chek`).
        let prefixed = commandNames.filter { $0.hasPrefix(lowered) }
        if prefixed.count == 1 { return .unknownCommand(word, suggestion: prefixed[0]) }
        let nearest = commandNames.map { ($0, editDistance(lowered, $0)) }.min { $0.1 < $1.1 }
        return .unknownCommand(word, suggestion: nearest.flatMap { $0.1 <= max(1, word.count / 3) ? $0.0 : nil })
    }

    /// Levenshtein distance (insertions, deletions, substitutions; a swap of neighbours counts one).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [Array(0...b.count), [Int](repeating: 0, count: b.count + 1), [Int](repeating: 0, count: b.count + 1)]
        for i in 1...a.count {
            rows[2][0] = i
            for j in 1...b.count {
                var cost = min(rows[1][j] + 1, rows[2][j - 1] + 1, rows[1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cost = min(cost, rows[0][j - 2] + 1) }
                rows[2][j] = cost
            }
            rows = [rows[1], rows[2], rows[0]]
        }
        return rows[1][b.count]
    }
}

@main
enum BridgeMain {
    static func main() async {
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
            StandardError.say(name + ": " + problem.words(masking: redactor))
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
        FileHandle.standardError.write(Data((message + "\n").utf8))
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
