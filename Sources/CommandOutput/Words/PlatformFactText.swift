// PlatformFactText.swift: the platform model in words: each kind of navigation named, each reason shown as
// the value the library returns, and the Markdown table of Platforms.md written from PlatformFacts, so the
// article says what the code does and cites what the code cites.
import NavigationPolicy

extension PlatformFact.Kind {
    /// The kind of navigation, as the article's first column names it.
    package var words: String {
        switch self {
        case .linkClick: "a link the user taps"
        case .scriptLocation: "a script's `location.href =` or `location.replace()`"
        case .metaRefresh: "a `<meta http-equiv=refresh>`"
        case .serverRedirect: "a 302 after a page's navigation"
        case .customScheme: "a custom scheme (`myapp://`, `janrain:`, `intent://`) in the top frame"
        case .appLoad: "the app's own load (`load(_:)` / `loadUrl`, the first page)"
        case .appLoadRedirect: "a 302 after the app's own load"
        case .appReload: "the app's `reload()`"
        case .pageReload: "the page's `location.reload()`"
        case .appBackForward: "the app's `goBack()` / `goForward()`"
        case .pageHistoryBack: "the page's `history.back()`"
        case .historyRedirect: "a 302 after back or forward"
        case .post: "a POST (a form to the redirect URI; `response_mode=form_post`)"
        case .postRedirect: "a 302 (now a GET) after a POST"
        case .subframeHTTP: "an http(s) navigation in an iframe (its `src`, a link in it, a 302 it follows)"
        case .subframeCustomScheme: "a custom scheme in an iframe"
        case .fragment: "a fragment navigation (`#code=…`: a link, `location.hash`)"
        case .historyAPI: "`history.pushState` / `replaceState` (no navigation)"
        case .popupHTTP: "`window.open` or `target=_blank` onto an http(s) URL"
        case .popupCustomScheme: "`window.open` onto a custom scheme"
        case .sandboxedCustomScheme: "a custom scheme from an iframe with `sandbox=\"allow-scripts\"`"
        case .sandboxedAllowPopups: "the same, sandboxed with `allow-popups` or `allow-top-navigation-to-custom-protocols`"
        case .sandboxedUserActivation: "the same, `allow-top-navigation-by-user-activation`, tapped"
        case .sandboxedUserActivationNoGesture: "the same, `allow-top-navigation-by-user-activation`, by script"
        }
    }
}

extension UnaskedReason {
    /// The reason as the library's value reads in Swift: `.method("POST")`, `.sameDocument(.fragment)`.
    package var valueText: String {
        switch self {
        case .method(let method): ".method(\"\(method)\")"
        case .appInitiated: ".appInitiated"
        case .history(let type): ".history(.\(type.rawValue))"
        case .sameDocument(let kind): ".sameDocument(.\(kind == .fragment ? "fragment" : "historyAPI"))"
        case .subframe(let scheme): ".subframe(scheme: \"\(scheme)\")"
        case .sandboxedFrame: ".sandboxedFrame(sandbox)"
        }
    }
}

extension EngineSource {
    /// Where to read it: the file at the revision it was read at.
    package var address: String { "https://github.com/\(repository)/blob/\(revision)/\(path)" }

    /// `Chromium test AwContentsClientShouldOverrideUrlLoadingTest.testX` as a Markdown link.
    package var markdown: String {
        let engineName = engine == .chromium ? "Chromium" : "WebKit"
        return "[\(engineName) \(role.rawValue) `\(name)`](\(address))"
    }
}

/// The article's table, written from the facts.
package enum PlatformArticle {
    /// Between these lines Platforms.md holds the table; the rest of the article is prose.
    package static let begin = "<!-- platform-facts: written from PlatformFacts.all; do not edit by hand -->"
    package static let end = "<!-- end of platform-facts -->"

    package static func table(_ facts: [PlatformFact] = PlatformFacts.all) -> String {
        var lines = [begin, "", "| navigation | iOS (WKWebView) | Android (WebView) | engine tests and code |", "| --- | --- | --- | --- |"]
        for fact in facts {
            lines.append("| \(fact.kind.words) | \(cell(fact.ios)) | \(cell(fact.android)) | \(fact.sources.map(\.markdown).joined(separator: "<br>")) |")
        }
        lines += ["", end]
        return lines.joined(separator: "\n")
    }

    private static func cell(_ reason: UnaskedReason?) -> String {
        reason.map { "**not asked**: `\($0.valueText)`" } ?? "asked"
    }

    /// The article with its table replaced by `table`; nil when it has no table markers.
    package static func replacingTable(in article: String, with table: String = table()) -> String? {
        guard let start = article.range(of: begin), let stop = article.range(of: end, range: start.upperBound..<article.endIndex) else { return nil }
        return article.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: table)
    }
}
