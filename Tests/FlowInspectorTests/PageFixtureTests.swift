// PageFixtureTests.swift: our own flows in web/ inspect clean (with the Capture rules), and every broken
// page in Fixtures/pages yields exactly the findings its .expected file lists.
import Foundation
import Testing
@testable import FlowInspector

@Suite("Pages")
struct PageFixtureTests {
    static let brokenPages: [String] = {
        let folder = Repository.path("Fixtures/pages")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
    }()

    @Test("web/ inspects clean")
    func webIsClean() throws {
        let folder = Repository.path("web")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count >= 5)
        let inspector = Inspector(engine: try Repository.captureEngine())
        for page in pages {
            let findings = try inspector.inspect(file: folder + "/" + page).get()
            #expect(findings.isEmpty, "\(page): \(findings.map { "\($0.position.line):\($0.position.column) \($0.check): \($0.detail)" })")
        }
    }

    @Test("each broken page yields exactly its expected findings", arguments: brokenPages)
    func brokenPage(name: String) throws {
        let path = Repository.path("Fixtures/pages/\(name)")
        let expectedFile = String(path.dropLast(".html".count)) + ".expected"
        let expected = try String(contentsOfFile: expectedFile, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
        #expect(!expected.isEmpty, "\(name) has no expected finding")
        let findings = try Inspector(engine: Repository.captureEngine()).inspect(file: path).get()
        let actual = findings.map { "\($0.position.line):\($0.position.column) \($0.severity.rawValue) \($0.check)" }
        #expect(actual == expected)
    }

    @Test("at least ten broken pages, and together they trip at least twenty different checks")
    func coverage() throws {
        #expect(Self.brokenPages.count >= 10)
        var checks = Set<String>()
        for name in Self.brokenPages {
            let path = Repository.path("Fixtures/pages/\(name)")
            for finding in try Inspector(engine: Repository.captureEngine()).inspect(file: path).get() { checks.insert(finding.check) }
        }
        print("Fixtures/pages: \(Self.brokenPages.count) pages trip \(checks.count) of \(CheckCatalogue.all.count + CheckCatalogue.inputChecks.count) checks")
        #expect(checks.count >= 20)
    }
}
