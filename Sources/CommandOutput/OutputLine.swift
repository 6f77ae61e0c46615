// OutputLine.swift: the one JSON Lines schema every command's `--format json` writes. Each line is an
// object whose first key is `type`, one of OutputLineType's names; the members after it are the event's,
// every key present on every line of its type (null when it has no value), and the same fact has the same
// name and shape on every type (a decision is `decision`/`kind`/`rule`/`error`, a place is
// `file`/`line`/`column`, a problem is `code`/`message`). The schema's document is
// Schema/bridge-output-2.schema.json beside this file; its version is `schemaVersion`, raised only when a
// name, type or meaning changes (a new type or key does not raise it). The types are an enum so that the
// schema's list of types and the writers' cannot drift apart: a test holds one against the other.
import JSONText
import SecretMasking

/// The `type` of a JSON line.
package enum OutputLineType: String, Sendable, CaseIterable {
    /// The types `bridge host` prints for each engine's run, which carry `engine`.
    package var namesEngine: Bool {
        switch self {
        case .navigation, .call, .rejected, .finding, .logSummary, .network, .scriptError, .dialog, .console, .eval, .screenshot, .hostResult: true
        default: false
        }
    }

    /// `bridge url`: one URL parsed.
    case url
    /// `bridge check`: one URL decided.
    case decision
    /// `bridge replay`, `bridge host`: one navigation replayed and decided.
    case navigation
    /// A recorded call of a JavaScript interface (Android's addJavascriptInterface).
    case call
    /// A record of a log that could not be replayed.
    case rejected
    /// A finding: `bridge inspect`'s on a page, replay's and host's on a navigation.
    case finding
    /// The counts a log (or a hosted run) ends with.
    case logSummary = "log-summary"
    /// `bridge test`: one case or attack variant.
    case test
    /// An input that could not be read whole: a bad case-file line, a page inspect could not read.
    case inputError = "input-error"
    case testSummary = "test-summary"
    case inspectSummary = "inspect-summary"
    /// `bridge host`: a request the stand-in network answered.
    case network
    case scriptError = "script-error"
    case dialog
    /// `bridge host`: what the page wrote to its console.
    case console
    case eval
    case screenshot
    /// `bridge host`: how the run ended.
    case hostResult = "host-result"
    /// `bridge host --engine both`: the two engines compared.
    case engines
    /// `bridge serve`: the base URL it listens at.
    case listening
    /// `bridge serve`: one request answered.
    case served
    /// `bridge serve`: a request the emulator failed to answer.
    case emulatorFailure = "emulator-failure"
    /// `bridge test --list-attacks`: one generator of the attack.
    case attackGenerator = "attack-generator"
    /// `bridge inspect --list-checks`: one check.
    case check
}

/// One JSON line: its type and its members, written with the type first.
package struct OutputLine: Sendable {
    /// The schema's version (the `2` of bridge-output-2.schema.json).
    package static let schemaVersion = 2

    package var type: OutputLineType
    package var fields: JSONFields

    package init(_ type: OutputLineType, _ fields: JSONFields) {
        self.type = type
        self.fields = fields
    }

    /// The object as a line of its own: `type`, then, for the types a hosted run prints, the `engine` that
    /// ran the page (null where none did: a replay), then the members. A run in both engines is split by it.
    package func line(engine: String?) -> JSONFields {
        var object = JSONFields.single("type", .string(type.rawValue))
        if type.namesEngine { object.add("engine", .string(engine)) }
        object.add(contentsOf: fields)
        return object
    }
}

/// Where a line's subject is in its input: the file as named on the command line (`-` for standard input;
/// null when the subject was not read from a file), its 1-based line and column, and for a JSON document
/// read whole (a HAR, a CDP or NetLog export) the key path of the record (`log.entries[12]`).
package struct OutputLocation: Sendable, Hashable {
    package var file: String?
    package var line: Int?
    package var column: Int?
    package var path: String?

    package init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// `file` (a path, masked by `redactor` as a URL is: a page saved as `cb?code=…` holds its code in its
    /// name), `line`, `column` and, with `path`, `path`.
    func add(to object: inout JSONFields, path includePath: Bool, masking redactor: Redactor) {
        object.add("file", .string(file.map(redactor.fileName)))
        object.add("line", .int(line))
        object.add("column", .int(column))
        if includePath { object.add("path", .string(path)) }
    }
}
