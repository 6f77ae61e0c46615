// RecordedRulesDocument.swift: the files `bridge rules` writes from InferredRules: the rules file (JSON,
// two-space indented, in the rules format's key order, each rule's `description` naming the recorded
// navigations it comes from) and the case file (one case per line, CaseFile's shape, each named by its
// navigation). The rules' and the cases' values come from the inference (secrets already placeholders);
// the words of the descriptions are made here.
import JSONText
import NavigationPolicy
import NavigationReplay
import RecordingRules
import RulesAudit
import SecretMasking

package enum RecordedRulesDocument {
    /// How many recorded navigations a description names before it counts the rest.
    static let namedSources = 3

    /// A navigation by where it was recorded: `capture-signin.navlog:6 (seq 4)`, `flow.har log.entries[3] (seq 2)`.
    package static func reference(_ reference: RecordReference) -> String {
        switch reference.location.place {
        case .line(let n): "\(reference.file):\(n) (seq \(reference.seq))"
        case .path(let p): "\(reference.file) \(p) (seq \(reference.seq))"
        case .file: "\(reference.file) (seq \(reference.seq))"
        }
    }

    static func recordedAt(_ sources: [RecordReference], masking redactor: Redactor) -> String {
        let named = sources.prefix(namedSources).map { redactor.text("\(input: reference($0))") }.joined(separator: ", ")
        let more = sources.count > namedSources ? " and \(sources.count - namedSources) more" : ""
        return "recorded at " + named + more
    }

    /// The rules file; the recordings' names in its descriptions masked by `redactor` (a file's name may
    /// hold a secret, as a saved page's `cb?code=…` does).
    package static func rules(_ inferred: InferredRules, recordings: [String], masking redactor: Redactor = Redactor()) -> String {
        let recordedAt = { (sources: [RecordReference]) in Self.recordedAt(sources, masking: redactor) }
        var document = JSONFields()
        document.add("version", 1)
        var description = "Inferred by bridge rules from \(recordings.map { redactor.text("\(input: $0)") }.joined(separator: ", ")): exact origins, a rule for each result, bridge and deep link recorded, everything else cancelled."
        if !inferred.origins.isEmpty {
            description += " Origins " + inferred.origins.map { "\($0.origin) (\(recordedAt($0.sources)))" }.joined(separator: "; ") + "."
        }
        document.add("description", description)
        if inferred.platform == .android { document.add("platform", "android") }
        document.add("default", "cancel")
        document.add("allow", .array(inferred.origins.map { .string($0.origin) }))
        document.add("sentinels", .array(inferred.sentinels.map { sentinel in
            var rule = JSONFields()
            rule.add("name", sentinel.name)
            rule.add("description", (sentinel.action == .allow ? "a result the app let load, " : "a result the app takes, ") + recordedAt(sentinel.sources))
            rule.add("redirectURI", sentinel.redirectURI)
            rule.add("responseMode", sentinel.responseMode)
            if !sentinel.require.isEmpty { rule.add("require", .array(sentinel.require.map { .string($0) })) }
            if !sentinel.forbid.isEmpty { rule.add("forbid", .array(sentinel.forbid.map { .string($0) })) }
            if sentinel.action == .allow { rule.add("action", "allow") }
            return .object(rule)
        }))
        document.add("schemes", .array(inferred.schemes.map { scheme in
            var rule = JSONFields()
            rule.add("name", scheme.name)
            rule.add("description", (scheme.bridgeProtocol == nil ? "a deep link, " : "a bridge, ") + recordedAt(scheme.sources))
            rule.add("scheme", scheme.scheme)
            if let bridgeProtocol = scheme.bridgeProtocol { rule.add("protocol", bridgeProtocol.rawValue) }
            if let route = scheme.route { rule.add("route", route) }
            if !scheme.require.isEmpty { rule.add("require", .array(scheme.require.map { .string($0) })) }
            return .object(rule)
        }))
        if !inferred.handlers.isEmpty {
            document.add("handlers", .object(JSONFields(inferred.handlers.map { ($0.event, .array($0.written.map { .string($0) })) })))
        }
        if !inferred.interfaces.isEmpty {
            document.add("javascriptInterfaces", .array(inferred.interfaces.map { interface in
                var object = JSONFields([("name", .string(interface.name)), ("methods", .array(interface.methods.map { .string($0) }))])
                if let bridgeProtocol = interface.bridgeProtocol { object.add("protocol", bridgeProtocol.rawValue) }
                return .object(object)
            }))
        }
        return JSONOutput.object(document).indentedText + "\n"
    }

    /// The case file: one line per case.
    package static func cases(_ cases: [TestCase]) -> String {
        cases.map(CaseFile.line).joined(separator: "\n") + (cases.isEmpty ? "" : "\n")
    }
}
