// HARReader.swift: the navigations in a HAR 1.2 export, read leniently (NavigationReplay.docc/Navlog.md, "HAR and CDP logs"):
// real exports break the schema (no queryString, serverIPAddress "", null redirectURL, status 0 with
// `_error`), so only `log.entries[].request.url` is required. Entries are sorted by startedDateTime.
// Which entries are navigations, best signal first: Chrome's `_resourceType`, `Sec-Fetch-Dest`/`-Mode`,
// then the first entry of each page, an HTML request answered with HTML, and membership in a redirect
// chain (backwards too: Chrome 61 called a document's redirect hop `other`). Which frame: `Sec-Fetch-Dest`,
// then the HAR's `pages` (a page's first document is the top frame's), then Chrome's parser initiator (an
// iframe's `src`), then `Referer` (a page that goes on loading after the document has loaded holds it in
// an iframe); with no signal a document is the top frame's, and the record says its frame was a guess
// (`frameEvidence`), which replay weighs (`frame-unknown`). A subframe only on evidence. Redirect hops are linked by their resolved `redirectURL`/`Location`; a redirect to a custom scheme
// that no entry follows (the browser never fetches `myapp://`) becomes a synthetic navigation, which is how
// a sign-in hand-off survives in a HAR at all. Every entry is accounted for: a navigation, a counted
// non-navigation, or a rejection with its key path. A HAR cut short replays its complete entries
// (HARSalvage) and says where it stops.
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy

package struct HARReader {
    package init() {}

    package func read(_ bytes: [UInt8], _ emit: (LogItem) -> Void) {
        let json: JSONValue
        let text = RecordingJSON.text(bytes)
        if case .success(let whole) = JSONValue.parse(utf8: text) {
            json = whole
        } else if let cut = HARSalvage.salvage(text) {
            // A HAR cut short: its complete entries are replayed, and where it stops is said.
            let (line, column) = JSONDocument.position(of: cut.cutAt, in: text)
            emit(.rejected(RejectedRecord(location: .path("log.entries[\(cut.entries)]"), reason: .har(.cut(entriesRead: cut.entries, line: line, column: column)))))
            json = cut.document
        } else {
            guard let whole = RecordingJSON.parse(bytes, as: .har, emit) else { return }
            json = whole
        }
        guard let log = json["log"]?.objectValue else {
            emit(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .har(.noLog))))
            return
        }
        guard let rawEntries = log["entries"]?.arrayValue else {
            emit(.rejected(RejectedRecord(location: .path("log.entries"), reason: .har(.noEntries))))
            return
        }
        var entries: [Entry] = []
        let dates = HARDate()
        for (index, raw) in rawEntries.enumerated() {
            let path = "log.entries[\(index)]"
            guard let object = raw.objectValue else {
                emit(.rejected(RejectedRecord(location: .path(path), reason: .har(.entryNotObject))))
                continue
            }
            guard let request = object["request"]?.objectValue, let url = request["url"]?.stringValue else {
                emit(.rejected(RejectedRecord(location: .path(path), reason: .har(.entryWithoutURL))))
                continue
            }
            entries.append(Entry(index: index, object: object, request: request, url: url, dates: dates))
        }
        // Spec: readers must not assume order. Stable: entries without a parseable time keep their place.
        let order = entries.indices.sorted { a, b in
            switch (entries[a].started, entries[b].started) {
            case let (x?, y?) where x != y: return x < y
            default: return entries[a].index < entries[b].index
            }
        }
        entries = order.map { entries[$0] }
        let start = entries.compactMap(\.started).min()

        // Which entries are navigations, and which frame.
        let hasPages = !(log["pages"]?.arrayValue ?? []).isEmpty
        var firstOfPage = Set<String>()
        var isNavigation = [Bool](repeating: false, count: entries.count)
        var isMain = [Bool](repeating: true, count: entries.count)
        var evidence = [FrameEvidence?](repeating: nil, count: entries.count)
        var mainFrameRef: String?
        for (i, entry) in entries.enumerated() {
            let page = entry.pageref ?? ""
            // A page's first document (not its first entry: a browser's own request can come before it).
            let isFirst = !firstOfPage.contains(page)
            defer { if isNavigation[i] { firstOfPage.insert(page) } }
            switch entry.navigationSignal {
            case .document(let main):
                isNavigation[i] = true
                if let main { isMain[i] = main } else { (isMain[i], evidence[i]) = entry.frameGuess(firstOfPage: isFirst, hasPages: hasPages, first: i == 0) }
            case .notNavigation:
                isNavigation[i] = false
            case .unknown:
                if let frame = entry.frameRef {
                    // Playwright: every entry names its frame; the first frame seen is the main frame.
                    if mainFrameRef == nil { mainFrameRef = frame }
                    isNavigation[i] = isFirst || entry.looksLikeHTMLDocument
                    isMain[i] = frame == mainFrameRef
                } else {
                    // The first entry of a page is its document unless it cannot be one: a browser's own
                    // request before the page (Firefox's Safe Browsing POST of text/plain or protobuf,
                    // answered with octet-stream) is neither a form's nor answered with a document.
                    isNavigation[i] = (isFirst && entry.mayBeDocumentRequest && entry.answerMayBeDocument) || entry.looksLikeHTMLDocument
                    (isMain[i], evidence[i]) = entry.frameGuess(firstOfPage: isFirst, hasPages: hasPages, first: i == 0)
                }
            }
        }
        // Redirect chains: link each 3xx to the later entry it leads to.
        var redirectedFrom: [Int: (from: Int, target: String)] = [:]
        var synthetic: [Int: String] = [:]
        // Entries by URL (without fragment), in time order: a hop finds its follow-up without a scan.
        var byURL: [Substring: [Int]] = [:]
        for (i, entry) in entries.enumerated() { byURL[Self.withoutFragment(entry.url), default: []].append(i) }
        for (i, entry) in entries.enumerated() {
            guard let target = entry.redirectTarget else { continue }
            let key = Self.withoutFragment(target)
            if let j = byURL[key]?.first(where: { $0 > i && redirectedFrom[$0] == nil }) {
                redirectedFrom[j] = (i, target)
                if isNavigation[i] { isNavigation[j] = true; isMain[j] = isMain[i]; evidence[j] = evidence[i] }
            } else if isNavigation[i] {
                // No request followed the redirect: a custom scheme the browser does not fetch, or a navigation
                // the app cancelled (its sentinel). The web view asked about it all the same.
                synthetic[i] = target
            }
        }
        // A hop Chrome called `other` whose redirect lands on a document is that document's hop, and so on
        // back along the chain (latest first, so a chain of hops is taken whole).
        for j in entries.indices.reversed() {
            guard let (i, _) = redirectedFrom[j], isNavigation[j], !isNavigation[i], entries[i].resourceType == "other" else { continue }
            isNavigation[i] = true
            isMain[i] = isMain[j]
            evidence[i] = evidence[j]
            synthetic[i] = nil
        }
        Self.framesFromPageLoad(entries, pages: log["pages"]?.arrayValue ?? [], dates: dates, isNavigation: isNavigation,
                                redirectedFrom: redirectedFrom, isMain: &isMain, evidence: &evidence)
        Self.framesFromReferer(entries, isNavigation: isNavigation, redirectedFrom: redirectedFrom, isMain: &isMain, evidence: &evidence)
        var skipped = 0
        for (i, entry) in entries.enumerated() {
            let path = "log.entries[\(entry.index)]"
            guard isNavigation[i] else { skipped += 1; continue }
            var record = NavigationRecord(url: entry.url, location: .path(path))
            record.method = HTTPMethod(reported: entry.method)
            record.navigationType = record.method == .post ? .formSubmitted : .other
            record.isMainFrame = isMain[i]
            record.frameEvidence = evidence[i]
            record.time = Self.time(entry.started, since: start) ?? entry.startedText.map(RecordTime.timestamp)
            record.sourceURL = entry.header("referer")
            if entry.header("sec-fetch-user") == "?1" { record.source = .user; record.hasUserGesture = true }
            // Fetch Metadata's `Sec-Fetch-Site: none`: the browser (in a web view, the app) started the
            // navigation, not a page (Firefox's dom/security/test/sec-fetch/browser_navigation.js expects it on a
            // load the browser starts; SecFetch.cpp: "A request issued by the browser is always user initiated").
            if entry.header("sec-fetch-site") == "none" { record.source = .app }
            if let (from, target) = redirectedFrom[i] {
                // Chrome strips the fragment from request.url; it survives only in the redirect target.
                record.url = target
                record.source = .redirect
                record.redirectFrom = entries[from].url
                record.redirectStatus = entries[from].status
                record.navigationType = .other
            }
            if let error = entry.object["_error"]?.stringValue, !error.isEmpty { record.note = .failed(error) }
            emit(.record(record))
            if let target = synthetic[i] {
                var hop = NavigationRecord(url: target, location: .path(path + ".response.redirectURL"))
                hop.source = .redirect
                hop.redirectFrom = entry.url
                hop.redirectStatus = entry.status
                hop.isMainFrame = isMain[i]
                hop.time = record.time
                hop.note = .redirectNotFollowed(toWebURL: Self.isFetched(target))
                hop.isSynthetic = true
                emit(.record(hop))
            }
        }
        if skipped > 0 { emit(.skipped(reason: .subresources, count: skipped)) }
    }


    /// A document no other signal placed is an iframe when its `Referer` names its page's top document and
    /// it started before that page had loaded (`pages[].pageTimings.onLoad`): the page asked for it while
    /// loading, as it asks for its iframes. A top-level navigation the page makes (a script's redirect) comes
    /// once the page has loaded, or in a page whose load time the HAR does not give, and stays the top
    /// frame's guess.
    static func framesFromPageLoad(_ entries: [Entry], pages: [JSONValue], dates: HARDate, isNavigation: [Bool],
                                   redirectedFrom: [Int: (from: Int, target: String)], isMain: inout [Bool], evidence: inout [FrameEvidence?]) {
        var loadedAt: [String: Date] = [:]
        for page in pages {
            guard let id = page["id"]?.stringValue, let started = page["startedDateTime"]?.stringValue.flatMap(dates.parse),
                  let onLoad = page["pageTimings"]?["onLoad"]?.doubleValue, onLoad >= 0 else { continue }
            loadedAt[id] = started.addingTimeInterval(onLoad / 1000)
        }
        guard !loadedAt.isEmpty else { return }
        var next: [Int: Int] = [:]
        for (j, link) in redirectedFrom { next[link.from] = j }
        var top: [String: Int] = [:]
        for i in entries.indices where isNavigation[i] {
            guard let page = entries[i].pageref else { continue }
            guard let first = top[page] else { if isMain[i] { top[page] = i }; continue }
            guard redirectedFrom[i] == nil, evidence[i] == .topOfChain, let loaded = loadedAt[page], let started = entries[i].started, started < loaded,
                  let referer = entries[i].header("referer"),
                  // The page's whole address, or its origin when that cannot also name the document.
                  referer == withoutFragment(entries[first].url)
                    || (Self.referer(referer, names: entries[first].url) && !Self.referer(referer, names: entries[i].url)) else { continue }
            // The document and every hop its redirects lead to.
            var member: Int? = i
            while let m = member, isMain[m] {
                isMain[m] = false
                evidence[m] = .pageLoading
                member = next[m]
            }
        }
    }

    /// A document no other signal placed is an iframe when its `Referer` names the top frame's page and that
    /// page goes on requesting subresources (GETs: a beacon at unload is a POST) after the document, and
    /// every hop of its redirect chain, has loaded: a top-level navigation would have unloaded the page. A
    /// Referer cut to an origin (`strict-origin-when-cross-origin`) names the page only when it cannot also
    /// name the document.
    static func framesFromReferer(_ entries: [Entry], isNavigation: [Bool], redirectedFrom: [Int: (from: Int, target: String)],
                                  isMain: inout [Bool], evidence: inout [FrameEvidence?]) {
        var next: [Int: Int] = [:]
        for (j, link) in redirectedFrom { next[link.from] = j }
        // The latest subresource GET each Referer was sent with: one pass, not one per document.
        var lastRequest: [String: Date] = [:]
        for (k, entry) in entries.enumerated() where !isNavigation[k] && entry.method == "GET" {
            guard let referer = entry.header("referer"), let started = entry.started else { continue }
            lastRequest[referer] = max(lastRequest[referer] ?? started, started)
        }
        var top: Int?
        for i in entries.indices where isNavigation[i] {
            defer { if isMain[i] { top = i } }
            guard let page = top, redirectedFrom[i] == nil, evidence[i] == .topOfChain,
                  let referer = entries[i].header("referer"), Self.referer(referer, names: entries[page].url),
                  !Self.referer(referer, names: entries[i].url) else { continue }
            var chain = [i]
            while let j = next[chain[chain.count - 1]], !chain.contains(j) { chain.append(j) }
            guard let loaded = entries[chain[chain.count - 1]].ended else { continue }
            let pageNames = [String(withoutFragment(entries[page].url))] + (BrowserURL(entries[page].url).map { [$0.origin + "/"] } ?? [])
            let pageGoesOn = pageNames.contains { name in
                !Self.referer(name, names: entries[i].url) && (lastRequest[name].map { $0 >= loaded } ?? false)
            }
            guard pageGoesOn else { continue }
            for member in chain { isMain[member] = false; evidence[member] = .referer }
        }
    }

    /// Whether a `Referer` names the document at `url`: its address without the fragment, or its origin.
    static func referer(_ referer: String, names url: String) -> Bool {
        if referer == withoutFragment(url) { return true }
        guard let parsed = BrowserURL(url) else { return false }
        return referer == parsed.origin + "/"
    }

    /// Whether a browser fetches `url` (http, https, ws, wss) rather than handing it to the app.
    static func isFetched(_ url: String) -> Bool {
        guard let scheme = url.split(separator: ":", maxSplits: 1).first?.lowercased() else { return false }
        return ["http", "https", "ws", "wss"].contains(scheme)
    }

    static func withoutFragment(_ url: String) -> Substring {
        url.firstIndex(of: "#").map { url[..<$0] } ?? url[...]
    }

    static func time(_ date: Date?, since start: Date?) -> RecordTime? {
        guard let date, let start else { return nil }
        return .milliseconds((date.timeIntervalSince(start) * 1000).rounded())
    }

    /// One entry's fields, read leniently.
    struct Entry {
        let index: Int
        let object: [String: JSONValue]
        let request: [String: JSONValue]
        let url: String
        let headers: [String: String]
        let started: Date?
        let startedText: String?

        init(index: Int, object: [String: JSONValue], request: [String: JSONValue], url: String, dates: HARDate) {
            self.index = index
            self.object = object
            self.request = request
            self.url = url
            var headers: [String: String] = [:]
            for item in request["headers"]?.arrayValue ?? [] {
                if let h = item.objectValue, let name = h["name"]?.stringValue, let value = h["value"]?.stringValue {
                    headers[name.lowercased()] = value
                }
            }
            self.headers = headers
            startedText = object["startedDateTime"]?.stringValue
            started = startedText.flatMap(dates.parse)
        }

        func header(_ name: String) -> String? { headers[name] }
        /// When the response had arrived whole: `startedDateTime` plus the entry's `time`.
        var ended: Date? { started.flatMap { start in object["time"]?.doubleValue.map { start.addingTimeInterval($0 / 1000) } } }
        var method: String { (request["method"]?.stringValue)?.uppercased() ?? "GET" }
        var pageref: String? { object["pageref"]?.stringValue }
        var frameRef: String? { object["_frameref"]?.stringValue }
        var response: [String: JSONValue] { object["response"]?.objectValue ?? [:] }
        var status: Int? { response["status"]?.intValue }

        enum NavigationSignal { case document(main: Bool?), notNavigation, unknown }

        /// Chrome's `_resourceType`, lowercased.
        var resourceType: String? { (object["_resourceType"]?.stringValue)?.lowercased() }

        /// The frame of a document no header places: the HAR's pages (a page's first document is the top
        /// frame's), else Chrome's parser initiator after the log's first entry (an iframe's `src`), else
        /// the top frame's, on no evidence (said; `framesFromReferer` may then find it an iframe's). A later
        /// document of a page is not an iframe for that alone: exporters that keep one page per tab
        /// (Pingdom's) put every top-level navigation of the visit in it.
        func frameGuess(firstOfPage: Bool, hasPages: Bool, first: Bool) -> (main: Bool, FrameEvidence) {
            if hasPages && pageref != nil && firstOfPage { return (true, .pages) }
            if !first, object["_initiator"]?["type"]?.stringValue == "parser" { return (false, .parserInitiator) }
            return (true, .topOfChain)
        }

        /// A request a navigation can make: a GET, or a POST of a form (never a proxy's own binary POST).
        var mayBeDocumentRequest: Bool {
            guard method == "POST" else { return method == "GET" }
            let type = ((request["postData"]?["mimeType"]?.stringValue) ?? header("content-type") ?? "").lowercased()
            return type.isEmpty || type.hasPrefix("application/x-www-form-urlencoded") || type.hasPrefix("multipart/form-data") || type.hasPrefix("text/plain")
        }

        var navigationSignal: NavigationSignal {
            let dest = header("sec-fetch-dest")
            let main: Bool? = dest == "document" ? true : (dest == "iframe" || dest == "frame") ? false : nil
            if let type = object["_resourceType"]?.stringValue {
                return type.lowercased() == "document" ? .document(main: main) : .notNavigation
            }
            if dest != nil {
                if main != nil || header("sec-fetch-mode") == "navigate" { return .document(main: main) }
                return .notNavigation
            }
            if header("sec-fetch-mode") == "navigate" { return .document(main: nil) }
            return .unknown
        }

        /// An answer a document can be: HTML or XML, a redirect, or none (a failed or cut load); never the
        /// octet-stream or JSON of a browser's own request.
        var answerMayBeDocument: Bool {
            let mime = (response["content"]?["mimeType"]?.stringValue ?? "").lowercased()
            let status = self.status ?? 0
            return mime.isEmpty || mime.contains("html") || mime.contains("xml") || (300..<400).contains(status) || status == 0
        }

        /// Asked for HTML and answered with HTML (or a redirect, or nothing: a failed load).
        var looksLikeHTMLDocument: Bool {
            // Browsers fetch favicons by themselves (old Firefox with a text/html Accept): never a navigation.
            guard (header("accept") ?? "").hasPrefix("text/html"), !Self.withoutQuery(url).hasSuffix("/favicon.ico") else { return false }
            let mime = (response["content"]?["mimeType"]?.stringValue ?? "").lowercased()
            let status = self.status ?? 0
            return mime.contains("html") || (300..<400).contains(status) || status == 0
        }

        static func withoutQuery(_ url: String) -> Substring {
            url.firstIndex(where: { $0 == "?" || $0 == "#" }).map { url[..<$0] } ?? url[...]
        }

        /// Where a 3xx leads: redirectURL, else the Location header, resolved against the request URL.
        var redirectTarget: String? {
            guard let status, (300..<400).contains(status), status != 304 else { return nil }
            var location = response["redirectURL"]?.stringValue
            if location?.isEmpty ?? true {
                for item in response["headers"]?.arrayValue ?? [] {
                    if let h = item.objectValue, (h["name"]?.stringValue)?.lowercased() == "location" { location = h["value"]?.stringValue }
                }
            }
            guard let location, !location.isEmpty else { return nil }
            if case .success(let resolved) = BrowserURL.parse(location, baseString: url) { return resolved.href }
            return location
        }
    }
}

/// HAR's startedDateTime: ISO 8601 with or without fractional seconds. One per read: a formatter is costly
/// to make and is not Sendable, so it is neither made per entry nor shared between threads.
final class HARDate {
    private let withFraction = ISO8601DateFormatter()
    private let plain = ISO8601DateFormatter()

    init() {
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        plain.formatOptions = [.withInternetDateTime]
    }

    func parse(_ text: String) -> Date? {
        withFraction.date(from: text) ?? plain.date(from: text)
    }
}
