// ScriptScannerTests.swift: the JavaScript tokenizer and statement reader on the constructs real pages use.
import SeededRandom
import Testing
@testable import FlowInspector

@Suite("Script scanner")
struct ScriptScannerTests {
    func tokens(_ source: String) -> [JSToken] { JSTokenizer(Array(source.utf8)).tokens }

    @Test("strings of all three quote kinds, with escapes")
    func strings() {
        let t = tokens(#"a = 'it\'s'; b = "say \"hi\""; c = `t`;"#)
        #expect(t.filter { $0.kind == .string }.map(\.text) == ["it's", "say \"hi\""])
        #expect(t.contains { $0.kind == .template && $0.text == "`t`" })
    }

    @Test("template literals with nested substitutions, strings and braces are one token")
    func templates() {
        let t = tokens("x = `a ${ {k: '}'}.k + `in ${1}` } b`; y = 2;")
        #expect(t.filter { $0.kind == .template }.count == 1)
        #expect(t.contains { $0.kind == .identifier && $0.text == "y" })
        #expect(JSTokenizer(Array("x = `a ${ {k: '}'}.k } b`; y = 2;".utf8)).problems.isEmpty)
    }

    @Test("a multi-byte punctuator is one token, between names and at the end of the input", arguments: [
        "===", "!==", "**=", "...", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "==", "!=", "<=", ">=", "&&", "||", "??",
        "?.", "=>", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**",
    ])
    func punctuators(punctuator: String) {
        #expect(tokens("a \(punctuator) b").map(\.text) == ["a", punctuator, "b"])
        #expect(tokens("a\(punctuator)b").map(\.text) == ["a", punctuator, "b"])
        #expect(tokens("a \(punctuator)").map(\.text) == ["a", punctuator])
    }

    @Test("a one-byte punctuator stays one byte whatever byte follows it")
    func singlePunctuators() {
        for first in "(){}[];,~:".utf8 {
            for next in (0x21...0x7E).map({ UInt8($0) }) where next != UInt8(ascii: "/") && next != UInt8(ascii: "'")
                && next != UInt8(ascii: "\"") && next != UInt8(ascii: "`") && next != UInt8(ascii: "\\") {
                let t = JSTokenizer([first, next]).tokens
                #expect(t.first?.text == String(UnicodeScalar(first)), "\(UnicodeScalar(first))\(UnicodeScalar(next))")
            }
        }
    }

    @Test("comments hide what is inside them")
    func comments() {
        let t = tokens("// janrain.settings.popup = true;\n/* createJanrainBridge(); */ z = 1;")
        #expect(t.map(\.text) == ["z", "=", "1", ";"])
    }

    @Test("a slash is a regular expression where an expression starts, division elsewhere")
    func regexOrDivision() {
        let regex = tokens("var r = /'[}]\\//g; var q = a / b / c; if (x) return /=/.test(y);")
        #expect(regex.filter { $0.kind == .regex }.map(\.text) == ["/'[}]\\//g", "/=/"])
        #expect(regex.filter { $0.kind == .punctuator && $0.text == "/" }.count == 2)
    }

    @Test("unterminated strings, templates, comments and regexes are reported with their offsets")
    func unterminated() {
        let cases: [(String, JSScanProblem)] = [("a = 'abc\n", JSScanProblem(kind: .unterminatedString, offset: 4)),
                                                ("a = `abc", JSScanProblem(kind: .unterminatedTemplate, offset: 4)),
                                                ("/* abc", JSScanProblem(kind: .unterminatedComment, offset: 0)),
                                                ("x = /abc\n", JSScanProblem(kind: .unterminatedRegex, offset: 4))]
        for (source, problem) in cases {
            #expect(JSTokenizer(Array(source.utf8)).problems == [problem], "\(source.debugDescription)")
        }
    }

    @Test("settings assignments in both forms, references, calls, functions and navigations")
    func statements() {
        let facts = ScriptAnalyzer.analyze("""
        janrain.settings.capture.redirectUri = window.location.href.split('#')[0];
        window.janrain.settings.popup = false
        janrain.settings.tokenUrl = janrain.settings.capture.captureServer;
        janrain.settings.capture.federateXdReceiver = 'x'; janrain.settings.packages.push('capture');
        function janrainCaptureWidgetOnLoad() { createJanrainBridge(); janrain.capture.ui.start(); }
        janrain.events.onCaptureLoginSuccess.addHandler(function (result) {
          if (result.accessToken) { document.location.href = "janrain:accessToken=" + result.accessToken; }
        });
        var cb = function () { location = 'myapp://done'; };
        """)
        let targets = facts.assignments.map(\.target)
        #expect(targets.contains("janrain.settings.capture.redirectUri"))
        #expect(targets.contains("window.janrain.settings.popup"))
        #expect(facts.assignments.first { $0.target == "window.janrain.settings.popup" }?.value.literal == .bool(false))
        #expect(facts.assignments.first { $0.target == "janrain.settings.tokenUrl" }?.value.reference == "janrain.settings.capture.captureServer")
        #expect(facts.assignments.first { $0.target == "janrain.settings.capture.redirectUri" }?.value.readsLocation == true)
        let callees = facts.calls.map(\.callee)
        #expect(callees.contains("createJanrainBridge") && callees.contains("janrain.capture.ui.start")
                && callees.contains("janrain.events.onCaptureLoginSuccess.addHandler") && callees.contains("janrain.settings.packages.push"))
        #expect(Set(facts.functions.map(\.name)) == ["janrainCaptureWidgetOnLoad", "cb"])
        #expect(facts.navigations.map { $0.url.leadingLiteral ?? $0.url.stringValue ?? "" } == ["janrain:accessToken=", "myapp://done"])
    }

    @Test("positions inside an inline script point at the statement in the page")
    func positionsInPage() {
        let html = "<html><head>\n<script>\n  var a = 1;\n    janrain.settings.popup = true;\n</script></head><body></body></html>\n"
        let page = FlowPageBuilder.build(name: "p", bytes: Array(html.utf8), pageURL: nil, directory: nil)
        #expect(page.settings.first?.position == SourcePosition(line: 4, column: 5))
    }

    /// Enough scripts to be shared between cores: the facts, and their places on the page, are those a
    /// one-by-one reading gives, in document order.
    @Test("many inline scripts are read on every core, in document order")
    func manyScriptsInOrder() {
        let scripts = (0..<200).map { i in
            i % 7 == 3 ? "janrain.settings.x\(i) = 'v\(i)'; function f\(i)(a) { location.href = 'myapp://r\(i)?a=' + a; }"
                       : i % 11 == 5 ? "var broken\(i) = /* never closed" : "janrain.settings.x\(i) = \(i); janrain.capture.ui.start(\(i));"
        }
        let together = ParallelMap.map(scripts, chunks: 4, ScriptAnalyzer.analyze)
        let oneByOne = scripts.map(ScriptAnalyzer.analyze)
        #expect(together.count == oneByOne.count)
        for (i, (a, b)) in zip(together, oneByOne).enumerated() {
            #expect(String(describing: a) == String(describing: b), "script \(i)")
        }
        let html = "<html><head>\n" + scripts.map { "<script>\n  \($0)\n</script>\n" }.joined() + "</head><body></body></html>\n"
        let page = FlowPageBuilder.build(name: "p", bytes: Array(html.utf8), pageURL: nil, directory: nil)
        #expect(page.settings.map(\.path) == (0..<200).map { "x\($0)" }.filter { !$0.isEmpty && scripts[Int($0.dropFirst())!].hasPrefix("janrain") })
        #expect(page.settings.map(\.position.line) == page.settings.map { 3 + 3 * Int($0.path.dropFirst())! })
        #expect(page.functions.count == scripts.filter { $0.contains("function") }.count)
        #expect(page.problems.count == scripts.filter { $0.contains("never closed") }.count)
    }

    @Test("a wrapper with an id around hidden screens is not a screen; nested containers belong to their screen")
    func screenWrappers() {
        let html = """
        <html><body><div id="content">
        <div id="signIn" style="display:none">{* #signInForm *}<div id="fields">{* email *}</div>{* /signInForm *}</div>
        <div id="visible">{* #f *}{* /f *}</div>
        </div></body></html>
        """
        let page = FlowPageBuilder.build(name: "p", bytes: Array(html.utf8), pageURL: nil, directory: nil)
        #expect(page.screens.map(\.id) == ["signIn", "visible"])
        #expect(page.screens.map(\.hidden) == [true, false])
        #expect(page.screens.first?.tags.map(\.body) == ["#signInForm", "email", "/signInForm"])
        #expect(page.screens.first?.tags.map(\.position.column) == [39, 73, 90])
    }
}

@Suite struct TemplateSubstitutionTests {
    /// The byte scan says what `String.contains("${")` said, on every shape that matters.
    @Test(arguments: ["``", "`plain`", "`${a}`", "`a ${b} c`", "`$ {`", "`{$`", "`$`", "`\\${not}`", "`é${x}`", "`$${x}`", "`$`{`"])
    func agreesWithContains(_ raw: String) {
        #expect(ScriptAnalyzer.Reader.hasSubstitution(raw) == raw.contains("${"), "\(raw)")
    }

    @Test("the shortcut of isNavigationTarget lets through every name it compares, and a trailing dot")
    func navigationShortcutKeepsEveryName() {
        for name in ScriptAnalyzer.Reader.navigationTargetNames {
            #expect(name.utf8.last.map(ScriptAnalyzer.Reader.mayEndNavigationTarget) == true, "\(name)")
        }
        #expect(ScriptAnalyzer.Reader.mayEndNavigationTarget(UInt8(ascii: ".")))
    }

    /// `isNavigationTarget` as it is defined: on the chain's non-empty parts as `split(separator: ".")` makes them.
    static func isNavigationTargetBySplitting(_ chain: String) -> Bool {
        let parts = chain.split(separator: ".")
        guard let last = parts.last else { return false }
        if last == "location" { return true }
        if last == "href" && parts.count >= 2 && parts[parts.count - 2] == "location" { return true }
        return last == "src" && parts.count >= 2
    }

    static let navigationTargetExamples: [(chain: String, navigates: Bool)] = [
        ("location", true), ("window.location", true), ("document.location.href", true), ("location.href", true),
        ("frame.src", true), ("a..src", true), ("location..href", true), ("x.location.", true),
        ("href", false), ("src", false), (".src", false), ("a.href", false), ("location.hash", false), ("", false),
        ("...", false), ("a.srcs", false), ("loc\u{301}ation", false), ("a.\u{301}src", false), ("é.src", true),
    ]

    @Test("an assignment navigates when its target is a location, a location's href or an element's src",
          arguments: navigationTargetExamples)
    func navigationTargets(example: (chain: String, navigates: Bool)) {
        #expect(ScriptAnalyzer.Reader.isNavigationTarget(example.chain) == example.navigates)
        #expect(ScriptAnalyzer.Reader.isNavigationTarget(example.chain) == Self.isNavigationTargetBySplitting(example.chain))
    }

    @Test("reading a chain's last parts from its end agrees with splitting it, on 20,000 seeded chains")
    func navigationTargetsAgreeWithSplitting() {
        var random = SplitMix64(0x5c21_97)
        let pieces = ["location", "href", "src", "a", "é", ".", "..", "\u{301}", ".\u{301}", "\r\n", "loc"]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let chain = random.joined(pieces, lengths: 0...5)
            if ScriptAnalyzer.Reader.isNavigationTarget(chain) != Self.isNavigationTargetBySplitting(chain) { disagreements.append(chain) }
        }
        #expect(disagreements.isEmpty)
    }
}
