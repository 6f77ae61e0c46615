// DisplaySafety.swift: the characters no printed byte of bridge may carry raw, defined once: C0 and C1
// controls, DEL, the line and paragraph separators, the bidirectional marks, overrides and isolates (which
// reorder what a reader sees), and the invisible ones a lookalike hides behind (zero-width space, joiners,
// the soft hyphen, the word joiner and invisible operators, the byte-order mark, tag characters). The JSON writer escapes them as \u escapes; the terminal renderer
// (CommandOutput's Terminal) as \u{…}.

public enum DisplaySafety {
    /// Whether a display must not be given the scalar raw.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x2028 || v == 0x2029 || v == 0x200E || v == 0x200F || v == 0x061C
            || v == 0xAD || (0x200B...0x200D).contains(v) || (0x2060...0x2064).contains(v) || v == 0xFEFF
            || (0xE0000...0xE007F).contains(v)
    }

    /// Whether `byte` may start the UTF-8 of a scalar `isUnsafe` names: a C0 control, DEL, or the lead byte of
    /// a C1 control or the soft hyphen (C2), of U+061C (D8), of the separators, bidirectional marks, zero-width
    /// characters and invisible operators (E2), of the byte-order mark (EF), or of a tag character (F3). Every
    /// unsafe scalar starts with one (a test reads every scalar); most text holds none, and is passed whole.
    @inlinable
    public static func mayStartUnsafe(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF || byte == 0xF3
    }

    /// The scalar whose UTF-8 starts at `i` in `bytes` (valid UTF-8), for a lead byte `mayStartUnsafe` names:
    /// its value and its length in bytes (a control and DEL one, C2 and D8 two, E2 and EF three, F3 four).
    static func scalar(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = bytes[i]
        switch lead {
        case ..<0x80: return (UInt32(lead), 1)
        case ..<0xE0: return (UInt32(lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2)
        case ..<0xF0: return (UInt32(lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        default:
            return (UInt32(lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                    | UInt32(bytes[i + 3] & 0x3F), 4)
        }
    }

    /// Copies `bytes` (valid UTF-8) to `out` as runs of bytes, with each unsafe scalar, and each ASCII byte
    /// `alsoEscaped` names, written by `escape` (given the scalar's value) instead. Only a byte that may start
    /// an unsafe scalar is decoded and checked: a "…" or an accented letter is copied, not escaped. The
    /// terminal's escaping and the JSON writer's both copy through this (internal: both are this module's).
    static func copyEscaping(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8],
                             alsoEscaped: (UInt8) -> Bool = { _ in false },
                             escape: (UInt32, inout [UInt8]) -> Void) {
        var i = 0, run = 0
        while i < bytes.count {
            let byte = bytes[i]
            let named = alsoEscaped(byte)
            guard named || mayStartUnsafe(byte) else { i += 1; continue }
            let (value, length) = named ? (UInt32(byte), 1) : scalar(at: i, in: bytes)
            if named || Unicode.Scalar(value).map(isUnsafe) == true {
                out += UnsafeBufferPointer(rebasing: bytes[run..<i])
                escape(value, &out)
                run = i + length
            }
            i += length
        }
        out += UnsafeBufferPointer(rebasing: bytes[run..<bytes.count])
    }

    /// Text as a terminal should show it: every unsafe scalar as a `\u{1B}` escape, everything else unchanged.
    /// Text with no byte that may start one is returned as it is; other text is copied by `copyEscaping`.
    public static func escaped(_ text: String) -> String {
        let mayHoldUnsafe = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayStartUnsafe) }
            ?? text.utf8.contains(where: mayStartUnsafe)
        guard mayHoldUnsafe else { return text }
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            copyEscaping(bytes, into: &out) { value, out in
                out += "\\u{".utf8
                out += String(value, radix: 16, uppercase: true).utf8
                out.append(UInt8(ascii: "}"))
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
