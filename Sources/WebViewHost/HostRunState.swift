// HostRunState.swift: the stop state machine of one hosted run, as a value: what has happened (the page
// loaded, --eval finished, the first interception, the last activity), whether and why the run stops
// (the condition reached, or a failure), and the check made on every tick (the timeout, idleness). The
// view feeds it events and asks it what to do; the clock is passed in, so it is tested without WebKit.
import Foundation
import NavigationPolicy
import NavigationReplay

package struct HostRunState: Sendable {
    package let until: StopCondition
    package let timeout: Double
    package let idle: Double
    package let started: Date

    package private(set) var lastActivity: Date
    package private(set) var mainLoaded = false
    /// --eval scripts have all run (they run one after another once the page has loaded).
    package private(set) var evalsDone = false
    package private(set) var stopping = false
    package private(set) var reached = false
    package private(set) var stopReason: HostStopReason = .running
    package private(set) var failures: [HostError] = []
    /// Seconds from start to the first navigation the engine intercepted.
    package private(set) var firstInterception: Double?

    package init(until: StopCondition, timeout: Double, idle: Double, started: Date = Date()) {
        self.until = until
        self.timeout = timeout
        self.idle = idle
        self.started = started
        lastActivity = started
    }

    /// The timeout has passed (the next tick stops the run).
    package func timeoutPassed(at now: Date = Date()) -> Bool { now.timeIntervalSince(started) >= timeout }

    /// What the view should do after an event or a tick.
    package enum Action: Sendable, Equatable {
        case carryOn
        /// Stop (reached or failed): ask the page where it is, then leave the main loop.
        case stop
    }

    package mutating func activity(at now: Date = Date()) { lastActivity = now }
    package mutating func pageLoaded(at now: Date = Date()) { mainLoaded = true; lastActivity = now }
    package mutating func evalsFinished() { evalsDone = true }

    /// A decision was made: the first cancelled sentinel, bridge or deep link is the first interception.
    package mutating func decided(_ decision: Decision, at now: Date = Date()) {
        lastActivity = now
        if decision.action == .cancel, decision.kind.isInterception, firstInterception == nil {
            firstInterception = now.timeIntervalSince(started)
        }
    }

    /// A navigation reached the transcript: does it meet the stop condition?
    package mutating func reported(_ n: ReplayedNavigation) -> Action {
        guard !stopping else { return .carryOn }
        switch until {
        case .sentinel where CredentialHandOff.isHandOff(n):
            return reach(.handOff(rule: n.decision.rule, kind: n.decision.kind))
        case .deeplink where n.decision.kind == .deeplink && n.decision.action == .cancel:
            return reach(.deepLink(rule: n.decision.rule))
        default: return .carryOn
        }
    }

    /// A call to the app's JavaScript interface (the app acts on it: an interception, as a cancelled bridge
    /// signal is): with --until sentinel, one that hands the app a credential stops the run.
    package mutating func reported(_ call: ReplayedCall, at now: Date = Date()) -> Action {
        if firstInterception == nil, call.events.contains(where: { $0.status == .delivered }) { firstInterception = now.timeIntervalSince(started) }
        guard !stopping, until == .sentinel, CredentialHandOff.isHandOff(call) else { return .carryOn }
        return reach(.interfaceHandOff(name: call.call.name))
    }

    /// The periodic check: the timeout (success with --until timeout), or idleness with --until idle. A run
    /// is not idle while the recording waits for a drain or the engine owes an answer (`unanswered`: the
    /// command waiting longest), which a timeout then names.
    package mutating func tick(at now: Date = Date(), recordingWaits: Bool, unanswered: UnansweredCommand? = nil) -> Action {
        guard !stopping else { return .carryOn }
        if timeoutPassed(at: now) {
            if until == .timeout { return reach(.timeoutReached(seconds: timeout)) }
            return fail(HostError(.timedOut(seconds: timeout, waitingFor: until, pageLoaded: mainLoaded, unanswered: unanswered)))
        }
        if until == .idle, mainLoaded, evalsDone, !recordingWaits, unanswered == nil, now.timeIntervalSince(lastActivity) >= idle {
            return reach(.idle(seconds: idle))
        }
        return .carryOn
    }

    package mutating func reach(_ reason: HostStopReason) -> Action {
        guard !stopping else { return .carryOn }
        reached = true
        return stop(reason)
    }

    /// A failure is always recorded; the first thing that stops the run gives the reason.
    package mutating func fail(_ error: HostError) -> Action {
        failures.append(error)
        guard !stopping else { return .carryOn }
        return stop(.failed(error))
    }

    private mutating func stop(_ reason: HostStopReason) -> Action {
        stopping = true
        stopReason = reason
        return .stop
    }

    /// The run met its condition and nothing failed.
    package var succeeded: Bool { reached && failures.isEmpty }
    package var webProcessDied: Bool { failures.contains { $0.kind == .webProcessTerminated } }
}
