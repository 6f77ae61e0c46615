// HTMLReport.swift: `--report FILE.html`, one self-contained page a person looks at after a run of `host`,
// `replay`, `test` or `inspect`: the counts, the findings and failures first, then the timeline of
// navigations (decision, kind, rule, frame, the bridge events and the handlers they reached, findings,
// --explain's steps), what the page did (console errors, dialogs, requests), the screenshots embedded, and
// for `--engine both` the two engines side by side with the first difference marked. It is made from the
// events' JSON lines (OutputLine, the one schema, every string already through the Redactor), so it masks
// what every output masks. Server-side HTML with no script at all: it opens from a file, offline, under a
// Content-Security-Policy that loads nothing (images are data: URLs, the stylesheet inline), reads with a
// keyboard and a screen reader (plain tables, headings, links, details), and prints. Timeline rows go to a
// temporary file as the run goes, so a replay of a long log keeps its memory flat; the page is assembled,
// counts first, when the run ends. The file is unlinked as soon as it is open (read back through the same
// handle), so no way the process ends leaves it behind.
import BrowserURL
import FlowInspector
import Foundation
import JSONText
import KeyedDigest
import OutputFiles
import PageStyle
import RulesAudit

/// What made a report: shown under its title, so a report read later says which bridge ran, how and when.
package struct ReportRun: Sendable {
    /// `bridge --version`'s text.
    package var version: String
    /// The command line after `bridge`, as given (masked when written).
    package var arguments: [String]
    package var started: Date

    package init(version: String, arguments: [String], started: Date) {
        self.version = version
        self.arguments = arguments
        self.started = started
    }

    /// The options whose value is a secret whole, whatever its shape.
    static let secretOptions: Set<String> = ["--state"]
}

package final class HTMLReport {
    package let title: String
    let json: TranscriptJSON
    /// Whether the timeline's sections (an engine each) are laid out side by side.
    let sideBySide: Bool
    /// Where the timeline's file was made (it is unlinked at once; named only in a write failure).
    private let timelinePath: String
    private let timeline: FileHandle?
    /// What ran, when the command says (every command's report does).
    package var run: ReportRun?
    /// Screenshots so far, and the last one embedded (its bytes, row id and moment): an identical next one links to it.
    private var screenshots = 0
    private var lastScreenshot: (data: Data, id: String, after: String)?
    private var timelineBytes = 0
    /// Why a timeline row could not be kept (an errno), if one could not.
    private var timelineFailure: Int32?
    private var sectionCount = 0
    /// Rows (navigations and calls) in the current section: an engine's steps, as EngineComparison counts them.
    private var steps = 0
    private var sectionOpen = false
    /// The current section's name: findings and counts name it when there are several.
    private var sectionName: String?
    private var summaries: [String] = []
    /// Each finding's severity rank (errors first), code and item, in the order found; shown by severity.
    private var findings: [(rank: Int, code: String, item: String)] = []
    private var problems: [String] = []
    /// Each failed case or variant's cause (what failed, and the kind and rule that decided it) and row.
    private var failedTests: [(cause: String, row: String)] = []
    /// How many failures of one cause are shown; the rest are counted.
    package static let failuresShownPerCause = 10
    private var passedTests: [String] = []
    private var comparison: String?
    private var differenceStyle = ""
    private var counts: [String: Int] = [:]
    /// What a navigation's row is to a long run's page: rows of each class are shown up to the class's
    /// limit and the rest counted and said, so that the page of a run of any length stays a few megabytes
    /// and opens in seconds (the JSON transcript keeps every one). The limits favour what a person triages.
    package enum RowClass: Int, CaseIterable, Sendable {
        /// In error (its own or an error finding) or not as recorded.
        case failing
        /// With a finding, none an error.
        case flagged
        /// Cancelled, nothing found.
        case cancelled
        /// Allowed, nothing found.
        case ordinary

        /// How many rows of the class are shown.
        package var limit: Int {
            switch self {
            case .failing: 5_000
            case .flagged: 2_000
            case .cancelled: 2_000
            case .ordinary: 1_000
            }
        }

        var words: String {
            switch self {
            case .failing: "in error or not as recorded"
            case .flagged: "with findings"
            case .cancelled: "cancelled"
            case .ordinary: "allowed"
            }
        }

        /// The class of a navigation line with its findings.
        package static func of(_ o: JSONFields, findings: [JSONFields]) -> RowClass {
            if o["mismatch"] == .bool(true) || HTMLReport.inError(o, findings: findings) { return .failing }
            if !findings.isEmpty { return .flagged }
            return o["decision"] == .string("cancel") ? .cancelled : .ordinary
        }
    }
    private var rowsSeen: [RowClass: Int] = [:]
    private var rowsLeftOut: [RowClass: Int] = [:]
    /// The page's own rows between the navigations (its requests, its console): shown up to this many, the
    /// rest counted and said, as navigations are.
    package static let pageRowsShown = 5_000
    private var pageRows = 0

    /// Whether the next of the page's own rows is shown; counts it either way.
    private func keepPageRow() -> Bool {
        pageRows += 1
        return pageRows <= Self.pageRowsShown
    }

    /// `title`: what the run was (`bridge replay capture-signin.navlog`): the command's words and the names it
    /// was given, read word by word as text bridge did not write (a file name may hold a secret).
    package init(title: String, json: TranscriptJSON, sideBySide: Bool = false, run: ReportRun? = nil) {
        self.run = run
        self.title = json.redactor.foreignText(title)
        self.json = json
        self.sideBySide = sideBySide
        timelinePath = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-report-\(UUID().uuidString).html").path
        // A file that cannot be made leaves no handle: the first row kept then fails the report.
        timeline = FileManager.default.createFile(atPath: timelinePath, contents: nil)
            ? FileHandle(forUpdatingAtPath: timelinePath) : nil
        unlink(timelinePath)
    }

    deinit {
        try? timeline?.close()
    }

    // MARK: What the run adds

    /// A part of the timeline of its own: a log of several (its name masked as a file's), an engine of two.
    package func section(_ name: String) {
        let name = json.redactor.fileName(name)
        closeSection()
        sectionCount += 1
        sectionName = name
        steps = 0
        write("<section class=\"timeline-part\" aria-labelledby=\"part-\(sectionCount)\"><h3 id=\"part-\(sectionCount)\">\(Self.escape(name))</h3>")
        openTable()
    }

    /// The event's lines as `json` writes them (a log's renderer names the log), or as the report's own
    /// does: its line, with the finding lines that follow a navigation's or call's.
    package func add(_ event: some OutputEvent, json: TranscriptJSON? = nil) {
        let lines = event.jsonLines(json ?? self.json)
        guard let first = lines.first else { return }
        add(first, findings: lines.dropFirst().filter { $0.type == .finding }.map(\.fields))
    }

    /// A line; for a navigation or a call, `findings` are the finding lines its `findings` name.
    package func add(_ line: OutputLine, findings: [JSONFields] = []) {
        let o = line.fields
        counts[line.type.rawValue, default: 0] += 1
        switch line.type {
        case .navigation:
            if !sectionOpen { section("Navigations") }
            steps += 1
            let rowClass = RowClass.of(o, findings: findings)
            rowsSeen[rowClass, default: 0] += 1
            guard rowsSeen[rowClass, default: 0] <= rowClass.limit else {
                // Left out, and said; its findings are still listed and counted, linked to no row.
                rowsLeftOut[rowClass, default: 0] += 1
                for finding in findings { addFinding(finding, row: nil) }
                break
            }
            write(navigationRow(o, findings))
            for finding in findings { addFinding(finding, row: stepID(steps)) }
        case .call:
            if !sectionOpen { section("Navigations") }
            steps += 1
            write("<tr id=\"\(stepID(steps))\"><td class=\"num\">\(Self.text(o, "seq"))</td><td class=\"num\">\(Self.text(o, "time"))</td>"
                  + "<td colspan=\"2\"><span class=\"badge\">call</span></td><td><code>\(Self.text(o, "name"))</code></td><td>\(events(o))</td></tr>\n")
            for finding in findings { addFinding(finding, row: stepID(steps)) }
        case .finding: addFinding(o, row: nil)
        case .rejected:
            problems.append("<li><span class=\"badge error\">rejected</span> \(place(o)) <code>\(Self.text(o, "code"))</code>: \(Self.text(o, "message"))</li>")
        case .inputError:
            problems.append("<li><span class=\"badge error\">\(Self.text(o, "code"))</span> \(place(o))"
                            + (Self.string(o, "key").map { " <code>\(Self.escape($0))</code>" } ?? "") + ": \(Self.text(o, "message"))</li>")
        case .scriptError: problems.append("<li><span class=\"badge error\">script error</span> \(Self.text(o, "message"))</li>")
        case .network:
            if !sectionOpen { section("Navigations") }
            guard keepPageRow() else { break }
            write("<tr class=\"muted\"><td></td><td></td><td colspan=\"2\"><span class=\"badge\">net</span> \(Self.text(o, "status"))</td>"
                  + "<td><code>\(Self.text(o, "method"))</code> <span class=\"url\">\(Self.text(o, "url"))</span></td><td>\(Self.text(o, "detail"))</td></tr>\n")
        case .console:
            if !sectionOpen { section("Navigations") }
            guard keepPageRow() else { break }
            let level = Self.text(o, "level")
            let style = level == "error" ? " error" : level == "warn" ? " warning" : ""
            write("<tr class=\"muted\"><td></td><td></td><td colspan=\"2\"><span class=\"badge\(style)\">console \(level)</span></td>"
                  + "<td colspan=\"2\"><code>\(Self.text(o, "message"))</code>" + (o["leftOut"].flatMap { if case .int(let n) = $0, n > 0 { " …(\(n) more characters)" } else { nil } } ?? "")
                  + " <span class=\"muted\">\(Self.text(o, "frame"))</span></td></tr>\n")
        case .dialog:
            if !sectionOpen { section("Navigations") }
            write("<tr><td></td><td></td><td colspan=\"2\"><span class=\"badge\">\(Self.text(o, "dialogType"))</span></td>"
                  + "<td>\(Self.text(o, "message"))</td><td>answered \(Self.dialogAnswer(o))</td></tr>\n")
        case .eval:
            if !sectionOpen { section("Navigations") }
            write("<tr><td></td><td></td><td colspan=\"2\"><span class=\"badge\">eval</span></td><td colspan=\"2\"><code>\(Self.text(o, "result"))</code></td></tr>\n")
        case .screenshot:
            if !sectionOpen { section("Navigations") }
            screenshots += 1
            let id = "part\(sectionCount)-shot\(screenshots)"
            // A view that did not change between two screenshots is shown once: the second links to the first.
            let data = Self.string(o, "imageFile").flatMap { FileManager.default.contents(atPath: $0) }
            let picture: String
            if let data, let previous = lastScreenshot, previous.data == data {
                picture = " <span class=\"muted\">the view unchanged since <a href=\"#\(previous.id)\">the screenshot after \(Self.escape(previous.after))</a></span>"
            } else {
                picture = Self.image(Self.string(o, "imageFile"), opening: id)
                if let data { lastScreenshot = (data, id, Self.string(o, "after") ?? "") }
            }
            write("<tr id=\"\(id)\"><td></td><td></td><td colspan=\"2\"><span class=\"badge\">screenshot</span></td><td colspan=\"2\">after \(Self.text(o, "after"))"
                  + picture + "</td></tr>\n")
        case .logSummary, .testSummary, .inspectSummary, .hostResult: summaries.append(summaryCards(line.type, o))
        case .engines: comparison = enginesBlock(o)
        case .test:
            let row = testRow(o)
            if o["passed"] == .bool(false) { failedTests.append((Self.cause(o), row)) } else { passedTests.append(row) }
        case .url, .decision, .listening, .served, .emulatorFailure, .attackGenerator, .check:
            break
        }
    }

    // MARK: The page

    /// The whole page as one string (a small run's; `write(to:)` streams a large one).
    package func html() -> String {
        var page: [UInt8] = []
        write { page += $0 }
        return String(decoding: page, as: UTF8.self)
    }

    /// Writes the page to `path` (OutputFile: whole or not at all, never over a file without --force or over
    /// an input), streamed.
    package func save(to path: String, policy: OutputFilePolicy) throws(OutputFileProblem) {
        if let timelineFailure { throw .cannotWrite(path: timelinePath, errno: timelineFailure) }
        let file = try OutputFile(path, policy: policy)
        var problem: OutputFileProblem?
        write { bytes in
            guard problem == nil else { return }
            do throws(OutputFileProblem) { try file.write(bytes) } catch { problem = error }
        }
        if let problem { throw problem }
        try file.commit()
    }

    /// The page in parts, handed to `sink` in order: the timeline is copied from its file a megabyte at a
    /// time, so writing the page of a long replay holds no more than that.
    package func write(_ sink: ([UInt8]) throws -> Void) rethrows {
        closeSection()
        var page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">\n"
            + "<meta name=\"generator\" content=\"bridge\">\n"
            + "<title>\(Self.escape(title))</title>\n<style>\n\(PageStyle.stylesheet)\(differenceStyle)\(timelineBytes > 0 ? Self.timelineFilterStyle : "")</style>\n</head>\n<body>\n"
        page += "<header><h1>\(Self.escape(title))</h1>\n" + (run.map(runLine) ?? "") + "<nav aria-label=\"Sections\">"
        var links: [(String, String)] = [("summary", "Summary")]
        if !failedTests.isEmpty { links.append(("failures", "Failures (\(failedTests.count))")) }
        if !findings.isEmpty { links.append(("findings", "Findings (\(findings.count))")) }
        if !problems.isEmpty { links.append(("problems", "Not read (\(problems.count))")) }
        if comparison != nil { links.append(("engines", "Engines")) }
        if timelineBytes > 0 { links.append(("timeline", "Timeline (\(counts["navigation", default: 0]) navigations)")) }
        if !passedTests.isEmpty { links.append(("passed", "Passed (\(passedTests.count))")) }
        page += links.map { "<a href=\"#\($0.0)\">\(Self.escape($0.1))</a>" }.joined(separator: " ") + "</nav></header>\n<main>\n"
        page += "<section id=\"summary\" aria-labelledby=\"summary-title\"><h2 id=\"summary-title\">Summary</h2>\n" + summaries.joined(separator: "\n") + "</section>\n"
        if !failedTests.isEmpty {
            page += "<section id=\"failures\"><h2>Failures</h2>\n<table class=\"stack\"><thead><tr><th>Case or variant</th><th>URL</th><th>Decision</th><th>What failed</th></tr></thead>\n"
                + failureGroups() + "</table></section>\n"
        }
        if !findings.isEmpty {
            page += "<section id=\"findings\"><h2>Findings</h2>\n" + findingCounts() + "<ul class=\"plain\">\n" + findingItems() + "\n</ul></section>\n"
        }
        if !problems.isEmpty {
            page += "<section id=\"problems\"><h2>Not read</h2>\n<ul class=\"plain\">\n" + problems.joined(separator: "\n") + "\n</ul></section>\n"
        }
        if let comparison { page += comparison }
        if timelineBytes > 0 {
            page += "<section id=\"timeline\"><h2>Timeline</h2>\n"
            var leftOut = RowClass.allCases.filter { rowsLeftOut[$0, default: 0] > 0 }
                .map { "\(rowsLeftOut[$0, default: 0]) navigations \($0.words) (the first \($0.limit) are shown)" }
            if pageRows > Self.pageRowsShown { leftOut.append("\(pageRows - Self.pageRowsShown) of the page's requests and console messages (the first \(Self.pageRowsShown) are shown)") }
            if !leftOut.isEmpty {
                page += "<p class=\"muted\" id=\"left-out\">Left out of this page, to keep it quick to open (the JSON transcript, --format json, has every one): "
                    + leftOut.joined(separator: "; ") + ".</p>\n"
            }
            page += Self.timelineFilter + Self.searchBox + "<div class=\"\(sideBySide ? "side-by-side" : "parts")\">\n"
            try sink(Array(page.utf8))
            page = ""
            if let timeline, (try? timeline.seek(toOffset: 0)) != nil {
                while let chunk = try? timeline.read(upToCount: 1 << 20), !chunk.isEmpty { try sink(Array(chunk)) }
                _ = try? timeline.seekToEnd()
            }
            page += "</div></section>\n<script>" + Self.searchScript + "</script>\n"
        }
        if !passedTests.isEmpty {
            page += "<section id=\"passed\"><details><summary><h2 style=\"display:inline\">Passed (\(passedTests.count))</h2></summary>\n"
                + "<table class=\"stack\"><thead><tr><th>Case or variant</th><th>URL</th><th>Decision</th><th></th></tr></thead><tbody>\n"
                + passedTests.joined() + "</tbody></table></details></section>\n"
        }
        try sink(Array((page + "</main>\n</body>\n</html>\n").utf8))
    }

    /// What the timeline can be narrowed to, without a script: a radio button each, and a rule of
    /// `PageStyle.stylesheet` per button that hides the navigation rows it does not keep (and the page's own
    /// rows between them). The keys are the classes `rowClasses` gives a navigation's row.
    package static let timelineFilters: [(id: String, label: String, keeps: String)] = [
        ("show-all", "all", ""), ("show-cancel", "cancelled", "d-cancel"), ("show-findings", "with findings", "has-finding"),
        ("show-errors", "with errors", "has-error"), ("show-mismatch", "not as recorded", "mismatch"),
    ]

    static let timelineFilter = "<div class=\"filter\" role=\"radiogroup\" aria-label=\"Show\">Show: "
        + timelineFilters.map { "<input type=\"radio\" name=\"show\" id=\"\($0.id)\"\($0.id == "show-all" ? " checked" : "")><label for=\"\($0.id)\">\($0.label)</label>" }
            .joined(separator: " ") + "</div>\n"

    /// The search's box, hidden until its script shows it.
    static let searchBox = "<p class=\"filter\"><input type=\"search\" id=\"search\" hidden placeholder=\"Search the timeline (URL, rule, finding, event)\" "
        + "aria-label=\"Search the timeline\"></p>\n"

    /// The filter's rules, made from `timelineFilters`: a checked button hides the navigation rows without its
    /// class, and the page's own rows (network, dialogs) between them.
    package static let timelineFilterStyle = timelineFilters.filter { !$0.keeps.isEmpty }
        .map { "body:has(#\($0.id):checked) tbody tr.nav:not(.\($0.keeps))" }.joined(separator: ", ")
        + ", body:has(.filter input:not(#show-all):checked) .timeline-part tbody tr:not(.nav) { display: none; }\n"

    /// A navigation row's classes, which the timeline's filter keeps rows by: its decision, whether it has
    /// findings, an error (its own or an error finding), and whether the recording did otherwise.
    package static func rowClasses(_ o: JSONFields, findings: [JSONFields]) -> String {
        var classes = ["nav", "d-" + (string(o, "decision") ?? "none")]
        if !findings.isEmpty { classes.append("has-finding") }
        if inError(o, findings: findings) { classes.append("has-error") }
        if o["mismatch"] == .bool(true) { classes.append("mismatch") }
        return classes.joined(separator: " ")
    }

    /// Whether a navigation is in error: its own error, or an error among its findings.
    static func inError(_ o: JSONFields, findings: [JSONFields]) -> Bool {
        (o["error"] != nil && o["error"] != .null) || findings.contains { $0["severity"] == .string("error") }
    }

    /// The inspector's checks' rationales, by id.
    static let checkRationale = Dictionary((CheckCatalogue.all + CheckCatalogue.inputChecks).map { ($0.id, $0.rationale) }, uniquingKeysWith: { a, _ in a })

    /// The report's one script, the timeline's search: a row stays when its text holds what is typed (case
    /// ignored); the box shows only when the script runs. A few lines by hand, no library: the page loads
    /// nothing. The radio filter beside it needs no script.
    package static let searchScript = """
        var box = document.getElementById('search'); box.hidden = false;
        box.addEventListener('input', function () {
          var q = box.value.toLowerCase();
          document.querySelectorAll('.timeline-part tbody tr').forEach(function (row) {
            row.hidden = q !== '' && row.textContent.toLowerCase().indexOf(q) < 0;
          });
        });
        """

    /// Nothing is loaded from anywhere: images only as data: URLs, the inline stylesheet, and no script but the
    /// search, named by its SHA-256 (text the report shows can never run, even if it escaped its markup).
    package static let contentSecurityPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        + "script-src 'sha256-\(Data(Digest.sha256(Array(searchScript.utf8))).base64EncodedString())'; base-uri 'none'; form-action 'none'"

    // MARK: Rows

    private func openTable() {
        write("<table class=\"stack\"><thead><tr><th class=\"num\">Seq</th><th class=\"num\">ms</th><th>Decision</th><th>Kind</th>"
              + "<th>URL and rule</th><th>Events and findings</th></tr></thead><tbody>\n")
        sectionOpen = true
    }

    private func closeSection() {
        guard sectionOpen else { return }
        write("</tbody></table></section>\n")
        sectionOpen = false
    }

    private func stepID(_ step: Int) -> String { "part\(sectionCount)-step\(step)" }

    private func navigationRow(_ o: JSONFields, _ findings: [JSONFields]) -> String {
        let decision = Self.text(o, "decision")
        var where_ = "<span class=\"url\">\(Self.escape(Self.string(o, "url") ?? Self.string(o, "input") ?? ""))</span>" + Self.unicodeHost(Self.string(o, "url"))
        where_ += "<br><span class=\"muted\">rule</span> " + (Self.string(o, "rule").map { "<code>\(Self.escape($0))</code>" } ?? "<span class=\"muted\">none</span>")
        if o["frame"] == .string("sub") { where_ += " · <span class=\"muted\">subframe</span>" }
        if o["frame"] == .string("unknown") { where_ += " · <span class=\"warning\">frame unknown (\(Self.text(o, "frameFrom"))): decided as the top frame's</span>" }
        if let same = Self.string(o, "sameDocument") { where_ += " · <span class=\"muted\">same document (\(Self.escape(same)))</span>" }
        if o["mismatch"] == .bool(true) { where_ += " · <span class=\"badge fail\">recorded \(Self.text(o, "recorded"))</span>" }
        if case .object(let error)? = o["error"] { where_ += "<br><span class=\"error\"><code>\(Self.text(error, "code"))</code> \(Self.text(error, "message"))</span>" }
        var notes = events(o)
        let nested = findings.map { f in
            "<li><span class=\"badge \(Self.text(f, "severity"))\">\(Self.text(f, "severity"))</span> <code>\(Self.text(f, "code"))</code> \(Self.text(f, "message"))</li>"
        }
        if !nested.isEmpty { notes += "<ul class=\"plain\">" + nested.joined() + "</ul>" }
        let explanation = Self.array(o, "explanation").compactMap { value -> String? in
            if case .string(let s) = value { return "<li>\(Self.escape(s))</li>" } else { return nil }
        }
        if !explanation.isEmpty { notes += "<details><summary>why</summary><ol>" + explanation.joined() + "</ol></details>" }
        return "<tr id=\"\(stepID(steps))\" class=\"\(Self.rowClasses(o, findings: findings))\"><td class=\"num\" data-label=\"seq\">\(Self.text(o, "seq"))</td><td class=\"num\" data-label=\"ms\">\(Self.text(o, "time"))</td>"
            + "<td><span class=\"badge \(decision)\">\(decision)</span></td><td class=\"word\">\(Self.text(o, "kind"))</td><td>\(where_)</td><td>\(notes)</td></tr>\n"
    }

    private func events(_ o: JSONFields) -> String {
        let items = Self.array(o, "events").compactMap { value -> String? in
            guard case .object(let e) = value else { return nil }
            let handlers = Self.array(e, "handlers").compactMap { if case .string(let h) = $0 { return Self.escape(h) } else { return nil } }
            let status = Self.text(e, "status")
            return "<li><code>\(Self.text(e, "event"))</code> " + (handlers.isEmpty ? "<span class=\"muted\">\(status)</span>" : "→ " + handlers.joined(separator: ", ")) + "</li>"
        }
        return items.isEmpty ? "" : "<ul class=\"plain\">" + items.joined() + "</ul>"
    }

    private func place(_ o: JSONFields) -> String {
        var parts: [String] = []
        if let file = Self.string(o, "file") { parts.append(Self.escape(file)) }
        if case .int(let line)? = o["line"] { parts.append("line \(line)" + { if case .int(let c)? = o["column"] { return ", column \(c)" } else { return "" } }()) }
        if let path = Self.string(o, "path") { parts.append(Self.escape(path)) }
        return parts.isEmpty ? "" : "<span class=\"muted\">\(parts.joined(separator: " "))</span>"
    }

    /// A finding, ranked by its severity (error, warning, note; anything else last), linked to `row` (the
    /// timeline row of the navigation it was found on) when there is one.
    private func addFinding(_ o: JSONFields, row: String?) {
        let rank = ["error", "warning", "note"].firstIndex(of: Self.string(o, "severity") ?? "") ?? 3
        findings.append((rank, Self.string(o, "code") ?? "", findingItem(o, row: row)))
    }

    /// How many findings of each code, by severity then code: one line, so a thousand findings of one cause
    /// read as one cause.
    private func findingCounts() -> String {
        var counts: [String: (rank: Int, count: Int)] = [:]
        for finding in findings { counts[finding.code, default: (finding.rank, 0)].count += 1 }
        let listed = counts.sorted { ($0.value.rank, $0.key) < ($1.value.rank, $1.key) }
            .map { "<code>\(Self.escape($0.key))</code> ×\($0.value.count)" }
        return "<p class=\"counts\">" + listed.joined(separator: " · ") + "</p>\n"
    }

    /// How many findings of one code are listed; the rest are counted (a long replay's thousands of one
    /// warning would make the page as long as the log).
    package static let findingsShownPerCode = 25

    /// The findings by severity (stable within one), at most `findingsShownPerCode` of each code, each code's
    /// rest counted after its last one shown.
    private func findingItems() -> String {
        var shown: [String: Int] = [:], total: [String: Int] = [:], items: [String] = []
        for finding in findings { total[finding.code, default: 0] += 1 }
        for finding in findings.sorted(by: { $0.rank < $1.rank }) {
            shown[finding.code, default: 0] += 1
            let count = shown[finding.code]!
            if count <= Self.findingsShownPerCode { items.append(finding.item) }
            if count == Self.findingsShownPerCode, let all = total[finding.code], all > count {
                items.append("<li class=\"muted\">and \(all - count) more <code>\(Self.escape(finding.code))</code> (all in the JSON Lines)</li>")
            }
        }
        return items.joined(separator: "\n")
    }

    private func findingItem(_ o: JSONFields, row: String?) -> String {
        let severity = Self.text(o, "severity")
        var link = ""
        if case .int(let seq)? = o["seq"] {
            link = row.map { " <a href=\"#\($0)\">seq \(seq)</a>" } ?? " <span class=\"muted\">seq \(seq)</span>"
        }
        let part = sideBySide ? " <span class=\"muted\">\(Self.escape(sectionName ?? ""))</span>" : ""
        // A page's finding has its check's rationale: why it matters and what to change.
        let why = Self.string(o, "code").flatMap { code in Self.checkRationale[code] }
            .map { "<details><summary>why, and the fix</summary>\(Self.escape($0))</details>" } ?? ""
        return "<li><span class=\"badge \(severity)\">\(severity)</span> <code>\(Self.text(o, "code"))</code>\(part) \(place(o))\(link)<br>\(Self.text(o, "message"))\(why)</li>"
    }

    private func testRow(_ o: JSONFields) -> String {
        let name = Self.text(o, "name") + (Self.string(o, "file").map { " <span class=\"muted\">\(Self.escape($0)):\(Self.text(o, "line"))</span>" }
                                             ?? " <span class=\"muted\">\(Self.text(o, "suite"))</span>")
        let failures = Self.array(o, "failures").compactMap { value -> String? in
            guard case .object(let f) = value else { return nil }
            let differences = Self.array(f, "differences").compactMap { value -> String? in
                guard case .object(let d) = value else { return nil }
                return "<li><code>\(Self.text(d, "key"))</code>: expected \(Self.text(d, "expected")), got \(Self.text(d, "actual"))</li>"
            }
            return "<li><code>\(Self.text(f, "code"))</code> \(Self.text(f, "message"))" + (differences.isEmpty ? "" : "<ul>" + differences.joined() + "</ul>") + "</li>"
        }
        let decision = Self.text(o, "decision")
        return "<tr><td data-label=\"case\">\(name)</td><td><span class=\"url\">\(Self.text(o, "input"))</span>\(Self.unicodeHost(Self.string(o, "url")))"
            + Self.construction(o) + "</td>"
            + "<td><span class=\"badge \(decision)\">\(decision)</span> <span class=\"word\">\(Self.text(o, "kind"))</span> <code>\(Self.text(o, "rule"))</code></td>"
            + "<td>" + (failures.isEmpty ? "<span class=\"pass\">pass</span>" : "<ul class=\"plain\">" + failures.joined() + "</ul>") + "</td></tr>\n"
    }

    /// How an attack variant was made, in the generator's words (the masked URL hides its userinfo, which the
    /// attack may be made of), and its host as the browser reads it: the construction shown, no credential.
    static func construction(_ o: JSONFields) -> String {
        guard let id = string(o, "generator"), let generator = AttackCatalogue.generator(id: id) else { return "" }
        let host = string(o, "url").flatMap { BrowserURL($0) }.map { " The browser goes to <code>\(escape($0.hostname))</code>." } ?? ""
        // The summary's `quoted` parts are code.
        let summary = generator.summary.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset % 2 == 1 ? "<code>\(escape(String($0.element)))</code>" : escape(String($0.element)) }.joined()
        return "<br><span class=\"muted\">\(escape(id)): \(summary).\(host)</span>"
    }

    private func summaryCards(_ type: OutputLineType, _ o: JSONFields) -> String {
        var cards: [(String, String, String)] = []   // value, label, class
        switch type {
        case .logSummary:
            cards = [(Self.text(o, "replayed"), "replayed", ""), (Self.text(o, "unread"), "not read", o["unread"] == .int(0) ? "" : "error"),
                     (Self.text(o, "mismatches"), "mismatches", o["mismatches"] == .int(0) ? "" : "error")]
            if case .object(let d)? = o["decisions"] { cards += [(Self.text(d, "allow"), "allowed", "allow"), (Self.text(d, "cancel"), "cancelled", "cancel")] }
            if case .object(let f)? = o["findingCounts"] { cards += [(Self.text(f, "error"), "errors", "error"), (Self.text(f, "warning"), "warnings", "warning")] }
            let heading = sideBySide ? Self.escape(sectionName ?? "") + " · " : ""
            return "<h3>\(heading)\(Self.text(o, "file")) <small class=\"muted\">\(Self.text(o, "format"))</small></h3>" + Self.cards(cards)
        case .testSummary:
            let passed = o["passed"] == .bool(true)
            cards = [(passed ? "passed" : "failed", "the run", passed ? "pass" : "fail"), (Self.text(o, "cases"), "cases", ""), (Self.text(o, "casesFailed"), "cases failed", "fail"),
                     (Self.text(o, "variants"), "attack variants", ""), (Self.text(o, "variantsFailed"), "variants failed", "fail"), (Self.text(o, "unread"), "bad lines", "error")]
        case .inspectSummary:
            cards = [(Self.text(o, "pages"), "pages", ""), (Self.text(o, "unread"), "not read", "error")]
            if case .object(let f)? = o["findingCounts"] {
                cards += [(Self.text(f, "error"), "errors", "error"), (Self.text(f, "warning"), "warnings", "warning"), (Self.text(f, "note"), "notes", "note")]
            }
        case .hostResult:
            let reached = o["reached"] == .bool(true)
            cards = [(reached ? "reached" : "failed", "until \(Self.text(o, "until"))", reached ? "pass" : "fail"), (Self.text(o, "firstInterceptionMs"), "ms to the first interception", "")]
            let failures = Self.array(o, "failures").compactMap { value -> String? in
                guard case .object(let f) = value else { return nil }
                let said = Self.array(f, "engineSaid").compactMap { line -> String? in
                    guard case .string(let said) = line else { return nil }
                    return "<li><code>" + Self.escape(said) + "</code></li>"
                }
                return "<li><code>\(Self.text(f, "code"))</code> \(Self.text(f, "message"))"
                    + (said.isEmpty ? "" : "<details><summary>the engine said (\(said.count) lines)</summary><ul class=\"plain engine-said\">" + said.joined() + "</ul></details>")
                    + "</li>"
            }
            // A failed run's stop is its failure, said once (in the list).
            return Self.cards(cards) + (reached ? "<p>\(Self.text(o, "stop"))</p>" : "") + (failures.isEmpty ? "" : "<ul class=\"plain error\">" + failures.joined() + "</ul>")
        default: break
        }
        return Self.cards(cards)
    }

    private func enginesBlock(_ o: JSONFields) -> String {
        guard case .object(let difference)? = o["firstDifference"], case .int(let step)? = difference["step"] else {
            return "<section id=\"engines\"><h2>Engines</h2><p class=\"pass\">WebKit (iOS) and Chromium (Android) did the same \(Self.text(o, "webkitSteps")) steps.</p></section>\n"
        }
        // The two sections are the engines' in the order the host ran them: WebKit's first.
        differenceStyle = "#part1-step\(step) td, #part2-step\(step) td { background: var(--diff); }\n"
        func side(_ key: String) -> String {
            guard case .object(let s)? = difference[key] else { return "<span class=\"muted\">nothing (its run had ended)</span>" }
            if let call = Self.string(s, "call") { return "call <code>\(Self.escape(call))</code>" }
            return "<span class=\"badge \(Self.text(s, "decision"))\">\(Self.text(s, "decision"))</span> \(Self.text(s, "kind")) <code>\(Self.text(s, "rule"))</code> <span class=\"url\">\(Self.text(s, "url"))</span>"
        }
        return "<section id=\"engines\"><h2>Engines</h2><p class=\"fail\">The engines differ at step \(step) "
            + "(<a href=\"#part1-step\(step)\">WebKit's</a>, <a href=\"#part2-step\(step)\">Chromium's</a>):</p>"
            + "<table><tbody><tr><th>WebKit (iOS)</th><td>\(side("webkit"))</td></tr><tr><th>Chromium (Android)</th><td>\(side("chromium"))</td></tr></tbody></table></section>\n"
    }

    // MARK: Text

    /// A timeline row kept in the temporary file; a row that could not be (no file, a full disk) fails the
    /// save rather than leave a page that silently lacks it.
    private func write(_ text: String) {
        guard let timeline else { timelineFailure = timelineFailure ?? ENOENT; return }
        let bytes = Data(text.utf8)
        do {
            try timeline.write(contentsOf: bytes)
            timelineBytes += bytes.count
        } catch { timelineFailure = timelineFailure ?? ((error as NSError).code == 0 ? EIO : Int32((error as NSError).code)) }
    }

    /// bridge's version, the command line (each argument masked as an argument is, a secret option's value
    /// whole), when it started (UTC) and how long it ran until the report was written.
    private func runLine(_ run: ReportRun) -> String {
        let redactor = json.redactor
        var shown: [String] = [], secretNext = false
        for argument in run.arguments {
            shown.append(secretNext && redactor.isEnabled ? redactor.mask(argument) : redactor.argument(argument))
            secretNext = ReportRun.secretOptions.contains(argument)
        }
        let started = ISO8601DateFormatter().string(from: run.started)
        let seconds = String(format: "%.1f", max(0, Date().timeIntervalSince(run.started)))
        return "<p class=\"muted run\">bridge \(Self.escape(run.version)) · <code>bridge \(Self.escape(shown.joined(separator: " ")))</code> · "
            + "started <time datetime=\"\(started)\">\(started)</time> · ran \(seconds) s</p>\n"
    }

    /// A failure's cause, as a reader triages it: what failed (the failures' codes), and the kind and rule
    /// that decided (90 variants let through by `"default": "allow"` are one cause).
    static func cause(_ o: JSONFields) -> String {
        let codes = array(o, "failures").compactMap { value -> String? in
            guard case .object(let f) = value else { return nil }
            return string(f, "code")
        }
        return codes.joined(separator: ", ") + " · decided by " + (string(o, "kind") ?? "?") + " · " + (string(o, "rule").map { "rule " + $0 } ?? "no rule")
    }

    /// The failures grouped by cause, the largest first (then in the order first seen), each group a tbody
    /// headed by its cause and count with a stable anchor, its first rows shown and the rest counted.
    private func failureGroups() -> String {
        var order: [String] = [], rows: [String: [String]] = [:]
        for failure in failedTests {
            if rows[failure.cause] == nil { order.append(failure.cause) }
            rows[failure.cause, default: []].append(failure.row)
        }
        let groups = order.enumerated().sorted { (rows[$0.element]!.count, -$0.offset) > (rows[$1.element]!.count, -$1.offset) }.map(\.element)
        return groups.enumerated().map { index, cause in
            let all = rows[cause] ?? []
            let shown = all.prefix(Self.failuresShownPerCause)
            let more = all.count - shown.count
            return "<tbody id=\"cause-\(index + 1)\"><tr class=\"group\"><th colspan=\"4\"><a href=\"#cause-\(index + 1)\">\(Self.escape(cause))</a> "
                + "<span class=\"badge fail\">\(all.count)</span></th></tr>\n" + shown.joined()
                + (more > 0 ? "<tr class=\"muted\"><td colspan=\"4\">and \(more) more of this cause (all in the JSON Lines)</td></tr>\n" : "") + "</tbody>\n"
        }.joined()
    }

    /// The classes a card takes to say that something is wrong.
    package static let alarmClasses: Set<String> = ["error", "fail", "warning"]

    /// Summary cards (value, label, class). A count of nothing wrong is shown plain: a zero never takes an
    /// alarm class (error, fail, warning), so red on the page always means something to look at.
    package static func cards(_ cards: [(String, String, String)]) -> String {
        "<div class=\"cards\">" + cards.map { card in
            let style = card.0 == "0" && alarmClasses.contains(card.2) ? "" : card.2
            return "<div class=\"card \(style)\"><b>\(escape(card.0))</b>\(escape(card.1))</div>"
        }.joined() + "</div>\n"
    }

    /// A screenshot as a data: URL, shown as a thumbnail that opens full size (a link to its row, `opening`,
    /// whose `:target` rule widens it: the picture is in the page once), or a note that it could not be read.
    static func image(_ path: String?, opening row: String) -> String {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return " <span class=\"muted\">(the picture could not be read)</span>" }
        return "<a class=\"shot-link\" href=\"#\(row)\" title=\"full size\"><img class=\"shot\" alt=\"the view, \(escape(URL(fileURLWithPath: path).lastPathComponent))\" "
            + "src=\"data:image/png;base64,\(data.base64EncodedString())\"></a>"
    }

    static func string(_ o: JSONFields, _ key: String) -> String? {
        if case .string(let s)? = o[key] { return s }
        return nil
    }

    static func array(_ o: JSONFields, _ key: String) -> [JSONOutput] {
        if case .array(let a)? = o[key] { return a }
        return []
    }

    /// A dialog's answer as the page got it: JSON's null is a prompt's `null` or an alert's `undefined`.
    static func dialogAnswer(_ o: JSONFields) -> String {
        switch o["answer"] {
        case .bool(let confirmed)?: String(confirmed)
        default: o["dialogType"] == .string("prompt") ? "null" : "undefined"
        }
    }

    /// A member as escaped text: a string as it is, a number as written, null as nothing.
    static func text(_ o: JSONFields, _ key: String) -> String {
        switch o[key] {
        case .string(let s)?: escape(s)
        case .int(let n)?: String(n)
        case .number(let n)?: JSONWriter.numberText(n)
        case .bool(let b)?: b ? "yes" : "no"
        default: ""
        }
    }

    /// An internationalized host in the letters a person reads beside the Punycode the browser sends (a
    /// homoglyph of a real domain is plain here), escaped; nothing for a host without "xn--" labels.
    static func unicodeHost(_ url: String?) -> String {
        // Most rows have no "xn--" label: a long replay's rows are not parsed again for it.
        guard let url, url.range(of: "xn--", options: .caseInsensitive) != nil, let parsed = BrowserURL(url),
              let unicode = parsed.unicodeHostname else { return "" }
        return "<br><span class=\"idn\">host reads <code>\(escape(unicode))</code> · Punycode <code>\(escape(parsed.hostname))</code></span>"
    }

    /// Text as HTML (MarkupText: markup characters and invisible ones escaped).
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
