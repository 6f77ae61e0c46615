// WPTJSON.swift: reading the web-platform-tests URL suites (Fixtures/conformance/wpt-url) as a browser's test
// harness sees them: JSON whose escaped lone surrogates become U+FFFD, which JSONSerialization would refuse.
import Foundation

public enum WPTJSON {
    /// The suite's cases (its comment strings left out).
    public static func cases(_ suite: String) throws -> [[String: Any]] {
        let url = Repository.root.appendingPathComponent("Fixtures/conformance/wpt-url").appendingPathComponent(suite)
        let text = try String(contentsOf: url, encoding: .utf8)
        let value = try JSONSerialization.jsonObject(with: Data(replacingLoneSurrogateEscapes(text).utf8), options: [.fragmentsAllowed])
        return (value as? [Any] ?? []).compactMap { $0 as? [String: Any] }
    }

    /// JSON escapes of lone UTF-16 surrogates (WPT uses them) become U+FFFD, which is what a browser's
    /// USVString conversion does to them before the URL parser sees the input.
    public static func replacingLoneSurrogateEscapes(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        func surrogate(at i: Int) -> UInt32? {
            guard i + 5 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "u" else { return nil }
            guard let v = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)...(i + 5)])), radix: 16),
                  (0xD800...0xDFFF).contains(v) else { return nil }
            return v
        }
        var i = 0
        var backslashRun = 0
        while i < scalars.count {
            if scalars[i] == "\\" && backslashRun % 2 == 0, let high = surrogate(at: i) {
                if (0xD800...0xDBFF).contains(high), let low = surrogate(at: i + 6), (0xDC00...0xDFFF).contains(low) {
                    i += 12
                    backslashRun = 0
                    continue
                }
                scalars.replaceSubrange(i...(i + 5), with: "\\uFFFD".unicodeScalars)
                i += 6
                backslashRun = 0
                continue
            }
            backslashRun = scalars[i] == "\\" ? backslashRun + 1 : 0
            i += 1
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
