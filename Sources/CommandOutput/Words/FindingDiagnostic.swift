// FindingDiagnostic.swift: an inspector's finding in the one diagnostic model the reports are built from.
import FlowInspector
import SecretMasking

extension Finding {
    /// The finding as a diagnostic, its words rendered with `redactor` (its file as it is; the report masks URLs).
    package func diagnostic(_ redactor: Redactor) -> Diagnostic {
        Diagnostic(id: check, severity: severity, location: DiagnosticLocation(file: file, line: position.line, column: position.column),
                   message: redactor.text(detail.words))
    }
}
