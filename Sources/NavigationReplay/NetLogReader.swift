// NetLogReader.swift: the navigations in Chromium's NetLog: what `--log-net-log`, chrome://net-export and
// Android WebView's net logs write (NavigationReplay.docc/Navlog.md, "NetLog"). A NetLog is the network's
// view: one URL_REQUEST source per request, its URL_REQUEST_START_JOB carrying the URL, the method, the
// initiator and (since Chromium 1xx) a request_type of "main frame", "subframe" or "other"; each followed
// redirect is a URL_REQUEST_REDIRECTED and a new START_JOB on the same source. Event types are numbers that
// the log's own constants name, so they are looked up, never assumed. What never reaches the network is not
// in it: a page's `location = "janrain:…"` or a navigation the app cancelled before it started. A 3xx whose
// Location the browser did not follow (a custom scheme, or one the app cancelled) becomes a synthetic
// navigation, as in a HAR. Chromium writes one event per line and closes the array only when it stops
// cleanly, so a log from a killed browser is read up to its last whole line, and the cut is reported.
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy

package struct NetLogReader {
    package init() {}

    package func read(_ bytes: [UInt8], _ emit: (LogItem) -> Void) {
        let text = RecordingJSON.text(bytes)
        let json: JSONValue
        if case .success(let whole) = JSONValue.parse(utf8: text) {
            json = whole
        } else if let (repaired, cut) = Self.closing(text), case .success(let parsed) = JSONValue.parse(utf8: repaired) {
            json = parsed
            if let line = cut {
                emit(.rejected(RejectedRecord(location: .line(line), reason: .netLog(.unfinishedEvent))))
            } else {
                emit(.skipped(reason: .unwrittenClosing, count: 1))
            }
        } else {
            _ = RecordingJSON.parse(text, as: .netlog, emit)
            return
        }
        guard let top = json.objectValue, let constants = top["constants"]?.objectValue,
              let eventTypes = constants["logEventTypes"]?.objectValue else {
            emit(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .netLog(.noEventTypes))))
            return
        }
        guard let events = top["events"]?.arrayValue else {
            emit(.rejected(RejectedRecord(location: .path("events"), reason: .netLog(.noEvents))))
            return
        }
        let names = Constants(eventTypes: eventTypes, constants: constants)
        var reading = Reading(names: names)
        for (index, raw) in events.enumerated() {
            reading.read(raw, at: "events[\(index)]")
        }
        reading.finish()
        for item in reading.items { emit(item) }
        for reason in SkipReason.allCases { if let count = reading.skipped[reason] { emit(.skipped(reason: reason, count: count)) } }
    }

    /// A log Chromium did not close: its bytes up to the last whole event line, closed, and the line number of
    /// the unfinished event dropped (nil when the log stopped right after a whole event).
    static func closing(_ bytes: [UInt8]) -> ([UInt8], Int?)? {
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        guard end > 0 else { return nil }
        var cut: Int? = nil
        // The last line is whole when it ends an event ("},") or the array opening ("events": [).
        let lastLineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        var body = Array(bytes[..<end])
        let last = body[end - 1]
        if last != UInt8(ascii: ",") && last != UInt8(ascii: "[") {
            cut = bytes[..<lastLineStart].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            body = Array(bytes[..<lastLineStart])
            while let b = body.last, [0x20, 0x09, 0x0A, 0x0D].contains(b) { body.removeLast() }
        }
        if body.last == UInt8(ascii: ",") { body.removeLast() }
        guard body.contains(UInt8(ascii: "[")) else { return nil }
        body.append(contentsOf: Array("]}".utf8))
        return (body, cut)
    }

    /// The names the log's constants give its numbers.
    struct Constants {
        let startJob: Int?, redirected: Int?, requestAlive: Int?
        let requestHeaders: Set<Int>, responseHeaders: Int?
        let urlRequestSource: Int?
        let begin: Int, end: Int
        let mainFrameFlag: Int, validateCache: Int, bypassCache: Int, skipCacheValidation: Int
        let netErrors: [Int: String]

        init(eventTypes: [String: JSONValue], constants: [String: JSONValue]) {
            func number(_ table: [String: JSONValue]?, _ name: String) -> Int? { table?[name]?.intValue }
            startJob = number(eventTypes, "URL_REQUEST_START_JOB")
            redirected = number(eventTypes, "URL_REQUEST_REDIRECTED")
            requestAlive = number(eventTypes, "REQUEST_ALIVE")
            requestHeaders = Set(["HTTP_TRANSACTION_SEND_REQUEST_HEADERS", "HTTP_TRANSACTION_HTTP2_SEND_REQUEST_HEADERS",
                                  "HTTP_TRANSACTION_QUIC_SEND_REQUEST_HEADERS"].compactMap { number(eventTypes, $0) })
            responseHeaders = number(eventTypes, "HTTP_TRANSACTION_READ_RESPONSE_HEADERS")
            urlRequestSource = number(constants["logSourceType"]?.objectValue, "URL_REQUEST")
            let phases = constants["logEventPhase"]?.objectValue
            begin = number(phases, "PHASE_BEGIN") ?? 1
            end = number(phases, "PHASE_END") ?? 2
            let flags = constants["loadFlag"]?.objectValue
            mainFrameFlag = number(flags, "MAIN_FRAME_DEPRECATED") ?? 256
            validateCache = number(flags, "VALIDATE_CACHE") ?? 1
            bypassCache = number(flags, "BYPASS_CACHE") ?? 2
            skipCacheValidation = number(flags, "SKIP_CACHE_VALIDATION") ?? 4
            var errors: [Int: String] = [:]
            for (name, value) in constants["netError"]?.objectValue ?? [:] {
                if let code = value.intValue { errors[code] = name }
            }
            netErrors = errors
        }
    }

    /// One request (a URL_REQUEST source) as the events so far describe it.
    struct Request {
        /// Whether it is a document request, known from its first START_JOB.
        var isNavigation: Bool?
        var isMainFrame = true
        /// The index in `items` of its current hop's record.
        var record: Int?
        var url = ""
        /// The Location of a 3xx answer, until the browser follows it (URL_REQUEST_REDIRECTED).
        var unfollowed: (location: String, status: Int?, at: String)?
        var followed: String?
        var status: Int?
    }

    struct Reading {
        let names: Constants
        var items: [LogItem] = []
        var skipped: [SkipReason: Int] = [:]
        var requests: [Int: Request] = [:]
        /// Events per request, counted by what the request turns out to be once the log is read.
        var events: [Int: Int] = [:]
        var t0: Double?

        init(names: Constants) { self.names = names }

        mutating func read(_ raw: JSONValue, at path: String) {
            guard let event = raw.objectValue, let type = event["type"]?.intValue,
                  let source = event["source"]?.objectValue, let id = source["id"]?.intValue else {
                items.append(.rejected(RejectedRecord(location: .path(path), reason: .netLog(.eventWithoutTypeAndSource))))
                return
            }
            let time = Self.milliseconds(event["time"])
            if t0 == nil { t0 = time }
            guard source["type"]?.intValue == names.urlRequestSource else {
                skipped[.otherSources, default: 0] += 1
                return
            }
            let params = event["params"]?.objectValue ?? [:]
            let phase = event["phase"]?.intValue ?? 0
            var request = requests[id] ?? Request()
            defer { requests[id] = request }
            guard request.isNavigation != false else { events[id, default: 0] += 1; return }
            switch type {
            case names.startJob where phase == names.begin:
                guard let url = params["url"]?.stringValue else {
                    items.append(.rejected(RejectedRecord(location: .path(path), reason: .netLog(.startWithoutURL))))
                    return
                }
                let flags = params["load_flags"]?.intValue ?? 0
                if request.isNavigation == nil {
                    switch params["request_type"]?.stringValue {
                    case "main frame": request.isNavigation = true; request.isMainFrame = true
                    case "subframe": request.isNavigation = true; request.isMainFrame = false
                    case .some: request.isNavigation = false
                    case nil: request.isNavigation = flags & names.mainFrameFlag != 0
                    }
                    guard request.isNavigation == true else {
                        events[id, default: 0] += 1
                        return
                    }
                }
                let method = (params["method"]?.stringValue)?.uppercased() ?? "GET"
                var record: NavigationRecord
                if let location = request.followed {
                    // A followed redirect: the hop's URL as the Location gave it (with its fragment).
                    record = NavigationRecord(url: location, location: .path(path))
                    record.source = .redirect
                    record.redirectFrom = request.url
                    record.redirectStatus = request.status
                } else {
                    record = NavigationRecord(url: url, location: .path(path))
                    let browserInitiated = (params["initiator"]?.stringValue).map { $0 == "not an origin" } ?? false
                    if method == "POST" {
                        record.navigationType = .formSubmitted
                    } else if flags & names.skipCacheValidation != 0 {
                        record.navigationType = .backForward
                        record.source = .history
                    } else if flags & (names.validateCache | names.bypassCache) != 0 {
                        record.navigationType = .reload
                        record.source = .history
                    }
                    if browserInitiated && record.source == .unknown { record.source = .app }
                }
                record.method = HTTPMethod(reported: method)
                record.isMainFrame = request.isMainFrame
                record.time = relative(time)
                request.url = record.url
                request.followed = nil
                request.unfollowed = nil
                request.status = nil
                items.append(.record(record))
                request.record = items.count - 1
            case names.redirected:
                guard let location = params["location"]?.stringValue else {
                    items.append(.rejected(RejectedRecord(location: .path(path), reason: .netLog(.redirectWithoutLocation))))
                    return
                }
                request.followed = location
                request.unfollowed = nil
                events[id, default: 0] += 1
            case names.responseHeaders:
                let headers = Self.headers(params["headers"])
                request.status = headers.status
                if let status = headers.status, (300..<400).contains(status), status != 304, let location = headers["location"] {
                    let resolved: String
                    if case .success(let url) = BrowserURL.parse(location, baseString: request.url) { resolved = url.href } else { resolved = location }
                    request.unfollowed = (resolved, status, path)
                }
                events[id, default: 0] += 1
            case _ where names.requestHeaders.contains(type):
                let headers = Self.headers(params["headers"])
                if let record = request.record {
                    items.update(record) { r in
                        if r.sourceURL == nil, let referer = headers["referer"] { r.sourceURL = referer }
                        if headers["sec-fetch-user"] == "?1" { r.hasUserGesture = true; if r.source == .unknown { r.source = .user } }
                    }
                }
                events[id, default: 0] += 1
            case names.requestAlive where phase == names.end:
                if let code = params["net_error"]?.intValue, code != 0, let record = request.record {
                    let name = names.netErrors[code] ?? "net error \(code)"
                    items.update(record) { r in if r.note == nil { r.note = .failed(name) } }
                }
                unfollowedHop(&request, time: time)
                request.record = nil
                events[id, default: 0] += 1
            default:
                events[id, default: 0] += 1
            }
        }

        /// A 3xx the browser did not follow: the navigation it asked for, made up from its Location.
        mutating func unfollowedHop(_ request: inout Request, time: Double?) {
            guard let (location, status, path) = request.unfollowed else { return }
            request.unfollowed = nil
            var hop = NavigationRecord(url: location, location: .path(path))
            hop.source = .redirect
            hop.redirectFrom = request.url
            hop.redirectStatus = status
            hop.isMainFrame = request.isMainFrame
            hop.time = relative(time)
            hop.note = .redirectNotFollowedByBrowser
            hop.isSynthetic = true
            items.append(.record(hop))
        }

        /// Requests the log ends inside of: an unfollowed redirect is still the navigation it asked for.
        mutating func finish() {
            for (id, count) in events {
                let isNavigation = requests[id]?.isNavigation == true
                skipped[isNavigation ? .navigationDetails : .nonDocumentRequestEvents, default: 0] += count
                if requests[id]?.isNavigation == false { skipped[.nonDocumentRequests, default: 0] += 1 }
            }
            for id in requests.keys.sorted() {
                guard var request = requests[id], request.unfollowed != nil else { continue }
                unfollowedHop(&request, time: nil)
                requests[id] = request
            }
        }

        func relative(_ time: Double?) -> RecordTime? {
            guard let time, let t0 else { return nil }
            return .milliseconds(time - t0)
        }

        /// NetLog times are milliseconds on the browser's tick clock, written as strings.
        static func milliseconds(_ value: JSONValue?) -> Double? {
            if let text = value?.stringValue { return Double(text) }
            return value?.doubleValue
        }

        /// Headers as HTTP/1 lines (["HTTP/1.1 302 Found", "Location: …"]) or an HTTP/2 / QUIC dictionary
        /// ({":status": "302", "location": …}): lowercased names, and the status.
        static func headers(_ value: JSONValue?) -> Headers {
            var result = Headers()
            if let lines = value?.arrayValue {
                for line in lines.compactMap(\.stringValue) {
                    if line.hasPrefix("HTTP/"), let code = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                        result.status = code
                    } else if let colon = line.firstIndex(of: ":") {
                        let name = line[..<colon].lowercased()
                        result.fields[name] = String(line[line.index(after: colon)...].drop(while: { $0 == " " }))
                    }
                }
            } else if let dictionary = value?.objectValue {
                for (name, v) in dictionary {
                    guard let v = v.stringValue else { continue }
                    if name == ":status" { result.status = Int(v) } else { result.fields[name.lowercased()] = v }
                }
            }
            return result
        }
    }

    struct Headers {
        var status: Int?
        var fields: [String: String] = [:]
        subscript(name: String) -> String? { fields[name] }
    }
}
