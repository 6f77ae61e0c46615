// Support.swift: the repository's fixtures, and replaying a log into a list of what replay said.
import TestSupport
import Foundation
import NavigationPolicy
@testable import NavigationReplay

enum Repository {
    static let root = TestSupport.Repository.root

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static func engine(_ rules: String = "capture") throws -> PolicyEngine {
        try PolicyEngine(rulesFile: path("Fixtures/rules/\(rules).json"))
    }
}

/// Everything one replay produced, in order.
struct ReplayResult {
    var navigations: [ReplayedNavigation] = []
    var calls: [ReplayedCall] = []
    var rejected: [RejectedRecord] = []
    var findings: [ReplayFinding] = []
    var summary = ReplaySummary()
    var format = LogFormat.navlog

    var findingCodes: [String] { findings.map(\.code) }
}

enum ReplayHarness {
    static func replay(_ input: ByteInput, rules: String = "capture", format: LogFormat? = nil, platform: Platform = .ios) throws -> ReplayResult {
        let replayer = Replayer(engine: try Repository.engine(rules), platform: platform)
        var result = ReplayResult()
        result.format = format ?? LogFormat.sniff(input)
        func take(_ output: Replayer.Output) {
            switch output {
            case .navigation(let n): result.navigations.append(n); result.findings += n.findings
            case .call(let c): result.calls.append(c); result.findings += c.findings
            case .rejected(let r): result.rejected.append(r)
            case .findings(let f): result.findings += f
            case .none: break
            }
        }
        let emit: (LogItem) -> Void = { take(replayer.replay($0)) }
        switch result.format {
        case .navlog: NavlogReader().read(input, emit)
        case .har: HARReader().read(try input.readAll(limit: 1 << 30), emit)
        case .cdp: CDPReader().read(try input.readAll(limit: 1 << 30), emit)
        case .netlog: NetLogReader().read(try input.readAll(limit: 1 << 30), emit)
        }
        take(.findings(replayer.finish()))
        result.summary = replayer.summary
        return result
    }

    static func replay(file relative: String, rules: String = "capture") throws -> ReplayResult {
        try replay(try ByteInput(path: Repository.path(relative)), rules: rules)
    }

    static func replay(text: String, rules: String = "capture") throws -> ReplayResult {
        try replay(ByteInput(name: "test", bytes: Array(text.utf8)), rules: rules, format: .navlog)
    }
}
