// CommandNotice.swift: what a command says on standard error that is not a problem: a warning about where
// `serve` listens, the stand-in scripts it cannot find, the case file `test --init` wrote, the recording
// `host --record` made. One value per notice, with what it names; the words are made once, here.
enum CommandNotice: Hashable, CustomStringConvertible {
    /// `serve --host` that is not loopback: what every device on the network can then read.
    case exposed(host: String)
    /// The widget's stand-in scripts are not beside the executable: they answer 404.
    case standInScriptsMissing
    case wroteCases(count: Int, path: String, rules: String)
    case recorded(navigations: Int, calls: Int, path: String)
    /// A log with nothing to replay: no navigation, no rejected record, no call.
    case noNavigation(log: String)

    var description: String {
        switch self {
        case .exposed(let host):
            "warning: listening on \(host), not loopback: every device that can reach this machine can read "
                + "every code and token (/emulator/v1/codes), every mail and SMS (/api/v1/messages), move the clock, reset "
                + "the emulator, sign in as its users and read or change them through Capture's server API with its documented "
                + "client (set your own apiClients in --config). Use it on a network you trust, for a phone or an emulator to reach."
        case .standInScriptsMissing:
            "the widget's stand-in scripts are not found (bridge_ProviderEmulator.resources beside the executable): …/load.js and …/xdcomm.js answer 404 (give --assets DIR)"
        case .wroteCases(let count, let path, let rules):
            "wrote \(count) cases to \(path); run them with: bridge test --rules \(rules) \(path)"
        case .noNavigation(let log):
            "\(log) holds no navigation to replay; an empty or cut recording does not pass (exit 1)"
        case .recorded(let navigations, let calls, let path):
            "recorded \(navigations) navigation(s)" + (calls > 0 ? " and \(calls) JavaScript interface call(s)" : "") + " to \(path)"
        }
    }
}

extension StandardError {
    /// A notice, after the command's name (`bridge serve: …`).
    static func say(_ command: String, _ notice: CommandNotice) { say(command + ": " + notice.description) }
}
