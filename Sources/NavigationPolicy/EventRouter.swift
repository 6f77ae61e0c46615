// EventRouter.swift: the native side's handler tables (Janrain's jsEventHandlers: event name → ordered
// handlers). Decoded bridge events are dispatched to every handler of their name in the order they were
// added; `once` handlers are removed after their first call; events nobody handles are reported.
// A drained queue entry is dispatched at most once, even when the same queue is drained again (the
// shipped Android bridge never cleared its queue and dispatched events twice).

import BrowserURL
import JSONText

/// A handle for removing a handler.
public struct HandlerToken: Sendable, Hashable {
    let id: Int
    public let event: String
}

/// What a dispatch did.
public struct DispatchReport: Sendable, Hashable {
    /// Events delivered, each with the number of handlers called.
    public var delivered: [(event: String, handlers: Int)] = []
    /// Events no handler was registered for.
    public var unhandled: [String] = []
    /// Queue entries skipped because they had been dispatched before.
    public var duplicatesSkipped = 0
    /// Queue entries that were not dispatched (they do not decode, or the page could not send them), with why.
    public var invalid: [InvalidQueueEntry] = []

    public static func == (a: DispatchReport, b: DispatchReport) -> Bool {
        a.delivered.map(\.event) == b.delivered.map(\.event) && a.delivered.map(\.handlers) == b.delivered.map(\.handlers)
            && a.unhandled == b.unhandled && a.duplicatesSkipped == b.duplicatesSkipped && a.invalid == b.invalid
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(unhandled); hasher.combine(duplicatesSkipped) }
}

/// Event name → ordered handlers. Not thread-safe by itself: use it from one actor or the main thread,
/// as a web view's delegate does.
public final class EventRouter {
    public typealias Handler = ([JSONValue]) -> Void

    private struct Entry {
        let id: Int
        let once: Bool
        let handler: Handler
    }

    private var handlers: [String: [Entry]] = [:]
    private var nextID = 0
    /// Identities of queue entries already dispatched, per queue (the entry's position and text).
    private var dispatched: [String: Set<String>] = [:]

    public init() {}

    /// Adds a handler for `event`, after the ones already there.
    @discardableResult
    public func add(_ event: String, once: Bool = false, _ handler: @escaping Handler) -> HandlerToken {
        nextID += 1
        handlers[event, default: []].append(Entry(id: nextID, once: once, handler: handler))
        return HandlerToken(id: nextID, event: event)
    }

    /// Removes one handler; returns whether it was there.
    @discardableResult
    public func remove(_ token: HandlerToken) -> Bool {
        guard var list = handlers[token.event], let index = list.firstIndex(where: { $0.id == token.id }) else { return false }
        list.remove(at: index)
        handlers[token.event] = list.isEmpty ? nil : list
        return true
    }

    /// How many handlers `event` has.
    public func count(for event: String) -> Int { handlers[event]?.count ?? 0 }

    /// Delivers one decoded event; returns how many handlers ran.
    @discardableResult
    public func dispatch(_ event: String, _ arguments: [JSONValue]) -> Int {
        guard let list = handlers[event], !list.isEmpty else { return 0 }
        let onceIDs = Set(list.filter(\.once).map(\.id))
        if !onceIDs.isEmpty {
            let remaining = list.filter { !onceIDs.contains($0.id) }
            handlers[event] = remaining.isEmpty ? nil : remaining
        }
        for entry in list { entry.handler(arguments) }
        return list.count
    }

    /// Forgets what was dispatched from one queue: its page is gone (a new document has a new queue), so
    /// memory does not grow with a long session.
    public func forgetQueue(_ queueID: String) { dispatched[queueID] = nil }

    /// Dispatches a drained Janrain queue (the array of `janrain:NAME?arguments=…` strings the page
    /// returned). `queueID` names the queue's origin (e.g. the page); an entry at the same position with the
    /// same text in the same queue is never dispatched twice.
    public func dispatchJanrainQueue(_ entries: [String], queueID: String = "page", startIndex: Int = 0) -> DispatchReport {
        var report = DispatchReport()
        for (offset, text) in entries.enumerated() {
            switch dispatchJanrainEntry(text, queueID: queueID, index: startIndex + offset) {
            case .delivered(let name, let count): report.delivered.append((name, count))
            case .unhandled(let name): report.unhandled.append(name)
            case .duplicate: report.duplicatesSkipped += 1
            case .failedOnPage(let name, let error):
                report.invalid.append(InvalidQueueEntry(index: startIndex + offset, problem: .failedOnPage(event: name, error: error)))
            case .invalid(let problem): report.invalid.append(InvalidQueueEntry(index: startIndex + offset, problem: problem))
            }
        }
        return report
    }

    /// Dispatches one drained queue entry, at most once per (queue, position, text).
    public func dispatchJanrainEntry(_ text: String, queueID: String, index: Int) -> QueueEntryOutcome {
        if !dispatched[queueID, default: []].insert("\(index)#\(text)").inserted { return .duplicate }
        guard case .success(let url) = BrowserURL.parse(text) else { return .invalid(.notAURL) }
        switch JanrainBridge.decode(url) {
        case .success(.event(let name, let arguments)):
            let count = dispatch(name, arguments)
            return count == 0 ? .unhandled(name) : .delivered(name, handlers: count)
        case .success(.eventFailed(let name, let error)): return .failedOnPage(name, error: error)
        case .success: return .invalid(.notAnEvent)
        case .failure(let error): return .invalid(.undecodable(error))
        }
    }
}

/// What became of one drained queue entry.
public enum QueueEntryOutcome: Sendable, Hashable {
    case delivered(String, handlers: Int)
    case unhandled(String)
    /// Dispatched before from the same queue (a queue the page does not empty).
    case duplicate
    /// The page could not stringify the event's arguments (`?error=`).
    case failedOnPage(String, error: String)
    case invalid(QueueEntryProblem)
}

/// Why a drained queue entry is not an event that can be dispatched (CommandOutput words it).
public enum QueueEntryProblem: Sendable, Hashable {
    /// The entry does not parse as a URL.
    case notAURL
    /// A bridge URL, but not an event (a drain request, the legacy hand-off).
    case notAnEvent
    /// A bridge URL that does not decode.
    case undecodable(BridgeDecodingError)
    /// The page could not stringify the event's arguments (`?error=`): its own error text.
    case failedOnPage(event: String, error: String)
}

/// One drained entry that was not dispatched, by its position in the queue.
public struct InvalidQueueEntry: Sendable, Hashable {
    public let index: Int
    public let problem: QueueEntryProblem
    public init(index: Int, problem: QueueEntryProblem) { (self.index, self.problem) = (index, problem) }
}
