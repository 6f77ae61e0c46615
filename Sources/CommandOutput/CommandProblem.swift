// CommandProblem.swift: every way a command line, or a file it names, can be wrong: one value per problem,
// with what the user gave. A value of the output module, beside its words (Words/CommandProblemText.swift),
// so the command makes no English: it throws the value, from `validate()` for what is found while the
// command line is parsed (ArgumentParser prints it with the usage) or from `run()` (BridgeMain prints it
// through the Redactor). Either way the exit status is 2.
import BrowserURL
import NavigationPolicy
import NavigationReplay
import OutputFiles
import ProviderSettings
import WebViewHost

package enum CommandProblem: Error, Hashable {
    /// What a command needs at least one of.
    package enum Inputs: Sendable, Hashable { case urls, pages, logs }

    // Found when the command line is parsed.
    /// A first word that is no command (`bridge chek`, `bridge help chek`), the command it is nearest to, and
    /// the commands there are.
    case unknownCommand(String, suggestion: String?, commands: [String])
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
    /// A number of seconds outside `shortestSeconds…longestSeconds`.
    case secondsOutOfRange(option: String, Double)
    case bytesOutOfRange(option: String, Int, most: Int)

    // Found when the command runs.
    /// `serve --port` taken by another process.
    case portInUse(host: String, port: Int)
    case rules(RulesError)
    /// A file the command writes (OutputFile): it exists without --force, it is an input, or it cannot be written.
    case outputFile(OutputFileProblem)
    /// Standard output could not be written for a reason other than its reader going away (a full disk it
    /// is redirected to): the system's errno.
    case standardOutputUnwritable(errno: Int32)
    case providerConfig(path: String, EmulatorConfiguration.Invalid)
    case noAssetsDirectory(String)
    case builtWithoutWebKit
    case page(HostPage.Problem)
    case baseNotAURL(String, URLParseError)
    case log(ReplayInputError)
    case expectation(TranscriptExpectation.Unreadable)

    /// The longest time any option may give: a day.
    package static let longestSeconds = 86_400.0
    /// The shortest: a millisecond. libcurl and the hosts' timers count whole milliseconds, and libcurl reads
    /// 0 as "no timeout", so a shorter time would wait for ever.
    package static let shortestSeconds = 0.001
}
