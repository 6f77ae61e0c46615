// RequestLog.swift: the dashboard's live log of answered requests, apart from the providers' state: an actor
// of its own (an entry's time is read from the store's clock), so a reset of the emulator (the providers'
// state back to the configuration) does not restart its numbering under a dashboard that is following it.
// Recording is an append of what was answered; the targets' secrets are masked when the log is read, once
// per entry, so the request path pays no masking for a log nobody reads.
import Foundation
import JSONText
import NavigationPolicy
import SecretMasking

actor RequestLog {
    /// One answered request, as recorded (its target not yet masked).
    struct Entry {
        var seq: Int
        var method: String
        var target: String
        var status: Int
        var at: Date
    }

    private var entries: [Entry] = []
    private var lastSeq = 0

    /// Records an answered request; at least the last 500 are kept (trimmed in one go once past 1,000).
    func record(method: String, target: String, status: Int, at date: Date) {
        lastSeq += 1
        entries.append(Entry(seq: lastSeq, method: method, target: target, status: status, at: date))
        if entries.count > 1000 { entries.removeFirst(entries.count - 500) }
    }

    /// The entries after `seq` as server-sent events (`id:` and one JSON `data:` line each, the target masked),
    /// after a `dropped` event counting what the kept log no longer holds.
    func events(after seq: Int) -> (text: String, last: Int) {
        let (newer, oldest) = entries(after: seq)
        var text = "", last = seq
        // A client that fell behind the kept log is told how many entries it missed (never silently).
        if let oldest, oldest > seq + 1 {
            text += "event: dropped\ndata: \(JSONFields.single("dropped", .int(oldest - seq - 1)).line)\n\n"
        }
        let redactor = Redactor()
        for entry in newer {
            let fields = JSONFields([("seq", .int(entry.seq)), ("method", .string(entry.method)), ("target", .string(redactor.rawURL(entry.target))),
                                     ("status", .int(entry.status)), ("at", .string(EmulatorClock.iso(entry.at)))])
            text += "id: \(entry.seq)\ndata: \(fields.line)\n\n"
            last = entry.seq
        }
        return (text, last)
    }

    /// The kept entries after `seq`, and the sequence number of the oldest kept one.
    private func entries(after seq: Int) -> ([Entry], Int?) {
        guard let first = entries.first else { return ([], nil) }
        let start = max(0, min(entries.count, seq - first.seq + 1))
        return (Array(entries[start...]), first.seq)
    }
}
