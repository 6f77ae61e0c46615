// PlatformArticleTests.swift: Platforms.md's table is written from PlatformFacts.all, so the article says
// what Platform.unasked does. A fact changed without the article fails here; run the suite with
// BRIDGE_WRITE_DOCS=1 to write the table anew, then read the diff.
import CommandOutput
import Foundation
import NavigationPolicy
import Testing
import TestSupport

@Suite("Platform article")
struct PlatformArticleTests {
    static let article = Repository.path("Sources/NavigationPolicy/NavigationPolicy.docc/Platforms.md")

    @Test("Platforms.md's table is the one PlatformFacts.all writes")
    func tableIsWritten() throws {
        let text = try String(contentsOfFile: Self.article, encoding: .utf8)
        let written = try #require(PlatformArticle.replacingTable(in: text))
        if ProcessInfo.processInfo.environment["BRIDGE_WRITE_DOCS"] == "1", written != text {
            try written.write(toFile: Self.article, atomically: true, encoding: .utf8)
        }
        #expect(written == text)
    }

    @Test("each row names its kind once, cites every source of its fact and says asked or why not for both platforms")
    func rows() {
        let rows = PlatformArticle.table().split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| navigation") && !$0.hasPrefix("| ---") }
        #expect(rows.count == PlatformFacts.all.count)
        for (row, fact) in zip(rows, PlatformFacts.all) {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells[1] == fact.kind.words)
            #expect(cells[2] == (fact.ios.map { "**not asked**: `\($0.valueText)`" } ?? "asked"))
            #expect(cells[3] == (fact.android.map { "**not asked**: `\($0.valueText)`" } ?? "asked"))
            #expect(cells[4] == fact.sources.map(\.markdown).joined(separator: "<br>"))
        }
    }
}
