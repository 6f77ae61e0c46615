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

    /// Whether `byte` may start the UTF-8 of a scalar `isUnsafe` names: a C0 control, DEL, or the lead byte of
    /// a C1 control (C2), of U+061C (D8), or of the separators and bidirectional marks (E2). Every unsafe
    /// scalar starts with one (a test reads every scalar); most text holds none, and is passed whole.
    @inlinable
    public static func mayStartUnsafe(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// Text as a terminal should show it: every unsafe scalar as a `\u{1B}` escape, everything else unchanged.
    /// Text with no byte that may start one is returned as it is; other text is written as bytes.
    public static func escaped(_ text: String) -> String {
        let mayHoldUnsafe = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayStartUnsafe) }
            ?? text.utf8.contains(where: mayStartUnsafe)
        guard mayHoldUnsafe else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{".utf8
                out += String(scalar.value, radix: 16, uppercase: true).utf8
                out.append(UInt8(ascii: "}"))
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
