// TerminalStyle.swift: ANSI colour for text transcripts. Whether it is on is the CLI's choice (a terminal,
// --color, NO_COLOR); the renderer only wraps text that is already escaped for the terminal.

package struct TerminalStyle: Sendable {
    package let enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }
    package static let plain = TerminalStyle(enabled: false)

    package func red(_ s: String) -> String { wrap(s, "31") }
    package func green(_ s: String) -> String { wrap(s, "32") }
    package func yellow(_ s: String) -> String { wrap(s, "33") }
    package func cyan(_ s: String) -> String { wrap(s, "36") }
    package func bold(_ s: String) -> String { wrap(s, "1") }
    package func dim(_ s: String) -> String { wrap(s, "2") }

    private func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
