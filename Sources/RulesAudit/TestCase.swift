// TestCase.swift: one case an app team pins down: a URL as the web view reports it, how it is reported
// (state sent, frame, navigation type), and what the decision must be. Only the keys given are checked,
// so a case says exactly as much as its author means.
import NavigationPolicy

/// An expected name or value, or the expectation that there is none (`"rule": null` in a case file).
public enum ExpectedText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    case absent
    case text(String)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(_ value: String?) { self = value.map(ExpectedText.text) ?? .absent }

    public var value: String? { if case .text(let v) = self { return v } else { return nil } }
    public var description: String { value.map { $0.debugDescription } ?? "none" }
}

/// What a case expects of its decision; nil members are not checked.
public struct CaseExpectation: Sendable, Hashable {
    public var decision: PolicyAction?
    public var kind: DecisionKind?
    /// The rule that decides (a rule's name, or an allowed origin's text), or `.absent` for none.
    public var rule: ExpectedText?
    /// The decision error's code (`state-mismatch`, `repeated-parameter`, …), or `.absent` for none.
    public var error: ExpectedText?
    /// Parameters the decision read: each named one with that (decoded) value, or `.absent` when it must
    /// not be there. Parameters not named are not checked.
    public var params: [String: ExpectedText]
    /// For a bridge event: the handlers the rules' `handlers` table delivers it to, in order (`[]`: none).
    public var handlers: [String]?

    public init(decision: PolicyAction? = nil, kind: DecisionKind? = nil, rule: ExpectedText? = nil,
                error: ExpectedText? = nil, params: [String: ExpectedText] = [:], handlers: [String]? = nil) {
        self.decision = decision
        self.kind = kind
        self.rule = rule
        self.error = error
        self.params = params
        self.handlers = handlers
    }

    public var isEmpty: Bool { decision == nil && kind == nil && rule == nil && error == nil && params.isEmpty && handlers == nil }
}

/// Where a case came from: a case file's line, or Swift code.
public struct CaseSource: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) { self.file = file; self.line = line }
    public var description: String { "\(file):\(line)" }
}

public struct TestCase: Sendable, Hashable {
    public var name: String?
    /// The URL exactly as the web view reports it.
    public var url: String
    public var expect: CaseExpectation
    /// The state the app sent (a sentinel response with another is an error); nil: the rules' own.
    public var state: String?
    public var isMainFrame: Bool
    public var type: NavigationType
    /// The navigation's method: GET, or POST (a form posted to the URL).
    public var method = HTTPMethod.get
    /// The app loads the URL itself (loadUrl, the first load).
    public var isAppInitiated = false
    /// A redirect the view follows (a 302 onto the URL).
    public var isRedirect = false
    /// The user started it (a tap), not a script.
    public var hasUserGesture = false
    /// Within the document (a fragment, the History API), or nil for a document load.
    public var sameDocument: SameDocumentNavigation?
    /// The sandbox attribute of the iframe the navigation starts in.
    public var sandbox: String?
    /// It opens a new window (window.open, target=_blank).
    public var opensWindow = false
    public var source: CaseSource?

    public init(_ url: String, expect: CaseExpectation, name: String? = nil, state: String? = nil,
                isMainFrame: Bool = true, type: NavigationType = .other, source: CaseSource? = nil) {
        self.url = url
        self.expect = expect
        self.name = name
        self.state = state
        self.isMainFrame = isMainFrame
        self.type = type
        self.source = source
    }

    /// The name shown in reports: the case's own, else its line (never its URL, which may carry secrets).
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        return source.map { "line \($0.line)" } ?? "case"
    }
}

/// One expectation a decision did not meet: the key, and both sides. For `params.NAME`, the values are
/// kept as they are (`parameterValues`), so a renderer masks them when NAME is a secret.
public struct CaseDifference: Sendable, Hashable {
    /// `decision`, `kind`, `rule`, `error` or `params.NAME`.
    public var key: String
    /// Both sides as text (for parameters: the values quoted, unmasked).
    public var expected: String
    public var actual: String
    /// For `params.NAME`: NAME, the expected value (nil: absent) and the values the decision read.
    public var parameter: (name: String, expected: String?, actual: [String])? {
        get { parameterName.map { ($0, parameterExpected, parameterActual) } }
        set { parameterName = newValue?.name; parameterExpected = newValue?.expected; parameterActual = newValue?.actual ?? [] }
    }
    private var parameterName: String?
    private var parameterExpected: String?
    private var parameterActual: [String] = []

    public init(key: String, expected: String, actual: String) {
        self.key = key
        self.expected = expected
        self.actual = actual
    }

    init(parameter name: String, expected: String?, actual: [String]) {
        key = "params.\(name)"
        self.expected = Self.describe(expected.map { [$0] } ?? [])
        self.actual = Self.describe(actual)
        parameter = (name, expected, actual)
    }

    /// `none`, `"a"`, or `"a", "b" (2 times)`, each value through `show` (a renderer's mask).
    public static func describe(_ values: [String], show: (String) -> String = { $0 }) -> String {
        switch values.count {
        case 0: return "none"
        case 1: return show(values[0]).debugDescription
        default: return values.map { show($0).debugDescription }.joined(separator: ", ") + " (\(values.count) times)"
        }
    }
}

extension TestCase {
    /// The request the web view would report.
    public var request: NavigationRequest {
        NavigationRequest(url: url, type: type, isMainFrame: isMainFrame || opensWindow, targetFrame: opensWindow ? nil : "",
                          isRedirect: isRedirect, hasUserGesture: hasUserGesture, method: method, isAppInitiated: isAppInitiated, sameDocument: sameDocument,
                          sandbox: sandbox.map(FrameSandbox.init(attribute:)))
    }

    /// The keys where `decision` differs from the expectation, in a fixed order; `handlers` are those the
    /// rules deliver the decision's bridge event to.
    func differences(from decision: Decision, handlers: [String] = []) -> [CaseDifference] {
        var out: [CaseDifference] = []
        if let action = expect.decision, action != decision.action {
            out.append(CaseDifference(key: "decision", expected: action.rawValue, actual: decision.action.rawValue))
        }
        if let kind = expect.kind, kind != decision.kind {
            out.append(CaseDifference(key: "kind", expected: kind.rawValue, actual: decision.kind.rawValue))
        }
        if let rule = expect.rule, rule.value != decision.rule {
            out.append(CaseDifference(key: "rule", expected: rule.description, actual: ExpectedText(decision.rule).description))
        }
        if let error = expect.error, error.value != decision.error?.code {
            out.append(CaseDifference(key: "error", expected: error.description, actual: ExpectedText(decision.error?.code).description))
        }
        for name in expect.params.keys.sorted() {
            let expected = expect.params[name]!.value
            let values = decision.parameters.all(name)
            if values != (expected.map { [$0] } ?? []) {
                out.append(CaseDifference(parameter: name, expected: expected, actual: values))
            }
        }
        if let expected = expect.handlers, expected != handlers {
            out.append(CaseDifference(key: "handlers", expected: CaseDifference.describe(expected), actual: CaseDifference.describe(handlers)))
        }
        return out
    }
}
