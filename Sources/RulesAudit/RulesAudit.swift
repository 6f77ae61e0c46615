// RulesAudit.swift: unit tests for an app's navigation rules, as a library an app's own test suite calls
// (`#expect(RulesAudit(rules: rules).run().failures.isEmpty)`) and `bridge test` runs. Two parts: the
// app's cases (each URL decided and compared with what it expects), and the attack (every generator of
// AttackCatalogue on every target of the rules, each variant held to its expectation, plus each target's
// own URL decided by its own rule). Results are values; the CLI renders them through the transcript.
import BrowserURL
import Foundation
import NavigationPolicy
import SensitiveText

/// How a decision came out, as a report names it: `cancel (sentinel, rule "signin", error repeated-parameter)`.
public struct DecidedAs: Sendable, Hashable {
    public var action: PolicyAction
    public var kind: DecisionKind
    public var rule: String?
    public var errorCode: String?

    public init(_ decision: Decision) {
        action = decision.action
        kind = decision.kind
        rule = decision.rule
        errorCode = decision.error?.code
    }


}

/// What let a navigation load.
public enum LetThroughBy: Sendable, Hashable {
    /// An allow entry: its index in `allow` and its text.
    case allowEntry(index: Int, pattern: String)
    /// An allowed origin not found among the entries (the rule's name, if any).
    case allowedOrigin(String?)
    /// The rules' default.
    case defaultAction(PolicyAction)
    /// A rule whose action is allow: its key path (when found) and name.
    case rule(keyPath: String?, name: String)
}

/// One way a case or an attack variant failed: a value with what was compared; the renderer words it.
public enum AuditFailure: Sendable, Hashable {
    /// The case's decision differs from what it expects, in these keys.
    case caseMismatch([CaseDifference])
    /// The target's own URL is decided otherwise than by its rule: another rule comes first.
    case ruleUnreachable(url: String, target: String, decided: DecidedAs)
    /// A lookalike is decided by the rule it imitates.
    case takenForRule(url: String, target: String)
    /// A lookalike carrying the rule's credentials loads at another origin (nil: an opaque one).
    case credentialLeaves(url: String, origin: String?, credentials: [String], letThroughBy: LetThroughBy)
    /// The same navigation to a browser as the target's URL, decided otherwise.
    case noLongerMatches(url: String, targetURL: String, decided: DecidedAs, expected: DecidedAs)
    /// An OAuth error response at the redirect URI, not cancelled as a sentinel result.
    case errorResponseLoads(url: String, target: String, decided: DecidedAs)
    /// A credential given twice, without a repeated-parameter error.
    case repeatedCredentialAccepted(url: String, decided: DecidedAs)
    /// A result a rule catches, on a navigation the platform never shows the app (`--platform android`: a
    /// form posted to a form_post sentinel, a case's POST or the app's own load).
    case notAskedOnPlatform(url: String, UnaskedInterception)

    /// The stable id reports and SARIF use (RulesAudit.catalogue).
    public var check: String {
        switch self {
        case .caseMismatch: "case-mismatch"
        case .ruleUnreachable: "rule-unreachable"
        case .takenForRule: "taken-for-rule"
        case .credentialLeaves: "credential-leaves"
        case .noLongerMatches: "no-longer-matches"
        case .errorResponseLoads: "error-response-loads"
        case .repeatedCredentialAccepted: "repeated-credential-accepted"
        case .notAskedOnPlatform(_, let unasked): unasked.code
        }
    }

    /// For a case mismatch: the keys that differ.
    public var differences: [CaseDifference] {
        if case .caseMismatch(let differences) = self { return differences }
        return []
    }
    /// Every failure id, with what it means (the TestCommand article and SARIF's rules).
    public static let catalogue: [(id: String, summary: String)] = [
        ("case-mismatch", "A case's decision differs from what the case expects."),
        ("taken-for-rule", "A lookalike URL was decided by the rule it imitates: the rule can be walked past."),
        ("credential-leaves", "A lookalike carrying the rule's credentials is allowed to load at an origin other than the rule's own: the default or an allowed origin lets a credential leave."),
        ("no-longer-matches", "A URL a browser navigates to exactly as the rule's own is decided otherwise."),
        ("error-response-loads", "An OAuth error response at the redirect URI is not cancelled as a sentinel result."),
        ("repeated-credential-accepted", "A credential given twice is not reported as an error."),
        ("not-asked-on-android", "A result a rule must catch arrives on a navigation Android's WebView never shows the app (a POST, the app's own load): it loads in the page."),
        ("rule-unreachable", "The target's own URL, with its credentials, is not decided by its rule: another rule comes first."),
    ]
}

/// One case or attack variant, decided and judged.
public struct AuditOutcome: Sendable {
    public enum Subject: Sendable {
        case testCase(TestCase)
        /// A generator's variant of a target (`generator` is nil for the target's own URL).
        case attack(target: AttackTarget, generator: String?, expectation: VariantExpectation?)
    }

    public var subject: Subject
    /// The URL decided, as given (rendered with its secrets masked).
    public var url: String
    public var decision: Decision
    public var failures: [AuditFailure]
    /// For a generator that makes several variants of one target: which one this is (1, 2, …).
    public var variantNumber = 1

    public var passed: Bool { failures.isEmpty }

    /// The group a report shows it in: the case file, or `attack on sentinels[0] "signin"`.
    public var suite: String {
        switch subject {
        case .testCase(let c): return c.source?.file ?? "cases"
        case .attack(let target, _, _): return "attack on \(target.title)"
        }
    }

    /// Its name within the suite.
    public var name: String {
        switch subject {
        case .testCase(let c): return c.displayName
        case .attack(_, let generator, _): return (generator ?? "own-url") + (variantNumber > 1 ? " #\(variantNumber)" : "")
        }
    }

    /// Where it comes from in a case file, when it does.
    public var source: CaseSource? {
        if case .testCase(let c) = subject { return c.source }
        return nil
    }
}

public struct AuditResult: Sendable {
    public var outcomes: [AuditOutcome] = []
    /// Case-file lines that are not cases (they were skipped; each is counted as an error).
    public var inputErrors: [CaseFileError] = []
    /// The rules file, when the rules came from one (reports point at it).
    public var rulesFile: String?
    /// How many targets the attack aimed at (0 when it did not run).
    public var attackTargets = 0

    public init() {}

    /// The outcomes that failed.
    public var failures: [AuditOutcome] { outcomes.filter { !$0.passed } }
    /// Whether everything passed and every case was read.
    public var passed: Bool { inputErrors.isEmpty && outcomes.allSatisfy(\.passed) }

    public var summary: AuditSummary {
        var s = AuditSummary()
        for outcome in outcomes {
            if case .testCase = outcome.subject {
                s.cases += 1
                if !outcome.passed { s.casesFailed += 1 }
            } else {
                s.variants += 1
                if !outcome.passed { s.variantsFailed += 1 }
            }
        }
        s.targets = attackTargets
        s.badLines = inputErrors.count
        return s
    }
}

/// The counts a run ends with.
public struct AuditSummary: Sendable, Hashable {
    public var cases = 0
    public var casesFailed = 0
    public var variants = 0
    public var variantsFailed = 0
    public var targets = 0
    public var badLines = 0
    public init() {}
}

public struct RulesAudit: Sendable {
    public var rules: Rules
    public var cases: [TestCase]
    /// Whether the attack runs.
    public var attack: Bool
    public var rulesFile: String?
    /// Whether decisions carry their explanations (`bridge test --explain`).
    public var explain = false
    /// Generators left out of the attack, by id (`bridge test --skip`), for a risk the app has accepted.
    public var skippedGenerators: Set<String> = []
    /// The web view the app ships (`bridge test --platform`): on Android a case or a target whose result
    /// arrives on a navigation the app is never asked about fails (not-asked-on-android), and each form_post
    /// sentinel gets the probe only that platform exposes, the provider's POST.
    public var platform: Platform = .ios
    private let engine: PolicyEngine

    public init(rules: Rules, cases: [TestCase] = [], attack: Bool = true, rulesFile: String? = nil) {
        self.rules = rules
        self.cases = cases
        self.attack = attack
        self.rulesFile = rulesFile
        engine = PolicyEngine(rules: rules)
    }

    /// The rules file at `path`, its cases and the attack.
    public init(rulesFile path: String, cases: [TestCase] = [], attack: Bool = true) throws(RulesError) {
        self.init(rules: try RulesLoader.load(path: path), cases: cases, attack: attack, rulesFile: path)
    }

    public func run() -> AuditResult {
        var result = AuditResult()
        result.rulesFile = rulesFile
        for testCase in cases { result.outcomes.append(run(testCase)) }
        if attack {
            let targets = AttackTargets.targets(rules)
            result.attackTargets = targets.count
            for target in targets { result.outcomes += run(target) }
        }
        return result
    }

    /// One case: decided and compared with its expectation.
    public func run(_ testCase: TestCase) -> AuditOutcome {
        let decision = engine.decide(testCase.request, expectedState: testCase.state, explain: explain)
        let differences = testCase.differences(from: decision, handlers: Self.handlers(of: decision, in: rules))
        var failures = differences.isEmpty ? [] : [AuditFailure.caseMismatch(differences)]
        if let unasked = platform.unaskedInterception(testCase.request, decision) {
            failures.append(.notAskedOnPlatform(url: testCase.url, unasked))
        }
        return AuditOutcome(subject: .testCase(testCase), url: testCase.url, decision: decision, failures: failures)
    }

    /// The handlers `rules` deliver a decision's bridge event to, in order: the event's entry in the handler
    /// table (`BridgeMessage.handlerEvent`).
    public static func handlers(of decision: Decision, in rules: Rules) -> [String] {
        guard case .bridge(let message)? = decision.interception, let event = message.handlerEvent else { return [] }
        return rules.handlers.first { $0.event == event }?.handlers ?? []
    }

    /// The targets the attack aims at, from these rules.
    public var attackTargets: [AttackTarget] { AttackTargets.targets(rules) }

    /// The attack on one target: its own URL, then every generator's variants.
    public func run(_ target: AttackTarget) -> [AuditOutcome] {
        let own = decide(target.url, mainFrame: target.isMainFrame, method: target.method)
        var outcomes: [AuditOutcome] = []
        var ownFailures: [AuditFailure] = []
        if !target.decides(own) {
            ownFailures.append(.ruleUnreachable(url: target.url, target: target.title, decided: DecidedAs(own)))
        }
        // What only the platform exposes: on Android a form_post sentinel's result (the provider's POST) is
        // never shown to the app.
        if let unasked = platform.unaskedInterception(NavigationRequest(url: target.url, isMainFrame: target.isMainFrame, method: target.method), own) {
            ownFailures.append(.notAskedOnPlatform(url: target.url, unasked))
        }
        outcomes.append(AuditOutcome(subject: .attack(target: target, generator: nil, expectation: nil), url: target.url, decision: own, failures: ownFailures))
        if let firstLoad = firstLoad(target, own: own) { outcomes.append(firstLoad) }
        for generator in AttackCatalogue.all where !skippedGenerators.contains(generator.id) {
            let expectation = generator.expectation(for: target)
            for (index, variant) in generator.variants(for: target).enumerated() {
                let decision = decide(variant, mainFrame: target.isMainFrame, method: target.method)
                let failures = judge(variant, decision, expectation: expectation, target: target, own: own)
                outcomes.append(AuditOutcome(subject: .attack(target: target, generator: generator.id, expectation: expectation),
                                             url: variant, decision: decision, failures: failures, variantNumber: index + 1))
            }
        }
        return outcomes
    }

    /// The first load: a provider that still has a session answers the app's own load of its sign-in page
    /// with the result at once (prompt=none), as a redirect. Both platforms show the app that redirect
    /// (Android offers an app-initiated navigation's redirects, though not the load itself; iOS offers
    /// both), so it must be decided as the target's own URL, and on no platform go unasked.
    private func firstLoad(_ target: AttackTarget, own: Decision) -> AuditOutcome? {
        guard target.kind == .sentinel, target.responseMode != .formPost, !skippedGenerators.contains(Self.firstLoadProbe) else { return nil }
        let request = NavigationRequest(url: target.url, isMainFrame: target.isMainFrame, isRedirect: true)
        let decision = engine.decide(request, expectedState: rules.expectedState, explain: explain)
        var failures: [AuditFailure] = []
        if decision.action != own.action || decision.kind != own.kind || decision.rule != own.rule || decision.error?.code != own.error?.code {
            failures.append(.noLongerMatches(url: target.url, targetURL: target.url, decided: DecidedAs(decision), expected: DecidedAs(own)))
        }
        if let unasked = platform.unaskedInterception(request, decision) {
            failures.append(.notAskedOnPlatform(url: target.url, unasked))
        }
        return AuditOutcome(subject: .attack(target: target, generator: Self.firstLoadProbe, expectation: .sameNavigation),
                            url: target.url, decision: decision, failures: failures)
    }

    /// The first-load probe's id (in reports, and for --skip).
    public static let firstLoadProbe = "first-load"

    private func decide(_ url: String, mainFrame: Bool, method: HTTPMethod) -> Decision {
        engine.decide(NavigationRequest(url: url, isMainFrame: mainFrame, method: method), expectedState: rules.expectedState, explain: explain)
    }

    private func judge(_ url: String, _ decision: Decision, expectation: VariantExpectation, target: AttackTarget, own: Decision) -> [AuditFailure] {
        var failures: [AuditFailure] = []
        switch expectation {
        case .lookalike:
            let taken = target.decides(decision)
            if taken {
                failures.append(.takenForRule(url: url, target: target.title))
            }
            let origin = decision.url?.origin
            if !target.credentials.isEmpty && decision.action == .allow && (origin == nil || origin != target.ownOrigin) && !taken {
                failures.append(.credentialLeaves(url: url, origin: origin == "null" ? nil : origin, credentials: target.credentials,
                                                  letThroughBy: letThroughBy(decision)))
            }
        case .sameNavigation:
            if decision.action != own.action || decision.kind != own.kind || decision.rule != own.rule || decision.error?.code != own.error?.code {
                failures.append(.noLongerMatches(url: url, targetURL: target.url, decided: DecidedAs(decision), expected: DecidedAs(own)))
            }
        case .errorResponse:
            if decision.action != .cancel || decision.kind != .sentinel {
                failures.append(.errorResponseLoads(url: url, target: target.title, decided: DecidedAs(decision)))
            }
        case .repeatedCredential:
            guard case .repeatedParameter? = decision.error else {
                failures.append(.repeatedCredentialAccepted(url: url, decided: DecidedAs(decision)))
                break
            }
        }
        return failures
    }

    /// What let a navigation load: the allowed origin (with its index), the rule, or the default.
    private func letThroughBy(_ decision: Decision) -> LetThroughBy {
        switch decision.kind {
        case .allowed:
            if let rule = decision.rule, let index = rules.allow.firstIndex(where: { $0.text == rule }) {
                return .allowEntry(index: index, pattern: rule)
            }
            return .allowedOrigin(decision.rule)
        case .default: return .defaultAction(rules.defaultAction)
        default:
            let name = decision.rule ?? "?"
            let keyPath = engine.sentinelRule(named: name)?.keyPath ?? rules.schemes.first { $0.name == name }?.keyPath
            return .rule(keyPath: keyPath, name: name)
        }
    }
}
