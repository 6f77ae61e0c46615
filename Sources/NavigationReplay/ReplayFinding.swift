// ReplayFinding.swift: what replay reports beside the decisions: broken flows (a state that does not match
// its request, a sentinel nobody asked for, a request never answered, a reset link taken for a sign-in),
// bridge trouble (a signal whose queue was not recorded, an entry that does not decode, an event no
// handler takes, an entry dispatched twice) and errors carried in decisions. Each has a stable code, a
// severity (CommandOutput's one scale), and the place in the log it is about. Messages are already redacted.

import FindingSeverity
import NavigationPolicy

/// The kinds of finding, with their severity and what they mean (for --help and the ReplayCommand article).
package enum ReplayFindingKind: String, Sendable, CaseIterable {
    case stateMismatch = "state-mismatch"
    case stateMissing = "state-missing"
    case sentinelWithoutRequest = "sentinel-without-request"
    case possibleResetLink = "possible-reset-link"
    case resetLinkAsSignIn = "reset-link-as-signin"
    case requestUnanswered = "request-unanswered"
    case requestWithoutState = "request-without-state"
    case requestNotIntercepted = "request-not-intercepted"
    case drainNotRecorded = "drain-not-recorded"
    case bridgeEntryInvalid = "bridge-entry-invalid"
    case bridgeEventFailed = "bridge-event-failed"
    case eventUnhandled = "event-unhandled"
    case eventRepeated = "event-repeated"
    case decisionError = "decision-error"
    case oauthError = "oauth-error"
    case notAskedOnAndroid = "not-asked-on-android"
    case notAskedOnIOS = "not-asked-on-ios"
    case cancelIgnored = "cancel-ignored"
    case interfaceMissing = "interface-missing"
    case frameUnknown = "frame-unknown"

    package var severity: Severity {
        switch self {
        case .stateMismatch, .stateMissing, .resetLinkAsSignIn, .bridgeEntryInvalid, .bridgeEventFailed, .decisionError, .notAskedOnAndroid, .notAskedOnIOS, .cancelIgnored, .interfaceMissing: return .error
        default: return .warning
        }
    }

    package var summary: String {
        switch self {
        case .stateMismatch: return "a sentinel's state is not the state its authorization request sent"
        case .stateMissing: return "the request sent a state; the sentinel hit answering it carries none"
        case .sentinelWithoutRequest: return "a sentinel hit with no authorization request for its redirect_uri before it"
        case .possibleResetLink: return "a code with no state and no request before it, taken as a sign-in result: likely a password-reset link"
        case .resetLinkAsSignIn: return "the rules let this link through (a reset link), but the app cancelled it as a sign-in result"
        case .requestUnanswered: return "an authorization request no sentinel hit answered by the end of the log"
        case .requestWithoutState: return "an authorization request without state (no CSRF protection, RFC 6749 §10.12)"
        case .requestNotIntercepted: return "an authorization request whose redirect_uri no sentinel rule catches"
        case .drainNotRecorded: return "a bridge signal whose drained queue the recording lacks: its events cannot be replayed"
        case .bridgeEntryInvalid: return "a drained bridge entry that does not decode"
        case .bridgeEventFailed: return "the page could not stringify an event's arguments (?error=)"
        case .eventUnhandled: return "a bridge event no handler in the rules' handler table takes"
        case .eventRepeated: return "a drained entry dispatched before: the page does not empty its queue"
        case .decisionError: return "an error carried in a decision (repeated-parameter, missing-parameter, …)"
        case .oauthError: return "the authorization server answered the app with an OAuth error (RFC 6749 §4.1.2.1): the sign-in did not happen"
        case .notAskedOnAndroid: return "a result a rule must catch, on a navigation Android never shows the app (a POST, the app's own load, back or forward, http(s) in an iframe, a fragment, pushState): it loads in the page"
        case .notAskedOnIOS: return "a result a rule must catch, on a navigation WKWebView never shows the app (pushState, a custom scheme leaving a sandboxed iframe): the app never sees it"
        case .cancelIgnored: return "the app cancelled a navigation and the view went there anyway (a fragment the engine had already applied): the result is in the page"
        case .interfaceMissing: return "the page calls a JavaScript interface method the app never added (javascriptInterfaces): on Android the call throws a TypeError and the app hears nothing"
        case .frameUnknown: return "a result decided as the top frame's, though nothing said which frame it was in, where an iframe's would not be shown to the app"
        }
    }
}

package struct ReplayFinding: Sendable, Hashable {
    /// What was found, with the values it is about (the words are made when it is printed).
    package enum Detail: Sendable, Hashable {
        /// An error carried in the decision (its code is the finding's).
        case decisionError(DecisionError)
        case oauthError(error: String, description: String?, rule: String?)
        case notAsked(UnaskedInterception)
        /// The record's frame was a guess (the top frame's): had it been an iframe's, the platform would not
        /// have asked, for this reason.
        case frameUnknown(asSubframe: UnaskedInterception, evidence: FrameEvidence)
        /// The recording says the view loaded what the app cancelled: what the rules would do, and whether
        /// it stayed in the document.
        case cancelIgnored(kind: DecisionKind, rule: String?, sameDocument: SameDocumentNavigation?)
        case resetLinkAsSignIn(rule: String?)
        case requestWithoutState(origin: String, redirectURI: String)
        case requestNotIntercepted(redirectURI: String, decided: PolicyAction, kind: DecisionKind)
        case possibleResetLink(origin: String, path: String)
        case sentinelWithoutRequest(origin: String, path: String)
        case stateMismatch(received: String, sent: String, requestAt: RecordLocation, requestSeq: Int, difference: StateDifference?)
        case stateMissing(sent: String, requestAt: RecordLocation, requestSeq: Int)
        /// `pendingLimit`: dropped because more requests than this were pending.
        case requestUnanswered(redirectURI: String, pendingLimit: Int?)
        case drainNotRecorded(BridgeProtocol)
        /// `index`: the drained entry's (nil: the bridge URL itself).
        case bridgeEntryInvalid(index: Int, problem: QueueEntryProblem)
        case bridgeEventFailed(event: String, index: Int?, error: String)
        case eventUnhandled(event: String)
        case eventRepeated(index: Int)
        /// `interfaceAdded`: the interface exists but lacks the method.
        case interfaceMissing(interface: String, method: String, interfaceAdded: Bool)
    }

    package var detail: Detail
    package var location: RecordLocation
    /// The sequence number of the navigation it is about.
    package var seq: Int?

    init(_ detail: Detail, at location: RecordLocation, seq: Int?) {
        self.detail = detail
        self.location = location
        self.seq = seq
    }

    /// The kind, or nil for an error carried in a decision.
    package var kind: ReplayFindingKind? {
        switch detail {
        case .decisionError: nil
        case .oauthError: .oauthError
        case .notAsked(let unasked): unasked.platform == .android ? .notAskedOnAndroid : .notAskedOnIOS
        case .cancelIgnored: .cancelIgnored
        case .resetLinkAsSignIn: .resetLinkAsSignIn
        case .requestWithoutState: .requestWithoutState
        case .requestNotIntercepted: .requestNotIntercepted
        case .possibleResetLink: .possibleResetLink
        case .sentinelWithoutRequest: .sentinelWithoutRequest
        case .stateMismatch: .stateMismatch
        case .stateMissing: .stateMissing
        case .requestUnanswered: .requestUnanswered
        case .drainNotRecorded: .drainNotRecorded
        case .bridgeEntryInvalid: .bridgeEntryInvalid
        case .bridgeEventFailed: .bridgeEventFailed
        case .eventUnhandled: .eventUnhandled
        case .eventRepeated: .eventRepeated
        case .interfaceMissing: .interfaceMissing
        case .frameUnknown: .frameUnknown
        }
    }

    /// The finding's code: its kind's, or for an error carried in a decision the decision's own error code.
    package var code: String {
        if case .decisionError(let error) = detail { return error.code }
        return kind?.rawValue ?? ""
    }

    package var severity: Severity { kind?.severity ?? .error }

    /// For state-mismatch: how the received state differs from the one sent.
    package var stateDifference: StateDifference? {
        switch detail {
        case .decisionError(let error): error.stateDifference
        case .stateMismatch(_, _, _, _, let difference): difference
        default: nil
        }
    }
}
