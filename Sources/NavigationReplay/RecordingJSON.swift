// RecordingJSON.swift: the first step of the readers of whole-document recordings (a HAR, a CDP event log,
// a NetLog): the bytes decoded as a browser's export is (a byte-order mark honoured) and read as JSON by the
// one scanner, or one rejection naming the format and where and why the JSON stops.
import JSONText

enum RecordingJSON {
    /// The bytes as UTF-8 (a byte-order mark read; bytes whose mark is not read are taken as they are).
    static func text(_ bytes: [UInt8]) -> [UInt8] { (try? TextEncoding.utf8(bytes)) ?? bytes }

    /// The document, or nil after emitting the rejection.
    static func parse(_ bytes: [UInt8], as format: LogFormat, _ emit: (LogItem) -> Void) -> JSONValue? {
        let text = text(bytes)
        switch JSONValue.parse(utf8: text) {
        case .success(let value): return value
        case .failure(let error):
            let (line, column) = JSONDocument.position(of: error.offset, in: text)
            emit(.rejected(RejectedRecord(location: RecordLocation(.file), reason: .documentNotJSON(format, error.syntax, line: line, column: column))))
            return nil
        }
    }
}
