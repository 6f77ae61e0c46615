// Fixtures.swift: locating the repository's Fixtures/ folder from the tests and loading JSON from it.
import TestSupport
import Foundation

enum Fixtures {
    /// The repository root.
    static let root = Repository.root

    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
    }

    static func json(_ relativePath: String) throws -> Any {
        let text = try String(contentsOf: url(relativePath), encoding: .utf8)
        let data = Data(replacingLoneSurrogateEscapes(text).utf8)
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// JSON escapes of lone UTF-16 surrogates (WPT uses them) become U+FFFD, which is what a browser's
    /// USVString conversion does to them before the URL parser sees the input.
    static func replacingLoneSurrogateEscapes(_ text: String) -> String {
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
