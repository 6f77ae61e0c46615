// BadInputTests.swift: inputs that are not flow pages: binary, empty, invalid UTF-8, too large, deeply
// nested, unterminated, entity tricks. None crashes; each gives a finding or a clear error.
import SecretMasking
import CommandOutput
import Foundation
import Testing
@testable import FlowInspector

@Suite("Bad input")
struct BadInputTests {
    let inspector = Inspector()

    @Test("a binary file is refused with a clear error")
    func binary() {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        guard case .failure(let error) = inspector.inspect(bytes: bytes, name: "logo.png", directory: nil) else {
            Issue.record("a binary file was inspected")
            return
        }
        #expect(error == InputError(input: "logo.png", .binary))
    }

    @Test("an empty page is a warning, not a crash")
    func empty() throws {
        let findings = try inspector.inspect(bytes: [], name: "empty.html", directory: nil).get()
        #expect(findings.map(\.check) == ["empty-page"])
    }

    @Test("invalid UTF-8 is reported where it is, and the page is still inspected")
    func invalidUTF8() throws {
        var bytes = Array("<html><body>\n<p>caf".utf8) + [0xE9] + Array("</p>\n<script>janrain.settings.popup = true;</script></body></html>".utf8)
        bytes += []
        let findings = try inspector.inspect(bytes: bytes, name: "latin1.html", directory: nil).get()
        let invalid = try #require(findings.first { $0.check == "invalid-utf8" })
        #expect(invalid.position == SourcePosition(line: 2, column: 7))
        #expect(findings.contains { $0.check == "popup-not-false" })
    }

    static let replacementExamples: [(bytes: [UInt8], replaced: [UInt8])] = [
        ([0x61, 0xFF, 0x62], [0x61, 0xEF, 0xBF, 0xBD, 0x62]),                       // a byte that is never UTF-8
        ([0xE2, 0x82, 0x61], [0xEF, 0xBF, 0xBD, 0x61]),                             // a cut sequence: one U+FFFD
        ([0x80, 0x80], [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD]),                       // lone continuation bytes: one each
        ([0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD]), // a surrogate's encoding: three
        ([0x63, 0x61, 0x66, 0xC3, 0xA9], [0x63, 0x61, 0x66, 0xC3, 0xA9]),           // valid UTF-8 is left as it is
    ]

    @Test("an ill-formed UTF-8 sequence is read as U+FFFD, one for each maximal subpart (WHATWG's decoder)",
          arguments: replacementExamples)
    func replacement(example: (bytes: [UInt8], replaced: [UInt8])) {
        #expect(PageEncoding.replacingInvalidUTF8(example.bytes) == example.replaced)
    }

    @Test("a page with bytes that are not UTF-8 is read as the browser reads it: with U+FFFD in their place")
    func invalidBytesReadAsReplacementCharacters() throws {
        func page(_ bad: [UInt8]) -> [UInt8] {
            Array("<html><head><script>\nvar x = \"caf".utf8) + bad + Array("\";\nlocation.href = \"myapp://x".utf8) + bad
                + Array("\";\n</script></head><body><a href=\"https://example.janraincapture.com/oauth/signin?redirect_uri=http%3A%2F%2Fa".utf8)
                + bad + Array("\">x</a></body></html>\n".utf8)
        }
        let invalid = try inspector.inspect(bytes: page([0xFF]), name: "p.html", directory: nil).get()
        let replaced = try inspector.inspect(bytes: page([0xEF, 0xBF, 0xBD]), name: "p.html", directory: nil).get()
        #expect(invalid.filter { $0.check == "invalid-utf8" }.map(\.position) == [SourcePosition(line: 2, column: 13)])
        #expect(invalid.filter { $0.check != "invalid-utf8" } == replaced)
        #expect(replaced.contains { $0.check == "signin-link-parameters" })
    }

    @Test("a page over the size limit is refused, with the limit named")
    func tooLarge() {
        let small = Inspector(maxBytes: 1_000)
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024)
        guard case .failure(let error) = small.inspect(bytes: bytes, name: "huge.html", directory: nil) else {
            Issue.record("a 50 MB page was inspected past the limit")
            return
        }
        #expect(error == InputError(input: "huge.html", .tooLarge(bytes: bytes.count, limit: 1_000)))
        guard case .failure = inspector.inspect(bytes: bytes, name: "huge.html", directory: nil) else {
            Issue.record("the default limit let a 50 MB page through")
            return
        }
    }

    @Test("100,000 nested elements do not exhaust the stack")
    func deepNesting() throws {
        let depth = 100_000
        let html = "<html><body>" + String(repeating: "<div>", count: depth) + "<div id=\"s\">{* #f *}</div>"
            + String(repeating: "</div>", count: depth) + "<script>janrain.settings.popup = true;</script></body></html>"
        let findings = try inspector.inspect(bytes: Array(html.utf8), name: "deep.html", directory: nil).get()
        #expect(findings.allSatisfy { $0.position.line >= 1 })
    }

    @Test("100,000 nested containers with ids are read in one linear pass")
    func deepNestedContainers() throws {
        let depth = 100_000
        let html = "<html><body>" + (0..<depth).map { "<div id=\"d\($0)\">" }.joined() + "{* #f *}{* /f *}"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let findings = try inspector.inspect(bytes: Array(html.utf8), name: "deep-ids.html", directory: nil).get()
        // No container is hidden, so the outermost one holding JTL is the screen, the rest belong to it.
        #expect(findings.map(\.check) == ["screen-not-hidden"])
        #expect(findings.first?.detail == .screenNotHidden(id: "d0"))
        #expect(findings.first?.position == SourcePosition(line: 1, column: 13))
    }

    @Test("unterminated script, comment and tags: findings or silence, never a crash")
    func unterminated() throws {
        for html in ["<script>var a = 'x", "<!-- never closed <script>janrain.settings.popup = true;</script>",
                     "<div id=\"a\" style=\"display:none\">{* #f *}", "<iframe src=\"https://x/oauth/profile_change_password?token=t",
                     "<script>/* open", "<a href='#' data-capturescreen='nowhere'"] {
            let result = inspector.inspect(bytes: Array(html.utf8), name: "t.html", directory: nil)
            #expect((try? result.get()) != nil, "\(html)")
        }
        let findings = try inspector.inspect(bytes: Array("<script>var a = 'x".utf8), name: "t.html", directory: nil).get()
        #expect(findings.contains { $0.check == "script-unterminated" })
    }

    @Test("entities are decoded in attributes and never in scripts; escaped markup is not a script")
    func entities() throws {
        let html = """
        <html><body>
        <p>&lt;script&gt;janrain.settings.popup = true;&lt;/script&gt;</p>
        <a href="https://x.example/oauth/signin?response_type=code&amp;redirect_uri=https%3A%2F%2Fa.example%2F&#x26;client_id=c">ok</a>
        <div id="s" style="display&#58;none">{* #f *}{* /f *}</div>
        </body></html>
        """
        let findings = try inspector.inspect(bytes: Array(html.utf8), name: "entities.html", directory: nil).get()
        #expect(findings.isEmpty, "\(findings.map(\.check))")
    }

    @Test("secrets in findings are masked where they are printed")
    func redaction() throws {
        let html = "<iframe src=\"https://x.example/oauth/profile_change_password?token=tok_5f2a9c81d3e4&amp;callback=cb\"></iframe>"
        let findings = try inspector.inspect(bytes: Array(html.utf8), name: "t.html", directory: nil).get()
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { !Redactor().text($0.detail.words).contains("tok_5f2a9c81d3e4") })
    }
}

/// The UTF-8 check skips ASCII eight bytes at a time; it must find the same first bad byte as Swift's own
/// UTF-8 parser, wherever the bad byte falls against the eight-byte steps.
@Suite struct FirstInvalidUTF8Tests {
    static func reference(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    @Test func agreesWithSwiftsParser() {
        let bad: [[UInt8]] = [[0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                              [0xF8], [0xC3], [0xE2, 0x82], [0xFF]]
        let good: [[UInt8]] = [[0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x94, 0x91]]
        var checked = 0
        for prefix in 0..<20 {
            for sequence in bad + good {
                for tail in [0, 1, 9] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sequence + Array(repeating: UInt8(ascii: "b"), count: tail)
                    #expect(Inspector.firstInvalidUTF8(bytes) == Self.reference(bytes), "\(bytes)")
                    checked += 1
                }
            }
        }
        #expect(checked == 20 * 12 * 3)
        #expect(Inspector.firstInvalidUTF8([]) == nil)
        #expect(Inspector.firstInvalidUTF8(Array("ascii only, longer than eight bytes".utf8)) == nil)
    }
}
