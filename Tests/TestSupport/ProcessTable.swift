// ProcessTable.swift: the processes a test started, found again after their parent is gone. A test sets a
// variable of its own in the environment of the process it starts; the children that process starts (an
// Xvfb, a browser) inherit it, so /proc tells which of them still run, whatever their parent now is.
import Foundation

public enum ProcessTable {
    /// A variable for `environment:`, unique to the caller.
    public static func tag() -> (name: String, value: String) { ("BRIDGE_TEST_TAG", UUID().uuidString) }

    /// The processes named `command` (as /proc/PID/comm says) still running, not zombies, whose environment
    /// holds `tag`.
    public static func running(_ command: String, tagged tag: (name: String, value: String)) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let wanted = Array("\(tag.name)=\(tag.value)".utf8)
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == command,
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].split(separator: " ").first != "Z",
                  let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environment.split(separator: 0).contains { Array($0) == wanted }
        }
    }
}
