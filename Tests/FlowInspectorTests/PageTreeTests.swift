// PageTreeTests.swift: a tree of pages inspected as `bridge inspect` is given it: a directory's .html and
// .htm files in sorted order, a page file, and inputs that cannot be read named as errors while the rest
// are still inspected.
import Foundation
@testable import FlowInspector
import Testing

@Suite("A tree of pages")
struct PageTreeTests {
    @Test("a directory's pages in sorted order, a file, and each input that cannot be read as an error")
    func tree() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["b.html", "a.HTM", "sub/c.html", "notes.txt"] {
            try Data("<p>\(name)</p>".utf8).write(to: directory.appendingPathComponent(name))
        }
        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var errors: [InputError] = []
        let sources = PageSource.expand(directory.path, errors: &errors)
        let files = sources.compactMap { if case .file(let path, let root) = $0, root == directory.path { path } else { nil } }
        #expect(files == ["a.HTM", "b.html", "sub/c.html"].map { directory.appendingPathComponent($0).path })
        #expect(errors.isEmpty)

        let missing = directory.appendingPathComponent("missing.html").path
        let result = Inspector().inspect(inputs: [directory.path, missing, empty.path, "https://exa mple.com/"], origin: nil, fetchTimeout: 1)
        #expect(result.pages == 3)
        #expect(result.errors.map(\.reason) == [.noSuchFile, .noPages, .notAURL])
        #expect(result.errors.map(\.input) == [missing, empty.path, "https://exa mple.com/"])
    }
}
