// Recording.swift: a recording of a flow that works, read for `bridge rules`: its navigations in log order
// with where each was recorded, its JavaScript interface calls, its records that could not be read, and the
// web view and the handler table its header names. Read with the readers replay uses (LogReplay), through an engine that allows
// everything, so each record is seen exactly as replay sees it and none is decided away.
import Foundation
import NavigationPolicy
import NavigationReplay

/// Where a navigation was recorded: the recording as named on the command line, the record's place in it,
/// and its sequence number.
package struct RecordReference: Sendable, Hashable {
    package var file: String
    package var location: RecordLocation
    package var seq: Int

    package init(file: String, location: RecordLocation, seq: Int) {
        self.file = file
        self.location = location
        self.seq = seq
    }
}

package struct RecordedNavigation: Sendable {
    package var reference: RecordReference
    package var record: NavigationRecord
}

package struct Recording: Sendable {
    package var name: String
    package var navigations: [RecordedNavigation] = []
    package var calls: [InterfaceCall] = []
    package var rejected: [RejectedRecord] = []
    /// The web view the recording's header names, when it names Android's (the rules then say so).
    package var platform: Platform = .ios
    /// The app's bridge event handlers when it recorded, from a navlog header that names them.
    package var handlers: [RecordedHandlers]?

    package init(name: String) { self.name = name }

    /// Reads `input` (as `format`, or the format its first bytes say).
    package static func read(_ input: ByteInput, name: String, format: LogFormat? = nil) -> Recording {
        var recording = Recording(name: name)
        let replayer = Replayer(engine: permissive, platformFromLog: true)
        LogReplay.run(input, format: format ?? LogFormat.sniff(input), replayer: replayer) { output in
            switch output {
            case .navigation(let n):
                recording.navigations.append(RecordedNavigation(reference: RecordReference(file: name, location: n.record.location, seq: n.seq),
                                                                record: n.record))
            case .call(let c): recording.calls.append(c.call)
            case .rejected(let r): recording.rejected.append(r)
            case .findings, .none: break
            }
        }
        recording.platform = replayer.platform
        recording.handlers = replayer.recordedHandlers
        return recording
    }

    /// Rules that allow every navigation and intercept none: the records pass through as they were read.
    static let permissive: PolicyEngine = {
        guard let rules = try? RulesLoader.parse(Data(#"{"version": 1, "default": "allow"}"#.utf8)) else {
            preconditionFailure("the permissive rules are a constant that parses")
        }
        return PolicyEngine(rules: rules)
    }()
}
