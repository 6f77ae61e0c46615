// ExportShapeTests.swift: the shapes real exports take that our own fixtures did not, written anew in each
// producer's shape (no one's log copied): a headless Chrome HAR with `_resourceType` and no `pages` or
// Sec-Fetch headers, a proxy's HAR of Firefox whose first entry is Safe Browsing's POST, a proxy's HAR whose
// only frame signal is Referer, Chrome 61's HAR
// whose redirect hop is `other`, Chrome 47's frameScheduledNavigation without a url, a load retried under a
// new loaderId, Chrome 95's History API events without navigationType, and a navlog whose recorder saw a
// cancelled fragment navigation happen anyway. Each is read as the browser saw it.
import Foundation
import NavigationPolicy
import NavigationReplay
import Testing

@Suite("real exports' shapes")
struct ExportShapeTests {
    static func harText(_ entries: [String], pages: Bool = false) -> String {
        #"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"# + (pages ? #""pages":[{"id":"page_1","title":"t"}],"# : "")
            + #""entries":["# + entries.joined(separator: ",") + "]}}"
    }

    static func har(_ entries: [String], pages: Bool = false) -> ByteInput {
        ByteInput(name: "t.har", bytes: Array(harText(entries, pages: pages).utf8))
    }

    static func entry(_ url: String, time: String, method: String = "GET", type: String? = nil, initiator: String? = nil,
                      status: Int = 200, redirect: String = "", mime: String = "text/html", headers: String = "", post: String? = nil,
                      duration: Int? = nil) -> String {
        var fields = [#""startedDateTime":"2026-11-28T10:00:\#(time)Z""#,
                      #""request":{"method":"\#(method)","url":"\#(url)","headers":[\#(headers)]\#(post.map { #","postData":{"mimeType":"\#($0)","text":"x"}"# } ?? "")}"#,
                      #""response":{"status":\#(status),"redirectURL":"\#(redirect)","headers":[],"content":{"mimeType":"\#(mime)"}}"#]
        if let duration { fields.append(#""time":\#(duration)"#) }
        if let type { fields.append(#""_resourceType":"\#(type)""#) }
        if let initiator { fields.append(#""_initiator":{"type":"\#(initiator)"}"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    @Test("headless Chrome without pages or Sec-Fetch: every Document is the top frame's, a code on the callback among them, said as a guess")
    func headlessChromeDocuments() throws {
        let result = try ReplayHarness.replay(Self.har([
            Self.entry("https://yourdomain.com/webViewSignIn.html", time: "00", type: "Document", initiator: "other"),
            Self.entry("https://myapp.us.janraincapture.com/widget/signin.html", time: "01", type: "Document", initiator: "other"),
            Self.entry("https://yourdomain.com/password_reset.php?code=abc&access_token=xyz", time: "02", type: "Document", initiator: "other"),
            Self.entry("https://ads.example/frame.html", time: "03", type: "Document", initiator: "parser"),
        ]), format: .har)
        let records = result.navigations.map(\.record)
        #expect(records.map(\.isMainFrame) == [true, true, true, false])
        #expect(records.map(\.frameEvidence) == [.topOfChain, .topOfChain, .topOfChain, .parserInitiator])
        #expect(result.navigations[2].decision.rule == "signin" && result.navigations[2].decision.action == .cancel)
    }

    @Test("Sec-Fetch-Site none (Playwright's page.goto, an app's loadUrl) is the app's navigation; a page's own is the page's")
    func fetchSiteNoneIsTheApps() throws {
        let result = try ReplayHarness.replay(Self.har([
            Self.entry("https://yourdomain.com/webViewSignIn.html", time: "00", type: "document",
                       headers: #"{"name":"sec-fetch-site","value":"none"},{"name":"sec-fetch-user","value":"?1"},{"name":"sec-fetch-dest","value":"document"}"#),
            Self.entry("https://yourdomain.com/next.html", time: "01", type: "document",
                       headers: #"{"name":"sec-fetch-site","value":"same-origin"},{"name":"sec-fetch-user","value":"?1"},{"name":"sec-fetch-dest","value":"document"}"#),
        ], pages: true), format: .har)
        #expect(result.navigations.map(\.record.source) == [.app, .user])
        #expect(result.navigations.map(\.record.request.isAppInitiated) == [true, false])
    }

    @Test("a proxy's HAR of Firefox (no _resourceType, no Sec-Fetch): Safe Browsing's protobuf POST is no navigation; the pages after it are top-frame documents")
    func proxiedFirefox() throws {
        let result = try ReplayHarness.replay(Self.har([
            Self.entry("https://safebrowsing.googleapis.com/v4/threatListUpdates:fetch?key=k", time: "00", method: "POST", mime: "application/octet-stream",
                       post: "application/x-protobuf"),
            Self.entry("https://yourdomain.com/webViewSignIn.html", time: "01", headers: #"{"name":"Accept","value":"text/html,application/xhtml+xml"}"#),
            Self.entry("https://yourdomain.com/password_reset.php?code=abc&access_token=xyz", time: "02",
                       headers: #"{"name":"Accept","value":"text/html,application/xhtml+xml"}"#),
        ]), format: .har)
        #expect(result.navigations.map(\.record.url) == ["https://yourdomain.com/webViewSignIn.html", "https://yourdomain.com/password_reset.php?code=abc&access_token=xyz"])
        #expect(result.navigations.allSatisfy { $0.record.isMainFrame })
    }

    static func fetched(by page: String, accept: String = "text/html,application/xhtml+xml") -> String {
        #"{"name":"Accept","value":"\#(accept)"},{"name":"Referer","value":"\#(page)"}"#
    }

    /// A proxy's HAR of a page whose iframe loads a code, the page's image requested after the iframe has loaded.
    static let refererIframe = [
        entry("https://yourdomain.com/webViewSignIn.html", time: "00", headers: #"{"name":"Accept","value":"text/html"}"#, duration: 100),
        entry("https://yourdomain.com/password_reset.php?code=abc&access_token=xyz", time: "01",
              headers: fetched(by: "https://yourdomain.com/webViewSignIn.html"), duration: 200),
        entry("https://yourdomain.com/logo.png", time: "02", mime: "image/png",
              headers: fetched(by: "https://yourdomain.com/webViewSignIn.html", accept: "image/avif,image/*")),
    ]

    @Test("a proxy's HAR without Sec-Fetch or pages: a document whose Referer page goes on loading after it has loaded is that page's iframe")
    func refererStillLoading() throws {
        let result = try ReplayHarness.replay(Self.har(Self.refererIframe + [
            // Cross-origin: the Referer is the page's origin only (strict-origin-when-cross-origin), on the
            // iframe and on the page's later script alike.
            Self.entry("https://widget.example/frame.html", time: "03", headers: Self.fetched(by: "https://yourdomain.com/"), duration: 100),
            Self.entry("https://cdn.example/app.js", time: "05", mime: "text/javascript", headers: Self.fetched(by: "https://yourdomain.com/", accept: "*/*")),
        ]), format: .har)
        let records = result.navigations.map(\.record)
        #expect(records.map(\.isMainFrame) == [true, false, false])
        #expect(records.map(\.frameEvidence) == [.topOfChain, .referer, .referer])
    }

    @Test("under Android's rules, a code the Referer places in an iframe is reported as one the app never sees (not-asked-on-android)")
    func refererIframeUnderAndroid() throws {
        let result = try ReplayHarness.replay(Self.har(Self.refererIframe), format: .har, platform: .android)
        let hit = try #require(result.navigations.last)
        #expect(hit.record.frameEvidence == .referer && hit.decision.action == .cancel)
        #expect(hit.findings.map(\.code).contains("not-asked-on-android"))
    }

    @Test("Referer's neighbours stay top-frame documents: a link whose page's only later request is a beacon POST, a link whose later requests are its own, a same-origin page named by origin only")
    func refererNotAFrame() throws {
        let page = "https://yourdomain.com/webViewSignIn.html"
        let next = "https://yourdomain.com/password_reset.php?code=abc&access_token=xyz"
        let result = try ReplayHarness.replay(Self.har([
            Self.entry(page, time: "00", headers: #"{"name":"Accept","value":"text/html"}"#, duration: 100),
            Self.entry(next, time: "01", headers: Self.fetched(by: page), duration: 100),
            Self.entry("https://yourdomain.com/beacon", time: "02", method: "POST", mime: "text/plain", headers: Self.fetched(by: page, accept: "*/*"), post: "text/plain"),
            Self.entry("https://yourdomain.com/reset.css", time: "03", mime: "text/css", headers: Self.fetched(by: next, accept: "text/css")),
            Self.entry("https://yourdomain.com/done.html", time: "04", headers: Self.fetched(by: "https://yourdomain.com/"), duration: 100),
            Self.entry("https://yourdomain.com/done.js", time: "06", mime: "text/javascript", headers: Self.fetched(by: "https://yourdomain.com/", accept: "*/*")),
        ]), format: .har)
        let records = result.navigations.map(\.record)
        #expect(records.map(\.url) == [page, next, "https://yourdomain.com/done.html"])
        #expect(records.map(\.isMainFrame) == [true, true, true])
        #expect(records.map(\.frameEvidence) == [.topOfChain, .topOfChain, .topOfChain])
    }

    @Test("Chrome 61: a 302 hop marked _resourceType other, whose redirectURL is the next Document, is that document's hop")
    func chrome61RedirectHop() throws {
        let result = try ReplayHarness.replay(Self.har([
            Self.entry("https://yourdomain.com/webViewSignIn.html", time: "00", type: "Document"),
            Self.entry("https://myapp.us.janraincapture.com/oauth/authorize?client_id=c&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&state=s1",
                       time: "01", type: "Other", status: 302, redirect: "https://yourdomain.com/password_reset.php?code=abc&access_token=xyz&state=s1", mime: ""),
            Self.entry("https://yourdomain.com/password_reset.php?code=abc&access_token=xyz&state=s1", time: "02", type: "Document"),
        ]), format: .har)
        let records = result.navigations.map(\.record)
        #expect(records.count == 3)
        #expect(records[2].source == .redirect && records[2].redirectFrom == records[1].url)
        #expect(!result.findings.contains { $0.kind == .sentinelWithoutRequest || $0.kind == .requestUnanswered })
    }

    static func cdp(_ events: [String]) -> ByteInput { ByteInput(name: "t.json", bytes: Array(("[" + events.joined(separator: ",") + "]").utf8)) }

    @Test("Chrome 47's frameScheduledNavigation had only a delay: no rejection, the document request that follows is the navigation")
    func chrome47Scheduled() throws {
        let result = try ReplayHarness.replay(Self.cdp([
            #"{"method":"Page.frameScheduledNavigation","params":{"frameId":"M","delay":0}}"#,
            #"{"method":"Network.requestWillBeSent","params":{"frameId":"M","loaderId":"L1","type":"Document","request":{"url":"https://yourdomain.com/","method":"GET"}}}"#,
        ]), format: .cdp)
        #expect(result.rejected.isEmpty)
        #expect(result.navigations.map(\.record.url) == ["https://yourdomain.com/"])
    }

    @Test("a load repeated under a new loaderId after a failed one is a second navigation, not merged away")
    func retriedLoad() throws {
        let result = try ReplayHarness.replay(Self.cdp([
            #"{"method":"Network.requestWillBeSent","params":{"frameId":"M","loaderId":"L1","type":"Document","request":{"url":"https://yourdomain.com/password_reset.php?code=abc&access_token=xyz","method":"GET"}}}"#,
            #"{"method":"Network.loadingFailed","params":{"requestId":"L1","type":"Document","errorText":"net::ERR_CONNECTION_RESET"}}"#,
            #"{"method":"Network.requestWillBeSent","params":{"frameId":"M","loaderId":"L2","type":"Document","request":{"url":"https://yourdomain.com/password_reset.php?code=abc&access_token=xyz","method":"GET"}}}"#,
        ]), format: .cdp)
        #expect(result.navigations.count == 2)
    }

    @Test("Chrome 95's navigatedWithinDocument without navigationType: a new path is the History API, only a new fragment a fragment navigation")
    func historyWithoutType() throws {
        let result = try ReplayHarness.replay(Self.cdp([
            #"{"method":"Page.frameNavigated","params":{"frame":{"id":"M","url":"https://yourdomain.com/app"}}}"#,
            #"{"method":"Page.navigatedWithinDocument","params":{"frameId":"M","url":"https://yourdomain.com/app/step2"}}"#,
            #"{"method":"Page.navigatedWithinDocument","params":{"frameId":"M","url":"https://yourdomain.com/app/step2#code=1"}}"#,
        ]), format: .cdp)
        #expect(result.navigations.map(\.record.sameDocument) == [.historyAPI, .fragment])
    }

    @Test("a navlog whose recorder saw the view load what the app cancelled: cancel-ignored")
    func cancelIgnored() throws {
        let result = try ReplayHarness.replay(text: """
            {"url":"https://yourdomain.com/password_reset.php#code=abc&access_token=xyz","sameDocument":"fragment","recordedDecision":"cancel","loaded":true}
            {"url":"https://yourdomain.com/password_reset.php?code=abc&access_token=xyz","recordedDecision":"cancel","loaded":false}

            """)
        #expect(result.findings.filter { $0.kind == .cancelIgnored }.map(\.location) == [.line(1)])
    }

    @Test("a HAR cut short replays its complete entries and says where it stops; one cut before any entry is one rejection")
    func cutHAR() throws {
        let whole = Self.harText([
            Self.entry("https://yourdomain.com/webViewSignIn.html", time: "00", type: "Document"),
            Self.entry("https://yourdomain.com/password_reset.php?code=abc&access_token=xyz", time: "01", type: "Document"),
            Self.entry("https://yourdomain.com/after.html", time: "02", type: "Document"),
        ], pages: true)
        let cutAt = try #require(whole.range(of: "after.html")).lowerBound
        let result = try ReplayHarness.replay(ByteInput(name: "cut.har", bytes: Array(whole[..<cutAt].utf8)), format: .har)
        #expect(result.navigations.map(\.record.url) == ["https://yourdomain.com/webViewSignIn.html",
                                                         "https://yourdomain.com/password_reset.php?code=abc&access_token=xyz"])
        guard result.rejected.count == 1, case .har(.cut(entriesRead: 2, line: 1, column: _)) = result.rejected[0].reason else {
            Issue.record("\(result.rejected)"); return
        }
        #expect(result.rejected[0].location == .path("log.entries[2]"))
        let early = try ReplayHarness.replay(ByteInput(name: "early.har", bytes: Array(#"{"log":{"entries":[{"request":{"url":"https://a."#.utf8)), format: .har)
        guard early.rejected.count == 1, case .documentNotJSON(.har, _, _, _) = early.rejected[0].reason else { Issue.record("\(early.rejected)"); return }
        #expect(early.navigations.isEmpty)
    }
}
