// EnginePurityTests.swift: the engine an app links is pure, read from its sources: its modules import
// nothing but one another (and CByteScan, a header of standard C), so no OS module and no Foundation (whose
// implementations differ between Linux and Apple platforms), and no Swift file of theirs has a compile-time
// branch (`#if os`, `canImport`, `arch`). What Linux CI compiles and tests of them is then what an iOS
// build compiles. The package's own graph is checked too: the engine's targets depend on engine targets only.
import Foundation
import TestSupport
import Testing

@Suite struct EnginePurityTests {
    static let engine = ["BrowserURL", "JSONText", "SensitiveText", "InputProblems", "NavigationPolicy"]
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

    @Test("the package's engine targets depend on engine targets only")
    func packageGraph() throws {
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        for module in Self.engine {
            // `.target(name: "X"…)` or `name: "X",\n dependencies: [...]`: the dependencies up to the closing bracket.
            guard let start = manifest.range(of: "name: \"\(module)\"") else { Issue.record("no target \(module)"); continue }
            let rest = manifest[start.upperBound...]
            let end = rest.range(of: ")")?.lowerBound ?? rest.endIndex
            let declaration = rest[..<end]
            guard let open = declaration.range(of: "dependencies: [") else { continue }
            let list = declaration[open.upperBound...].prefix { $0 != "]" }
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            for name in names where !name.isEmpty {
                #expect(Self.allowedImports.contains(name), "\(module) depends on \(name)")
            }
        }
    }
}
