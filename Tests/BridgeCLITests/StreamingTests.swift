// StreamingTests.swift: url, check and replay print each result while their standard input is still open, as
// `adb logcat | bridge replay -` needs; read standard input when no input is named; and skip blank lines and
// comments in a URL list. A streaming run is held to one fact: its first result line arrived before its
// input was closed. The input is closed by the test only once that line arrived, or after a long wait (the
// run then fails on the fact, instead of hanging).
import Foundation
import TestSupport
import Testing

@Suite("streaming standard input", .blockingWork)
struct StreamingTests {
    /// Runs bridge, writes `first` to its standard input and keeps it open until a line of output came (or
    /// 60 s passed), then writes `rest` and closes it. Returns whether the first output line came while the
    /// input was open, and everything printed.
    static func firstLineWhileOpen(_ arguments: [String], first: String, rest: String) throws -> (streamed: Bool, stdout: String) {
        let executable = try #require(BridgeProcess.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = input.fileHandleForWriting
        writer.write(Data(first.utf8))
        let firstLine = DispatchSemaphore(value: 0)
        let closedFirst = LockedFlag()
        Thread.detachNewThread {
            if firstLine.wait(timeout: .now() + 60) == .timedOut { closedFirst.set() }
            writer.write(Data(rest.utf8))
            try? writer.close()
        }
        var collected = Data()
        var streamed = false
        var signalled = false
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected.append(chunk)
            if !signalled, collected.contains(0x0A) {
                streamed = !closedFirst.isSet
                signalled = true
                firstLine.signal()
            }
        }
        if !signalled { firstLine.signal() }
        process.waitUntilExit()
        return (streamed, String(decoding: collected, as: UTF8.self))
    }

    @Test("url, check and replay print the first result before their input ends", arguments: [
        ["url", "--format", "json", "-"],
        ["check", "--rules", "Fixtures/rules/capture.json", "--format", "json", "-"],
        ["url", "--format", "json"],
        ["check", "--rules", "Fixtures/rules/capture.json", "--format", "json"],
    ])
    func urlsStream(arguments: [String]) throws {
        let run = try Self.firstLineWhileOpen(arguments, first: "https://yourdomain.com/a\n", rest: "https://yourdomain.com/b\n")
        #expect(run.streamed)
        let inputs = JSONLines.objects(run.stdout).compactMap { ($0["input"] ?? $0["url"]) as? String }
        #expect(inputs == ["https://yourdomain.com/a", "https://yourdomain.com/b"], "\(run.stdout)")
    }

    @Test("replay prints the first navigation of a piped navlog before the log ends")
    func replayStreams() throws {
        let log = try String(contentsOf: Repository.root.appendingPathComponent("Fixtures/logs/android-interface.navlog"), encoding: .utf8)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.prefix(2).joined(separator: "\n") + "\n"
        let rest = lines.dropFirst(2).joined(separator: "\n")
        let run = try Self.firstLineWhileOpen(["replay", "--rules", "Fixtures/rules/capture.json", "--format", "json", "-"], first: first, rest: rest)
        #expect(run.streamed)
        let whole = try BridgeProcess.run(["replay", "--rules", "Fixtures/rules/capture.json", "--format", "json", "-"], stdin: log)
        #expect(JSONLines.objects(run.stdout).count == JSONLines.objects(whole.stdout).count)
    }

    @Test("a URL list's blank lines and # comments are not inputs")
    func commentsAndBlankLines() throws {
        let run = try BridgeProcess.run(["url", "--format", "json"], stdin: "# the sign-in results\n\nhttps://a.example/\n   \n#https://b.example/\nhttps://c.example/\n")
        #expect(run.status == 0)
        #expect(run.jsonObjects.compactMap { $0["input"] as? String } == ["https://a.example/", "https://c.example/"])
    }
}

/// A flag set once, read from another thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

@Suite("streaming standard input in flat memory", .blockingWork)
struct StreamingMemoryTests {
    /// A file of `count` URLs, one a line, each decided by the capture rules.
    static func urls(_ count: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("urls-\(count)-\(UUID().uuidString).txt").path
        var text = ""
        text.reserveCapacity(count * 40)
        for i in 0..<count { text += "https://yourdomain.com/p\(i % 1000)?x=\(i)\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("check holds no more memory for 1M URLs on standard input than for 10,000")
    func checkStandardInputInFlatMemory() throws {
        let small = try Self.urls(10_000), large = try Self.urls(1_000_000)
        defer { for path in [small, large] { try? FileManager.default.removeItem(atPath: path) } }
        let rules = Repository.path("Fixtures/rules/capture.json")
        let few = try PeakMemory.run(["check", "--rules", rules], standardInput: small)
        let many = try PeakMemory.run(["check", "--rules", rules], standardInput: large)
        #expect(few.status == 0 && many.status == 0 && few.peakKilobytes > 0)
        // The 1M URLs are 37 MB of input: a reader that kept them (or their results) would pass the bound.
        #expect(many.peakKilobytes - few.peakKilobytes < 16 * 1024, "10,000 URLs: \(few.peakKilobytes) KB; 1M: \(many.peakKilobytes) KB")
    }
}

extension StreamingTests {
    @Test("a reader of the output that has gone ends url, check and replay as a Unix filter ends: by SIGPIPE, saying nothing")
    func aReaderThatHasGone() throws {
        for arguments in [["url", "https://example.com/"], ["check", "--rules", Repository.path("Fixtures/rules/capture.json"), "https://yourdomain.com/"],
                          ["replay", "--rules", Repository.path("Fixtures/rules/capture.json"), Repository.path("Fixtures/logs/capture-signin.navlog")]] {
            let run = try ReaderlessRun.run(arguments)
            #expect(run.ended && run.reason == .uncaughtSignal && run.status == SIGPIPE && run.stderr.isEmpty, "\(arguments): \(run.status) \(run.stderr)")
        }
    }

    @Test("standard output that refuses writes for another reason (a full disk) is said on standard error, status 2, not taken for a reader gone")
    func standardOutputOnAFullDisk() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in [["url", "https://example.com/"], ["check", "--rules", Repository.path("Fixtures/rules/capture.json"), "https://yourdomain.com/"]] {
            let run = try ReaderlessRun.run(arguments, output: full)
            #expect(run.ended && run.reason == .exit && run.status == 2 && !run.stderr.isEmpty, "\(arguments): \(run.status) \(run.stderr)")
        }
    }
}
