// TerminalStyle.swift: ANSI colour for text transcripts. Whether it is on is the CLI's choice (a terminal,
// --color, NO_COLOR); the renderer only wraps text that is already escaped for the terminal.

public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }
    public static let plain = TerminalStyle(enabled: false)

    public func red(_ s: String) -> String { wrap(s, "31") }
    public func green(_ s: String) -> String { wrap(s, "32") }
    public func yellow(_ s: String) -> String { wrap(s, "33") }
    public func cyan(_ s: String) -> String { wrap(s, "36") }
    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }

    private func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
