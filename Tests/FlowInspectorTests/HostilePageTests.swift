// HostilePageTests.swift: pages built to hurt the inspector: templates nested 60,000 deep (once a stack
// overflow), 20,000 nested blocks (once quadratic), an element with 50,000 attributes (quadratic inside
// libxml2). Each is inspected without a crash, with one finding where the inspector gave up or cut, and
// the rest of the page still checked. Their speed is measured in release builds (Sources/bridge-bench/README.md),
// not here.
import Foundation
import Testing
@testable import FlowInspector

@Suite("hostile pages")
struct HostilePageTests {
    static func inspect(_ html: String) throws -> [Finding] {
        try Inspector().inspect(bytes: Array(html.utf8), name: "hostile.html", directory: nil).get()
    }

    @Test("templates nested 60,000 deep: one script-too-deep finding where it gives up, not a crash")
    func deepTemplates() throws {
        let depth = 60_000
        let html = "<html><body>\n<script>\nvar x = " + String(repeating: "`${", count: depth) + "1" + String(repeating: "}`", count: depth) + ";\n</script>\n</body></html>"
        let findings = try Self.inspect(html)
        let deep = findings.filter { $0.check == "script-too-deep" }
        #expect(deep.count == 1)
        // The 257th template: line 3, after "var x = " and 256 "`${".
        #expect(deep.first?.position == SourcePosition(line: 3, column: 9 + 3 * JSTokenizer.maxNesting))
    }

    @Test("20,000 nested blocks are read in one pass, and a setting after them is still seen")
    func nestedBlocks() throws {
        let depth = 20_000
        let script = "x = {\n" + String(repeating: "x = {\n", count: depth) + String(repeating: "}\n", count: depth + 1)
        let facts = ScriptAnalyzer.analyze(script + "janrain.settings.capture.flowName = 'webViewSignIn';\n")
        #expect(facts.assignments.count == depth + 2)
        #expect(facts.assignments.last?.target == "janrain.settings.capture.flowName")
        #expect(facts.assignments.last?.value.stringValue == "webViewSignIn")
        // A summary keeps a bounded part of a long value.
        #expect(facts.assignments.allSatisfy { $0.value.text.utf8.count <= ScriptAnalyzer.summaryBytes + 3 })
    }

    @Test("an element with 50,000 attributes: one finding, the first ones read, the page after it still inspected")
    func manyAttributes() throws {
        let attributes = (0..<50_000).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let html = "<html><body>\n<div id=\"x\" \(attributes)></div>\n<div id=\"signIn\">{* #signInForm *}</div>\n</body></html>"
        let findings = try Self.inspect(html)
        let cut = findings.filter { $0.check == "too-many-attributes" }
        #expect(cut.count == 1)
        #expect(cut.first?.position == SourcePosition(line: 2, column: 1))
        #expect(cut.first.map { if case .tooManyAttributes("div", 50_001, _) = $0.detail { true } else { false } } == true, "\(cut)")
    }

    @Test("the attribute guard keeps lengths and line breaks, skips script text and comments")
    func guardKeepsPositions() {
        let page = "<div " + (0...300).map { "a\($0)\n=1" }.joined(separator: " ") + ">\n<script>x = '<p " + String(repeating: "b ", count: 400) + ">'</script><!-- <p " + String(repeating: "c ", count: 400) + "> -->"
        let (bytes, cuts) = AttributeGuard.apply(Array(page.utf8))
        #expect(bytes.count == page.utf8.count)
        #expect(bytes.filter { $0 == 0x0A }.count == page.utf8.filter { $0 == 0x0A }.count)
        #expect(cuts == [AttributeGuard.Cut(offset: 0, tag: "div", attributes: 301)])
        #expect(String(decoding: bytes, as: UTF8.self).contains("a255\n=1 ") && !String(decoding: bytes, as: UTF8.self).contains("a256"))
    }

    @Test("script text ends only at </script in any case, not at a control byte that is '/' with its 0x20 bit set",
          arguments: ["<\u{0F}script>", "<\u{0F}SCRIPT>", "</scrip>"])
    func guardEndsScriptTextExactly(notAnEnd: String) {
        let page = "<script>x = '" + notAnEnd + "<p " + String(repeating: "b ", count: 400) + ">'</SCRIPT><div " + String(repeating: "c ", count: 300) + ">"
        let (_, cuts) = AttributeGuard.apply(Array(page.utf8))
        #expect(cuts.map(\.tag) == ["div"])
    }
}

@Suite("page encodings")
struct PageEncodingTests {
    static let script = "<script>\n  janrain.settings.popup = true;\n</script>"

    @Test("a Latin-1 page that says so is read as windows-1252, with no invalid-utf8 warning")
    func latin1() throws {
        let bytes: [UInt8] = Array("<!DOCTYPE html>\n<html><head><meta charset=\"iso-8859-1\"><title>Caf".utf8) + [0xE9]
            + Array("</title></head>\n<body><p>Cr".utf8) + [0xE8] + Array("me ".utf8) + [0x80] + Array("</p>\n\(Self.script)</body></html>".utf8)
        let findings = try Inspector().inspect(bytes: bytes, name: "latin1.html", directory: nil).get()
        #expect(!findings.contains { $0.check == "invalid-utf8" })
        #expect(findings.first { $0.check == "popup-not-false" }?.position == SourcePosition(line: 5, column: 3))
        #expect(PageEncoding.decode(bytes).bytes.count > bytes.count)
        #expect(String(decoding: PageEncoding.decode(bytes).bytes, as: UTF8.self).contains("Crème €"))
    }

    @Test("a UTF-16 page with a byte-order mark is read, not refused as binary", arguments: [true, false])
    func utf16(littleEndian: Bool) throws {
        let text = "<!DOCTYPE html>\n<html><head><title>Café</title></head>\n<body>\n\(Self.script)</body></html>"
        let units = Array(text.utf16)
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in units { bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let findings = try Inspector().inspect(bytes: bytes, name: "utf16.html", directory: nil).get()
        #expect(findings.first { $0.check == "popup-not-false" }?.position == SourcePosition(line: 5, column: 3), "\(findings)")
    }

    @Test("a declared charset the inspector cannot decode is named in the invalid-utf8 finding")
    func undecodable() throws {
        let bytes: [UInt8] = Array("<meta charset=\"koi8-r\"><p>".utf8) + [0xC1, 0xC2] + Array("</p>".utf8)
        let findings = try Inspector().inspect(bytes: bytes, name: "x.html", directory: nil).get()
        #expect(findings.first { $0.check == "invalid-utf8" }?.detail == .invalidUTF8(byte: 0xC1, offset: 26, declaredCharset: "koi8-r"), "\(findings)")
    }

    @Test("undeclared bytes that are not UTF-8 are still reported")
    func undeclared() throws {
        let bytes: [UInt8] = Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8)
        let findings = try Inspector().inspect(bytes: bytes, name: "x.html", directory: nil).get()
        #expect(findings.contains { $0.check == "invalid-utf8" })
    }
}

@Suite("product detection")
struct ProductDetectionTests {
    @Test("an Engage-only page is checked by Engage's settings, not Capture's")
    func engage() throws {
        let page = try String(contentsOfFile: Repository.path("web/engage-signin.html"), encoding: .utf8)
        let clean = try Inspector(engine: Repository.captureEngine()).inspect(bytes: Array(page.utf8), name: "engage.html", directory: nil).get()
        #expect(clean.isEmpty, "\(clean.map(\.check))")
        let popup = page.replacingOccurrences(of: "janrain.settings.popup = false;", with: "janrain.settings.popup = true;")
        let findings = try Inspector().inspect(bytes: Array(popup.utf8), name: "engage.html", directory: nil).get()
        #expect(findings.map(\.check) == ["popup-not-false"])
    }
}

@Suite("Hidden screens")
struct HiddenStyleTests {
    /// The reading before the byte scan, kept as the reference: lower-cased, whitespace dropped, then searched.
    static func reference(_ style: String) -> Bool {
        style.lowercased().filter { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" ? false : true }.contains("display:none")
    }

    @Test("display:none in any spelling hides a screen; other styles do not", arguments: [
        ("display:none", true), ("DISPLAY : NONE;", true), ("color:red; display: none", true), ("display\t:\nnone", true),
        ("ddisplay:none", true), ("display:dnone", false), ("display:block", false), ("display:non e", true), ("", false),
        ("visibility:hidden", false), ("Display:None !important", true), ("displa y:none", true), ("display:nonE;x", true),
        ("dis-play:none", false), ("display;none", false), ("display:no", false),
    ])
    func hides(style: String, hidden: Bool) {
        #expect(HTMLElement.styleHides(style) == hidden)
        #expect(Self.reference(style) == hidden)
    }
}
