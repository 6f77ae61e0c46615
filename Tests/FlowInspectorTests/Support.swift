// Support.swift: locating the repository, writing example pages to a temporary folder, and inspecting them.
import TestSupport
import Foundation
@testable import FlowInspector
import NavigationPolicy

enum Repository {
    /// The repository root: three levels up from this file.
    static let root = TestSupport.Repository.root

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static func captureEngine() throws -> PolicyEngine { try PolicyEngine(rulesFile: path("Fixtures/rules/capture.json")) }
}

enum ExampleRunner {
    /// Writes the example (page and siblings) to a fresh folder and inspects it.
    static func findings(_ example: CheckExample, rules: Bool) throws -> [Finding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        try Data(example.html.utf8).write(to: page)
        for (name, content) in example.siblings {
            try Data(content.utf8).write(to: folder.appendingPathComponent(name))
        }
        let inspector = Inspector(engine: rules ? try Repository.captureEngine() : nil)
        return try inspector.inspect(file: page.path).get()
    }
}
