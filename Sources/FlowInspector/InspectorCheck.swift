// InspectorCheck.swift: a check is a value (after SwiftLint's rules): a stable identifier, a severity, a
// one-line summary, a rationale a newcomer understands, and examples that must and must not trigger it.
// The tests are generated from the examples. Examples are pages: a known-good page with one edit, or a
// whole page, plus the files that sit beside it; an example that must trigger says where the finding must
// point (`.at(text)`: the first occurrence of that text in the page).
import FindingSeverity
import NavigationPolicy

/// One draft finding from a check: where and what, as a value (the file, severity and id are added by the
/// inspector).
struct CheckHit: Sendable {
    var position: SourcePosition
    var detail: FindingDetail
}

/// What a check may consult beyond the page.
struct InspectionContext: Sendable {
    /// The app's navigation rules (`--rules`), for the cross-checks.
    var engine: PolicyEngine?
    /// Whether a resource the page refers to exists (a sibling file, or a fetched URL); nil when it cannot
    /// be told.
    var resourceExists: @Sendable (_ relative: String, _ page: FlowPage) -> Bool?
}

package struct CheckExample: Sendable {
    /// The page's HTML.
    package let html: String
    /// Files placed beside the page (name → content), such as xdcomm.html.
    package let siblings: [String: String]
    /// Whether the example needs the rules file `Fixtures/rules/capture.json`'s content (rules checks).
    package let usesRules: Bool
    /// For an example that must trigger: the text the finding must point at (its first occurrence in the
    /// page gives the line and column the generated test expects).
    package private(set) var expectedAt: String?

    /// The same example, with the place its finding must point at.
    func at(_ snippet: String) -> CheckExample {
        var copy = self
        copy.expectedAt = snippet
        return copy
    }

    /// The line and column (1-based; columns count Unicode code points) of `expectedAt` in the page.
    package var expectedPosition: SourcePosition? {
        guard let snippet = expectedAt else { return nil }
        if snippet.isEmpty { return SourcePosition(line: 1, column: 1) }
        guard let range = html.range(of: snippet) else { return nil }
        let before = html[..<range.lowerBound]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { html.index(after: $0) } ?? html.startIndex
        return SourcePosition(line: line, column: html[lineStart..<range.lowerBound].unicodeScalars.count + 1)
    }

    init(_ html: String, siblings: [String: String] = [:], usesRules: Bool = false) {
        self.html = html
        self.siblings = siblings
        self.usesRules = usesRules
    }

    /// The good sign-in page with `old` replaced by `new` (the text must occur).
    static func signIn(replacing old: String, with new: String, usesRules: Bool = false) -> CheckExample {
        CheckExample(edited(ExamplePages.signIn, replacing: old, with: new), usesRules: usesRules)
    }

    /// The good reset page with `old` replaced by `new`, with xdcomm.html beside it unless told otherwise.
    static func reset(replacing old: String, with new: String, withReceiver: Bool = true, usesRules: Bool = false) -> CheckExample {
        CheckExample(edited(ExamplePages.reset, replacing: old, with: new),
                     siblings: withReceiver ? ["xdcomm.html": ExamplePages.xdcomm] : [:], usesRules: usesRules)
    }

    /// `page` with every occurrence of `old` replaced by `new`, left to right, none overlapping (what
    /// Foundation's `replacingOccurrences(of:with:)` makes), found on UTF-8 bytes: every command builds the
    /// catalogue's examples when it first reads a check, and Foundation's replacement bridges each page to
    /// an NSString and searches it by locale, many times the time of the inspection of a page.
    static func edited(_ page: String, replacing old: String, with new: String) -> String {
        let bytes = Array(page.utf8), needle = Array(old.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var from = 0
        while let found = bytes.firstIndex(of: needle, from: from, to: bytes.count) {
            out += bytes[from..<found]
            out += new.utf8
            from = found + needle.count
        }
        precondition(from > 0, "example edit not found: \(old)")
        out += bytes[from...]
        return String(decoding: out, as: UTF8.self)
    }

    static let goodSignIn = CheckExample(ExamplePages.signIn, usesRules: true)
    static let goodReset = CheckExample(ExamplePages.reset, siblings: ["xdcomm.html": ExamplePages.xdcomm], usesRules: true)
}

package struct InspectorCheck: Sendable {
    package let id: String
    package let severity: Severity
    /// One line: what is wrong.
    package let summary: String
    /// Why it matters, for someone new to WebView sign-in.
    package let rationale: String
    package let triggering: [CheckExample]
    package let nonTriggering: [CheckExample]
    /// Only run when a rules file is given.
    package let needsRules: Bool
    let run: @Sendable (FlowPage, InspectionContext) -> [CheckHit]

    init(id: String, severity: Severity, summary: String, rationale: String, needsRules: Bool = false,
         triggering: [CheckExample], nonTriggering: [CheckExample],
         run: @escaping @Sendable (FlowPage, InspectionContext) -> [CheckHit]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.needsRules = needsRules
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.run = run
    }
}
