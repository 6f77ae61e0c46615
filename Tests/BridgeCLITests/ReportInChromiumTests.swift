// ReportInChromiumTests.swift: each kind of `--report` page opened in Debian's Chromium (headless, over its
// DevTools pipe: Tests/Browser/chromium_page.py), from the file, offline: what a person sees is read from the
// rendered DOM (the counts, the failures first, the timeline's rows, the engines side by side with the
// difference marked, the screenshots as images), no secret of the run is in the file, and a screenshot of
// it is an image. Disabled, saying so, where Chromium is not installed (.ci/setup installs it).
import TestSupport
import CommandOutput
import Foundation
import Testing

@Suite("reports in Chromium", .blockingWork(sharing: BlockingWork.webViewSlots), .serialized, .enabled(if: Chromium.executable != nil && Chromium.python != nil, "needs Debian's chromium and python3 (.ci/setup installs them)"))
struct ReportInChromiumTests {
    static func path(_ relative: String) -> String { Repository.path(relative) }

    /// What the page shows, read in the browser.
    static let look = """
        new Promise(function (done) { (function ready() {
          if (!document.documentElement || document.readyState !== 'complete') return setTimeout(ready, 50);
          done(look());
        })(); });
        function look() {
          function count(selector) { return document.querySelectorAll(selector).length; }
          return { title: document.title, navigations: count('#timeline tbody tr[id]'), parts: count('#timeline section.timeline-part'),
                   sideBySide: count('#timeline .side-by-side'), failures: count('#failures tbody tr'), passed: count('#passed tbody tr'),
                   findings: count('#findings li'), notRead: count('#problems li'), fixes: count('#findings li details'), images: Array.prototype.filter.call(document.images, function (i) { return i.complete && i.naturalWidth > 0; }).length,
                   marked: count('#timeline tr[id]') ? Array.prototype.filter.call(document.querySelectorAll('#timeline tr[id]'), function (row) {
                     return getComputedStyle(row.cells[0]).backgroundColor !== getComputedStyle(document.body).backgroundColor &&
                            getComputedStyle(row.cells[0]).backgroundColor !== 'rgba(0, 0, 0, 0)'; }).length : 0,
                   firstSection: (document.querySelector('main section h2') || {}).textContent,
                   scripts: count('script'), overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
                   width: document.documentElement.clientWidth };
        }
        """

    struct Seen {
        let values: [String: Any]
        let screenshot: Data
        func int(_ key: String) -> Int { values[key] as? Int ?? -1 }
    }

    /// Opens the report in Chromium (as a phone lays it out, with `phone`) and takes its screenshot.
    static func open(_ report: String, phone: Bool = false) throws -> Seen {
        let shot = report + ".png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let values = try Chromium.evaluate(URL(fileURLWithPath: report).absoluteString, look, screenshot: shot, phone: phone) as? [String: Any] ?? [:]
        return Seen(values: values, screenshot: (try? Data(contentsOf: URL(fileURLWithPath: shot))) ?? Data())
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)-\(name)").path
    }

    static let png = Data([0x89, 0x50, 0x4E, 0x47])

    @Test("a replay of a large log: what matters a row each, the rest counted, the findings listed, no secret in the file")
    func replayOfALargeLog() throws {
        let log = Self.temporary("large.navlog"), report = Self.temporary("replay.html")
        defer { for path in [log, report] { try? FileManager.default.removeItem(atPath: path) } }
        var text = ""
        for i in 0..<10_000 {
            text += i % 1000 == 999
                ? #"{"seq":\#(i),"url":"https://yourdomain.com/password_reset.php?code=SECRETCODE\#(i)&access_token=SECRETTOKEN\#(i)&state=x","recordedDecision":"allow"}"# + "\n"
                : #"{"seq":\#(i),"url":"https://yourdomain.com/page\#(i)","recordedDecision":"allow"}"# + "\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: log))
        let run = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--report", report, log])
        #expect(run.status == 1, "\(run.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!html.contains("SECRETCODE") && !html.contains("SECRETTOKEN"))
        let seen = try Self.open(report)
        // The ten mismatches and the first allowed rows; the rest counted and said.
        #expect(seen.int("navigations") == 10 + HTMLReport.RowClass.ordinary.limit && seen.int("parts") == 1)
        #expect(html.contains("\(10_000 - 10 - HTMLReport.RowClass.ordinary.limit) navigations allowed (the first \(HTMLReport.RowClass.ordinary.limit) are shown)"))
        // Each result the log let load is a mismatch finding.
        // The one script is the timeline's search.
        #expect(seen.int("findings") == 10 && seen.int("scripts") == 1, "\(seen.values)")
        #expect(seen.screenshot.starts(with: Self.png))
    }

    @Test("the timeline narrows without a script (each filter shows the navigation rows it keeps and hides the rest), and its search by what is typed")
    func timelineFilters() throws {
        let log = Self.temporary("filter.navlog"), report = Self.temporary("filter.html")
        defer { for path in [log, report] { try? FileManager.default.removeItem(atPath: path) } }
        // Three plain pages; a reset link the app cancelled (the rules allow it: a mismatch, and the error
        // reset-link-as-signin); a sign-in result the app cancelled (cancel, with a warning: no request before it).
        let text = [#"{"seq":0,"url":"https://yourdomain.com/","recordedDecision":"allow"}"#,
                    #"{"seq":1,"url":"https://yourdomain.com/a","recordedDecision":"allow"}"#,
                    #"{"seq":2,"url":"https://yourdomain.com/password_reset.php?code=c1","recordedDecision":"cancel"}"#,
                    #"{"seq":3,"url":"https://yourdomain.com/b","recordedDecision":"allow"}"#,
                    #"{"seq":4,"url":"https://yourdomain.com/password_reset.php?code=c2&access_token=t2","recordedDecision":"cancel"}"#].joined(separator: "\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: log))
        _ = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--report", report, log])
        let shown = """
            new Promise(function (done) { (function ready() {
              if (!document.getElementById('show-all') || document.readyState !== 'complete') return setTimeout(ready, 50);
              done(narrow());
            })(); });
            function narrow() {
              function visible() { return Array.prototype.filter.call(document.querySelectorAll('#timeline tbody tr.nav'), function (r) { return r.offsetParent !== null; }).length; }
              var counts = {};
              ['show-all', 'show-cancel', 'show-findings', 'show-errors', 'show-mismatch', 'show-all'].forEach(function (id) {
                document.getElementById(id).click(); counts[id] = visible(); });
              counts.scripts = document.querySelectorAll('script').length;
              // The search: shown only when its script ran (the page's policy allows it by its hash).
              var box = document.getElementById('search');
              counts.searchShown = !box.hidden;
              [['search-reset', 'password_reset'], ['search-none', 'no such text'], ['search-cleared', '']].forEach(function (typed) {
                box.value = typed[1]; box.dispatchEvent(new Event('input')); counts[typed[0]] = visible(); });
              return counts;
            }
            """
        let counts = try #require(try Chromium.evaluate(URL(fileURLWithPath: report).absoluteString, shown) as? [String: Any])
        #expect(counts["show-all"] as? Int == 5 && counts["show-cancel"] as? Int == 1 && counts["scripts"] as? Int == 1, "\(counts)")
        #expect(counts["searchShown"] as? Bool == true && counts["search-reset"] as? Int == 2 && counts["search-none"] as? Int == 0
                && counts["search-cleared"] as? Int == 5, "\(counts)")
        #expect(counts["show-findings"] as? Int == 2 && counts["show-errors"] as? Int == 1 && counts["show-mismatch"] as? Int == 1, "\(counts)")
    }

    @Test("a test run with failures: the failures first, the passes after, no attack secret in the file")
    func testWithFailures() throws {
        let report = Self.temporary("test.html")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let run = try BridgeProcess.run(["test", "--rules", Self.path("Fixtures/audit/default-allow.json"), "--attack", "--report", report,
                                         Self.path("Fixtures/cases/capture.cases.jsonl")])
        #expect(run.status == 1)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!html.contains("bridge-test-code"))
        let seen = try Self.open(report)
        #expect(seen.values["firstSection"] as? String == "Summary")
        #expect(seen.int("failures") > 0 && seen.int("passed") > 0, "\(seen.values)")
        #expect(seen.values["overflow"] as? Bool == false)
        #expect(html.range(of: "id=\"failures\"")!.lowerBound < html.range(of: "id=\"passed\"")!.lowerBound)
        #expect(seen.screenshot.starts(with: Self.png))
        // At a phone's width nothing is wider than the screen.
        let phone = try Self.open(report, phone: true)
        #expect(phone.values["overflow"] as? Bool == false && phone.int("width") == 390 && phone.int("failures") == seen.int("failures"), "\(phone.values)")
    }

    @Test("a replay's report at a phone's width: nothing wider than the screen, the timeline's rows stacked")
    func replayAtPhoneWidth() throws {
        let report = Self.temporary("phone.html")
        defer { try? FileManager.default.removeItem(atPath: report) }
        _ = try BridgeProcess.run(["replay", "--rules", Self.path("Fixtures/rules/capture.json"), "--report", report,
                                   Self.path("Fixtures/logs/capture-broken-flows.navlog"), Self.path("Fixtures/logs/capture-signin.navlog")])
        let seen = try Self.open(report, phone: true)
        #expect(seen.int("navigations") > 5 && seen.int("findings") > 0, "\(seen.values)")
        #expect(seen.values["overflow"] as? Bool == false, "\(seen.values)")
        #expect(seen.int("width") == 390, "\(seen.values)")
    }

    @Test("inspect: the counts, every finding, and the inputs not read")
    func inspect() throws {
        let report = Self.temporary("inspect.html")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let run = try BridgeProcess.run(["inspect", "--report", report, Self.path("Fixtures/pages"), "/nonexistent/page.html"])
        #expect(run.status == 2)
        let seen = try Self.open(report)
        #expect(seen.int("findings") > 5 && seen.int("notRead") == 1 && seen.int("navigations") == 0, "\(seen.values)")
        // Each finding on a page says why it matters and what to change (its check's rationale).
        #expect(seen.int("fixes") == seen.int("findings"), "\(seen.values)")
        #expect(seen.values["overflow"] as? Bool == false)
        #expect(seen.screenshot.starts(with: Self.png))
        let phone = try Self.open(report, phone: true)
        #expect(phone.values["overflow"] as? Bool == false && phone.int("width") == 390, "\(phone.values)")
    }

    @Test("host in one engine: the timeline with its screenshots embedded, nothing wider than the window",
          .enabled(if: WebKitAvailability.available, "bridge host needs WebKit and a display"))
    func hostInOneEngine() throws {
        let report = Self.temporary("host.html"), shots = Self.temporary("shots")
        defer { for path in [report, shots] { try? FileManager.default.removeItem(atPath: path) } }
        let run = try BridgeProcess.run(["host", "--provider", "--rules", Self.path("Fixtures/rules/capture.json"), "--until", "sentinel", "--screenshots", shots,
                                         "--report", report, "--eval", #"janrain.standIn.signIn("ada@example.com")"#, Self.path("web/webViewSignIn.html")])
        #expect(run.status == 0, "\(run.stderr)")
        let seen = try Self.open(report)
        #expect(seen.int("navigations") > 2 && seen.int("images") >= 1 && seen.int("sideBySide") == 0, "\(seen.values)")
        #expect(seen.values["overflow"] as? Bool == false)
        let phone = try Self.open(report, phone: true)
        #expect(phone.values["overflow"] as? Bool == false && phone.int("width") == 390, "\(phone.values)")
        #expect(seen.screenshot.starts(with: Self.png))
    }

    @Test("host in both engines: side by side, the first difference marked in each; the run leaves nothing in the temporary folder",
          .enabled(if: WebKitAvailability.available, "bridge host needs WebKit and a display"))
    func hostInBothEngines() throws {
        let report = Self.temporary("both.html")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("report-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let run = try BridgeProcess.run(["host", "--engine", "both", "--rules", Self.path("Fixtures/rules/form-post.json"), "--origin", "https://yourdomain.com",
                                         "--until", "idle", "--report", report, Self.path("Fixtures/flows/form-post/index.html")],
                                        environment: ["TMPDIR": temporary.path])
        #expect(run.status == 1)
        // The report's timeline, the browser's profile and its lock's folder are all gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        let seen = try Self.open(report)
        #expect(seen.int("sideBySide") == 1 && seen.int("parts") == 2, "\(seen.values)")
        // The form_post navigation, step 2, in each engine.
        #expect(seen.int("marked") == 2, "\(seen.values)")
        #expect(seen.screenshot.starts(with: Self.png))
    }
}
