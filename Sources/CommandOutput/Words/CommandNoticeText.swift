// CommandNoticeText.swift: what a command says on standard error that is not a problem: a warning about where
// `serve` listens, the stand-in scripts it cannot find, the case file `test --init` wrote, the recording
// `host --record` made, a log with nothing to replay. One value per notice, with what it names; the words are
// made here, with the paths and the host as the user's input (the Redactor renders them).
import JSONText
import NavigationReplay
import SensitiveText

/// Standard input a command could not read (`url`, `check`): the lines before and after it are still read.
package enum StandardInputSkip: Sendable, Hashable {
    /// A line longer than `limit` bytes, by its number.
    case overlong(line: Int, limit: Int)
    /// Standard input in an encoding read line by line only as UTF-8.
    case encoding(TextEncodingError)
    /// Standard input whose reading failed; the lines before it were read.
    case unreadable(ReplayInputError)

    package var words: MessageText {
        switch self {
        case .overlong(let line, let limit): "standard input, line \(line): longer than \(limit >> 20) MB; not read"
        case .encoding(let error): "standard input: \(error.words)"
        case .unreadable(let error): error.words
        }
    }
}

package enum CommandNotice: Sendable, Hashable {
    /// `serve --host` that is not loopback: what every device on the network can then read.
    case exposed(host: String)
    /// The widget's stand-in scripts are not beside the executable: they answer 404.
    case standInScriptsMissing
    case wroteCases(count: Int, path: String, rules: String)
    case recorded(navigations: Int, calls: Int, path: String)
    /// A log with nothing to replay: no navigation, no rejected record, no call.
    case noNavigation(log: String)
    case standardInputNotRead(StandardInputSkip)
    /// `bridge rules` wrote its files (`rules` nil: to standard output; `cases` nil: none written).
    case wroteRules(rules: String?, cases: String?, sentinels: Int, schemes: Int, origins: Int, caseCount: Int)

    package var words: MessageText {
        switch self {
        case .standardInputNotRead(let skip): skip.words
        case .wroteRules(let rules, let cases, let sentinels, let schemes, let origins, let caseCount):
            wroteRules(rules: rules, cases: cases, sentinels: sentinels, schemes: schemes, origins: origins, caseCount: caseCount)
        case .exposed(let host):
            "warning: listening on \(input: host), not loopback: every device that can reach this machine can read "
                + "every code and token (/emulator/v1/codes), every mail and SMS (/api/v1/messages), move the clock, reset "
                + "the emulator, sign in as its users and read or change them through Capture's server API with its documented "
                + "client (set your own apiClients in --config). Use it on a network you trust, for a phone or an emulator to reach."
        case .standInScriptsMissing:
            "the widget's stand-in scripts are not found (bridge_ProviderEmulator.resources beside the executable): …/load.js and …/xdcomm.js answer 404 (give --assets DIR)"
        case .wroteCases(let count, let path, let rules):
            "wrote \(count) cases to \(input: path); run them with: bridge test --rules \(input: rules) \(input: path)"
        case .recorded(let navigations, let calls, let path):
            "recorded \(navigations) navigation(s)" + (calls > 0 ? " and \(calls) JavaScript interface call(s)" : "") + " to \(input: path)"
        case .noNavigation(let log):
            "\(input: log) holds no navigation to replay; an empty or cut recording does not pass (exit 1)"
        }
    }
}

extension CommandNotice {
    /// Where `bridge rules` wrote (a path, or standard output for nil or `-`), and the command that tests the
    /// two files when both are files.
    private func wroteRules(rules: String?, cases: String?, sentinels: Int, schemes: Int, origins: Int, caseCount: Int) -> MessageText {
        func place(_ path: String?) -> MessageText { path == nil || path == "-" ? "standard output" : "\(input: path ?? "")" }
        var text: MessageText = "wrote rules (\(sentinels) sentinel(s), \(schemes) scheme rule(s), \(origins) origin(s)) to " + place(rules)
        guard let cases else { return text }
        text = text + "; \(caseCount) case(s) to " + place(cases)
        if let rules, rules != "-", cases != "-" { text = text + "; test them with: bridge test --rules \(input: rules) --attack \(input: cases)" }
        return text
    }
}
