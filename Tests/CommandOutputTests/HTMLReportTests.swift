// HTMLReportTests.swift: the report page as text: the page's own text never becomes markup (a URL or message
// carrying tags is escaped), the page has no script and loads nothing (its Content-Security-Policy), and a
// long log's ordinary rows are counted past the limit while every cancelled, mismatched or flagged one stays.
import BrowserURL
import CommandOutput
import Foundation
import JSONText
import KeyedDigest
import SecretMasking
import Testing

struct HTMLReportTests {
    /// A navigation line; its `findings` name the finding lines given (which follow it, as a run prints them).
    static func navigation(_ seq: Int, url: String, decision: String = "allow", findings: [JSONFields] = []) -> OutputLine {
        OutputLine(.navigation, JSONFields([("seq", .int(seq)), ("time", .null), ("input", .string(url)), ("url", .string(url)),
                                            ("decision", .string(decision)), ("kind", .string(decision == "allow" ? "allowed" : "sentinel")),
                                            ("rule", .null), ("error", .null), ("mismatch", .bool(false)), ("frame", .string("main")),
                                            ("events", .array([])), ("findings", .array(findings.map { $0["id"] ?? .null }))]))
    }

    /// A finding line's members, its id the Nth finding of navigation `seq`.
    static func finding(_ seq: Int, _ index: Int, _ code: String, _ severity: String) -> JSONFields {
        JSONFields([("id", .string("\(seq).\(index)")), ("seq", .int(seq)), ("code", .string(code)), ("severity", .string(severity)), ("message", .string("m"))])
    }

    static func report() -> HTMLReport { HTMLReport(title: "bridge replay <x>", json: TranscriptJSON(redactor: Redactor(), explain: false)) }

    @Test("the run's text is escaped, never markup; the page's one script is its search, allowed by its hash; it loads nothing")
    func escapedAndInert() {
        let report = Self.report()
        report.add(Self.navigation(0, url: #"https://a.example/"><script>alert(1)</script>"#))
        report.add(OutputLine(.finding, JSONFields([("file", .string("x")), ("line", .int(1)), ("column", .null), ("path", .null), ("seq", .int(0)),
                                                     ("code", .string("c")), ("severity", .string("error")), ("message", .string("<img src=x onerror=alert(1)>"))])))
        let html = report.html()
        #expect(html.components(separatedBy: "<script").count - 1 == 1 && html.contains("<script>" + HTMLReport.searchScript + "</script>"))
        #expect(!html.contains("<script>alert") && !html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;") && html.contains("<title>bridge replay &lt;x&gt;</title>"))
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="\#(HTMLReport.contentSecurityPolicy)">"#))
        // The policy names the script by its SHA-256 (FIPS 180-4's "abc" vector, then the script's) and nothing else may run.
        #expect(Data(Digest.sha256(Array("abc".utf8))).base64EncodedString() == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        let directives = Dictionary(HTMLReport.contentSecurityPolicy.split(separator: ";").map { directive in
            let words = directive.split(separator: " ").map(String.init)
            return (words[0], Array(words.dropFirst()))
        }, uniquingKeysWith: { first, _ in first })
        #expect(directives["script-src"] == ["'sha256-\(Data(Digest.sha256(Array(HTMLReport.searchScript.utf8))).base64EncodedString())'"])
        #expect(directives["default-src"] == ["'none'"] && directives["img-src"] == ["data:"])
    }

    @Test("an internationalized host reads in its letters beside its Punycode: a homoglyph of the real domain is plain; a plain host gets no note")
    func internationalizedHostsShowBothForms() {
        let report = Self.report()
        report.add(Self.navigation(0, url: "https://xn--yourdmain-42h.com/cb?code=1"))
        report.add(Self.navigation(1, url: "https://yourdomain.com/cb?code=1"))
        let html = report.html()
        #expect(html.components(separatedBy: "<span class=\"idn\">").count == 2)
        #expect(html.contains("host reads <code>yourd\u{43E}main.com</code> · Punycode <code>xn--yourdmain-42h.com</code>"))
        #expect(BrowserURL("https://xn--yourdmain-42h.com/")?.unicodeHostname == "yourd\u{43E}main.com")
        #expect(BrowserURL("https://yourdomain.com/")?.unicodeHostname == nil && BrowserURL("https://[::1]/")?.unicodeHostname == nil)
    }

    @Test("a navigation row's classes are what the timeline's filter keeps it by; every filter but all has a rule")
    func rowClassesForTheFilter() {
        let error = Self.finding(1, 0, "e", "error")
        let cancelled = Self.navigation(1, url: "https://a.example/", decision: "cancel", findings: [error]).fields
        let allowed = Self.navigation(0, url: "https://a.example/").fields
        #expect(HTMLReport.rowClasses(cancelled, findings: [error]) == "nav d-cancel has-finding has-error")
        #expect(HTMLReport.rowClasses(allowed, findings: []) == "nav d-allow")
        for filter in HTMLReport.timelineFilters where !filter.keeps.isEmpty {
            #expect(HTMLReport.timelineFilterStyle.contains("#\(filter.id):checked) tbody tr.nav:not(.\(filter.keeps))"))
        }
    }

    @Test("what ran heads the report: the version, the command line with its secrets masked, when it started and how long it ran")
    func whatRan() {
        let started = Date(timeIntervalSince1970: 1_800_000_000)
        let report = HTMLReport(title: "bridge replay x", json: TranscriptJSON(redactor: Redactor(), explain: false),
                                run: ReportRun(version: "0.1.0 (commit abc1234)", arguments: ["replay", "--state", "opaque", "--rules", "r.json",
                                                                                              "https://a.example/cb?code=SplxlOBeZQQYbYS6WxSbIA"], started: started))
        let html = report.html()
        #expect(html.contains("bridge 0.1.0 (commit abc1234)") && html.contains("<code>bridge replay --state ") && html.contains("--rules r.json"))
        #expect(html.contains("<time datetime=\"2027-01-15T08:00:00Z\">"))
        #expect(!html.contains("opaque") && !html.contains("SplxlOBeZQQYbYS6WxSbIA"))
        let revealed = HTMLReport(title: "t", json: TranscriptJSON(redactor: Redactor(isEnabled: false), explain: false),
                                  run: ReportRun(version: "v", arguments: ["check", "--state", "opaque"], started: started)).html()
        #expect(revealed.contains("bridge check --state opaque"))
    }

    @Test("findings by severity, errors first, counted by code, each linked to its navigation's row")
    func findingsForTriage() {
        let report = Self.report()
        let first = [Self.finding(0, 0, "w-code", "warning"), Self.finding(0, 1, "n-code", "note")]
        let second = [Self.finding(1, 0, "e-code", "error"), Self.finding(1, 1, "e-code", "error")]
        report.add(Self.navigation(0, url: "https://a.example/0", decision: "cancel", findings: first), findings: first)
        report.add(Self.navigation(1, url: "https://a.example/1", decision: "cancel", findings: second), findings: second)
        let html = report.html()
        let section = html.components(separatedBy: "<section id=\"findings\">").last?.components(separatedBy: "</section>").first ?? ""
        let codes = section.components(separatedBy: "</code>").dropLast().compactMap { $0.components(separatedBy: "<code>").last }
        #expect(Array(codes.prefix(3)) == ["e-code", "w-code", "n-code"], "the counts line, by severity")
        #expect(Array(codes.dropFirst(3)) == ["e-code", "e-code", "w-code", "n-code"], "the items, errors first")
        #expect(section.contains("<code>e-code</code> ×2"))
        let links = section.components(separatedBy: "<a href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links == ["part1-step2", "part1-step2", "part1-step1", "part1-step1"])
        #expect(links.allSatisfy { html.contains("<tr id=\"\($0)\"") })
    }

    @Test("past a number of findings of one code, the rest are counted, not listed")
    func manyFindingsOfOneCode() {
        let report = Self.report()
        let many = HTMLReport.findingsShownPerCode + 7
        for seq in 0..<many {
            report.add(OutputLine(.finding, JSONFields([("seq", .int(seq)), ("code", .string("same-code")), ("severity", .string("warning")), ("message", .string("m"))])))
        }
        let html = report.html()
        let section = html.components(separatedBy: "<section id=\"findings\">").last?.components(separatedBy: "</section>").first ?? ""
        #expect(section.components(separatedBy: "<li><span class=\"badge warning\">").count - 1 == HTMLReport.findingsShownPerCode)
        #expect(section.contains("and 7 more <code>same-code</code>") && section.contains("<code>same-code</code> ×\(many)"))
    }

    @Test("failures grouped by cause, the largest first, each headed by its count with an anchor, its first rows shown and the rest counted")
    func failuresByCause() {
        let report = Self.report()
        func failed(_ name: String, code: String, kind: String, rule: String?) -> OutputLine {
            OutputLine(.test, JSONFields([("suite", .string("attack")), ("name", .string(name)), ("passed", .bool(false)), ("input", .string("https://e.example/")),
                                          ("decision", .string("allow")), ("kind", .string(kind)), ("rule", .string(rule)),
                                          ("failures", .array([.object(JSONFields([("code", .string(code)), ("message", .string("m")), ("differences", .array([]))]))]))]))
        }
        report.add(failed("one", code: "wrong-decision", kind: "allowed", rule: "https://a.example"))
        for index in 0..<(HTMLReport.failuresShownPerCause + 2) { report.add(failed("v\(index)", code: "credential-leaves", kind: "default", rule: nil)) }
        let html = report.html()
        let section = html.components(separatedBy: "<section id=\"failures\">").last?.components(separatedBy: "</section>").first ?? ""
        let groups = section.components(separatedBy: "<tbody id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(groups == ["cause-1", "cause-2"])
        let counts = section.components(separatedBy: "<span class=\"badge fail\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(counts == ["\(HTMLReport.failuresShownPerCause + 2)", "1"])
        let first = section.components(separatedBy: "<tbody id=\"cause-2\"").first ?? ""
        #expect(first.contains("credential-leaves · decided by default · no rule") && first.contains("and 2 more of this cause"))
        #expect(first.components(separatedBy: "<td data-label=\"case\">").count - 1 == HTMLReport.failuresShownPerCause)
    }

    @Test("a screenshot of a view that did not change is not embedded again: it links to the one before")
    func identicalScreenshotsFolded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let same = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), other = Data([0x89, 0x50, 0x4E, 0x47, 9])
        let paths = ["a.png", "b.png", "c.png"].map { directory.appendingPathComponent($0).path }
        try same.write(to: URL(fileURLWithPath: paths[0]))
        try same.write(to: URL(fileURLWithPath: paths[1]))
        try other.write(to: URL(fileURLWithPath: paths[2]))
        let report = Self.report()
        for (path, after) in zip(paths, ["load", "step 1", "step 2"]) {
            report.add(OutputLine(.screenshot, JSONFields([("after", .string(after)), ("imageFile", .string(path))])))
        }
        let html = report.html()
        #expect(html.components(separatedBy: "<img class=\"shot\"").count - 1 == 2)
        // Each picture is a thumbnail that opens full size: a link to its own row, which `:target` widens.
        #expect(html.components(separatedBy: "<a class=\"shot-link\" href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) } == ["part1-shot1", "part1-shot3"])
        let links = html.components(separatedBy: "the view unchanged since <a href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links == ["part1-shot1"] && html.contains("<tr id=\"part1-shot1\""))
    }

    @Test("an attack variant shows how it was made and the host the browser goes to, never its credential")
    func attackConstruction() {
        let report = Self.report()
        let url = "https://yourdomain.com@evil.example/password_reset.php?code=bridge-test-code"
        let masked = "https://…(14)@evil.example/password_reset.php?code=brid…(16)"
        report.add(OutputLine(.test, JSONFields([("suite", .string("attack")), ("name", .string("host-as-userinfo on reset-link")), ("file", .null),
                                                  ("target", .string("sentinels[0]")), ("generator", .string("host-as-userinfo")), ("passed", .bool(false)),
                                                  ("input", .string(masked)), ("url", .string(url.replacingOccurrences(of: "bridge-test-code", with: "brid…(16)"))),
                                                  ("decision", .string("allow")), ("kind", .string("default")), ("rule", .null),
                                                  ("failures", .array([.object(JSONFields([("code", .string("credential-leaves")), ("message", .string("m")), ("differences", .array([]))]))]))])))
        let html = report.html()
        #expect(html.contains("host-as-userinfo: the real host as userinfo before the attacker&apos;s (<code>yourdomain.com@evil.example</code>)"))
        #expect(html.contains("The browser goes to <code>evil.example</code>."))
        #expect(!html.contains("bridge-test-code"))
    }

    @Test("a count of nothing wrong is plain: zero errors, failures or warnings never take the alarm's class")
    func zeroCountsArePlain() {
        let html = HTMLReport.cards([("0", "errors", "error"), ("0", "variants failed", "fail"), ("0", "warnings", "warning"), ("0", "allowed", "allow"),
                                     ("3", "errors", "error"), ("1", "variants failed", "fail")])
        let classes = html.components(separatedBy: "<div class=\"card ").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(classes == ["", "", "", "allow", "error", "fail"])
    }

    @Test("past each class's limit, rows are counted and said, not shown; the classes a person triages keep more")
    func longLogs() {
        let report = Self.report()
        var seq = 0
        func add(_ count: Int, decision: String = "allow", findings: (Int) -> [JSONFields] = { _ in [] }) {
            for _ in 0..<count {
                let found = findings(seq)
                report.add(Self.navigation(seq, url: "https://a.example/\(seq)", decision: decision, findings: found), findings: found)
                seq += 1
            }
        }
        let extra = 3
        add(HTMLReport.RowClass.ordinary.limit + extra)
        add(HTMLReport.RowClass.cancelled.limit + extra, decision: "cancel")
        add(HTMLReport.RowClass.flagged.limit + extra, findings: { [Self.finding($0, 0, "w", "warning")] })
        add(HTMLReport.RowClass.failing.limit + extra, findings: { [Self.finding($0, 0, "e", "error")] })
        let html = report.html()
        let shown = HTMLReport.RowClass.allCases.map(\.limit).reduce(0, +)
        #expect(html.components(separatedBy: "<tr id=\"part1-step").count - 1 == shown)
        #expect(html.contains("<p class=\"muted\" id=\"left-out\">") && html.contains("3 navigations in error or not as recorded (the first 5000 are shown); "
                + "3 navigations with findings (the first 2000 are shown); 3 navigations cancelled (the first 2000 are shown); 3 navigations allowed (the first 1000 are shown)."))
        // Rows past the limit are not in the page: the last allowed one, the last cancelled one.
        #expect(!html.contains("https://a.example/\(HTMLReport.RowClass.ordinary.limit + extra - 1)<"))
        #expect(html.contains("https://a.example/\(HTMLReport.RowClass.ordinary.limit + extra)<"))
    }
}
