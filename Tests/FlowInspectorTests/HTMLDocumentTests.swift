// HTMLDocumentTests.swift: the page model read from libxml2's SAX events: what a walk of libxml2's tree
// found is still found (JTL text split across libxml2's character buffers, text nodes split by comments,
// attributes decoded), what the walk missed is read (a script after </html>, which libxml2 puts in a
// second root), lines past 65,535 are the parser's own (the tree stored 65,535 for them); scripts handed
// to the background scanner come back in page order; the <meta> charset prescan; deferred frees.
import Foundation
import SeededRandom
import Testing
@testable import FlowInspector

@Suite("page model from libxml2's events")
struct HTMLDocumentTests {
    static func page(_ html: String) -> FlowPage {
        FlowPageBuilder.build(name: "page.html", bytes: Array(html.utf8), pageURL: nil, directory: nil)
    }

    static func screen(_ inner: String, id: String = "s1") -> String {
        "<html><body>\n<div id=\"\(id)\" style=\"display:none\">\(inner)</div>\n</body></html>\n"
    }

    @Test("a JTL tag is found wherever libxml2 cuts the text into its 1,000-byte character buffers", arguments: 990...1010)
    func jtlAcrossBuffers(padding: Int) {
        let page = Self.page(Self.screen(String(repeating: "x", count: padding) + "{* #form *}{* /form *}"))
        #expect(page.screens.map(\.id) == ["s1"])
        #expect(page.screens.first?.tags.map(\.body) == ["#form", "/form"])
    }

    @Test("a comment between \"{\" and \"*\" makes two text nodes: no JTL, no screen")
    func commentSplitsText() {
        #expect(Self.page(Self.screen("{<!-- x -->* #form *}")).screens.isEmpty)
        #expect(Self.page(Self.screen("{* #form *}<!-- x -->{* /form *}")).screens.first?.tags.count == 2)
    }

    @Test("JTL in a script is script text, not a screen's")
    func jtlInScript() {
        #expect(Self.page(Self.screen("<script>var t = '{* #form *}';</script>")).screens.isEmpty)
    }

    @Test("attribute values are read as libxml2 decodes them; a value-less hidden hides")
    func attributes() {
        let page = Self.page("<html><body>\n<div id=\"a&amp;b\" hidden>{* #f *}{* /f *}</div>\n<a href=\"/x?a=1&amp;b=2\" data-capturescreen=\"a&amp;b\">x</a>\n</body></html>")
        #expect(page.ids.contains("a&b"))
        #expect(page.screens.first?.id == "a&b")
        #expect(page.screens.first?.hidden == true)
        #expect(page.links.map(\.text) == ["/x?a=1&b=2"])
        #expect(page.screenLinks.map(\.target) == ["a&b"])
    }

    @Test("a script after </html> is read, as a browser reads it (libxml2 puts it in a second root, which the tree walk never reached)")
    func afterHTML() {
        // The shape of Janrain's demo pages with a script appended: a doctype, and the script right after </html>.
        let page = Self.page("<!DOCTYPE html>\n<html>\n<head></head>\n<body><p>x</p>\n</body>\n</html><script>\njanrain.settings.popup = false;\n</script>\n")
        #expect(page.settings.map(\.path) == ["popup"])
        #expect(page.settings.first?.position == SourcePosition(line: 7, column: 1))
    }

    @Test("elements and statements past line 65,535 are placed on their own lines")
    func bigLineNumbers() {
        let html = "<html><body>\n" + String(repeating: "\n", count: 70_000)
            + "<div id=\"late\" style=\"display:none\">{* #f *}{* /f *}</div>\n<script>\njanrain.settings.popup = false;\n</script>\n</body></html>"
        let page = Self.page(html)
        #expect(page.screens.first?.position == SourcePosition(line: 70_002, column: 1))
        #expect(page.screens.first?.tags.first?.position == SourcePosition(line: 70_002, column: 37))
        #expect(page.settings.first?.position == SourcePosition(line: 70_004, column: 1))
    }

    @Test("scripts scanned in the background come back in page order, inline JavaScript only")
    func scriptOrder() {
        let scripts = (0..<100).map { i -> String in
            i % 7 == 3 ? "<script type=\"text/template\">janrain.settings.t\(i) = 1;</script>"
                : i % 5 == 4 ? "<script src=\"s\(i).js\"></script>"
                : "<script>janrain.settings.s\(i) = \(i);</script>"
        }
        let page = Self.page("<html><body>\n" + scripts.joined(separator: "\n") + "\n</body></html>")
        let expected = (0..<100).filter { $0 % 7 != 3 && $0 % 5 != 4 }.map { "s\($0)" }
        #expect(page.settings.map(\.path) == expected)
        #expect(page.settings.map(\.position.line) == expected.map { Int($0.dropFirst())! + 2 })
        #expect(page.scripts.map(\.src) == (0..<100).filter { $0 % 7 != 3 && $0 % 5 == 4 }.map { "s\($0).js" })
    }

    @Test("a background map returns every item's result in the order added", arguments: [1, 2, 7, 16, 200])
    func backgroundMap(batchSize: Int) {
        let map = BackgroundMap(batchSize: batchSize) { (i: Int) in i * i }
        for i in 0..<150 { map.add(i) }
        #expect(map.finish() == (0..<150).map { $0 * $0 })
        #expect(BackgroundMap(batchSize: batchSize) { (i: Int) in i }.finish().isEmpty)
    }

    @Test("no bytes: no document")
    func empty() {
        #expect(HTMLDocument.parse([]) == nil)
        #expect(Self.page("").unparsed)
    }

    @Test("the <meta> charset prescan", arguments: [
        ("<meta charset=\"utf-8\">", "utf-8"),
        ("<HEAD><META CHARSET=Shift_JIS>", "shift_jis"),
        ("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">", "iso-8859-1"),
        ("<meta charset='windows-1252'/>", "windows-1252"),
        ("<meta name=\"viewport\" content=\"width=device-width\"><meta charset=\"koi8-r\">", "koi8-r"),
        ("<meta name=\"viewport\">", nil),
        ("<meta charset=\"\">", nil),
        (String(repeating: " ", count: 1024) + "<meta charset=\"koi8-r\">", nil),
    ] as [(String, String?)])
    func charset(head: String, label: String?) {
        #expect(PageEncoding.declaredCharset(Array(head.utf8)) == label)
    }

    /// The prescan as it is defined: the first 1,024 bytes lower-cased (ASCII), each "<meta" in turn, a
    /// "charset=" before its tag's ">", the label up to a quote, space, ";", "/" or ">".
    static func declaredCharsetByDefinition(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(1024).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let labelEnds = Array("\"' ;/>".utf8)
        var from = 0
        while let meta = head.firstIndex(of: "<meta".utf8, from: from, to: head.count) {
            let tagEnd = head.firstIndex(of: UInt8(ascii: ">"), from: meta + 5, to: head.count) ?? head.count
            if let charset = head.firstIndex(of: "charset=".utf8, from: meta + 5, to: tagEnd) {
                let value = head[(charset + 8)..<tagEnd].drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0x20 }
                let label = value.prefix { !labelEnds.contains($0) }
                if !label.isEmpty { return String(decoding: label, as: UTF8.self) }
            }
            from = tagEnd
        }
        return nil
    }

    @Test("the charset prescan agrees with its definition on 20,000 seeded heads, around the 1,024-byte limit too")
    func charsetAgreesWithDefinition() {
        var random = SplitMix64(0x6d_6574_61)
        let pieces = ["<meta", "<META", "<Meta ", "<me", "ta", " charset=", "CHARSET=", "charset=\"", "'", "utf-8", "Shift_JIS",
                      ">", "<", "\"", " ", ";", "/", "é", "x", "<meta charset=koi8-r>", String(repeating: "a", count: 1000)]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let head = random.joined(pieces, lengths: 0...12)
            let bytes = Array(head.utf8)
            if PageEncoding.declaredCharset(bytes) != Self.declaredCharsetByDefinition(bytes) { disagreements.append(head) }
        }
        #expect(disagreements.isEmpty)
    }
}

@Suite("deferred release", .serialized)
struct DeferredReleaseTests {
    /// Counts its instances freed.
    final class Counted: Sendable {
        static let freed = Counter()
        deinit { Self.freed.add() }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var freed = 0
        func add() { lock.withLock { freed += 1 } }
        var count: Int { lock.withLock { freed } }
    }

    @Test("every value handed over is freed, more than the limit at once included, and drain waits for it; a small page's at once",
          arguments: [ParallelMap.minimumPageBytes, ParallelMap.minimumPageBytes - 1])
    func freesEverything(pageBytes: Int) {
        let before = Counted.freed.count
        for _ in 0..<(DeferredRelease.limit * 5) {
            DeferredRelease.release([Counted(), Counted()], pageBytes: pageBytes)
        }
        if !ParallelMap.isWorthSpreading(pageBytes: pageBytes) {
            #expect(Counted.freed.count - before == DeferredRelease.limit * 10)
        }
        DeferredRelease.drain()
        #expect(Counted.freed.count - before == DeferredRelease.limit * 10)
    }
}
