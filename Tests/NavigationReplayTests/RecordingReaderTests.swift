// RecordingReaderTests.swift: the real HAR and CDP recordings in Fixtures/logs/corpus (their
// sources are in SOURCES.txt beside them) replay without a crash, with the navigation counts stated
// here, and with every entry or event accounted for: navigations found + not navigations + rejected =
// what the file holds. Also the hand-made recordings with a redirect chain ending on a custom scheme.
import Foundation
import Testing
@testable import NavigationReplay

@Suite struct RecordingReaderTests {
    struct Expectation: Sendable, CustomStringConvertible {
        let file: String
        let navigations: Int
        let mainFrame: Int
        let redirects: Int
        var description: String { file }
    }

    static let corpus: [Expectation] = [
        // Playwright: theverge.com 301 → 301 → 200, every hop in the main frame (_frameref).
        Expectation(file: "playwright-har-redirect.har", navigations: 3, mainFrame: 3, redirects: 2),
        // chrome-har: the SSO chain (3 × 302 then 200) and a doubleclick 302 → 200 iframe chain.
        Expectation(file: "pagexray-redirect-and-redirect-back.har", navigations: 6, mainFrame: 4, redirects: 4),
        // Firefox 43, a client-side redirect three times: redirect.html then index.html per page, each the
        // top frame's (a script's redirect moves the top frame; the pages give no load time, so nothing says
        // index.html was asked for while redirect.html loaded).
        Expectation(file: "pagexray-frontendredirect.har", navigations: 6, mainFrame: 6, redirects: 0),
        // Chrome DevTools: a 304 document and a failed one (status 0, _error, no Sec-Fetch headers, no
        // Referer, initiator "other": the browser's own navigation), both the top frame's. A later document of
        // a page is not an iframe for that alone.
        Expectation(file: "mitmproxy-chrome.har", navigations: 2, mainFrame: 2, redirects: 0),
        // Safari Web Inspector: the page and four github-btn iframes (their Referer the page, started before
        // its onLoad: page-loading).
        Expectation(file: "mitmproxy-safari.har", navigations: 5, mainFrame: 1, redirects: 0),
        // Firefox 118: the page and the login POST (one entry lacks queryString).
        Expectation(file: "harsanitizer-firefox-auth0-login.har", navigations: 2, mainFrame: 2, redirects: 0),
        Expectation(file: "chromehar-calibreapp-signin.json", navigations: 1, mainFrame: 1, redirects: 0),
        Expectation(file: "chromehar-lighthouse-redirect.json", navigations: 3, mainFrame: 3, redirects: 2),
        Expectation(file: "chromehar-linkClickChrome.json", navigations: 1, mainFrame: 1, redirects: 0),
        Expectation(file: "chromehar-multiPageNavigation.json", navigations: 2, mainFrame: 2, redirects: 0),
        Expectation(file: "chromehar-navigatedWithinDocument.json", navigations: 1, mainFrame: 1, redirects: 0),
    ]

    @Test(arguments: corpus)
    func realRecordingsAreAccountedFor(_ e: Expectation) throws {
        let path = "Fixtures/logs/corpus/\(e.file)"
        let result = try ReplayHarness.replay(file: path)
        #expect(result.navigations.count == e.navigations)
        #expect(result.navigations.filter(\.record.isMainFrame).count == e.mainFrame)
        #expect(result.navigations.filter { $0.record.source == .redirect }.count == e.redirects)
        #expect(result.rejected.isEmpty)
        let s = result.summary
        #expect(s.recordsRead == s.replayed + s.rejected)
        // Every item in the file is a navigation, a counted non-navigation, or rejected.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Repository.path(path))))
        let items = ((json as? [String: Any])?["log"] as? [String: Any])?["entries"] as? [Any] ?? json as? [Any] ?? []
        #expect(s.replayed - s.synthetic + s.rejected + s.skipped.values.reduce(0, +) == items.count)
    }

    /// One HAR entry as the exporters without _resourceType or Sec-Fetch headers write it (BrowserMob,
    /// Pingdom): a request, its headers, and the answer's status and type.
    static func entry(_ started: String, _ method: String, _ url: String, accept: String?, referer: String? = nil,
                      status: Int = 200, mime: String, location: String? = nil, page: String = "page_1") -> String {
        let headers = [accept.map { #"{"name": "Accept", "value": "\#($0)"}"# }, referer.map { #"{"name": "Referer", "value": "\#($0)"}"# }].compactMap { $0 }
        let postData = method == "POST" ? #", "postData": {"mimeType": "text/plain", "text": "goog-phish-shavar;"}"# : ""
        return """
            {"pageref": "\(page)", "startedDateTime": "\(started)", "time": 40,
             "request": {"method": "\(method)", "url": "\(url)", "headers": [\(headers.joined(separator: ", "))]\(postData)},
             "response": {"status": \(status), "redirectURL": "\(location ?? "")", "headers": [\(location.map { #"{"name": "Location", "value": "\#($0)"}"# } ?? "")],
                          "content": {"mimeType": "\(mime)"}}}
            """
    }

    static func frames(_ pageOnLoad: Double, _ entries: [String]) throws -> [(url: String, main: Bool, evidence: FrameEvidence?)] {
        let har = """
            {"log": {"version": "1.2", "pages": [{"id": "page_1", "startedDateTime": "2026-12-07T10:00:00.000Z", "pageTimings": {"onLoad": \(pageOnLoad)}}],
             "entries": [\(entries.joined(separator: ",\n"))]}}
            """
        let result = try ReplayHarness.replay(ByteInput(name: "t.har", bytes: Array(har.utf8)), format: .har)
        #expect(result.rejected.isEmpty)
        return result.navigations.map { ($0.record.url, $0.record.isMainFrame, $0.record.frameEvidence) }
    }

    @Test("a browser's own request first in a page (Firefox's Safe Browsing POST of text/plain, answered octet-stream) is no document, and the page's documents are the top frame's")
    func safeBrowsingBeforeThePage() throws {
        let html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        let frames = try Self.frames(900, [
            Self.entry("2026-12-07T10:00:00.000Z", "POST", "https://shavar.services.mozilla.com/downloads?client=navclient-auto-ffox&appver=60.0&pver=2.2",
                       accept: "*/*", mime: "application/octet-stream"),
            Self.entry("2026-12-07T10:00:00.100Z", "GET", "https://app.example/login", accept: html, mime: "text/html; charset=utf-8"),
            Self.entry("2026-12-07T10:00:02.000Z", "GET", "https://app.example/", accept: html, referer: "https://app.example/login", mime: "text/html"),
        ])
        #expect(frames.map(\.url) == ["https://app.example/login", "https://app.example/"])
        #expect(frames.map(\.main) == [true, true])
        #expect(frames.map(\.evidence) == [.pages, .topOfChain], "the second a guess, and said")
    }

    @Test("a page that holds the whole visit (Pingdom's one page per tab): a later top-level document, asked for once the page had loaded, stays the top frame's; one its page asked for while loading is an iframe")
    func laterDocumentsOfOnePage() throws {
        let html = "text/html,application/xhtml+xml"
        let frames = try Self.frames(500, [
            Self.entry("2026-12-07T10:00:00.000Z", "GET", "https://app.example/", accept: html, mime: "text/html"),
            Self.entry("2026-12-07T10:00:00.200Z", "GET", "https://captcha.example/frame", accept: html, referer: "https://app.example/", mime: "text/html"),
            Self.entry("2026-12-07T10:00:03.000Z", "GET", "https://app.example/login", accept: html, referer: "https://app.example/", status: 302,
                       mime: "", location: "https://sso.example/realms/app/protocol/openid-connect/auth?client_id=app&response_type=code"),
            Self.entry("2026-12-07T10:00:03.100Z", "GET", "https://sso.example/realms/app/protocol/openid-connect/auth?client_id=app&response_type=code",
                       accept: html, referer: "https://app.example/", mime: "text/html"),
        ])
        #expect(frames.map(\.url) == ["https://app.example/", "https://captcha.example/frame", "https://app.example/login",
                                      "https://sso.example/realms/app/protocol/openid-connect/auth?client_id=app&response_type=code"])
        #expect(frames.map(\.main) == [true, false, true, true])
        #expect(frames[1].evidence == .pageLoading)
    }

    @Test("a HAR redirect to the sentinel that no request followed (the app cancelled it) is replayed as that navigation")
    func harRedirectToACancelledSentinelBecomesANavigation() throws {
        let sentinel = "https://yourdomain.com/password_reset.php?code=abcdefghijklmnop&access_token=qrstuvwxyzABCDEF"
        let har = """
            {"log": {"version": "1.2", "pages": [], "entries": [
              {"startedDateTime": "2026-11-28T10:00:00.000Z", "_resourceType": "document",
               "request": {"method": "POST", "url": "https://myapp.us.janraincapture.com/oauth/signin", "headers": []},
               "response": {"status": 302, "redirectURL": "\(sentinel)", "headers": [{"name": "Location", "value": "\(sentinel)"}],
                            "content": {"mimeType": "text/plain"}}}
            ]}}
            """
        let result = try ReplayHarness.replay(ByteInput(name: "t.har", bytes: Array(har.utf8)), format: .har)
        let hop = try #require(result.navigations.last)
        #expect(hop.record.url == sentinel && hop.record.isSynthetic && hop.record.source == .redirect && hop.record.redirectStatus == 302)
        #expect(hop.decision.kind == .sentinel && hop.decision.action == .cancel)
        #expect(result.summary.sentinelResults == 1)
    }

    @Test func harRedirectToACustomSchemeBecomesANavigation() throws {
        let result = try ReplayHarness.replay(file: "Fixtures/logs/redirect-to-app.har")
        let urls = result.navigations.map(\.record.url)
        // Sorted by startedDateTime although the file lists them out of order.
        #expect(urls == [
            "https://yourdomain.com/webViewSignIn.html",
            "https://tracker.example.net/pixel.html",
            "https://myapp.us.janraincapture.com/oauth/authorize?client_id=8fmq2mmz9qrzm6ws4k3z&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&response_type=code&state=aGFyLXN0YXRlLTAwMQ",
            "https://myapp.us.janraincapture.com/session/continue",
            "myapp://password-changed?status=ok",
        ])
        let continueHop = result.navigations[3].record
        #expect(continueHop.source == .redirect && continueHop.redirectStatus == 302)  // relative Location resolved
        let app = result.navigations[4]
        #expect(app.record.isSynthetic && app.record.redirectFrom == "https://myapp.us.janraincapture.com/session/continue")
        #expect(app.decision.kind == .deeplink && app.decision.action == .cancel)
        #expect(result.navigations[1].record.isMainFrame == false)  // Sec-Fetch-Dest: iframe
        #expect(result.navigations[2].record.hasUserGesture == true)  // Sec-Fetch-User: ?1
        #expect(result.rejected.map(\.location.description) == ["log.entries[5]"])
    }

    @Test func cdpRedirectHopsAndMergedClick() throws {
        let result = try ReplayHarness.replay(file: "Fixtures/logs/redirect-to-app.cdp.json")
        #expect(result.format == .cdp)
        let records = result.navigations.map(\.record)
        #expect(records.count == 6)
        #expect(records[1].isMainFrame == false)  // Page.frameAttached names its parent
        // frameRequestedNavigation (anchorClick) and its Document request are one navigation.
        #expect(records[2].navigationType == .linkClicked && records[2].hasUserGesture == true && records[2].time != nil)
        #expect(records[3].source == .redirect && records[3].redirectStatus == 302)
        #expect(records[4].url == "myapp://password-changed?status=ok" && records[4].redirectFrom == "https://myapp.us.janraincapture.com/session/continue")
        #expect(result.navigations[4].decision.kind == .deeplink)
        // pushState is replayed as what it is: a History API change, which no platform asks the app about.
        #expect(records[5].sameDocument == .historyAPI && records[5].url == "https://yourdomain.com/webViewSignIn.html#/history")
        #expect(result.rejected.map(\.location.description) == ["[11]"])
    }

    @Test func notJSONIsOneRejectionNotACrash() throws {
        let har = try ReplayHarness.replay(ByteInput(name: "t", bytes: Array(#"{"log": {"entries": [ {"request": {"url": "https://a/""#.utf8)), format: .har)
        guard har.rejected.count == 1, case .documentNotJSON(.har, .endOfInput, line: 1, column: 55) = har.rejected[0].reason else { Issue.record("\(har.rejected)"); return }
        let cdp = try ReplayHarness.replay(ByteInput(name: "t", bytes: Array(#"{"not": "an array"}"#.utf8)), format: .cdp)
        #expect(cdp.rejected.count == 1 && cdp.summary.recordsRead == 1)
    }
}
