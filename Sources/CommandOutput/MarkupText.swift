// MarkupText.swift: the one escaping of text into markup, for the JUnit XML report and the HTML report: the
// characters that open markup or end an attribute as entities, and (through Terminal.safe, DisplaySafety)
// every control, bidirectional and invisible character as a visible escape, so a lookalike hidden in a URL
// shows in a report as it shows in a terminal. XML 1.0's two non-characters are escaped as well.

package enum MarkupText {
    /// Text for XML or HTML attributes and content.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in Terminal.safe(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Terminal.safe has escaped the controls; XML 1.0 also forbids U+FFFE and U+FFFF.
                if (0xFFFE...0xFFFF).contains(scalar.value) { out += "\\u{\(String(scalar.value, radix: 16))}" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
