// EnginePurityTests.swift: the engine an app links is pure, read from its sources: its modules import
// nothing but one another (and CByteScan, a header of standard C), so no OS module and no Foundation (whose
// implementations differ between Linux and Apple platforms), and no Swift file of theirs has a compile-time
// branch (`#if os`, `canImport`, `arch`). What Linux CI compiles and tests of them is then what an iOS
// build compiles. The package's graph is checked too, as the README draws it from Package.swift (CI holds the
// two equal): the engine's targets depend on engine targets only.
import Foundation
import TestSupport
import Testing

@Suite struct EnginePurityTests {
    static let engine = ["BrowserURL", "JSONText", "SensitiveText", "SecretPolicy", "InputProblems", "NavigationPolicy"]
    static let allowedImports = Set(engine + ["CByteScan"])

    static func sources(_ module: String) throws -> [(name: String, text: String)] {
        let directory = Repository.path("Sources/" + module)
        let names = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) }
    }

    /// The modules a Swift file imports, whatever the attribute or kind (`@testable`, `import struct …`).
    static func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard words.first == "import", words.count >= 2 else { return nil }
            let path = words.count > 2 && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(String(words[1]))
                ? words[2] : words[1]
            return String(path.split(separator: ".").first ?? path)
        }
    }

    @Test("the engine's files import only the engine's modules", arguments: engine)
    func importsOnlyTheEngine(_ module: String) throws {
        let files = try Self.sources(module)
        #expect(!files.isEmpty)
        for (name, text) in files {
            let foreign = Self.imports(text).filter { !Self.allowedImports.contains($0) }
            #expect(foreign.isEmpty, "\(module)/\(name) imports \(foreign)")
        }
    }

    @Test("the engine's files have no compile-time branch", arguments: engine)
    func noPlatformBranch(_ module: String) throws {
        for (name, text) in try Self.sources(module) {
            let branches = text.split(separator: "\n").filter { $0.drop(while: { $0 == " " }).hasPrefix("#if") }
            #expect(branches.isEmpty, "\(module)/\(name): \(branches)")
        }
    }

    @Test("the reader of imports sees every form of import")
    func importReader() {
        #expect(Self.imports("import Foundation\n@testable import Glibc\nimport struct Darwin.size_t\n  // import Nothing\n")
                == ["Foundation", "Glibc", "Darwin"])
    }

    /// The README's module graph (`Target ← dependencies`), which `.ci/module-graph --check` holds equal to
    /// Package.swift in CI: each target's dependencies, by name.
    static func moduleGraph() throws -> [String: [String]] {
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "<!-- module-graph -->\n```\n"),
              let end = readme[start.upperBound...].range(of: "```") else { return [:] }
        var graph: [String: [String]] = [:]
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let sides = line.components(separatedBy: "←")
            guard sides.count == 2 else { continue }
            let names = sides[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            graph[sides[0].trimmingCharacters(in: .whitespaces)] = names == ["(nothing)"] ? [] : names
        }
        return graph
    }

    @Test("the package's engine targets depend on engine targets only", arguments: engine)
    func packageGraph(_ module: String) throws {
        let graph = try Self.moduleGraph()
        let dependencies = try #require(graph[module], "\(module) is not in the README's module graph")
        #expect(dependencies.allSatisfy(Self.allowedImports.contains), "\(module) depends on \(dependencies)")
    }

    @Test("the graph reader sees a target beyond the engine (RulesAudit, which reads files) depend on one")
    func graphReader() throws {
        let rulesAudit = try #require(try Self.moduleGraph()["RulesAudit"])
        #expect(rulesAudit.contains("InputFiles") && !rulesAudit.allSatisfy(Self.allowedImports.contains))
    }
}
