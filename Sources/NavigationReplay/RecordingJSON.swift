// RecordingJSON.swift: the first step of the readers of whole-document recordings (HAR, a CDP event
// log): the bytes decoded as a browser's export is (a byte-order mark honoured) and parsed as JSON, or
// one rejection naming the format and why the JSON does not parse.
import Foundation
import JSONText
import NavigationPolicy

enum RecordingJSON {
    /// The document, or nil after emitting the rejection.
    static func parse(_ bytes: [UInt8], as format: LogFormat, _ emit: (LogItem) -> Void) -> Any? {
        do {
            return try JSONSerialization.jsonObject(with: Data((try? TextEncoding.utf8(bytes)) ?? bytes), options: [])
        } catch {
            emit(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .documentNotJSON(format, parserMessage: describe(error)))))
            return nil
        }
    }

    /// What JSONSerialization says of a parse error, without Foundation's framing.
    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    }
}
