// EngineRuns.swift: one page hosted in one engine or in several, one after another, as `bridge host
// --engine both` does: each engine with its platform (Chromium is Android's WebView unless told otherwise),
// its own recording and screenshots, and a provider of its own (a code used in one run would be refused in
// the next); then what the app did in each (its navigations and interface calls) compared step by step.
// The engine kinds and the names of their files are outside `#if WebKit`: a build without the trait checks
// the same options and names the same files.
import Foundation
import NavigationReplay
import NavigationPolicy

/// A web view engine bridge hosts a page in.
package enum HostEngineKind: String, Sendable, Hashable, CaseIterable {
    /// WebKitGTK: what an iOS app's WKWebView runs.
    case webkit
    /// Chromium over its DevTools pipe: what an Android app's WebView runs.
    case chromium

    /// `PATH.navlog` as `PATH-ENGINE.navlog` (the extension kept): this engine's recording when several run.
    package func recordingPath(_ path: String) -> String {
        let ext = (path as NSString).pathExtension
        let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        return stem + "-" + rawValue + (ext.isEmpty ? "" : "." + ext)
    }

    /// The platform whose rules apply when neither the user nor the rules name one.
    package var defaultPlatform: Platform { self == .chromium ? .android : .ios }
}

#if WebKit
/// Runs of one page in each of `engines`.
package struct EngineRuns {
    package let engines: [HostEngineKind]
    /// What every run shares; each engine's platform, files and provider are set per run.
    package let options: HostOptions
    /// The platform the user asked for, if any (else the rules', else the engine's own).
    package let platform: Platform?

    package init(engines: [HostEngineKind], options: HostOptions, platform: Platform?) {
        self.engines = engines
        self.options = options
        self.platform = platform
    }

    /// What the runs report, in order.
    package enum Report {
        /// An engine's run starts, under this platform's rules.
        case starting(HostEngineKind, Platform)
        case output(HostEngineKind, HostOutput)
        /// An engine's run ended: how, and where its recording was written.
        case finished(HostEngineKind, HostResult, recordPath: String?)
        /// The runs could not start in this engine.
        case failed(HostEngineKind, HostError)
        /// Several engines ran: the steps compared.
        case compared(EngineComparison)
    }

    /// Runs the page in each engine in turn (stopping at one that cannot start or is interrupted) and reports
    /// as it goes.
    /// `provider` gives each run its provider, if any. True when every run reached its condition, replayed
    /// consistently, and the engines agree.
    package func run(engine: PolicyEngine, provider: (HostEngineKind) throws -> ProviderRouting?,
                    report: @escaping (Report) -> Void) throws -> Bool {
        var seen: [HostEngineKind: [EngineStep]] = [:]
        var succeeded = true
        for which in engines {
            var run = options
            run.platform = platform ?? engine.rules.platform ?? which.defaultPlatform
            run.engineName = NavlogHeader.hostEngines.first { $0.key == which.rawValue }?.name ?? which.rawValue
            run.framesKnown = which == .chromium
            if which != .webkit { run.xvfbLaunch = nil }
            if engines.count > 1 {
                run.recordPath = options.recordPath.map { which.recordingPath($0) }
                run.screenshotsDirectory = options.screenshotsDirectory.map { ($0 as NSString).appendingPathComponent(which.rawValue) }
            }
            report(.starting(which, run.platform))
            run.provider = try provider(which)
            let steps = StepList()
            let emit: (HostOutput) -> Void = { output in
                switch output {
                case .navigation(let navigation) where !EngineStep.isIncidental(navigation): steps.steps.append(EngineStep(navigation))
                case .call(let call): steps.steps.append(EngineStep(call))
                default: break
                }
                report(.output(which, output))
            }
            let result: HostResult
            do {
                switch which {
                case .chromium: result = try ChromiumView(engine: engine, options: run, emit: emit).run()
                case .webkit: result = try HostedWebView(engine: engine, options: run, emit: emit).run()
                }
            } catch let error as HostError {
                report(.failed(which, error))
                return false
            }
            seen[which] = steps.steps
            report(.finished(which, result, recordPath: run.recordPath))
            if !result.reached || !result.summary.isConsistent { succeeded = false }
            // Interrupted (a signal, or the reader of the output gone): no engine runs after it.
            if result.failures.contains(where: { $0.reason == .interrupted }) { return false }
        }
        if engines.count > 1 {
            let comparison = EngineComparison(webkit: seen[.webkit] ?? [], chromium: seen[.chromium] ?? [])
            report(.compared(comparison))
            if comparison.firstDifference != nil { succeeded = false }
        }
        return succeeded
    }

    /// What the app did in a run (navigations and interface calls, in order), collected as the view reports.
    private final class StepList { var steps: [EngineStep] = [] }
}
#endif
