// DisplaySafety.swift: the characters no printed byte of bridge may carry raw, defined once: C0 and C1
// controls, DEL, the line and paragraph separators, and the bidirectional marks, overrides and isolates
// (which reorder what a reader sees). The JSON writer escapes them as \u escapes; the terminal renderer
// (CommandOutput's Terminal) as \u{…}.

public enum DisplaySafety {
    /// Whether a display must not be given the scalar raw.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x2028 || v == 0x2029 || v == 0x200E || v == 0x200F || v == 0x061C
    }

    /// Text as a terminal should show it: every unsafe scalar as a `\u{1B}` escape, everything else unchanged.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) { out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
