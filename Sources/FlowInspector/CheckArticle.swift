// CheckArticle.swift: the DocC article that lists every check (FlowInspector.docc/Checks.md), made from the
// catalogue itself: id, severity, whether it needs --rules, what it finds and why it matters, and one of
// its triggering examples. A test compares the article with this text, so the documentation cannot drift
// from the checks; `BRIDGE_WRITE_DOCS=1 swift test --filter GeneratedArticles` writes it anew.

extension CheckCatalogue {
    /// The Checks article, in the catalogue's order (the input checks last).
    package static var article: String {
        var text = """
            # The checks

            Every check `bridge inspect` runs, in the order it reports them, made from the check catalogue \
            (`bridge inspect --list-checks` prints the same). Each check carries examples that must and must \
            not trigger it; the tests are generated from them.

            """
        for check in all + inputChecks {
            text += "\n## `\(check.id)`\n\n"
            text += "\(check.severity.rawValue)\(check.needsRules ? ", with `--rules`" : ""): \(check.summary)\n\n"
            text += check.rationale + "\n"
            if let example = check.triggering.first?.html, example.count <= 600 {
                text += "\nA page that triggers it:\n\n```html\n" + example.trimmingTrailingNewlines + "\n```\n"
            }
        }
        return text
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
