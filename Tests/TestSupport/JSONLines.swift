// JSONLines.swift: a command's `--format json` output read back as the objects it printed, one per line;
// a line that is not a JSON object (a heading in text output) is left out. The one reader the suites use.
import Foundation

public enum JSONLines {
    /// Each line of `text` that is a JSON object, in order.
    public static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The objects whose `type` (the output schema's) is `type`, in order.
    public static func objects(_ text: String, type: String) -> [[String: Any]] {
        objects(text).filter { $0["type"] as? String == type }
    }

    /// The lines with each navigation's and call's `findings` (their ids, whose finding lines follow it) replaced
    /// by those finding lines, found by engine, file and id: for a test that reads a row's findings with the row.
    public static func resolvingFindings(_ lines: [[String: Any]]) -> [[String: Any]] {
        func key(_ line: [String: Any], _ id: String) -> String { "\(line["engine"] ?? "")|\(line["file"] ?? "")|\(id)" }
        var found: [String: [String: Any]] = [:]
        for line in lines where line["type"] as? String == "finding" {
            if let id = line["id"] as? String { found[key(line, id)] = line }
        }
        return lines.map { line in
            guard ["navigation", "call"].contains(line["type"] as? String ?? ""), let ids = line["findings"] as? [String] else { return line }
            var resolved = line
            resolved["findings"] = ids.compactMap { found[key(line, $0)] }
            return resolved
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    /// Whether the member is there with a value: neither absent nor null (the schema writes every member of a
    /// line, null when it has none).
    public func has(_ key: String) -> Bool { self[key].map { !($0 is NSNull) } ?? false }
}
