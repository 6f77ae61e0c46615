// SARIFLog.swift: the one SARIF 2.1.0 (OASIS) builder, the format code-scanning dashboards read, for
// every command that writes it (inspect, test): one run, the tool's rules from its catalogue, one result
// per diagnostic, and inputs that could not be read as tool execution notifications. File names become
// URI references (a URL as it is; a path with the bytes outside RFC 3986's path characters
// percent-encoded). Written to the one JSON writer, indented, for people who open the file. The rules
// section is the same in every log a tool writes and most of a short log's bytes: SARIFRules makes it, and
// its text, once for a catalogue.
import BrowserURL
import JSONText

/// A tool's rules as SARIF's `tool.driver.rules`, made once: their descriptors (written for the level
/// the log places them at) and each rule's index, which results refer to.
package struct SARIFRules: Sendable {
    package let rules: [DiagnosticRule]
    let indexByID: [String: Int]
    let descriptors: JSONOutput

    /// Where `document` places the rules: the log, `runs`, the run, `tool`, `driver`, `rules`.
    static let level = 5

    package init(_ rules: [DiagnosticRule]) {
        self.rules = rules
        var indexByID: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where indexByID[rule.id] == nil { indexByID[rule.id] = index }
        self.indexByID = indexByID
        let descriptors: [JSONOutput] = rules.map { rule in
            var o = JSONFields.single("id", .string(rule.id))
            if let name = rule.name { o.add("name", name) }
            o.add("shortDescription", SARIFLog.text(rule.summary))
            if let rationale = rule.rationale {
                o.add("fullDescription", SARIFLog.text(rationale))
                o.add("help", SARIFLog.text(rationale))
            }
            o.add("defaultConfiguration", .object(.single("level", .string(rule.severity.rawValue))))
            return .object(o)
        }
        self.descriptors = .prewritten(PrewrittenJSON(.array(descriptors), level: Self.level))
    }
}

package struct SARIFLog: Sendable {
    package var toolName: String
    package var toolVersion: String
    package var rules: SARIFRules
    /// `unicodeCodePoints` when columns are given.
    package var columnKind: String?

    package init(toolName: String, toolVersion: String, rules: SARIFRules, columnKind: String? = nil) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.rules = rules
        self.columnKind = columnKind
    }

    package init(toolName: String, toolVersion: String, rules: [DiagnosticRule], columnKind: String? = nil) {
        self.init(toolName: toolName, toolVersion: toolVersion, rules: SARIFRules(rules), columnKind: columnKind)
    }

    /// The whole log.
    package func document(results: [Diagnostic], notifications: [Diagnostic]) -> JSONOutput {
        let indexByID = rules.indexByID
        let resultObjects: [JSONOutput] = results.map { diagnostic in
            var entry = JSONFields([("ruleId", .string(diagnostic.id)), ("level", .string(diagnostic.severity.rawValue)),
                                    ("message", Self.text(diagnostic.message)), ("locations", location(diagnostic.location))])
            if let index = indexByID[diagnostic.id] { entry.add("ruleIndex", index) }
            return .object(entry)
        }
        let notificationObjects: [JSONOutput] = notifications.map { diagnostic in
            .object(JSONFields([("level", .string(diagnostic.severity.rawValue)), ("message", Self.text(diagnostic.message)),
                                ("locations", location(diagnostic.location))]))
        }
        let driver = JSONFields([
            ("name", .string(toolName)), ("version", .string(toolVersion)), ("semanticVersion", .string(toolVersion)),
            ("informationUri", .string("https://github.com/bridge-dev/bridge")), ("rules", rules.descriptors),
        ])
        var run = JSONFields.single("tool", .object(.single("driver", .object(driver))))
        if let columnKind { run.add("columnKind", columnKind) }
        run.add("invocations", .array([.object(JSONFields([("executionSuccessful", .bool(notifications.isEmpty)),
                                                            ("toolExecutionNotifications", .array(notificationObjects))]))]))
        run.add("results", .array(resultObjects))
        return .object(JSONFields([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]))
    }

    /// `[{"physicalLocation": {"artifactLocation": {"uri": …}, "region": …}, "logicalLocations": …}]`.
    private func location(_ place: DiagnosticLocation) -> JSONOutput {
        var location = JSONFields()
        if let file = place.file {
            var physical = JSONFields.single("artifactLocation", .object(.single("uri", .string(Self.uri(file)))))
            if let line = place.line {
                var region = JSONFields.single("startLine", .int(line))
                if let column = place.column { region.add("startColumn", column) }
                physical.add("region", .object(region))
            }
            location.add("physicalLocation", .object(physical))
        }
        if let logical = place.logical {
            location.add("logicalLocations", .array([.object(JSONFields([("name", .string(logical.name)),
                                                                         ("fullyQualifiedName", .string(logical.fullyQualifiedName))]))]))
        }
        return .array([.object(location)])
    }

    static func text(_ value: String) -> JSONOutput { .object(.single("text", .string(value))) }

    /// A file path or URL as a URI reference: bytes outside RFC 3986's path characters percent-encoded.
    package static func uri(_ file: String) -> String {
        if file.hasPrefix("http://") || file.hasPrefix("https://") { return file }
        return PercentEncoding.encodeRFC3986Path(file)
    }
}
