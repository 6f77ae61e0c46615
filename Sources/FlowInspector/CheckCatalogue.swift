// CheckCatalogue.swift: every check `bridge inspect` runs, in the order they are reported. Settings
// checks apply to pages that set janrain.settings; reset checks to pages that embed Capture's
// profile_change_password; link checks to /oauth/signin URLs; rules checks only with `--rules`. Each
// section is its own file (CheckCatalogue+Settings, +Structure, +Reset, +Links, +Rules); this one holds
// the catalogue's order, the input checks and the helpers the sections share.
import FindingSeverity
import BrowserURL
import Foundation
import NavigationPolicy

package enum CheckCatalogue {
    package static let all: [InspectorCheck] = settingsChecks + structureChecks + resetChecks + linkChecks + rulesChecks

    package static func check(_ id: String) -> InspectorCheck? { (all + inputChecks).first { $0.id == id } }

    /// Findings the inspector makes before the page model exists (the input itself); their examples run
    /// through the inspector like the others.
    package static let inputChecks: [InspectorCheck] = [emptyPage, invalidUTF8, tooManyAttributes]

    static let tooManyAttributes = InspectorCheck(
            id: "too-many-attributes", severity: .warning,
            summary: "an element has more attributes than the inspector reads",
            rationale: "No real page puts hundreds of attributes on one element; a page that does is generated or hostile, and libxml2 takes time quadratic in their number. The inspector reads the first \(AttributeGuard.limit) of them, says so, and goes on, instead of running for minutes.",
            triggering: [CheckExample("<p>before</p>\n<div " + (0...AttributeGuard.limit).map { "a\($0)=\"v\"" }.joined(separator: " ") + "></div>\n").at("<div a0")],
            nonTriggering: [CheckExample("<div " + (1...AttributeGuard.limit).map { "a\($0)=\"v\"" }.joined(separator: " ") + "></div>"),
                            CheckExample("<script>var s = '<div " + String(repeating: "a ", count: 400) + ">';</script>")],
            run: { _, _ in [] })

    static let emptyPage = InspectorCheck(
            id: "empty-page", severity: .warning,
            summary: "the page is empty",
            rationale: "An empty file where a flow page should be is usually a failed export or a wrong path; the WebView would show a blank screen.",
            triggering: [CheckExample("").at(""), CheckExample("  \n\n").at("")],
            nonTriggering: [CheckExample("<p>hello</p>")],
            run: { _, _ in [] })

    static let invalidUTF8 = InspectorCheck(
            id: "invalid-utf8", severity: .warning,
            summary: "the page is not valid UTF-8",
            rationale: "Bytes that are not UTF-8 are shown as replacement characters, or make the browser guess another encoding; settings and URLs written with them may not be what they seem. (Examples with invalid bytes are in the tests, as Swift strings cannot hold them.)",
            triggering: [],
            nonTriggering: [CheckExample("<p>caf\u{E9}</p>")],
            run: { _, _ in [] })

    // MARK: Helpers

    /// Where a "missing setting" is reported: the first settings statement, else the top of the page.
    static func settingsAnchor(_ page: FlowPage) -> SourcePosition {
        page.settings.first?.position ?? SourcePosition(line: 1, column: 1)
    }

    /// A Janrain page (of the products named) whose setting `path` is not the literal `expected`.
    static func requireLiteral(_ path: String, _ expected: JSExpression.Literal, shown: String,
                               products: Set<JanrainProduct> = [.capture, .engage]) -> @Sendable (FlowPage, InspectionContext) -> [CheckHit] {
        { page, _ in
            guard let product = page.janrainProduct, products.contains(product) else { return [] }
            guard let assignment = page.setting(path) else {
                return [CheckHit(position: settingsAnchor(page), detail: .settingNotSet(path: path, mustBe: shown))]
            }
            if assignment.value.literal == expected { return [] }
            return [CheckHit(position: assignment.position, detail: .settingNotLiteral(path: path, value: assignment.value.text, mustBe: shown))]
        }
    }

    static func requirePresent(_ path: String, what: String,
                               products: Set<JanrainProduct> = [.capture]) -> @Sendable (FlowPage, InspectionContext) -> [CheckHit] {
        { page, _ in
            guard let product = page.janrainProduct, products.contains(product), page.setting(path) == nil else { return [] }
            return [CheckHit(position: settingsAnchor(page), detail: .settingMissing(path: path, what: what))]
        }
    }

    /// A JTL block tag's name: "#signInForm" → "signInForm" ("#" taken off both ends).
    static func blockName(_ body: String) -> Substring {
        let utf8 = body.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end && utf8[start] == UInt8(ascii: "#") { start = utf8.index(after: start) }
        while end > start && utf8[utf8.index(before: end)] == UInt8(ascii: "#") { end = utf8.index(before: end) }
        return body[start..<end]
    }

    static func isCustomScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon].lowercased()
        guard let first = scheme.first, first.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else { return false }
        return !["http", "https", "about", "blob", "data", "javascript", "mailto", "tel", "file", "ws", "wss", "ftp"].contains(scheme)
    }

    /// URLs to Capture's OAuth endpoints written on the page: iframe and link attributes, and frame
    /// sources built by scripts.
    static func oauthURLs(_ page: FlowPage, path: String) -> [PageURL] {
        // Each list read where it is (seven checks ask): joining the three first would copy every URL each time.
        var urls: [PageURL] = []
        func take(_ list: [PageURL]) { for url in list where url.text.containsBytes(path) { urls.append(url) } }
        take(page.iframes)
        take(page.links)
        take(page.scriptFrameURLs)
        return urls
    }

    /// The query parameters of a URL written on the page (computed values read "…"), by name. The query
    /// is what lies between the first "?" byte and the next "#", as the URL parser finds them: a combining
    /// mark after either does not hide it, as it would from a search by Character, which would also read
    /// every Character of a long script-built URL on each of the checks that ask.
    static func queryParameters(_ text: String) -> [String: String] {
        guard let query = query(of: text) else { return [:] }
        var result: [String: String] = [:]
        for pair in query where result[pair.name] == nil { result[pair.name] = pair.value }
        return result
    }

    /// `queryParameters(text)[name]` for an ASCII `name` (a check asks for one), with only that pair's value
    /// decoded: names are matched on their bytes, as URLSearchParams matches them.
    static func queryParameter(_ text: String, named name: String) -> String? {
        query(of: text)?.first(name)
    }

    /// The pairs of a written URL's query, undecoded until read. The "?" and the "#" are found in the text's
    /// own bytes (memchr), not through the generic search of a UTF-8 view.
    private static func query(of text: String) -> FormParameters? {
        var text = text
        let range: Range<Int>? = text.withUTF8 { bytes in
            guard let question = bytes.firstIndex(of: UInt8(ascii: "?"), from: 0, to: bytes.count) else { return nil }
            return question + 1..<(bytes.firstIndex(of: UInt8(ascii: "#"), from: question + 1, to: bytes.count) ?? bytes.count)
        }
        guard let range else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return FormParameters(parsing: Substring(utf8[start..<utf8.index(start, offsetBy: range.count)]))
    }

    /// Whether `text` starts with `prefix` (ASCII, lower-case) in any case, as `text.lowercased().hasPrefix(prefix)`
    /// says. That can only hold when the first bytes are the prefix's in some case, which is tested first; then
    /// only the prefix's Characters and the one after them (which may join the last) are lower-cased, not a
    /// long text.
    static func hasPrefixIgnoringCase(_ text: String, _ prefix: String) -> Bool {
        guard text.utf8.count >= prefix.utf8.count,
              zip(text.utf8, prefix.utf8).allSatisfy({ asciiLowercased($0) == $1 }) else { return false }
        return String(text.prefix(prefix.count + 1)).lowercased().hasPrefix(prefix)
    }
}
