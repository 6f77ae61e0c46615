// HostSiteText.swift: what is wrong with a site file (bridge-site.json), in words: the file, the key path (made
// of the file's keys, so input), then the problem. FlowInspector gives the value (HostSiteError); `bridge host`
// and `bridge inspect` print it through here.
import FlowInspector
import JSONText
import SensitiveText

extension HostSiteError: WordedValue {
    /// The key path and the problem (the caller names the file when it has not already).
    package var located: MessageText { keyPath.isEmpty ? problem.words : "\(input: keyPath): " + problem.words }

    /// The file, the key path and the problem.
    package var words: MessageText { file.isEmpty ? located : "\(input: file): " + located }
}

extension HostSiteProblem {
    package var words: MessageText {
        switch self {
        case .unreadable(let problem): problem.words
        case .json(let problem): problem.words(document: "a site file")
        case .unsupportedVersion(let version): "version \(version) is not supported (this bridge reads version 1)"
        case .notAnOrigin(let text): "\(quoted: text) is not an origin such as \"https://yourdomain.com\" (scheme and host, no path)"
        case .keyNotWebURL: "the key must be an http or https URL"
        case .keyHasQueryOrFragment: "the key has a query or fragment; routes match origin and path"
        case .missingFile(let path): "\(input: path) does not exist (relative to the site file)"
        case .directoryNeedsSlashKey: "a directory needs a key ending in /"
        case .slashKeyNeedsDirectory: "a key ending in / needs a directory"
        case .notAStatus(let status): "\(status) is not an HTTP status"
        case .notARedirectStatus(let status): "a redirect needs 301, 302, 303, 307 or 308, not \(status)"
        case .noTarget: "needs \"file\", \"redirect\" or \"status\""
        }
    }
}
