// OutputEvent.swift: the open event protocol every command prints through. A feature module declares its
// own events (NavigationReplay its navigations and summaries, RulesAudit its cases and attack variants,
// WebViewHost its network and page events, ProviderEmulator its request log) and says how each reads as
// text and as a JSON line, with the renderer's Redactor and style; a new kind of output is a change in the
// module that owns it. The renderer (TranscriptRenderer) only chooses the format and writes the lines.
import JSONText
import NavigationPolicy
import SecretMasking

package protocol OutputEvent: Sendable {
    /// The lines the event prints in the text format (none is allowed: a passed variant without --explain).
    func textLines(_ text: TranscriptText) -> [String]
    /// The event's JSON line (OutputLine: its type and members), or nil when it has no JSON form (a log's
    /// heading).
    func jsonLine(_ json: TranscriptJSON) -> OutputLine?
    /// The event's JSON lines: its own line, then the lines of what it carries that are lines of their own
    /// (a navigation's findings follow it, each naming it by `id`). By default, its line alone.
    func jsonLines(_ json: TranscriptJSON) -> [OutputLine]
}

extension OutputEvent {
    package func jsonLines(_ json: TranscriptJSON) -> [OutputLine] { jsonLine(json).map { [$0] } ?? [] }
}

/// One URL decided by `bridge check`: the URL as given and, when it was read from a file or standard
/// input, where.
package struct DecisionEvent: OutputEvent {
    package var url: String
    package var decision: Decision
    /// What the decision would intercept on a navigation the platform never shows the app (check's
    /// --platform android on a POST, say): reported under the decision as `not-asked-on-android`.
    package var unasked: UnaskedInterception?
    package var location: OutputLocation

    package init(url: String, _ decision: Decision, unasked: UnaskedInterception? = nil, location: OutputLocation = OutputLocation()) {
        self.url = url
        self.decision = decision
        self.unasked = unasked
        self.location = location
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        var lines = [text.decisionLine(url: url, decision)]
        if let unasked { lines.append("    " + text.style.red("error \(unasked.code): " + text.safe(text.redactor.text(unasked.words)))) }
        return lines + text.explanation(decision, indent: "    ")
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var object = JSONFields()
        location.add(to: &object, path: false, masking: json.redactor)
        object.add(contentsOf: json.decision(input: url, decision))
        object.add("notAsked", unasked.map { unasked in
            .object(JSONFields([("code", .string(unasked.code)), ("platform", .string(unasked.platform.rawValue)),
                                ("message", .string(json.redactor.text(unasked.words)))]))
        } ?? .null)
        object.add("explanation", json.explanation(decision))
        return OutputLine(.decision, object)
    }
}
