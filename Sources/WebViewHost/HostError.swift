// HostError.swift: why a hosted run failed, as a value: the reason with the values it carries (a URL, a
// path, what a library or the page said), and the kind it falls under, which the report and the exit
// status use. The output module words each reason (HostText.swift there).
import NavigationPolicy
import OutputFiles

/// The Xvfb a host started, when its display did not open: running or exited, and its last lines (its own words).
package struct XvfbState: Sendable, Hashable {
    package var pid: Int32
    /// Nil while it runs.
    package var exitStatus: Int32?
    package var said: String
}

/// A command the engine had not answered: its method, how long it had waited, and the last lines the
/// engine wrote on its standard error by then that may explain it (its own words, one line each).
package struct UnansweredCommand: Sendable, Hashable {
    package var method: String
    package var seconds: Double
    package var engineSaid: [String]
    package init(method: String, seconds: Double, engineSaid: [String] = []) {
        self.method = method
        self.seconds = seconds
        self.engineSaid = engineSaid
    }
}

/// Why a hosted run failed.
package struct HostError: Error, Sendable, Hashable {
    /// The kinds the report names (`kind: …` in the summary's failures).
    package enum Kind: String, Sendable {
        case setup, noDisplay = "no-display", pageNotLoaded = "page-not-loaded", webProcessTerminated = "web-process-terminated"
        case timeout, scriptError = "script-error", pageCancelled = "page-cancelled", providerUnreachable = "provider-unreachable"
    }

    /// What failed. A String a case carries is what a library, the system or the page said, unless named
    /// otherwise (`url`, `path`).
    package enum Reason: Sendable, Hashable {
        // Setting up.
        case webKitNotLoadable(file: String, why: String)
        case webKitFunctionMissing(file: String, function: String)
        case chromiumNotInstalled
        case devToolsPipe(why: String)
        case processNotStarted(executable: String, why: String)
        case chromiumNoPage
        case chromiumNotAttached
        case screenshotsDirectory(path: String, why: String)
        case recordFile(OutputFileProblem)
        case standInCertificate(why: String)
        case standInListen(why: String)
        case interrupted
        // The display.
        case noDisplayAvailable
        case displayNotOpened(name: String, requested: Bool, xvfbState: XvfbState?)
        case xvfbNotStarted(path: String, why: String)
        case xvfbSilent(seconds: Double, said: String)
        // The page.
        case pageCancelled(url: String, rule: String?, kind: DecisionKind)
        case pageNotLoaded(url: String, why: String)
        case pageNotRendered(url: String, why: String)
        case evalThrew(HostScriptFailure)
        case webProcessTerminated(String)
        case providerUnreachable(base: String, why: String)
        /// The run's timeout passed before its stop condition; `unanswered` is the engine's oldest command
        /// still waiting for its answer then (Chromium's DevTools), which names where a run stalled.
        case timedOut(seconds: Double, waitingFor: StopCondition, pageLoaded: Bool, unanswered: UnansweredCommand?)
    }

    package let reason: Reason
    package init(_ reason: Reason) { self.reason = reason }

    package var kind: Kind {
        switch reason {
        case .webKitNotLoadable, .webKitFunctionMissing, .chromiumNotInstalled, .devToolsPipe, .processNotStarted, .chromiumNoPage,
             .chromiumNotAttached, .screenshotsDirectory, .recordFile, .standInCertificate, .standInListen, .interrupted: .setup
        case .noDisplayAvailable, .displayNotOpened, .xvfbNotStarted, .xvfbSilent: .noDisplay
        case .pageCancelled: .pageCancelled
        case .pageNotLoaded, .pageNotRendered: .pageNotLoaded
        case .evalThrew: .scriptError
        case .webProcessTerminated: .webProcessTerminated
        case .providerUnreachable: .providerUnreachable
        case .timedOut: .timeout
        }
    }

    /// What the engine wrote on its standard error that may explain the failure, one line each.
    package var engineSaid: [String] {
        if case .timedOut(_, _, _, let unanswered?) = reason { return unanswered.engineSaid }
        return []
    }
}

/// Why a hosted run stopped.
package enum HostStopReason: Sendable, Hashable {
    /// Not stopped (yet).
    case running
    /// --until sentinel: a sentinel or bridge hand-off, by the rule's name when it has one.
    case handOff(rule: String?, kind: DecisionKind)
    /// --until deeplink: a deep link, by the rule's name when it has one.
    case deepLink(rule: String?)
    /// --until sentinel: a call to the app's JavaScript interface that hands it a credential.
    case interfaceHandOff(name: String)
    /// --until timeout: the time given ran out.
    case timeoutReached(seconds: Double)
    /// --until idle: nothing happened for this long.
    case idle(seconds: Double)
    /// The first failure.
    case failed(HostError)
}
