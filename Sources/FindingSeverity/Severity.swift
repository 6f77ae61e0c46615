// Severity.swift: the one severity scale every finding, check and failed test is reported on (SARIF's
// levels). A module of its own because the feature modules rank their findings with it and the output
// module reports them with it, and neither may hold the other.

/// How bad a diagnostic is; the names are SARIF's levels.
package enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case error, warning, note

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
