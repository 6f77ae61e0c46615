// OutboxSearch.swift: Mailpit's search syntax over the outbox (internal/storage/search.go in axllent/mailpit):
// terms split on spaces, a quoted phrase one term; `to:`, `from:`, `cc:`, `bcc:`, `reply-to:`, `addressed:`,
// `subject:`, `message-id:`, `tag:` match a part of that field, case-insensitively; `is:read`, `is:unread`,
// `is:tagged`, `has:attachment`, `has:inline`; `after:` and `before:` a date (YYYY-MM-DD, or an ISO 8601
// time); `larger:` and `smaller:` a size (`2kb`, `1.5m`); any other term a part of the subject, the addresses
// or the text. A term starting with `-` or `!` excludes. Every term must hold.
import Foundation

struct OutboxSearch {
    struct Term {
        var exclude: Bool
        var test: (EmulatorState.Message) -> Bool
    }

    let terms: [Term]

    init(_ query: String) {
        terms = Self.words(query).compactMap(Self.term)
    }

    func matches(_ message: EmulatorState.Message) -> Bool {
        terms.allSatisfy { $0.test(message) != $0.exclude }
    }

    /// The query's terms: runs of non-space characters, a double-quoted run (spaces and all) one term,
    /// the quotes removed.
    static func words(_ query: String) -> [String] {
        var words: [String] = [], current = "", quoted = false
        for character in query {
            if character == "\"" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func term(_ word: String) -> Term? {
        var word = word
        var exclude = false
        if word.count > 1, word.hasPrefix("-") || word.hasPrefix("!") {
            exclude = true
            word.removeFirst()
        }
        let lower = word.lowercased()
        func value(after prefix: String) -> String { String(word.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        func contains(_ field: String, _ part: String) -> Bool { field.range(of: part, options: .caseInsensitive) != nil }
        let fields: [(String, (EmulatorState.Message) -> [String])] = [
            ("to:", { [$0.to] }), ("from:", { [$0.from] }), ("cc:", { _ in [] }), ("bcc:", { _ in [] }), ("reply-to:", { _ in [] }),
            ("addressed:", { [$0.to, $0.from] }), ("subject:", { [$0.subject] }), ("message-id:", { [$0.messageID] }),
            ("tag:", { _ in [] }),
        ]
        for (prefix, field) in fields where lower.hasPrefix(prefix) {
            let part = value(after: prefix)
            if part.isEmpty { return nil }
            return Term(exclude: exclude) { message in field(message).contains { contains($0, part) } }
        }
        switch lower {
        case "is:read": return Term(exclude: exclude) { $0.read }
        case "is:unread": return Term(exclude: exclude) { !$0.read }
        case "is:tagged", "has:attachment", "has:attachments", "has:inline", "has:inlines": return Term(exclude: exclude) { _ in false }
        default: break
        }
        for (prefix, after) in [("after:", true), ("before:", false)] where lower.hasPrefix(prefix) {
            guard let date = date(value(after: prefix)) else { return nil }
            return Term(exclude: exclude) { after ? $0.created > date : $0.created < date }
        }
        for (prefix, larger) in [("larger:", true), ("smaller:", false)] where lower.hasPrefix(prefix) {
            guard let bytes = bytes(value(after: prefix)) else { break }
            return Term(exclude: exclude) { larger ? $0.size > bytes : $0.size < bytes }
        }
        return Term(exclude: exclude) { message in
            [message.subject, message.from, message.to, message.text].contains { contains($0, word) }
        }
    }

    /// YYYY-MM-DD (the day's start, UTC) or an ISO 8601 time.
    static func date(_ text: String) -> Date? {
        if let time = EmulatorClock.parse(text) ?? ISO8601DateFormatter().date(from: text) { return time }
        return EmulatorClock.utcFormatter("yyyy-MM-dd").date(from: text)
    }

    /// `2kb`, `4MB`, `1.5m`, `300`: bytes (K and M are 1024 and 1024²).
    static func bytes(_ text: String) -> Int? {
        let lower = text.lowercased()
        let number = lower.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number), value > 0 else { return nil }
        switch lower.dropFirst(number.count) {
        case "": return Int(value)
        case "k", "kb": return Int(value * 1024)
        case "m", "mb": return Int(value * 1024 * 1024)
        default: return nil
        }
    }
}
