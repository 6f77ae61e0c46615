// FlowPage.swift: the model of one served flow page that the checks read: the janrain.settings assigned
// (with values and positions, in page order), calls and function definitions, script navigations, scripts
// loaded, screens with their JTL tags, screen links, iframes and links — every item with the line and
// column where it is written, inline-script items included (script offsets mapped back to the page).
// Inline scripts are read by the statement scanner on another core while libxml2 reads the rest of the
// page (`BackgroundMap`) when the page is large enough to be worth it: the scanner is pure, and its facts are
// placed on the page in document order.
import BrowserURL
import Foundation

/// A setting assigned on the page: `janrain.settings.capture.flowName = 'webViewSignIn'` has path
/// "capture.flowName".
struct SettingAssignment: Sendable {
    var path: String
    var value: JSExpression
    var position: SourcePosition
    /// Byte offset in the page (for statement order).
    var order: Int
}

struct PageCall: Sendable {
    var callee: String
    var arguments: [JSExpression]
    var position: SourcePosition
    var order: Int
}

struct PageFunction: Sendable {
    var name: String
    var position: SourcePosition
    /// Page byte range of the body.
    var body: Range<Int>
}

struct PageNavigation: Sendable {
    var target: String
    var url: JSExpression
    var position: SourcePosition
    var order: Int
}

struct LoadedScript: Sendable {
    var src: String
    var position: SourcePosition
}

struct JTLTag: Sendable {
    /// The tag's inside, trimmed: "#signInForm", "/signInForm", "emailAddress".
    var body: String
    var position: SourcePosition
}

struct Screen: Sendable {
    var id: String
    var hidden: Bool
    var position: SourcePosition
    var tags: [JTLTag]
}

/// A URL written on the page: an iframe's or link's attribute, or a frame src set by a script.
struct PageURL: Sendable {
    /// The URL as written; computed parts of a script-built URL appear as "…".
    var text: String
    /// The script expression it came from, when a script built it.
    var expression: JSExpression?
    var position: SourcePosition
    var element: String
}

enum JanrainProduct: String, Sendable {
    case capture, engage
}

/// A problem in one of the page's inline scripts, where it is in the page.
struct PageProblem: Sendable {
    var problem: JSScanProblem
    var position: SourcePosition
}

/// Everything the checks read about one page.
struct FlowPage: Sendable {
    /// The name findings carry (a path or URL).
    var name: String
    /// The page's own URL, for pages fetched over http(s).
    var pageURL: BrowserURL?
    /// For files: the directory the page is in (sibling files such as xdcomm.html are looked up there).
    var directory: String?
    var settings: [SettingAssignment] = []
    var settingPushes: [SettingAssignment] = []
    var calls: [PageCall] = []
    var functions: [PageFunction] = []
    var navigations: [PageNavigation] = []
    var scripts: [LoadedScript] = []
    var screens: [Screen] = []
    var screenLinks: [(target: String, position: SourcePosition)] = []
    var ids: Set<String> = []
    var iframes: [PageURL] = []
    var links: [PageURL] = []
    /// `var NAME = 'literal'` anywhere on the page, last one wins (URLs are often built from them).
    var stringVariables: [String: String] = [:]
    var problems: [PageProblem] = []
    /// Whether libxml2 built no document at all from the bytes (the inspector reports it).
    var unparsed = false
    /// Frame sources set by scripts (`frame.src = …`), resolved once: the URL checks read them often.
    var scriptFrameURLs: [PageURL] = []

    /// Whether the page sets up Janrain's widget at all (the settings checks apply only then).
    var isJanrainPage: Bool { !settings.isEmpty }

    /// Which Janrain product the page sets up: Capture (registration and sign-in: `capture.` settings, the
    /// Capture widget's callbacks, JTL screens) or Engage alone (Social Login: `packages = ['login']`, a
    /// tokenUrl, no Capture). Each is checked by its own settings.
    var janrainProduct: JanrainProduct? {
        guard isJanrainPage else { return nil }
        if settings.contains(where: { $0.path.hasPrefix("capture.") }) || !screens.isEmpty
            || functions.contains(where: { $0.name == "janrainCaptureWidgetOnLoad" })
            || calls.contains(where: { $0.callee.hasPrefix("janrain.capture.") }) {
            return .capture
        }
        return .engage
    }

    var isCapturePage: Bool { janrainProduct == .capture }

    /// The last value assigned to a setting, references to other settings resolved (`tokenUrl =
    /// janrain.settings.capture.captureServer` reads the captureServer's value).
    func setting(_ path: String) -> SettingAssignment? {
        settings.last { $0.path == path }
    }

    func resolvedValue(_ path: String, depth: Int = 0) -> JSExpression? {
        guard let value = setting(path)?.value else { return nil }
        if depth < 4, let reference = value.reference, let other = Self.settingPath(reference) {
            return resolvedValue(other, depth: depth + 1) ?? value
        }
        return value
    }

    /// "janrain.settings.capture.flowName" (or with "window.") → "capture.flowName".
    static func settingPath(_ chain: String) -> String? {
        // Prefixes tested on Strings: String's hasPrefix reads ASCII on its bytes, where a Substring's compares
        // Character by Character (the same answer, many times the work, on every assignment and call of a page).
        let unprefixed = chain.hasPrefix("window.") ? String(chain.dropFirst("window.".count)) : chain
        guard unprefixed.hasPrefix("janrain.settings.") else { return nil }
        return String(unprefixed.dropFirst("janrain.settings.".count))
    }

    /// The function a page offset is inside, innermost first.
    func enclosingFunction(of order: Int) -> PageFunction? {
        functions.filter { $0.body.contains(order) }.min { $0.body.count < $1.body.count }
    }

    /// Resolves a script-built URL's computed parts that are plain string variables.
    func template(of expression: JSExpression) -> String {
        expression.template { hole in stringVariables[hole] ?? "\u{2026}" }
    }
}

/// Which containers are screens. A screen is a div or section with an id that holds JTL and either is
/// hidden, or holds no hidden container with JTL: so a wrapper such as `<div id="content">` around hidden
/// screens is not itself a screen, and a visible screen is still found (and reported as visible).
/// Containers inside a screen belong to it. Linear: parents come before children in document order.
enum ScreenResolver {
    /// Screen element index → its JTL text (its own and its inner containers'), in document order.
    static func screens(in parsed: HTMLDocument.Parsed) -> [Int: String] {
        let containers = parsed.containers
        var holdsHiddenCandidate = [Bool](repeating: false, count: containers.count)
        for index in containers.indices.reversed() where containers[index].holdsJTL {
            if containers[index].hidden || holdsHiddenCandidate[index], let parent = containers[index].parent {
                holdsHiddenCandidate[parent] = true
            }
        }
        // Each container's screen, as an index into `screens` (the screens' element indices, in order).
        var screenOf = [Int?](repeating: nil, count: containers.count)
        var screens: [Int] = []
        for index in containers.indices {
            if let parent = containers[index].parent, let inherited = screenOf[parent] {
                screenOf[index] = inherited
            } else if containers[index].holdsJTL && (containers[index].hidden || !holdsHiddenCandidate[index]) {
                screenOf[index] = screens.count
                screens.append(containers[index].element)
            }
        }
        var pieces = [[String]](repeating: [], count: screens.count)
        for piece in parsed.jtl {
            if let screen = screenOf[piece.container] { pieces[screen].append(piece.text) }
        }
        var text: [Int: String] = [:]
        text.reserveCapacity(screens.count)
        for (screen, element) in screens.enumerated() {
            text[element] = pieces[screen].count == 1 ? pieces[screen][0] : pieces[screen].joined(separator: "\n")
        }
        return text
    }
}

enum FlowPageBuilder {
    /// Builds the model from the page's bytes.
    static func build(name: String, bytes: [UInt8], pageURL: BrowserURL?, directory: String?) -> FlowPage {
        var page = FlowPage(name: name, pageURL: pageURL, directory: directory)
        var map = SourceMap(bytes)
        // Inline scripts are scanned on another core while libxml2 reads on (texts only are handed over).
        let inlineScripts = BackgroundMap(spreading: ParallelMap.isWorthSpreading(pageBytes: bytes.count), ScriptAnalyzer.analyze)
        let parsed = HTMLDocument.parse(bytes) { element in
            if element.isInlineScript { inlineScripts.add(element.text) }
        }
        let scriptFacts = inlineScripts.finish()
        guard let parsed else {
            page.unparsed = true
            return page
        }
        var nextScript = 0
        let screenText = ScreenResolver.screens(in: parsed)
        for index in parsed.elements.indices {
            // Elements no check reads are not located (a page of 100,000 anonymous divs costs nothing here),
            // nor copied (a copy retains the element's strings).
            if (parsed.elements[index].tag == .div || parsed.elements[index].tag == .section) && parsed.elements[index].id == nil
                && parsed.elements[index].captureScreen == nil { continue }
            let element = parsed.elements[index]
            let tagOffset = map.locateStartTag(element.tag, line: element.line)
            let position = map.position(of: tagOffset)
            if let id = element.id { page.ids.insert(id) }
            if let target = element.captureScreen {
                page.screenLinks.append((target, position))
            }
            switch element.tag {
            case .script:
                if let src = element.src {
                    page.scripts.append(LoadedScript(src: src, position: position))
                } else if element.isInlineScript {
                    let contentStart = map.endOfStartTag(tagOffset)
                    addScript(scriptFacts[nextScript], at: contentStart, map: map, to: &page)
                    nextScript += 1
                    map.advance(to: contentStart + element.text.utf8.count)
                }
            case .iframe:
                if let src = element.src {
                    page.iframes.append(PageURL(text: src, expression: nil, position: position, element: "iframe"))
                }
            case .a:
                if let href = element.href {
                    page.links.append(PageURL(text: href, expression: nil, position: position, element: "a"))
                }
            case .div, .section:
                if let id = element.id, let text = screenText[index] {
                    page.screens.append(Screen(id: id, hidden: element.isHidden, position: position,
                                               tags: jtlTags(in: text, from: tagOffset, map: map)))
                }
            }
        }
        page.scriptFrameURLs = page.navigations.filter { $0.target.hasSuffix(".src") }.map {
            PageURL(text: page.template(of: $0.url), expression: $0.url, position: $0.position, element: $0.target)
        }
        DeferredRelease.release((consume parsed, consume scriptFacts), pageBytes: bytes.count)
        return page
    }

    static func isJavaScript(_ type: String?) -> Bool {
        guard let type = type?.lowercased().trimmingCharacters(in: .whitespaces), !type.isEmpty else { return true }
        return type.contains("javascript") || type == "module" || type.contains("ecmascript")
    }

    /// Adds one inline script's facts with page positions.
    static func addScript(_ facts: ScriptFacts, at contentStart: Int, map: SourceMap, to page: inout FlowPage) {
        func place(_ offset: Int) -> (SourcePosition, Int) { (map.position(of: contentStart + offset), contentStart + offset) }
        for assignment in facts.assignments {
            let (position, order) = place(assignment.offset)
            if let path = FlowPage.settingPath(assignment.target) {
                page.settings.append(SettingAssignment(path: path, value: assignment.value, position: position, order: order))
            }
            if assignment.isDeclaration, let value = assignment.value.stringValue {
                page.stringVariables[assignment.target] = value
            }
        }
        for call in facts.calls {
            let (position, order) = place(call.offset)
            page.calls.append(PageCall(callee: normalized(call.callee), arguments: call.arguments, position: position, order: order))
            if call.callee.hasSuffix(".push"), let path = FlowPage.settingPath(String(call.callee.dropLast(".push".count))),
               let argument = call.arguments.first {
                page.settingPushes.append(SettingAssignment(path: path, value: argument, position: position, order: order))
            }
        }
        for function in facts.functions {
            let (position, _) = place(function.offset)
            page.functions.append(PageFunction(name: function.name, position: position,
                                               body: (contentStart + function.body.lowerBound)..<(contentStart + function.body.upperBound)))
        }
        for navigation in facts.navigations {
            let (position, order) = place(navigation.offset)
            page.navigations.append(PageNavigation(target: normalized(navigation.target), url: navigation.url, position: position, order: order))
            // A script element inserted by script (`e.src = '…/load.js'`) is a script the page loads.
            if navigation.target.hasSuffix(".src"), let literal = navigation.url.stringValue ?? navigation.url.leadingLiteral,
               literal.lowercased().hasSuffix(".js") {
                page.scripts.append(LoadedScript(src: literal, position: position))
            }
        }
        for problem in facts.problems {
            page.problems.append(PageProblem(problem: problem, position: map.position(of: contentStart + problem.offset)))
        }
    }

    /// "window.janrain.capture.ui.start" → "janrain.capture.ui.start".
    static func normalized(_ chain: String) -> String {
        chain.hasPrefix("window.janrain.") ? String(chain.dropFirst("window.".count)) : chain
    }

    /// The JTL tags `{* … *}` in a screen's text, located in the page from the screen's start tag on.
    /// Byte scans: a page may hold thousands of screens.
    static func jtlTags(in text: String, from offset: Int, map: SourceMap) -> [JTLTag] {
        var tags: [JTLTag] = []
        let bytes = Array(text.utf8)
        tags.reserveCapacity(bytes.count / 16)
        var i = 0, cursor = offset
        while let brace = bytes.firstIndex(of: UInt8(ascii: "{"), from: i, to: bytes.count - 1) {
            i = brace
            guard bytes[i + 1] == UInt8(ascii: "*") else { i += 1; continue }
            var j = i + 2
            while j + 1 < bytes.count && !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "}")) { j += 1 }
            guard j + 1 < bytes.count else { break }
            var bodyStart = i + 2, bodyEnd = j
            while bodyStart < bodyEnd && isSpace(bytes[bodyStart]) { bodyStart += 1 }
            while bodyEnd > bodyStart && isSpace(bytes[bodyEnd - 1]) { bodyEnd -= 1 }
            let raw = bytes[i..<(j + 2)]
            let found = map.findBytes(raw, from: cursor)
            if let found { cursor = found + raw.count }
            tags.append(JTLTag(body: String(decoding: bytes[bodyStart..<bodyEnd], as: UTF8.self), position: map.position(of: found ?? offset)))
            i = j + 2
        }
        return tags
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C }
}

