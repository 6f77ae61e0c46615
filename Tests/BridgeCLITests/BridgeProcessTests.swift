// BridgeProcessTests.swift: the process runner the CLI suites use drains what a child writes to standard
// output and standard error, and writes its standard input, each beyond what a pipe holds (64 KB): a
// runner that read one pipe to its end before the other, or wrote all of standard input first, would
// wait forever on these.
import TestSupport
import Foundation
import Testing

@Suite("the process runner", .blockingWork)
struct BridgeProcessTests {
    @Test("standard error beyond a pipe's 64 KB while standard output is being read")
    func longStandardError() throws {
        let missing = (0..<2000).map { "/nonexistent/page-\($0)-of-a-long-list-of-inputs.html" }
        let run = try BridgeProcess.run(["inspect"] + missing)
        #expect(run.status == 2)
        #expect(run.stderr.utf8.count > 1 << 16)
        #expect(run.stderr.split(separator: "\n").count == missing.count)
    }

    @Test("standard input beyond a pipe's 64 KB while the child writes more than one to standard output")
    func longStandardInput() throws {
        let urls = (0..<3000).map { "https://yourdomain.com/oauth/callback?n=\($0)" }
        let input = urls.joined(separator: "\n") + "\n"
        let run = try BridgeProcess.run(["url", "-"], stdin: input)
        #expect(input.utf8.count > 1 << 16)
        #expect(run.status == 0)
        #expect(run.stdout.utf8.count > 1 << 16)
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("input ") }.count == urls.count)
    }
}
