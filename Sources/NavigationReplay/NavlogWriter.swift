// NavlogWriter.swift: writes navlog v1 (../shared/formats/navlog.schema.json): an optional header line,
// then one navigation per line, fields in the schema's order, only those that say something. What
// NavlogReader reads back from these lines is the record that was written (tested), so a recording made
// by `bridge host --record` replays to the same decisions and events.
import Foundation
import NavigationPolicy

public struct NavlogWriter {
    public init() {}

    /// The header line (without a newline).
    public func header(_ header: NavlogHeader) -> String {
        var fields: [(String, String)] = [("format", quoted("bridge-navlog")), ("version", String(header.version))]
        if let platform = header.platform { fields.append(("platform", quoted(platform))) }
        if let recorder = header.recorder { fields.append(("recorder", quoted(recorder))) }
        if let startedAt = header.startedAt { fields.append(("startedAt", quoted(startedAt))) }
        if let origin = header.origin { fields.append(("origin", quoted(origin))) }
        return object(fields)
    }

    /// One navigation's line (without a newline).
    public func line(_ record: NavigationRecord) -> String {
        var fields: [(String, String)] = []
        if let seq = record.seq { fields.append(("seq", String(seq))) }
        switch record.time {
        case .milliseconds?: fields.append(("time", record.time!.text))
        case .timestamp(let text)?: fields.append(("time", quoted(text)))
        case nil: break
        }
        fields.append(("url", quoted(record.url)))
        fields.append(("method", quoted(record.method)))
        fields.append(("navigationType", quoted(record.navigationType.rawValue)))
        fields.append(("isMainFrame", record.isMainFrame ? "true" : "false"))
        switch record.targetFrame {
        case nil: fields.append(("targetFrame", "null"))
        case let frame? where !frame.isEmpty: fields.append(("targetFrame", quoted(frame)))
        default: break
        }
        if record.source != .unknown { fields.append(("source", quoted(record.source.rawValue))) }
        if let sourceURL = record.sourceURL { fields.append(("sourceURL", quoted(sourceURL))) }
        if record.redirectFrom != nil || record.redirectStatus != nil {
            var redirect: [(String, String)] = []
            if let from = record.redirectFrom { redirect.append(("from", quoted(from))) }
            if let status = record.redirectStatus { redirect.append(("status", String(status))) }
            fields.append(("redirect", object(redirect)))
        }
        if let decision = record.recordedDecision { fields.append(("recordedDecision", quoted(decision.rawValue))) }
        if let note = record.note { fields.append(("note", quoted(note))) }
        if let gesture = record.hasUserGesture { fields.append(("hasUserGesture", gesture ? "true" : "false")) }
        if let drained = record.drained { fields.append(("drained", "[" + drained.map(quoted).joined(separator: ",") + "]")) }
        return object(fields)
    }

    private func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    func quoted(_ text: String) -> String {
        var out = ""
        JSONStringWriter.write(text, to: &out)
        return out
    }
}

/// A JSON string (RFC 8259): quotes, backslashes and control characters escaped (DEL, U+2028 and U+2029
/// too, for JavaScript readers); everything else as UTF-8. Shared by the navlog writer and the CLI's lines.
public enum JSONStringWriter {
    public static func write(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x7F || c.value == 0x2028 || c.value == 0x2029:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
