// ByteSearchTests.swift: the memchr searches the inspector's scans share: a byte, and a byte sequence (the
// source map's JTL tags, the charset prescan) within bounds, never past them; and the JTL tag scan built
// on them, past lone braces.
import Testing
@testable import FlowInspector

@Suite("byte search")
struct ByteSearchTests {
    @Test("a byte sequence, found whole, first occurrence, within [from, to)", arguments: [
        ("abcabc", "abc", 0, 6, 0),
        ("abcabc", "abc", 1, 6, 3),
        ("aaab", "aab", 0, 4, 1),            // a failed candidate at 0, the match one byte on
        ("xx{* a *}", "{* a *}", 0, 9, 2),   // at the very end
        ("abcabc", "abc", 1, 5, nil),        // the second one ends past `to`
        ("abc", "abcd", 0, 3, nil),          // longer than the bytes
        ("abc", "", 0, 3, nil),
        ("abc", "c", 3, 3, nil),             // an empty range
        ("abc", "c", 0, 99, 2),              // `to` past the end is the end
    ] as [(String, String, Int, Int, Int?)])
    func sequence(bytes: String, needle: String, from: Int, to: Int, expected: Int?) {
        #expect(Array(bytes.utf8).firstIndex(of: needle.utf8, from: from, to: to) == expected)
    }

    @Test("a byte, within [from, to)", arguments: [
        ("a<b<c", 0, 5, 1), ("a<b<c", 2, 5, 3), ("a<b<c", 4, 5, nil), ("a<b<c", 2, 3, nil), ("", 0, 0, nil),
    ] as [(String, Int, Int, Int?)])
    func byte(bytes: String, from: Int, to: Int, expected: Int?) {
        #expect(Array(bytes.utf8).firstIndex(of: UInt8(ascii: "<"), from: from, to: to) == expected)
    }
}

@Suite("JTL tags in a screen's text")
struct JTLTagScanTests {
    @Test func tagsAreFoundPastLoneBracesAndLocatedInThePage() {
        let page = "<div id=\"s\">\n{ x } {* #f *}{ {*  a  *}\n{* /f *} {* open"
        let map = SourceMap(Array(page.utf8))
        let text = String(page.dropFirst("<div id=\"s\">".count))
        let tags = FlowPageBuilder.jtlTags(in: text, from: 0, map: map)
        #expect(tags.map(\.body) == ["#f", "a", "/f"])   // an unterminated "{* open" is not a tag
        #expect(tags.map(\.position) == [SourcePosition(line: 2, column: 7), SourcePosition(line: 2, column: 17),
                                          SourcePosition(line: 3, column: 1)])
    }
}
