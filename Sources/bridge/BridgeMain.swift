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
        // The IDNA tables' Unicode version says which browsers map hosts as bridge does.
        version: "0.1.0 (UTS #46 and NFC of Unicode \(BrowserURL.unicodeVersion))",
        subcommands: [URLCommand.self, CheckCommand.self, TestCommand.self, InspectCommand.self, ReplayCommand.self, HostCommand.self, ServeCommand.self]
    )
}

@main
enum BridgeMain {
    static func main() async {
        var command: ParsableCommand
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
            StandardError.say("bridge: " + problem.words(masking: redactor))
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
