// Finding.swift: what a check reports: where (file, line, column), how bad, which check, and a message
// with secrets masked.

public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case error, warning, note

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

public struct Finding: Sendable, Hashable {
    /// The file path or URL the finding is in.
    public var file: String
    public var position: SourcePosition
    public var severity: Severity
    /// The check's stable identifier.
    public var check: String
    public var message: String

    public init(file: String, position: SourcePosition, severity: Severity, check: String, message: String) {
        self.file = file
        self.position = position
        self.severity = severity
        self.check = check
        self.message = message
    }
}
