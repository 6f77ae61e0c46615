// NavlogReaderTests.swift: navlog lines in, records and rejections out, with line numbers: every bad line
// reported with its reason, records read = replayed + rejected, and lines that cross read chunks, CRLF,
// a byte-order mark and overlong lines handled.
import Foundation
import NavigationPolicy
import Testing
@testable import NavigationReplay

@Suite struct NavlogReaderTests {
    @Test func badLinesAreEachReportedAndCounted() throws {
        let result = try ReplayHarness.replay(file: "Fixtures/logs/bad-lines.navlog")
        let reasons = Dictionary(uniqueKeysWithValues: result.rejected.map { ($0.location.line!, $0.reason) })
        // Line 5's URL error is the parser's (its own tests say which).
        guard case .unparseableURL("https://exa mple.com/", _)? = reasons[5] else { Issue.record("line 5: \(String(describing: reasons[5]))"); return }
        var others = reasons
        others[5] = nil
        let expected: [Int: RejectionReason] = [
            3: .notJSON(column: 1, .notAValue),
            4: .field(.missingURL),
            6: .field(.unknownNavigationType("swipe")),
            7: .field(.wrongType(key: "url", expected: .string)),
            10: .notJSON(column: 1, .notAnObject(.array)),
            11: .field(.repeatedKey("url")),
            12: .field(.wrongType(key: "isMainFrame", expected: .boolean)),
            // The last line, cut off without a line end.
            14: .incompleteJSON(column: 88, fileEndsHere: true),
        ]
        #expect(others == expected)
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

    @Test("a method that is not an RFC 9110 token is the line's error; a token is taken, the six Fetch knows in any case", arguments: [
        (" POST", nil), ("", nil), ("GE T", nil), ("POST\\n", nil), ("GET", HTTPMethod.get), ("post", .post), ("PROPFIND", .other("PROPFIND")),
        ("M-SEARCH", .other("M-SEARCH")),
    ])
    func methods(method: String, parsed: HTTPMethod?) throws {
        let taken = parsed != nil
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("method-\(UUID().uuidString).navlog")
        try Data(#"{"url":"https://yourdomain.com/","method":"\#(method)"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ReplayHarness.replay(try ByteInput(path: file.path))
        if taken {
            #expect(result.rejected.isEmpty && result.navigations.first?.record.method == parsed)
        } else {
            let decoded = method.replacingOccurrences(of: "\\n", with: "\n")
            #expect(result.rejected.map(\.reason) == [.field(.notAMethod(decoded))])
        }
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
        #expect(r.location.line == 2 && r.reason == .lineTooLong(limit: reader.maxLineBytes))
    }

    @Test func blankLinesAreNotRecords() throws {
        let result = try ReplayHarness.replay(text: "\n\n" + #"{"url":"https://yourdomain.com/"}"# + "\n   \n")
        #expect(result.summary.recordsRead == 1 && result.navigations.first?.record.location.line == 3)
    }

    @Test func aHeaderAfterTheFirstLineIsRejected() throws {
        let result = try ReplayHarness.replay(text: #"{"url":"https://yourdomain.com/"}"# + "\n" + #"{"format":"bridge-navlog","version":1}"#)
        #expect(result.rejected.map(\.reason) == [.field(.headerNotOnFirstLine)])
    }

    @Test func unsupportedVersionIsRejected() throws {
        let result = try ReplayHarness.replay(text: #"{"format":"bridge-navlog","version":2}"#)
        #expect(result.rejected.map(\.reason) == [.field(.unsupportedVersion(2))])
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
