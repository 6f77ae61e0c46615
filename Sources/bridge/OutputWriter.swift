// OutputWriter.swift: buffered standard output for commands that write a line per input record (replay
// writes millions): lines are gathered and written in 64 KB blocks, and flushed at the end.
import Foundation

final class OutputWriter {
    private var buffer = ""
    private let handle: FileHandle

    init(_ handle: FileHandle = .standardOutput) {
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
    }

    func line(_ text: String) {
        buffer += text
        buffer += "\n"
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer.utf8))
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// ANSI colour for text output: only when standard output is a terminal, and never with NO_COLOR set
/// (https://no-color.org), whatever --color says.
struct TerminalStyle {
    let enabled: Bool

    enum Choice: String, CaseIterable { case auto, always, never }

    init(_ choice: Choice) {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        switch choice {
        case .never: enabled = false
        case .always: enabled = !noColor
        case .auto: enabled = !noColor && isatty(STDOUT_FILENO) == 1
        }
    }

    func red(_ s: String) -> String { wrap(s, "31") }
    func green(_ s: String) -> String { wrap(s, "32") }
    func yellow(_ s: String) -> String { wrap(s, "33") }
    func cyan(_ s: String) -> String { wrap(s, "36") }
    func bold(_ s: String) -> String { wrap(s, "1") }
    func dim(_ s: String) -> String { wrap(s, "2") }

    private func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
