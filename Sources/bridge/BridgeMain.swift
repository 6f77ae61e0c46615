// BridgeMain.swift: the `bridge` command and its entry point. Exit statuses are part of the CLI's
// contract: 0 all good, 1 the inputs were read but something in them is wrong (an invalid URL, a
// finding), 2 the command line or a rules file is wrong. swift-argument-parser's usage errors (64 by
// default) are mapped to 2 here.
import ArgumentParser
import Foundation

struct Bridge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "The native side of embedded-WebView sign-in, on a desk and in CI.",
        discussion: """
            Apps embed a provider's sign-in pages in a web view and cancel the navigations that carry \
            their results. bridge parses those URLs exactly as a browser does and checks them.
            """,
        version: "0.1.0",
        subcommands: [URLCommand.self, CheckCommand.self, TestCommand.self, InspectCommand.self, ReplayCommand.self, HostCommand.self, ServeCommand.self]
    )
}

@main
enum BridgeMain {
    static func main() async {
        do {
            var command = try Bridge.parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = Bridge.exitCode(for: error)
            if code == .success { Bridge.exit(withError: error) }  // --help, --version
            if error is UsageError {
                FileHandle.standardError.write(Data("bridge: \(error)\n".utf8))
            } else {
                FileHandle.standardError.write(Data((Bridge.fullMessage(for: error) + "\n").utf8))
            }
            Foundation.exit(2)
        }
    }
}

/// A command-line mistake found after parsing (a --base that does not parse, an unreadable file):
/// reported on standard error, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
