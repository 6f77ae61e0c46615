// Replayer.swift: runs a log's records through the engine, one at a time and in order: each navigation's
// decision (and explanation when asked), the events its drained bridge queue dispatches through the
// rules' handler tables, whether the app decided otherwise at recording time, and the findings of the
// flow tracker. It keeps counts for the summary and nothing per navigation, so memory does not grow with
// the log. One Replayer replays one log.
import BrowserURL
import FindingSeverity
import JSONText
import NavigationPolicy
import SecretMasking

/// One bridge event and what became of it.
package struct DispatchedEvent: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, CaseIterable {
        case delivered, unhandled, repeated, failed, invalid, reply
        /// Events are listed but not dispatched: the rules have no handler table.
        case undispatched
    }
    package var event: String
    /// The handlers it was delivered to, in order (from the rules' handler table).
    package var handlers: [String]
    package var status: Status
    package var detail: Detail?

    /// What more there is to say of an event that was not delivered.
    package enum Detail: Sendable, Hashable {
        /// The page's own error text for an event it could not stringify (`?error=`).
        case pageError(String)
        /// Why a drained entry is not an event.
        case invalidEntry(QueueEntryProblem)
    }
}

/// A navigation and everything replay says about it.
package struct ReplayedNavigation: Sendable {
    package var record: NavigationRecord
    package var seq: Int
    package var decision: Decision
    package var events: [DispatchedEvent]
    package var findings: [ReplayFinding]
    /// The app decided otherwise at recording time.
    package var mismatch: Bool { record.recordedDecision.map { $0 != decision.action } ?? false }
}

/// A call to the app's JavaScript interface and what the app did with it.
package struct ReplayedCall: Sendable {
    package var call: InterfaceCall
    package var seq: Int
    package var events: [DispatchedEvent]
    package var findings: [ReplayFinding]
}

/// The counts a replay ends with. read = replayed + rejected, always (interface calls are counted apart).
package struct ReplaySummary: Sendable, Hashable {
    package var recordsRead = 0
    package var replayed = 0
    /// Navigations a reader made rather than found (included in replayed).
    package var synthetic = 0
    package var rejected = 0
    /// Calls to the app's JavaScript interfaces (not navigations: neither read records nor replayed ones).
    package var calls = 0
    /// Entries or events that are not navigations, by reason (HAR subresources, other CDP events).
    package var skipped: [SkipReason: Int] = [:]
    package var byDecision: [PolicyAction: Int] = [:]
    package var byKind: [DecisionKind: Int] = [:]
    package var sentinelResults = 0
    package var sentinelErrors = 0
    package var sentinelPassThrough = 0
    package var events: [DispatchedEvent.Status: Int] = [:]
    package var mismatches = 0
    package var findings: [Severity: Int] = [:]
    package var hasHeader = false

    package var errors: Int { findings[.error, default: 0] }
    /// Exit status 1 material: mismatches, findings of error severity, rejected records.
    package var isConsistent: Bool { mismatches == 0 && errors == 0 && rejected == 0 }
}

package final class Replayer {
    package let engine: PolicyEngine
    package let explain: Bool
    package let redactor: Redactor
    /// The web view the log is replayed for: on Android a result that the platform never shows the app is a
    /// finding (not-asked-on-android). With `platformFromLog`, a navlog header naming a web view sets it.
    package var platform: Platform { progress.platform }
    /// The handler table a navlog header recorded (`handlers`), when it had one.
    package private(set) var recordedHandlers: [RecordedHandlers]?
    /// The engine that ran the page, when the log is a `bridge host` recording (its header says).
    package private(set) var recordedEngine: String?
    private let platformFromLog: Bool
    /// The counts so far.
    package var summary: ReplaySummary { progress.tally.summary }
    /// What the replay changes as it goes, in one stored value: a navigation reads and updates it through one
    /// access, passed down `inout` (each access to a class's stored property is checked for exclusivity at run
    /// time, so one stored property each would cost a check for each of them).
    private var progress: Progress
    private struct Progress {
        /// The counts and the log's positions.
        var tally = Tally()
        var tracker: FlowTracker
        var platform: Platform
    }
    private let router = EventRouter()
    private let handlerLog = HandlerLog()
    private let hasHandlerTable: Bool

    package init(engine: PolicyEngine, explain: Bool = false, redactor: Redactor = Redactor(), platform: Platform = .ios,
                platformFromLog: Bool = false) {
        self.engine = engine
        self.platformFromLog = platformFromLog
        self.explain = explain
        self.redactor = redactor
        progress = Progress(tracker: FlowTracker(engine: engine, redactor: redactor), platform: platform)
        hasHandlerTable = !engine.rules.handlers.isEmpty
        for entry in engine.rules.handlers {
            for name in entry.handlers {
                let log = handlerLog
                router.add(entry.event) { _ in log.called.append(name) }
            }
        }
    }

    /// What one log item becomes.
    package enum Output: Sendable {
        case navigation(ReplayedNavigation)
        case call(ReplayedCall)
        case rejected(RejectedRecord)
        /// Findings not tied to a navigation being replayed now (requests found unanswered).
        case findings([ReplayFinding])
        case none

    }

    /// Replays one item; the caller writes the output at once.
    package func replay(_ item: LogItem) -> Output { replay(item, decided: nil) }

    /// Replays one item whose record was decided already (ParallelReplay decides on other threads; the
    /// decision must be the engine's for the record, with this replayer's explain and redactor).
    package func replay(_ item: consuming LogItem, decided: consuming Decision?) -> Output {
        switch consume item {
        case .header(let header):
            progress.tally.counts.hasHeader = true
            if platformFromLog, let recorded = Platform(navlog: header.platform) { progress.platform = recorded }
            recordedHandlers = header.handlers
            recordedEngine = header.hostEngine
            return .none
        case .skipped(let reason, let count):
            progress.tally.counts.skipped[reason, default: 0] += count
            return .none
        case .rejected(let rejected):
            progress.tally.countRejected()
            return .rejected(rejected)
        case .call(let interfaceCall):
            return .call(call(interfaceCall, &progress))
        case .record(let record):
            // Moved out of the optional (`??` would copy a decided one: a retain of its every part, then a release).
            let decision: Decision
            switch consume decided {
            case .some(let given): decision = given
            case .none: decision = engine.decide(record.request, explain: explain)
            }
            return replay(record, decision, &progress)
        }
    }

    /// A record with its decision: a navigation, or bad input when its URL does not parse.
    private func replay(_ record: consuming NavigationRecord, _ decision: consuming Decision, _ progress: inout Progress) -> Output {
        progress.tally.counts.recordsRead += 1
        // A URL that does not parse is bad input here, not a navigation (the engine cancels it, fail closed).
        if decision.url == nil, case .invalidURL(let error)? = decision.error {
            progress.tally.counts.rejected += 1
            return .rejected(RejectedRecord(location: record.location, reason: .unparseableURL(record.url, error)))
        }
        return .navigation(navigate(record, decision, &progress))
    }

    /// Ends the log: requests never answered.
    package func finish() -> [ReplayFinding] {
        let findings = progress.tracker.finish()
        progress.tally.count(findings)
        return findings
    }

    private func navigate(_ record: consuming NavigationRecord, _ decision: consuming Decision, _ progress: inout Progress) -> ReplayedNavigation {
        let seq = progress.tally.next(record.seq)
        var findings: [ReplayFinding] = []
        var events: [DispatchedEvent] = []
        if let error = decision.error {
            findings.append(ReplayFinding(.decisionError(error), at: record.location, seq: seq))
        }
        // Read once: a sentinel's result is decoded from the parameters on each read.
        let interception = decision.interception
        if case .bridge(let message)? = interception {
            dispatch(message, record: record, seq: seq, document: progress.tally.document, events: &events, findings: &findings)
        }
        if case .sentinel(.oauthError(let error, let description, _, _))? = interception {
            findings.append(ReplayFinding(.oauthError(error: error, description: description, rule: decision.rule), at: record.location, seq: seq))
        }
        // Only an interception can go unasked: the request is made for those alone.
        if let unasked = progress.platform.unaskedInterception(record.request, decision) {
            findings.append(ReplayFinding(.notAsked(unasked), at: record.location, seq: seq))
        } else if let evidence = record.frameEvidence, evidence.isGuess, record.isMainFrame, record.targetFrame != nil {
            // Taken for the top frame's on no evidence: what the platform would do were it an iframe's.
            var asSubframe = record.request
            asSubframe.isMainFrame = false
            if let unasked = progress.platform.unaskedInterception(asSubframe, decision) {
                findings.append(ReplayFinding(.frameUnknown(asSubframe: unasked, evidence: evidence), at: record.location, seq: seq))
            }
        }
        // The recorder saw the view go there after the app cancelled it: the cancel did not take effect.
        if record.recordedDecision == .cancel && record.loaded == true {
            findings.append(ReplayFinding(.cancelIgnored(kind: decision.kind, rule: decision.rule, sameDocument: record.sameDocument),
                                          at: record.location, seq: seq))
        }
        progress.tracker.observe(record, decision, interception, seq: seq, into: &findings)
        // A new main-frame document has a new bridge queue.
        if record.isMainFrame && record.sameDocument == nil && decision.action == .allow && (decision.kind == .allowed || decision.kind == .default),
           decision.url?.scheme != "about" {
            router.forgetQueue("document-\(progress.tally.newDocument())")
        }
        let replayed = ReplayedNavigation(record: record, seq: seq, decision: decision, events: events, findings: findings)
        progress.tally.count(replayed, interception)
        return replayed
    }

    // MARK: Bridge events

    /// `document`: the page's document number, whose queue the entries come from.
    private func dispatch(_ message: BridgeMessage, record: NavigationRecord, seq: Int, document: Int,
                          events: inout [DispatchedEvent], findings: inout [ReplayFinding]) {
        switch message {
        case .drainRequest(let bridge):
            guard let drained = record.drained else {
                // An app with an interface for this protocol drains through it: the queue arrives as a call.
                if !engine.rules.javascriptInterfaces.contains(where: { $0.bridgeProtocol == bridge }) {
                    findings.append(ReplayFinding(.drainNotRecorded(bridge), at: record.location, seq: seq))
                }
                return
            }
            dispatchQueue(bridge, drained, at: record.location, seq: seq, document: document, events: &events, findings: &findings)
        case .event(let name, let arguments):
            events.append(deliver(name, arguments, at: record.location, seq: seq, findings: &findings))
        case .legacyAccessToken(let token):
            events.append(deliver(BridgeMessage.legacyAccessTokenEvent, [.string(token)], at: record.location, seq: seq, findings: &findings))
        case .eventFailed(let name, let error):
            findings.append(ReplayFinding(.bridgeEventFailed(event: name, index: nil, error: error), at: record.location, seq: seq))
            events.append(DispatchedEvent(event: name, handlers: [], status: .failed, detail: .pageError(error)))
        case .wvjbMessage, .wvjbReply:
            events.append(wvjb(message, at: record.location, seq: seq, findings: &findings))
        case .bridgeLoaded:
            break
        }
    }

    /// A drained queue's entries (from a signal's drain, or carried by an interface call), in order.
    private func dispatchQueue(_ bridge: BridgeProtocol, _ entries: [String], at location: RecordLocation, seq: Int, document: Int,
                               events: inout [DispatchedEvent], findings: inout [ReplayFinding]) {
        switch bridge {
        case .janrain:
            for (index, text) in entries.enumerated() {
                events.append(janrainEntry(text, index: index, document: document, at: location, seq: seq, findings: &findings))
            }
        case .wvjb:
            for (index, text) in entries.enumerated() {
                switch WebViewJavascriptBridge.decodeDrained(text) {
                case .success(let messages):
                    for message in messages { events.append(wvjb(message, at: location, seq: seq, findings: &findings)) }
                case .failure(let error):
                    findings.append(ReplayFinding(.bridgeEntryInvalid(index: index, problem: .undecodable(error)), at: location, seq: seq))
                    events.append(DispatchedEvent(event: "drained[\(index)]", handlers: [], status: .invalid, detail: .invalidEntry(.undecodable(error))))
                }
            }
        }
    }

    // MARK: JavaScript interfaces

    /// A call to the app's JavaScript interface: with a bridge protocol, its argument is that protocol's
    /// queue (a JSON array of entries, as Janrain's Android demo passes `createJanrainBridge.eventQueue`);
    /// without one, the call is the event METHOD with its arguments, taken by the app's method itself. A call to
    /// an interface or method the app never added is an error: on Android it throws a TypeError in the page.
    private func call(_ call: InterfaceCall, _ progress: inout Progress) -> ReplayedCall {
        let seq = progress.tally.next(call.seq)
        var events: [DispatchedEvent] = []
        var findings: [ReplayFinding] = []
        if let interface = engine.rules.javascriptInterface(call.interface), interface.methods.contains(call.method) {
            if let bridge = interface.bridgeProtocol {
                var entries: [String] = []
                for argument in call.arguments {
                    switch argument {
                    case .string(let text):
                        if case .array(let items)? = JSONValue.parse(text) { entries += items.map { $0.stringValue ?? $0.jsonText } } else { entries.append(text) }
                    case .array(let items): entries += items.map { $0.stringValue ?? $0.jsonText }
                    default: entries.append(argument.jsonText)
                    }
                }
                dispatchQueue(bridge, entries, at: call.location, seq: seq, document: progress.tally.document, events: &events, findings: &findings)
            } else {
                events.append(DispatchedEvent(event: call.method, handlers: [call.name], status: .delivered, detail: nil))
            }
        } else {
            findings.append(ReplayFinding(.interfaceMissing(interface: call.interface, method: call.method,
                                                            interfaceAdded: engine.rules.javascriptInterface(call.interface) != nil),
                                          at: call.location, seq: seq))
        }
        progress.tally.countCall(events, findings)
        return ReplayedCall(call: call, seq: seq, events: events, findings: findings)
    }

    private func janrainEntry(_ text: String, index: Int, document: Int, at location: RecordLocation, seq: Int,
                              findings: inout [ReplayFinding]) -> DispatchedEvent {
        handlerLog.called = []
        switch router.dispatchJanrainEntry(text, queueID: "document-\(document)", index: index) {
        case .delivered(let name, _):
            return DispatchedEvent(event: name, handlers: handlerLog.called, status: .delivered, detail: nil)
        case .unhandled(let name):
            if hasHandlerTable {
                findings.append(ReplayFinding(.eventUnhandled(event: name), at: location, seq: seq))
            }
            return DispatchedEvent(event: name, handlers: [], status: hasHandlerTable ? .unhandled : .undispatched, detail: nil)
        case .duplicate:
            findings.append(ReplayFinding(.eventRepeated(index: index), at: location, seq: seq))
            return DispatchedEvent(event: Self.eventName(text), handlers: [], status: .repeated, detail: nil)
        case .failedOnPage(let name, let error):
            findings.append(ReplayFinding(.bridgeEventFailed(event: name, index: index, error: error), at: location, seq: seq))
            return DispatchedEvent(event: name, handlers: [], status: .failed, detail: .pageError(error))
        case .invalid(let problem):
            findings.append(ReplayFinding(.bridgeEntryInvalid(index: index, problem: problem), at: location, seq: seq))
            return DispatchedEvent(event: "drained[\(index)]", handlers: [], status: .invalid, detail: .invalidEntry(problem))
        }
    }

    private func deliver(_ name: String, _ arguments: [JSONValue], at location: RecordLocation, seq: Int,
                         findings: inout [ReplayFinding]) -> DispatchedEvent {
        guard hasHandlerTable else { return DispatchedEvent(event: name, handlers: [], status: .undispatched, detail: nil) }
        handlerLog.called = []
        if router.dispatch(name, arguments) == 0 {
            findings.append(ReplayFinding(.eventUnhandled(event: name), at: location, seq: seq))
            return DispatchedEvent(event: name, handlers: [], status: .unhandled, detail: nil)
        }
        return DispatchedEvent(event: name, handlers: handlerLog.called, status: .delivered, detail: nil)
    }

    private func wvjb(_ message: BridgeMessage, at location: RecordLocation, seq: Int, findings: inout [ReplayFinding]) -> DispatchedEvent {
        switch message {
        case .wvjbMessage(let handler, let data, _):
            return deliver(handler, data.map { [$0] } ?? [], at: location, seq: seq, findings: &findings)
        case .wvjbReply(let id, _):
            return DispatchedEvent(event: "reply \(id)", handlers: [], status: .reply, detail: nil)
        default:
            return DispatchedEvent(event: "\(message)", handlers: [], status: .invalid, detail: nil)
        }
    }

    /// `janrain:NAME?…` → NAME, for entries skipped before decoding.
    static func eventName(_ text: String) -> String {
        var name = text.hasPrefix("janrain:") ? text.dropFirst(8) : text[...]
        if let q = name.firstIndex(of: "?") { name = name[..<q] }
        return String(name)
    }
}

/// The names of the handlers one dispatch called (the router's closures append to it).
final class HandlerLog {
    var called: [String] = []
}

/// What a replay counts, and where it is in the log: the summary's counts (those every navigation adds to kept
/// by case, `CountsByCase`, so a navigation pays for no hashing), the next ordinal for a record without `seq`,
/// and the current document, whose bridge queue a new main-frame document replaces.
private struct Tally {
    var counts = ReplaySummary()
    var byAction = CountsByCase<PolicyAction>()
    var byKind = CountsByCase<DecisionKind>()
    var events = CountsByCase<DispatchedEvent.Status>()
    var findings = CountsByCase<Severity>()
    var ordinal = 0
    var document = 0

    var summary: ReplaySummary {
        var summary = counts
        summary.byDecision = byAction.dictionary
        summary.byKind = byKind.dictionary
        summary.events = events.dictionary
        summary.findings = findings.dictionary
        return summary
    }

    /// The item's position: its own `seq`, else the next ordinal (which advances either way).
    mutating func next(_ seq: Int?) -> Int {
        defer { ordinal += 1 }
        return seq ?? ordinal
    }

    /// The document being left; the next one is current after.
    mutating func newDocument() -> Int {
        defer { document += 1 }
        return document
    }

    mutating func countRejected() {
        counts.recordsRead += 1
        counts.rejected += 1
    }

    mutating func count(_ navigation: ReplayedNavigation, _ interception: Interception?) {
        let action = navigation.decision.action, kind = navigation.decision.kind
        counts.replayed += 1
        if navigation.record.isSynthetic { counts.synthetic += 1 }
        byAction.add(action)
        byKind.add(kind)
        if kind == .sentinel {
            if action == .allow { counts.sentinelPassThrough += 1 }
            else if case .sentinel(.oauthError)? = interception { counts.sentinelErrors += 1 }
            else { counts.sentinelResults += 1 }
        }
        count(navigation.events)
        count(navigation.findings)
        if navigation.mismatch { counts.mismatches += 1 }
    }

    mutating func countCall(_ events: [DispatchedEvent], _ findings: [ReplayFinding]) {
        counts.calls += 1
        count(events)
        count(findings)
    }

    mutating func count(_ findings: [ReplayFinding]) {
        for f in findings { self.findings.add(f.severity) }
    }

    mutating func count(_ events: [DispatchedEvent]) {
        for e in events { self.events.add(e.status) }
    }
}

/// Counts by a key of few cases, kept by the key's position among its cases: adding one is an index, not a
/// hash. The summary's dictionary (the keys counted at least once) is made when asked.
private struct CountsByCase<Key: CaseIterable & Hashable> {
    /// The cases, read once (`allCases` is made anew on each read).
    private let cases = Array(Key.allCases)
    private var counts = [Int](repeating: 0, count: Key.allCases.count)

    mutating func add(_ key: Key) {
        for position in cases.indices where cases[position] == key {
            counts[position] += 1
            return
        }
    }

    var dictionary: [Key: Int] {
        var dictionary: [Key: Int] = [:]
        for (key, count) in zip(cases, counts) where count > 0 { dictionary[key] = count }
        return dictionary
    }
}
