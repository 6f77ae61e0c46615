// TranscriptRenderer.swift: the one renderer every command prints its events through: the format the
// user chose, the Redactor, colour and --explain, in one value. It also gives the JSON line of every
// event, which --expect compares whatever the printed format is.
import JSONText
import NavigationPolicy
import SecretMasking

package enum TranscriptFormat: String, Sendable, CaseIterable {
    case text, json
}

package struct TranscriptRenderer: Sendable {
    package let format: TranscriptFormat
    package let text: TranscriptText
    package private(set) var json: TranscriptJSON

    package init(format: TranscriptFormat, redactor: Redactor, style: TerminalStyle = .plain, explain: Bool = false) {
        self.format = format
        text = TranscriptText(redactor: redactor, style: format == .text ? style : .plain, explain: explain)
        json = TranscriptJSON(redactor: redactor, explain: explain)
    }

    package var redactor: Redactor { json.redactor }

    /// This renderer for the events read from `file` (as named on the command line): the JSON lines that
    /// say where they were read name it.
    package func reading(_ file: String?) -> TranscriptRenderer {
        var renderer = self
        renderer.json.file = file
        return renderer
    }

    /// This renderer for the events of a hosted run in `engine` (webkit, chromium): their JSON lines name it.
    package func running(_ engine: String) -> TranscriptRenderer {
        var renderer = self
        renderer.json.engine = engine
        return renderer
    }

    /// The lines the event prints in the chosen format (none for a JSON event that has no JSON form).
    package func lines(_ event: some OutputEvent) -> [String] {
        switch format {
        case .text: return event.textLines(text)
        case .json: return json.lines(event)
        }
    }
}
