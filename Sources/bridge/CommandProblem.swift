// CommandProblem.swift: every way a command line, or a file it names, can be wrong: one value per problem,
// with what the user gave. Those found while the command line is parsed are thrown from `validate()`
// (ArgumentParser prints them with the usage); the rest are thrown from `run()`, and BridgeMain prints them
// through the Redactor. Either way the exit status is 2. The words are in CommandProblemText.swift.
import ProviderSettings
import OutputFiles
import SecretMasking
import ArgumentParser
import BrowserURL
import NavigationPolicy
import NavigationReplay
import ProviderEmulator
import CommandOutput
import WebViewHost

enum CommandProblem: Error, Hashable {
    /// What a command needs at least one of.
    enum Inputs: Sendable, Hashable { case urls, pages, logs }

    // Found when the command line is parsed.
    /// A first word that is no command (`bridge chek`, `bridge help chek`), and the command it is nearest to.
    case unknownCommand(String, suggestion: String?)
    case noInputs(Inputs)
    case standardInputTwice
    /// `--method` that is not an RFC 9110 token.
    case notAMethod(String)
    case initWritesOneFile
    case initNeedsAPath
    case unknownGenerator(String)
    case portOutOfRange(Int)
    case notAnAllowedOrigin(String)
    case notAPageOrigin(String)
    case siteAndOrigin
    case providerAndProviderURL
    case providerURLNotABase(String)
    case providerConfigWithoutProvider
    case secondsOutOfRange(option: String, Double)
    case bytesOutOfRange(option: String, Int, most: Int)

    // Found when the command runs.
    /// `serve --port` taken by another process.
    case portInUse(host: String, port: Int)
    case rules(RulesError)
    /// A file the command writes (OutputFile): it exists without --force, it is an input, or it cannot be written.
    case outputFile(OutputFileProblem)
    case providerConfig(path: String, EmulatorConfiguration.Invalid)
    case noAssetsDirectory(String)
    case emulatorDidNotStart(reason: String)
    case builtWithoutWebKit
    case page(HostPage.Problem)
    case baseNotAURL(String, URLParseError)
    case log(ReplayInputError)
    case expectation(TranscriptExpectation.Unreadable)
}

/// A command whose secrets are masked unless --reveal: BridgeMain masks its problems the same way.
protocol MasksSecrets {
    var redactor: Redactor { get }
}

/// A command that checks its options as values: `checkOptions()` says which problem, and ArgumentParser is
/// given it as a ValidationError, so the message is printed with the usage as for its own errors.
protocol CheckedOptions: ParsableArguments {
    func checkOptions() throws(CommandProblem)
}

extension CheckedOptions {
    func validate() throws {
        do { try checkOptions() } catch { throw ValidationError(error.description) }
    }
}
