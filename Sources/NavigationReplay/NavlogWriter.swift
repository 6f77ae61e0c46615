// NavlogWriter.swift: writes navlog v1 (NavigationReplay.docc/Navlog.md): an optional header line, then
// one navigation (or interface call) per line, fields in the format's order, only those that say something, through the one
// JSON writer. What NavlogReader reads back from these lines is the record that was written (tested), so a
// recording made by `bridge host --record` replays to the same decisions and events.
import NavigationPolicy
import JSONText

package struct NavlogWriter {
    package init() {}

    /// The header line (without a newline).
    package func header(_ header: NavlogHeader) -> String {
        var fields = JSONFields([("format", .string("bridge-navlog")), ("version", .int(header.version))])
        if let platform = header.platform { fields.add("platform", platform) }
        if let recorder = header.recorder { fields.add("recorder", recorder) }
        if let startedAt = header.startedAt { fields.add("startedAt", startedAt) }
        if let origin = header.origin { fields.add("origin", origin) }
        if let handlers = header.handlers {
            fields.add("handlers", .object(JSONFields(handlers.map { ($0.event, .array($0.handlers.map { .string($0) })) })))
        }
        return fields.line
    }

    /// A record's note as the navlog's free text.
    static func text(_ note: RecordNote) -> String {
        switch note {
        case .text(let text): text
        case .failed(let error): "failed: \(error)"
        case .redirectNotFollowed(toWebURL: true): "synthetic: a redirect no request followed (the app cancelled it, or the export ends)"
        case .redirectNotFollowed(toWebURL: false): "synthetic: a redirect to a custom scheme, which the browser does not fetch"
        case .redirectNotFollowedByBrowser: "synthetic: a redirect the browser did not follow (a custom scheme, or cancelled)"
        case .drainedQueueNotArray: "the drained queue was not a JSON array"
        case .noQueueToDrain(let bridge): "the page has no \(bridge == .janrain ? "createJanrainBridge" : "WebViewJavascriptBridge") queue to drain"
        case .drainFailed(let words): "draining failed" + (words.map { ": \($0)" } ?? "")
        case .stoppedBeforeDrained: "the host stopped before the queue was drained"
        }
    }

    /// One interface call's line (without a newline).
    package func line(_ call: InterfaceCall) -> String {
        var fields = JSONFields()
        if let seq = call.seq { fields.add("seq", seq) }
        if let time = call.time { fields.add("time", time.json) }
        fields.add("call", call.name)
        fields.add("arguments", .array(call.arguments.map(\.output)))
        return fields.line
    }

    /// One navigation's line (without a newline).
    package func line(_ record: NavigationRecord) -> String {
        var fields = JSONFields()
        if let seq = record.seq { fields.add("seq", seq) }
        if let time = record.time { fields.add("time", time.json) }
        fields.add("url", record.url)
        fields.add("method", record.method.name)
        fields.add("navigationType", record.navigationType.rawValue)
        fields.add("isMainFrame", record.isMainFrame)
        switch record.targetFrame {
        case nil: fields.add("targetFrame", .null)
        case let frame? where !frame.isEmpty: fields.add("targetFrame", frame)
        default: break
        }
        if record.source != .unknown { fields.add("source", record.source.rawValue) }
        if let sourceURL = record.sourceURL { fields.add("sourceURL", sourceURL) }
        if record.redirectFrom != nil || record.redirectStatus != nil {
            var redirect = JSONFields()
            if let from = record.redirectFrom { redirect.add("from", from) }
            if let status = record.redirectStatus { redirect.add("status", status) }
            fields.add("redirect", .object(redirect))
        }
        if let decision = record.recordedDecision { fields.add("recordedDecision", decision.rawValue) }
        if let note = record.note { fields.add("note", Self.text(note)) }
        if let gesture = record.hasUserGesture { fields.add("hasUserGesture", gesture) }
        if let drained = record.drained { fields.add("drained", .array(drained.map { .string($0) })) }
        if let sameDocument = record.sameDocument { fields.add("sameDocument", sameDocument.rawValue) }
        if let sandbox = record.sandbox { fields.add("sandbox", sandbox.attribute) }
        if let loaded = record.loaded { fields.add("loaded", loaded) }
        if let evidence = record.frameEvidence, FrameEvidence.navlogValues.contains(evidence) { fields.add("frameFrom", evidence.rawValue) }
        return fields.line
    }
}
