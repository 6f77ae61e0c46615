// HostilePageTests.swift: pages built to hurt the inspector: templates nested 60,000 deep (once a stack
// overflow), 20,000 nested blocks (once quadratic), an element with 50,000 attributes (quadratic inside
// libxml2). Each is inspected without a crash, with one finding where the inspector gave up or cut, and
// the rest of the page still checked. Their speed is measured in release builds (the README's figures),
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
        #expect(cut.first?.message.contains("50001 attributes") == true, "\(cut)")
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
}
