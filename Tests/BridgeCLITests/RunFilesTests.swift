// RunFilesTests.swift: one account of a run's files, at the binary: no command writes over a file it reads
// (named, read by an option such as --expect, found by walking a directory of inputs) or over another of its
// own outputs, --force or not; each refusal exits 2 before anything is written, and the file is left as it was.
import Foundation
import TestSupport
import Testing

@Suite(.blockingWork)
struct RunFilesTests {
    /// A folder holding a page, a case file, a log and a transcript, each with known bytes.
    static func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-runfiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("site"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data("<!doctype html><title>page</title>".utf8).write(to: directory.appendingPathComponent("site/page.html"))
        try Data(#"{"url":"https://yourdomain.com/","expect":{"decision":"allow"}}"#.utf8 + [10]).write(to: directory.appendingPathComponent("cases/a.jsonl"))
        try Data(#"{"seq":0,"url":"https://yourdomain.com/"}"#.utf8 + [10]).write(to: directory.appendingPathComponent("log.navlog"))
        try Data("kept\n".utf8).write(to: directory.appendingPathComponent("t.jsonl"))
        return directory
    }

    static let rules = Repository.path("Fixtures/rules/capture.json")

    @Test("a file the run reads or another of its outputs is never written, --force or not", arguments: [
        (["inspect", "--report", "site/page.html", "--force", "site/"], "site/page.html"),
        (["inspect", "--output", "site/page.html", "--force", "site"], "site/page.html"),
        (["inspect", "--output", "r.html", "--report", "./r.html", "--force", "site"], nil),
        (["test", "--rules", rules, "--report", "cases/a.jsonl", "--force", "cases"], "cases/a.jsonl"),
        (["test", "--rules", rules, "--output", "out.xml", "--report", "out.xml", "--force", "cases"], nil),
        (["replay", "--rules", rules, "--expect", "t.jsonl", "--report", "t.jsonl", "--force", "log.navlog"], "t.jsonl"),
        (["host", "--rules", rules, "--record", "run.out", "--report", "run.out", "--force", "site/page.html"], nil),
    ] as [([String], String?)])
    func neverOverAnInputOrAnotherOutput(_ arguments: [String], kept: String?) throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted()
        let keptBytes = try kept.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        let run = try BridgeProcess.run(arguments, directory: directory)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        let after = try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted()
        #expect(after == before, "\(arguments) wrote \(Set(after).subtracting(before))")
        if let kept { #expect(try Data(contentsOf: directory.appendingPathComponent(kept)) == keptBytes) }
    }

    @Test("a file under a walked directory that the walk does not read may be written")
    func outsideTheWalk() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try BridgeProcess.run(["inspect", "--output", "site/findings.txt", "site"], directory: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("site/findings.txt").path))
    }
}
