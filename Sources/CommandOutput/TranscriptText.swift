// TranscriptText.swift: the text form of output events, for people, and what every event's text needs:
// the Redactor, terminal escaping (applied before any colour), the colour style, --explain, and the
// decision line every command that decides shares (sequence-less for check, after a sequence and a time
// for replay and host).
import JSONText
import NavigationPolicy
import SecretMasking

package struct TranscriptText: Sendable {
    package let redactor: Redactor
    package let style: TerminalStyle
    package let explain: Bool

    /// Where the lines under a navigation (findings, explanations, rejections) start.
    package static let indent = String(repeating: " ", count: 16)

    package init(redactor: Redactor, style: TerminalStyle = .plain, explain: Bool) {
        self.redactor = redactor
        self.style = style
        self.explain = explain
    }

    /// The event's lines.
    package func lines(_ event: some OutputEvent) -> [String] { event.textLines(self) }

    /// Escaped for the terminal.
    package func safe(_ text: String) -> String { Terminal.safe(text) }

    /// Text bridge did not write, its credentials masked, escaped for the terminal.
    package func foreign(_ text: String) -> String { safe(redactor.foreignText(text)) }

    /// A file's name, masked as the path it is (a saved page's name can hold a URL's query), escaped.
    package func file(_ name: String) -> String { safe(redactor.fileName(name)) }

    /// A URL with its secrets masked, escaped for the terminal.
    package func url(_ url: String) -> String { safe(redactor.rawURL(url)) }

    /// The decision's explanation (with --explain), each line indented.
    package func explanation(_ decision: Decision, indent: String) -> [String] {
        explain ? decision.explanationLines(masking: redactor).map { indent + safe($0) } : []
    }

    /// Seconds with three decimals, without Foundation's formatter.
    package static func seconds(_ value: Double) -> String {
        let ms = Int((value * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
    }

    /// `cancel  sentinel  signin          https://…  code=abcd…(16) …`.
    /// One decision's columns; colour on the fields that carry it (a cancel's action, an error), never on the
    /// whole line.
    package func decisionLine(url: String, _ d: Decision) -> String {
        let action = Self.padded(d.action.rawValue, 6)
        var parts = [d.action == .cancel ? style.cyan(action) : action, Self.padded(d.kind.rawValue, 8), Self.padded(safe(d.rule ?? "-"), 14),
                     safe(redactor.rawURL(url))]
        if !d.parameters.isEmpty {
            parts.append(d.parameters.map { safe("\($0.name)=\(redactor.value($0.value, forParameter: $0.name))") }.joined(separator: " "))
        }
        if let error = d.error { parts.append(style.red("error: \(error.code): " + safe(error.message(masking: redactor)))) }
        return parts.joined(separator: "  ")
    }

    /// The text right-aligned in `width` characters.
    package static func leftPadded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// The text left-aligned in `width` characters.
    package static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
