// NavlogReaderTests.swift: navlog lines in, records and rejections out, with line numbers: every bad line
// reported with its reason, records read = replayed + rejected, and lines that cross read chunks, CRLF,
// a byte-order mark and overlong lines handled.
import Foundation
import Testing
@testable import NavigationReplay

@Suite struct NavlogReaderTests {
    @Test func badLinesAreEachReportedAndCounted() throws {
        let result = try ReplayHarness.replay(file: "Fixtures/logs/bad-lines.navlog")
        let reasons = Dictionary(uniqueKeysWithValues: result.rejected.map { ($0.location.line!, $0.reason) })
        let expected: [Int: String] = [
            3: "not JSON at column 1",
            4: "no url",
            5: "is not a URL",
            6: "navigationType \"swipe\"",
            7: "url must be a string",
            10: "must be a JSON object, not an array",
            11: "key url appears twice",
            12: "isMainFrame must be true or false",
            14: "truncated",
        ]
        #expect(Set(reasons.keys) == Set(expected.keys))
        for (line, fragment) in expected {
            #expect(reasons[line]?.contains(fragment) == true, "line \(line): \(reasons[line] ?? "not rejected")")
        }
        #expect(result.navigations.map(\.seq) == [0, 6, 9])
        #expect(result.summary.recordsRead == 12)
        #expect(result.summary.recordsRead == result.summary.replayed + result.summary.rejected)
        #expect(result.summary.hasHeader)
        #expect(!result.summary.isConsistent)
    }

    @Test func linesCrossingChunksCRLFAndBOM() throws {
        // ~40 bytes a line, 20,000 lines: many lines cross the 64 KB read chunks.
        var text = "\u{FEFF}"
        for i in 0..<20_000 {
            text += #"{"seq":\#(i),"url":"https://yourdomain.com/p\#(String(repeating: "x", count: i % 97))"}"#
            text += i % 3 == 0 ? "\r\n" : "\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString).navlog")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ReplayHarness.replay(try ByteInput(path: file.path))
        #expect(result.rejected.isEmpty, "\(result.rejected.prefix(3))")
        #expect(result.navigations.count == 20_000)
        #expect(result.navigations.enumerated().allSatisfy { $0.offset == $0.element.seq })
        #expect(result.navigations.last?.record.location.line == 20_000)
    }

    /// Linux's /proc/self/mem opens, and its first read fails with EIO: a read error from a real file.
    static let failingFile = "/proc/self/mem"

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: failingFile), "a file whose read fails (Linux's /proc/self/mem)"))
    func aReadThatFailsIsRejectedNotTakenAsTheEnd() throws {
        let input = try ByteInput(path: Self.failingFile)
        var items: [LogItem] = []
        NavlogReader().read(input) { items.append($0) }
        #expect(input.failure == .readFailed(Self.failingFile, offset: 0, code: EIO))
        guard items.count == 1, case .rejected(let rejected) = items[0] else {
            Issue.record("expected one rejection, got \(items)")
            return
        }
        #expect(rejected.location.line == 1)
        #expect(LogFormat.sniff(try ByteInput(path: Self.failingFile)) == .navlog)
        #expect(throws: ReplayInputError.readFailed(Self.failingFile, offset: 0, code: EIO)) {
            try ByteInput(path: Self.failingFile).readAll(limit: 1 << 20)
        }
    }

    @Test func anOverlongLineIsRejectedWithoutBeingHeld() {
        var reader = NavlogReader()
        reader.maxLineBytes = 1_000
        let text = #"{"url":"https://a.example/"}"# + "\n" + #"{"url":"https://a.example/\#(String(repeating: "y", count: 5_000))"}"# + "\n" + #"{"url":"https://b.example/"}"#
        var items: [LogItem] = []
        reader.read(ByteInput(name: "t", bytes: Array(text.utf8))) { items.append($0) }
        #expect(items.count == 3)
        guard case .rejected(let r) = items[1] else { Issue.record("line 2 not rejected"); return }
        #expect(r.location.line == 2 && r.reason.contains("longer than"))
    }

    @Test func blankLinesAreNotRecords() throws {
        let result = try ReplayHarness.replay(text: "\n\n" + #"{"url":"https://yourdomain.com/"}"# + "\n   \n")
        #expect(result.summary.recordsRead == 1 && result.navigations.first?.record.location.line == 3)
    }

    @Test func aHeaderAfterTheFirstLineIsRejected() throws {
        let result = try ReplayHarness.replay(text: #"{"url":"https://yourdomain.com/"}"# + "\n" + #"{"format":"bridge-navlog","version":1}"#)
        #expect(result.rejected.first?.reason.contains("first line only") == true)
    }

    @Test func unsupportedVersionIsRejected() throws {
        let result = try ReplayHarness.replay(text: #"{"format":"bridge-navlog","version":2}"#)
        #expect(result.rejected.first?.reason.contains("version 2 is not supported") == true)
    }

    @Test(arguments: [
        (#"{"url":"https://a/"}"#, LogFormat.navlog),
        ("{\n  \"log\": {\"entries\": []}\n}", LogFormat.har),
        (#"{"log":{"entries":[]}}"#, LogFormat.har),
        ("[{\"method\":\"Page.frameNavigated\",\"params\":{}}]", LogFormat.cdp),
        (#"{"format":"bridge-navlog","version":1}"# + "\n", LogFormat.navlog),
    ])
    func sniffing(text: String, format: LogFormat) {
        #expect(LogFormat.sniff(ByteInput(name: "t", bytes: Array(text.utf8))) == format)
    }
}
