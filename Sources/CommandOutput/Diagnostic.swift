// Diagnostic.swift: the one diagnostic model of bridge: what a check, a replay finding or a failed test
// reports (an id, a severity, where, a message, and help), on the one severity scale (FindingSeverity). The reports built
// from it (SARIF, JUnit) are written once, here in CommandOutput; the feature modules' results are mapped
// onto it here too.

import FindingSeverity

/// Where a diagnostic is: a file (a path or a URL) with an optional line and column, and/or a logical
/// place inside it (a rules file's key path).
package struct DiagnosticLocation: Sendable, Hashable {
    /// A place inside a file that has no line: a rules file's key path (`sentinels[0]`) and its name.
    package struct Logical: Sendable, Hashable {
        package var name: String
        package var fullyQualifiedName: String
        package init(name: String, fullyQualifiedName: String) {
            self.name = name
            self.fullyQualifiedName = fullyQualifiedName
        }
    }

    package var file: String?
    package var line: Int?
    package var column: Int?
    package var logical: Logical?

    package init(file: String? = nil, line: Int? = nil, column: Int? = nil, logical: Logical? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.logical = logical
    }
}

package struct Diagnostic: Sendable, Hashable {
    /// The check's or rule's stable id (`sentinel-prefix-match`, `credential-leaves`).
    package var id: String
    package var severity: Severity
    package var location: DiagnosticLocation
    /// Already masked.
    package var message: String
    /// What to do about it, when the producer knows.
    package var help: String?

    package init(id: String, severity: Severity, location: DiagnosticLocation, message: String, help: String? = nil) {
        self.id = id
        self.severity = severity
        self.location = location
        self.message = message
        self.help = help
    }
}

/// A kind of diagnostic as a catalogue lists it: SARIF's reportingDescriptor.
package struct DiagnosticRule: Sendable, Hashable {
    package var id: String
    /// SARIF's `name`: the id in UpperCamelCase, when the catalogue gives one.
    package var name: String?
    package var summary: String
    package var rationale: String?
    package var severity: Severity

    package init(id: String, name: String? = nil, summary: String, rationale: String? = nil, severity: Severity) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
    }
}
