// JSONLines.swift: a command's `--format json` output read back as the objects it printed, one per line;
// a line that is not a JSON object (a heading in text output) is left out. The one reader the suites use.
import Foundation

public enum JSONLines {
    /// Each line of `text` that is a JSON object, in order.
    public static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
