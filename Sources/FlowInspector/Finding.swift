// Finding.swift: what a check reports: where (file, line, column), how bad, which check, and what it found
// as a value (FindingDetail), with the page's text it is about. The output module words it and masks the
// page's values as it prints them. The severity is the one scale (FindingSeverity).
import FindingSeverity
import NavigationPolicy

package struct Finding: Sendable, Hashable {
    /// The file path or URL the finding is in.
    package var file: String
    package var position: SourcePosition
    package var severity: Severity
    /// The check's stable identifier.
    package var check: String
    /// What the check found.
    package var detail: FindingDetail

    init(file: String, position: SourcePosition, severity: Severity, check: String, detail: FindingDetail) {
        self.file = file
        self.position = position
        self.severity = severity
        self.check = check
        self.detail = detail
    }
}
