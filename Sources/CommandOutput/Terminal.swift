// Terminal.swift: text as a terminal should show it. C0 and C1 control characters, DEL and the
// bidirectional controls (JSONText's DisplaySafety) become `\u{1B}` escapes; everything else is
// unchanged. Applied to every text line whatever --reveal says: an ESC sequence in a recorded URL must
// not retitle the terminal or overwrite a line.
import JSONText

package enum Terminal {
    package static func safe(_ text: String) -> String { DisplaySafety.escaped(text) }
}
