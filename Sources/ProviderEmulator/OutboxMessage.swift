// OutboxMessage.swift: a message of the outbox as Mailpit shows it: its RFC 5322 source (headers and a
// multipart/alternative body of the text and the HTML), the headers as Mailpit's /headers answers them (name →
// values), its size, and the summary and full JSON objects of Mailpit's API (server/apiv1 and
// internal/storage/structs.go in axllent/mailpit). The source is made from the message, so the raw view, the
// headers and the size always agree.
import Foundation
import JSONText

extension EmulatorState.Message {
    /// The RFC 5322 Message-ID (without the angle brackets, as Mailpit's MessageID field has it).
    var messageID: String { "\(id)@bridge.emulator" }

    /// The header fields in order.
    var headerFields: [(String, String)] {
        var fields: [(String, String)] = [
            ("Delivered-To", to), ("Message-Id", "<\(messageID)>"), ("Date", Self.rfc5322Date(created)),
            ("From", from), ("To", to), ("Subject", Self.encodedWord(subject)), ("MIME-Version", "1.0"),
            ("Content-Type", "multipart/alternative; boundary=\"\(boundary)\""),
        ]
        if channel != "email" { fields.append(("X-Bridge-Channel", channel)) }
        return fields
    }

    private var boundary: String { "bridge-\(id)" }

    /// The message's source, CRLF line ends.
    var source: String {
        var lines = headerFields.map { "\($0.0): \($0.1)" }
        lines.append("")
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            lines += ["--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: 8bit", ""]
            lines += body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        lines.append("--\(boundary)--")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    var size: Int { source.utf8.count }

    /// Mailpit's MessageSummary.
    var summaryFields: JSONFields {
        JSONFields([("ID", .string(id)), ("MessageID", .string(messageID)), ("Read", .bool(read)),
                    ("From", Self.address(from)), ("To", .array([Self.address(to)])), ("Cc", .array([])), ("Bcc", .array([])),
                    ("ReplyTo", .array([])), ("Subject", .string(subject)), ("Created", .string(EmulatorClock.iso(created))),
                    ("Username", .string("")), ("Tags", .array([])), ("Size", .int(size)), ("Attachments", .int(0)),
                    ("Snippet", .string(Self.snippet(text))), ("Channel", .string(channel))])
    }

    /// Mailpit's Message, with the links in it (an extra of the emulator's), and the read flag Mailpit's
    /// message had before 1.6 and mailpit-api-client still reads.
    var messageFields: JSONFields {
        JSONFields([("ID", .string(id)), ("MessageID", .string(messageID)), ("Read", .bool(read)), ("From", Self.address(from)),
                    ("To", .array([Self.address(to)])), ("Cc", .array([])), ("Bcc", .array([])), ("ReplyTo", .array([])),
                    ("ReturnPath", .string(from)), ("Subject", .string(subject)),
                    ("ListUnsubscribe", .object(JSONFields([("Header", .string("")), ("Links", .array([])), ("Errors", .string("")),
                                                           ("HeaderPost", .string(""))]))),
                    ("Date", .string(EmulatorClock.iso(created))), ("Tags", .array([])), ("Username", .string("")),
                    ("Text", .string(text)), ("HTML", .string(html)), ("Size", .int(size)), ("Inline", .array([])),
                    ("Attachments", .array([])), ("Channel", .string(channel)), ("Links", .array(links.map { .string($0) }))])
    }

    /// Mailpit's /headers: each name with its values.
    var headersFields: JSONFields {
        JSONFields(headerFields.map { ($0.0, .array([.string($0.1)])) })
    }

    static func address(_ address: String) -> JSONOutput {
        .object(JSONFields([("Name", .string("")), ("Address", .string(address))]))
    }

    /// Mailpit's snippet: the text's first 250 characters, whitespace runs as one space.
    static func snippet(_ text: String) -> String {
        String(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(250))
    }

    /// RFC 5322's date-time, in UTC.
    static func rfc5322Date(_ date: Date) -> String {
        EmulatorClock.utcFormatter("EEE, dd MMM yyyy HH:mm:ss Z").string(from: date)
    }

    /// A header value as RFC 2047 base64 encoded-word when it is not ASCII.
    static func encodedWord(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : "=?utf-8?b?" + Data(text.utf8).base64EncodedString() + "?="
    }
}
