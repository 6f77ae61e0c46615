// CDPReader.swift: the navigations in a Chrome DevTools Protocol event log (a JSON array of
// {method, params}; Chrome's performance log wraps each as {message: {method, params}}, sometimes as a
// string), per NavigationReplay.docc/Navlog.md ("HAR and CDP logs"). One navigation is reported by several events (the renderer's
// Page.frameRequestedNavigation, then Page.frameStartedNavigating, then Network.requestWillBeSent for the
// document): they are merged into one record per (frame, URL), as a delegate is asked once. Each redirect
// hop (a requestWillBeSent carrying redirectResponse) is its own record. The main frame is the frame that
// has no parent in Page.frameAttached / Page.frameNavigated. A document request under a new loaderId is a
// new load even to the same URL (a retry after a failed one). Page.navigatedWithinDocument is a
// same-document record: a fragment or the History API, as its navigationType says, or (Chrome before it
// said) as the URL differs from the frame's current one. Every event is accounted for.
import Foundation
import JSONText
import NavigationPolicy

package struct CDPReader {
    package init() {}

    package func read(_ bytes: [UInt8], _ emit: (LogItem) -> Void) {
        guard let json = RecordingJSON.parse(bytes, as: .cdp, emit) else { return }
        guard let items = json.arrayValue else {
            emit(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .cdp(.notEventArray))))
            return
        }
        // Records and rejections in log order; records are completed by later events before they are emitted.
        var records: [LogItem] = []
        var events: [(index: Int, method: String, params: [String: JSONValue])] = []
        for (index, item) in items.enumerated() {
            guard let (method, params) = Self.event(item) else {
                events.append((index, "", [:]))
                continue
            }
            events.append((index, method, params))
        }
        // Frame tree: a frame with a parent is a subframe.
        var parent: [String: String] = [:]
        for e in events {
            if e.method == "Page.frameAttached", let id = e.params["frameId"]?.stringValue, let p = e.params["parentFrameId"]?.stringValue { parent[id] = p }
            if e.method == "Page.frameNavigated", let frame = e.params["frame"]?.objectValue, let id = frame["id"]?.stringValue,
               let p = frame["parentId"]?.stringValue { parent[id] = p }
        }
        let t0 = events.lazy.compactMap { $0.params["timestamp"]?.doubleValue }.first

        /// Open navigations by frame: the record index, its URL and the document loader's id once a
        /// request named it, so later events about the same load merge and a new loader's do not.
        var open: [String: (record: Int, url: String, loader: String?)] = [:]
        /// Each frame's current URL, for telling a fragment from a History API change.
        var current: [String: String] = [:]
        var skipped: [SkipReason: Int] = [:]

        func time(_ params: [String: JSONValue]) -> RecordTime? {
            guard let t = params["timestamp"]?.doubleValue, let t0 else { return nil }
            return .milliseconds(((t - t0) * 1000).rounded())
        }
        func isMain(_ frame: String?) -> Bool { frame.map { parent[$0] == nil } ?? true }

        for e in events {
            let p = e.params
            let path = "[\(e.index)]"
            let frame = p["frameId"]?.stringValue
            switch e.method {
            case "":
                records.append(.rejected(RejectedRecord(location: .path(path), reason: .cdp(.notEvent))))
            case "Page.frameRequestedNavigation", "Page.frameScheduledNavigation", "Page.frameStartedNavigating":
                guard let url = p["url"]?.stringValue else {
                    // Chrome before 53 sent frameScheduledNavigation with a delay only: the document request
                    // that follows reports the navigation.
                    if e.method == "Page.frameScheduledNavigation" { skipped[.mergedEvents, default: 0] += 1; continue }
                    records.append(.rejected(RejectedRecord(location: .path(path), reason: .cdp(.eventWithoutURL(method: e.method)))))
                    continue
                }
                if (p["disposition"]?.stringValue) == "download" { skipped[.downloads, default: 0] += 1; continue }
                if let frame, let o = open[frame], o.url == url {
                    // frameStartedNavigating after frameRequestedNavigation: the same navigation.
                    if let t = p["navigationType"]?.stringValue, let type = Self.startedType(t) { records.update(o.record) { $0.navigationType = type } }
                    skipped[.mergedEvents, default: 0] += 1
                    continue
                }
                var record = NavigationRecord(url: url, location: .path(path))
                record.isMainFrame = isMain(frame)
                record.targetFrame = frame ?? ""
                record.time = time(p)
                if let reason = p["reason"]?.stringValue {
                    record.navigationType = Self.requestedType(reason)
                    record.source = Self.requestedSource(reason)
                }
                if let t = p["navigationType"]?.stringValue, let type = Self.startedType(t) { record.navigationType = type }
                if let disposition = p["disposition"]?.stringValue, disposition == "newTab" || disposition == "newWindow" {
                    record.targetFrame = nil
                }
                records.append(.record(record))
                if let frame { open[frame] = (records.count - 1, url, nil) }
            case "Page.frameNavigated":
                if let navigated = p["frame"]?.objectValue, let id = navigated["id"]?.stringValue, let url = navigated["url"]?.stringValue {
                    current[id] = url + ((navigated["urlFragment"]?.stringValue) ?? "")
                }
                skipped[.otherEvents, default: 0] += 1
            case "Network.requestWillBeSent", "Fetch.requestPaused":
                let type = (p["type"]?.stringValue) ?? (p["resourceType"]?.stringValue)
                guard type == "Document" else { skipped[.nonDocumentRequests, default: 0] += 1; continue }
                guard let request = p["request"]?.objectValue, var url = request["url"]?.stringValue else {
                    records.append(.rejected(RejectedRecord(location: .path(path), reason: .cdp(.documentRequestWithoutURL))))
                    continue
                }
                if let fragment = request["urlFragment"]?.stringValue, !fragment.isEmpty, !url.contains("#") { url += fragment }
                let method = (request["method"]?.stringValue).map(HTTPMethod.init(reported:)) ?? .get
                let gesture = p["hasUserGesture"]?.boolValue
                let loader = p["loaderId"]?.stringValue
                if let frame { current[frame] = url }
                if let redirect = p["redirectResponse"]?.objectValue {
                    var record = NavigationRecord(url: url, location: .path(path))
                    record.source = .redirect
                    record.redirectFrom = redirect["url"]?.stringValue
                    record.redirectStatus = redirect["status"]?.intValue
                    record.method = method
                    record.isMainFrame = isMain(frame)
                    record.targetFrame = frame ?? ""
                    record.time = time(p)
                    records.append(.record(record))
                    if let frame { open[frame] = (records.count - 1, url, loader) }
                    continue
                }
                if let frame, let o = open[frame], HARReader.withoutFragment(o.url) == HARReader.withoutFragment(url),
                   o.loader == nil || loader == nil || o.loader == loader {
                    open[frame]?.loader = loader ?? o.loader
                    let when = time(p)
                    records.update(o.record) { record in
                        record.method = method
                        if let gesture { record.hasUserGesture = gesture }
                        if record.sourceURL == nil { record.sourceURL = Self.initiatorURL(p) }
                        if record.time == nil { record.time = when }
                    }
                    skipped[.mergedEvents, default: 0] += 1
                    continue
                }
                var record = NavigationRecord(url: url, location: .path(path))
                record.method = method
                record.hasUserGesture = gesture
                record.isMainFrame = isMain(frame)
                record.targetFrame = frame ?? ""
                record.time = time(p)
                record.navigationType = method == "POST" ? .formSubmitted : (gesture == true ? .linkClicked : .other)
                switch p["initiator"]?["type"]?.stringValue {
                case "script": record.source = .script
                case "parser": record.source = .script
                default: record.source = gesture == true ? .user : .unknown
                }
                record.sourceURL = Self.initiatorURL(p)
                records.append(.record(record))
                if let frame { open[frame] = (records.count - 1, url, loader) }
            case "Page.navigatedWithinDocument":
                guard let url = p["url"]?.stringValue else {
                    records.append(.rejected(RejectedRecord(location: .path(path), reason: .cdp(.eventWithoutURL(method: e.method)))))
                    continue
                }
                var record = NavigationRecord(url: url, location: .path(path))
                record.isMainFrame = isMain(frame)
                record.targetFrame = frame ?? ""
                record.time = time(p)
                record.sameDocument = Self.sameDocumentKind(p["navigationType"]?.stringValue, url: url, from: frame.flatMap { current[$0] })
                if let frame { current[frame] = url }
                records.append(.record(record))
            default:
                skipped[.otherEvents, default: 0] += 1
            }
        }
        for item in records { emit(item) }
        for reason in SkipReason.allCases { if let count = skipped[reason] { emit(.skipped(reason: reason, count: count)) } }
    }

    static func event(_ item: JSONValue) -> (String, [String: JSONValue])? {
        guard let object = item.objectValue else { return nil }
        if let method = object["method"]?.stringValue { return (method, object["params"]?.objectValue ?? [:]) }
        if let message = object["message"], message.objectValue != nil { return event(message) }
        // A performance log's entry carries the DevTools message as JSON text.
        if let text = object["message"]?.stringValue, let inner = JSONValue.parse(text) { return event(inner) }
        return nil
    }

    /// A `Page.navigatedWithinDocument`'s kind: as Chrome says it (`navigationType` `fragment`,
    /// `historyApi`), or, before it said, a fragment navigation when the URL only sets a fragment on the
    /// frame's, else the History API. With no URL known for the frame, a URL with a fragment is taken for a
    /// fragment navigation. The reader and the Chromium host read the event with this.
    package static func sameDocumentKind(_ said: String?, url: String, from previous: String?) -> SameDocumentNavigation {
        switch said {
        case "fragment": return .fragment
        case "historyApi": return .historyAPI
        default:
            guard let previous else { return url.contains("#") ? .fragment : .historyAPI }
            return SameDocumentNavigation.isFragment(from: previous, to: url) ? .fragment : .historyAPI
        }
    }

    static func initiatorURL(_ params: [String: JSONValue]) -> String? {
        guard let initiator = params["initiator"]?.objectValue else { return nil }
        if let url = initiator["url"]?.stringValue, !url.isEmpty { return url }
        if let stack = initiator["stack"]?.objectValue, let frames = stack["callFrames"]?.arrayValue,
           let url = frames.first?["url"]?.stringValue, !url.isEmpty { return url }
        return nil
    }

    /// frameRequestedNavigation's reason → navigation type.
    package static func requestedType(_ reason: String) -> NavigationType {
        switch reason {
        case "anchorClick": return .linkClicked
        case "formSubmissionGet", "formSubmissionPost": return .formSubmitted
        case "reload": return .reload
        default: return .other
        }
    }

    static func requestedSource(_ reason: String) -> NavigationSource {
        switch reason {
        case "anchorClick", "formSubmissionGet", "formSubmissionPost": return .user
        case "scriptInitiated": return .script
        case "metaTagRefresh", "httpHeaderRefresh": return .refresh
        case "reload": return .user
        default: return .unknown
        }
    }

    /// frameStartedNavigating's navigationType → navigation type.
    package static func startedType(_ type: String) -> NavigationType? {
        switch type {
        case "reload", "reloadBypassingCache", "reloadOriginalRequestURL": return .reload
        case "restore", "historyDifferentDocument", "historySameDocument": return .backForward
        case "restoreWithPost": return .formResubmitted
        default: return nil  // differentDocument, sameDocument: the type comes from elsewhere
        }
    }
}

extension Array where Element == LogItem {
    /// Changes the record at `index` in place.
    mutating func update(_ index: Int, _ change: (inout NavigationRecord) -> Void) {
        guard case .record(var record) = self[index] else { return }
        change(&record)
        self[index] = .record(record)
    }
}
