// RulesFile.swift: a rules file read from a path, for the command-line tool and an app's own tests. The
// engine (NavigationPolicy) reads rules from bytes or a string only and opens no file; the file is read here,
// as every input of bridge is (`-`, a pipe, a process substitution), and each problem the engine finds is
// placed at its line and column and named with the file.
import InputProblems
import JSONText
import NavigationPolicy

extension RulesLoader {
    /// Reads the rules file at `path`.
    package static func load(path: String) throws(RulesError) -> Rules {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch { throw RulesError("", .unreadable(error), file: path) }
        do {
            return try parse(bytes)
        } catch {
            // Each problem at its line and column, in the file's order, each naming the file.
            var located = error.located(inFile: bytes)
            located.file = path
            located.others = located.others.map { var other = $0; other.file = path; return other }
            throw located
        }
    }
}

extension PolicyEngine {
    /// Loads and compiles the rules file at `path`.
    package init(rulesFile path: String) throws(RulesError) {
        self.init(rules: try RulesLoader.load(path: path))
    }
}
