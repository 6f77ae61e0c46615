// Finding.swift: what a check reports: where (file, line, column), how bad, which check, and a message
// with secrets masked. Only an Inspector makes findings, and it masks each message as it makes it, with its
// redactor: a report prints the message as it is, masked once, not again. The severity is CommandOutput's
// one scale; `diagnostic` is the finding in the one diagnostic model the reports are built from.
import CommandOutput

public struct Finding: Sendable, Hashable {
    /// The file path or URL the finding is in.
    public var file: String
    public var position: SourcePosition
    public var severity: Severity
    /// The check's stable identifier.
    public var check: String
    /// Masked by the inspector that made the finding.
    public internal(set) var message: String

    init(file: String, position: SourcePosition, severity: Severity, check: String, message: String) {
        self.file = file
        self.position = position
        self.severity = severity
        self.check = check
        self.message = message
    }
}

extension Finding {
    /// The finding as a diagnostic (its file as it is; the report masks URLs).
    public var diagnostic: Diagnostic {
        Diagnostic(id: check, severity: severity, location: DiagnosticLocation(file: file, line: position.line, column: position.column),
                   message: message)
    }
}
