// Finding.swift: what a check reports: where (file, line, column), how bad, which check, and a message
// with secrets masked. Only an Inspector makes findings, and it masks each message as it makes it, with its
// redactor: a report prints the message as it is, masked once, not again. The severity is the one scale
// (FindingSeverity); the output module maps a finding onto its diagnostic model.
import FindingSeverity
import NavigationPolicy

public struct Finding: Sendable, Hashable {
    /// The file path or URL the finding is in.
    public var file: String
    public var position: SourcePosition
    public var severity: Severity
    /// The check's stable identifier.
    public var check: String
    /// Masked by the inspector that made the finding.
    public internal(set) var message: String
    /// What the report words after the message, as a value.
    public var detail: FindingDetail?

    init(file: String, position: SourcePosition, severity: Severity, check: String, message: String, detail: FindingDetail? = nil) {
        self.file = file
        self.position = position
        self.severity = severity
        self.check = check
        self.message = message
        self.detail = detail
    }
}

/// A part of a finding given as a value, worded by the output module.
public enum FindingDetail: Sendable, Hashable {
    /// redirect-uri-not-caught: how the URL misses the first sentinel in the rules.
    case nearestSentinelMismatch(SentinelMatcher.MismatchReason)
}
