// FindingDiagnostic.swift: an inspector's finding in the one diagnostic model the reports are built from.
import FlowInspector

extension Finding {
    /// The finding as a diagnostic (its file as it is; the report masks URLs).
    public var diagnostic: Diagnostic {
        Diagnostic(id: check, severity: severity, location: DiagnosticLocation(file: file, line: position.line, column: position.column),
                   message: message)
    }
}
