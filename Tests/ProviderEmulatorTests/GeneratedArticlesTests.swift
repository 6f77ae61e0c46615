// GeneratedArticlesTests.swift: the DocC articles made from the code are what the code makes now: the
// emulator's endpoints (from its route tables) and the inspector's checks (from the check catalogue).
// With BRIDGE_WRITE_DOCS=1 the test writes them instead of comparing.
import TestSupport
import FlowInspector
import Foundation
import ProviderEmulator
import Testing

@Suite struct GeneratedArticles {
    static let root = Repository.root

    static let writing = ProcessInfo.processInfo.environment["BRIDGE_WRITE_DOCS"] == "1"

    @Test(arguments: [
        ("Sources/ProviderEmulator/ProviderEmulator.docc/Endpoints.md", EmulatorRouter.article),
        ("Sources/FlowInspector/FlowInspector.docc/Checks.md", CheckCatalogue.article),
    ])
    func articleIsCurrent(path: String, generated: String) throws {
        let url = Self.root.appendingPathComponent(path)
        if Self.writing { try generated.write(to: url, atomically: true, encoding: .utf8) }
        let saved = try String(contentsOf: url, encoding: .utf8)
        #expect(saved == generated, "\(path) is not what the code makes: run BRIDGE_WRITE_DOCS=1 swift test --filter GeneratedArticles")
    }
}
