// NavigationRecord.swift: one navigation as a recording saw it (navlog v1's event line, or what the HAR and
// CDP readers make of their entries), where it came from in the log, and the records a reader could not use.
// Field meanings: NavigationReplay.docc/Navlog.md.
import NavigationPolicy
import JSONText

/// Who started a navigation (navlog `source`).
package enum NavigationSource: String, Sendable, CaseIterable {
    case user, script, redirect, refresh, app, history, unknown
}

/// `time`: RFC 3339 text or milliseconds since the header's startedAt, kept as recorded.
package enum RecordTime: Sendable, Hashable {
    case milliseconds(Double)
    case timestamp(String)

    /// As written in transcripts: whole milliseconds without a fraction, text as is.
    package var text: String {
        switch self {
        case .milliseconds(let ms): return JSONWriter.numberText(ms)
        case .timestamp(let s): return s
        }
    }

    /// As a JSON value: milliseconds are a number (whole or not), a timestamp a string.
    package var json: JSONOutput {
        switch self {
        case .milliseconds(let ms): return .number(ms)
        case .timestamp(let s): return .string(s)
        }
    }
}

/// Where a record is in its log: a line (navlog), an entry (HAR) or an event (CDP).
package struct RecordLocation: Sendable, Hashable, CustomStringConvertible {
    package enum Place: Sendable, Hashable {
        case line(Int)
        /// A key path in a JSON document, e.g. `log.entries[12]` or `[40]`.
        case path(String)
        case file
    }
    package var place: Place

    package init(_ place: Place) { self.place = place }
    package static func line(_ n: Int) -> RecordLocation { RecordLocation(.line(n)) }
    package static func path(_ p: String) -> RecordLocation { RecordLocation(.path(p)) }

    /// The line number, for navlogs.
    package var line: Int? { if case .line(let n) = place { return n } else { return nil } }

    package var description: String {
        switch place {
        case .line(let n): return "line \(n)"
        case .path(let p): return p
        case .file: return "the file"
        }
    }
}

/// One navigation the app's delegate was (or would have been) asked about. The fields a web view reports
/// are kept in `request`, as the delegate receives it, so deciding reads it in place rather than building
/// one per decision (four strings copied, then released); those its flags derive from (`source`,
/// `redirectFrom`, `hasUserGesture`) keep them current when set.
package struct NavigationRecord: Sendable {
    package var seq: Int?
    package var time: RecordTime?
    package var url: String {
        get { request.url }
        set { request.url = newValue }
    }
    package var method: HTTPMethod {
        get { request.method }
        set { request.method = newValue }
    }
    package var navigationType: NavigationType {
        get { request.type }
        set { request.type = newValue }
    }
    package var isMainFrame: Bool {
        get { request.isMainFrame }
        set { request.isMainFrame = newValue }
    }
    /// The target frame's id; nil means no target frame (a new window); "" means not recorded.
    package var targetFrame: String? {
        get { request.targetFrame }
        set { request.targetFrame = newValue }
    }
    /// Within the document (navlog `sameDocument`: `fragment`, `history-api`), or nil for a document load.
    package var sameDocument: SameDocumentNavigation? {
        get { request.sameDocument }
        set { request.sameDocument = newValue }
    }
    /// The sandbox attribute of the iframe the navigation started in (navlog `sandbox`).
    package var sandbox: FrameSandbox? {
        get { request.sandbox }
        set { request.sandbox = newValue }
    }
    /// Which signal a reader took the frame from when the log did not say it outright (HAR).
    package var frameEvidence: FrameEvidence?
    package var source: NavigationSource = .unknown { didSet { deriveFlags() } }
    package var sourceURL: String? {
        get { request.sourceURL }
        set { request.sourceURL = newValue }
    }
    package var redirectFrom: String? { didSet { deriveFlags() } }
    package var redirectStatus: Int?
    package var recordedDecision: PolicyAction?
    /// What the view did after the decision, when the recorder saw it (navlog `loaded`): true when it went
    /// there (a cancel that did not take effect, if the decision was cancel), false when it did not.
    package var loaded: Bool?
    package var note: RecordNote?
    package var hasUserGesture: Bool? { didSet { deriveFlags() } }
    /// For a bridge signal: the queue the native side drained after it, in order.
    package var drained: [String]?
    package var location: RecordLocation
    /// Made by a reader, not found in the log as such (a HAR redirect to a custom scheme nobody fetched).
    package var isSynthetic = false

    /// The request as a web view's delegate receives it: the reported fields, and the flags derived from
    /// the source, the redirect and the gesture.
    package private(set) var request: NavigationRequest

    package init(url: String, location: RecordLocation) {
        request = NavigationRequest(url: url, type: .other, isMainFrame: true, targetFrame: "", method: .get)
        self.location = location
        deriveFlags()
    }

    private mutating func deriveFlags() {
        request.isRedirect = source == .redirect || redirectFrom != nil
        request.hasUserGesture = hasUserGesture ?? (source == .user)
        request.isAppInitiated = source == .app
    }
}

/// What a reader decided a record's frame from, when the log does not name the frame (a HAR without
/// `pages` or `Sec-Fetch-Dest`): said in the transcript, since it was a guess.
package enum FrameEvidence: String, Sendable, Hashable {
    /// The entry's `_resourceType` (Chrome's `Document` / `document`, Firefox's `document`).
    case resourceType
    /// No signal names the frame: a document load is taken for the top frame's, the frame a result must
    /// reach (an iframe taken for the top frame is said, never silently classed a subframe).
    case topOfChain = "no-signal"
    /// Chrome's `_initiator.type` `parser` on a document after the page's first: an iframe's `src`.
    case parserInitiator = "parser-initiator"
    /// The HAR's `pages`: the entry's `pageref` starts a page.
    case pages
    /// `Referer`: the document's referrer is the top frame's page, and that page went on requesting
    /// subresources after the document had loaded (a top-level navigation would have unloaded it): an iframe.
    case referer
    /// The HAR's pages: the document's `Referer` names its page's top document, which had not finished
    /// loading (the page's `pageTimings.onLoad`) when the document started: an iframe of that page.
    case pageLoading = "page-loading"
    /// The engine that ran the page does not say (WebKitGTK's UI process): a navigation no subframe
    /// announced is taken for the top frame's.
    case engineCannotTell = "engine-cannot-tell"

    /// What a navlog's `frameFrom` may say (the recorder's own evidence; the others are the readers' of other formats).
    package static let navlogValues: [FrameEvidence] = [.engineCannotTell]

    /// A guess: nothing said the navigation was the top frame's, and an iframe's would be asked differently.
    package var isGuess: Bool { self == .topOfChain || self == .engineCannotTell }
}

/// The optional first line of a navlog.
package struct NavlogHeader: Sendable, Hashable {
    package var version: Int
    package var platform: String?
    package var recorder: String?
    package var startedAt: String?
    package var origin: String?
    /// The app's bridge event handlers when it recorded (the rules' `handlers`), so that rules made from the
    /// recording keep the hand-off.
    package var handlers: [RecordedHandlers]?

    package init(version: Int = 1, platform: String? = nil, recorder: String? = nil, startedAt: String? = nil, origin: String? = nil,
                handlers: [RecordedHandlers]? = nil) {
        self.version = version
        self.platform = platform
        self.recorder = recorder
        self.startedAt = startedAt
        self.origin = origin
        self.handlers = handlers
    }

    /// The engines `bridge host` runs a page in: the key JSON lines name each by (`engine`), and the
    /// engine's own name, which its recordings' `recorder` says ("bridge host (WebKitGTK)").
    package static let hostEngines: [(key: String, name: String)] = [("webkit", "WebKitGTK"), ("chromium", "Chromium")]

    /// The `recorder` of a recording `bridge host` made in the engine named `name`.
    package static func hostRecorder(engineName name: String) -> String { "bridge host (\(name))" }

    /// The engine that ran the page, by its key, when `bridge host` made the recording; nil otherwise.
    package var hostEngine: String? { Self.hostEngines.first { Self.hostRecorder(engineName: $0.name) == recorder }?.key }
}

/// One event of a recorded handler table and the handlers the app delivered it to, in order.
package struct RecordedHandlers: Sendable, Hashable {
    package var event: String
    package var handlers: [String]

    package init(event: String, handlers: [String]) {
        self.event = event
        self.handlers = handlers
    }
}

extension Platform {
    /// The platform a navlog header's `platform` names (`android-webview`, `ios-wkwebview`, `ios-uiwebview`);
    /// nil for one whose rules are not a web view's (`browser`, `other`).
    package init?(navlog name: String?) {
        switch name {
        case "android-webview": self = .android
        case "ios-wkwebview", "ios-uiwebview": self = .ios
        default: return nil
        }
    }

    /// What a navlog header calls this platform.
    package var navlogName: String {
        switch self {
        case .android: return "android-webview"
        case .ios: return "ios-wkwebview"
        }
    }
}

/// A call the page made to one of the Android app's JavaScript interfaces (`window.demo.bridgeCallback(…)`):
/// no navigation, so not a NavigationRecord, but the app acts on it as it does on a drained bridge queue.
package struct InterfaceCall: Sendable, Hashable {
    package var seq: Int?
    package var time: RecordTime?
    /// The interface's name (`window.NAME`) and the method called.
    package var interface: String
    package var method: String
    /// The call's arguments as the page passed them (Android converts them for the Java method).
    package var arguments: [JSONValue]
    package var location: RecordLocation

    package init(interface: String, method: String, arguments: [JSONValue], location: RecordLocation) {
        self.interface = interface
        self.method = method
        self.arguments = arguments
        self.location = location
    }

    /// `NAME.METHOD`, as a navlog's `call` writes it.
    package var name: String { interface + "." + method }
}

/// A record the reader could not use, and why. It is counted, reported, and the rest is read on.
package struct RejectedRecord: Sendable, Hashable {
    package var location: RecordLocation
    package var reason: RejectionReason

    package init(location: RecordLocation, reason: RejectionReason) {
        self.location = location
        self.reason = reason
    }
}

/// What a reader hands the replay, in log order.
package enum LogItem: Sendable {
    case header(NavlogHeader)
    case record(NavigationRecord)
    /// A call to the app's JavaScript interface (a navlog `call` line).
    case call(InterfaceCall)
    case rejected(RejectedRecord)
    /// Entries or events that are not navigations (images, scripts, other CDP events), counted by reason.
    case skipped(reason: SkipReason, count: Int)
}
