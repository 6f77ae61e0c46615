// HTMLDocument.swift: reads a page with libxml2's HTML parser (recovery on, network off, no error
// output) and keeps the elements the inspector looks at: scripts, elements with ids (screen candidates),
// iframes and links, each with its attributes, a script's text, JTL text, and the line where the start
// tag ends. libxml2 reports what it parses through its SAX interface and no tree is built: the elements,
// their nesting and their text are taken from the same events libxml2's own tree builder takes them from
// (an element per start, a text node per run of adjacent character data), so what is kept is what a walk
// of the tree would find, in document order, at about two thirds of the cost of building and freeing the
// tree. Each script is handed on as soon as its end tag is read, so its statements can be scanned on
// another core while libxml2 reads the rest of the page.
import CLibXML2
import Foundation

/// One element the inspector reads.
struct HTMLElement: Sendable {
    /// The elements kept; the rest are only read through.
    enum Tag: Sendable {
        case script, div, section, iframe, a

        /// "<script", "<div", …: what the tag's start looks like in the page, made once per tag.
        var opening: [UInt8] {
            switch self {
            case .script: Self.openings.script
            case .div: Self.openings.div
            case .section: Self.openings.section
            case .iframe: Self.openings.iframe
            case .a: Self.openings.a
            }
        }
        private static let openings = (script: Array("<script".utf8), div: Array("<div".utf8), section: Array("<section".utf8),
                                       iframe: Array("<iframe".utf8), a: Array("<a".utf8))
    }

    var tag: Tag
    /// The attributes the inspector reads, as libxml2 reports them (entities decoded): nil when absent,
    /// "" when written without a value.
    var id: String?
    var src: String?
    var type: String?
    var href: String?
    var style: String?
    /// Whether the `hidden` attribute is written (its value is not read).
    var hidden = false
    /// `data-capturescreen`: the screen a link shows.
    var captureScreen: String?
    /// The script's text (scripts only; empty otherwise).
    var text = ""
    /// The line where the element's start tag ends.
    var line: Int

    init(tag: Tag, line: Int) {
        self.tag = tag
        self.line = line
    }

    /// A div or section with an id: a screen candidate, and the owner of the JTL text inside it.
    var isContainer: Bool { (tag == .div || tag == .section) && id != nil }

    /// `style="display:none"` in any spelling (case, spaces, a trailing ";"), or the `hidden` attribute.
    var isHidden: Bool {
        hidden || style.map(Self.styleHides) == true
    }

    /// A script written in the page and run as JavaScript: no `src`, and a JavaScript `type` or none.
    var isInlineScript: Bool { tag == .script && src == nil && FlowPageBuilder.isJavaScript(type) }

    /// Whether a style attribute holds "display:none", ASCII case and CSS whitespace (space, tab, LF, CR, FF)
    /// ignored, read on its bytes: no lower-cased or filtered copy is made. "d" occurs once in the pattern,
    /// so on a mismatch the scan restarts at the current byte.
    static func styleHides(_ style: String) -> Bool {
        let pattern: StaticString = "display:none"
        var matched = 0
        for byte in style.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C { continue }
            let lower = asciiLowercased(byte)
            if lower == pattern.utf8Start[matched] {
                matched += 1
                if matched == pattern.utf8CodeUnitCount { return true }
            } else {
                matched = lower == pattern.utf8Start[0] ? 1 : 0
            }
        }
        return false
    }
}

enum HTMLDocument {
    private static let initialize: Void = { xmlInitParser() }()

    /// A container (a div or section with an id): what screen detection reads, kept apart from the
    /// elements so that reading it copies no strings.
    struct Container: Sendable {
        /// Its index in the element list.
        var element: Int
        /// The index (in the container list) of the nearest enclosing container.
        var parent: Int?
        var hidden: Bool
        /// Whether it or anything inside it holds JTL.
        var holdsJTL = false
    }

    /// The kept elements in document order, the containers among them, and the text nodes holding JTL
    /// (`{*`) with the index of their nearest enclosing container, also in document order.
    struct Parsed {
        var elements: [HTMLElement] = []
        var containers: [Container] = []
        var jtl: [(container: Int, text: String)] = []
    }

    /// Parses `bytes`; nil when libxml2 starts no document. `scriptEnded` is called with each script
    /// element, its text complete, as soon as libxml2 has read its end tag.
    /// One pass, linear in the page: JTL text is attached to its nearest container as it is met, and
    /// "holds JTL" is marked up the open containers only until one already marked (so 100,000 nested
    /// containers cost 100,000 steps, not 100,000²).
    static func parse(_ bytes: [UInt8], scriptEnded: (HTMLElement) -> Void = { _ in }) -> Parsed? {
        _ = initialize
        guard !bytes.isEmpty, let context = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(context) }
        return withoutActuallyEscaping(scriptEnded) { scriptEnded in
            // A struct behind a pointer, not a class: a class's stored properties are checked for
            // exclusive access at run time on every callback.
            let reader = UnsafeMutablePointer<PageReader>.allocate(capacity: 1)
            reader.initialize(to: PageReader(context: context, scriptEnded: scriptEnded))
            var handler = htmlSAXHandler()
            handler.startDocument = { reader in PageReader.at(reader).pointee.started = true }
            handler.startElement = { reader, name, attributes in PageReader.at(reader).pointee.start(name, attributes) }
            handler.endElement = { reader, _ in PageReader.at(reader).pointee.end() }
            handler.characters = { reader, text, count in PageReader.at(reader).pointee.characters(text, count, cdata: false) }
            handler.cdataBlock = { reader, text, count in PageReader.at(reader).pointee.characters(text, count, cdata: true) }
            // Comments and processing instructions are nodes of their own: text on either side is two nodes.
            handler.comment = { reader, _ in PageReader.at(reader).pointee.endTextRun() }
            handler.processingInstruction = { reader, _, _ in PageReader.at(reader).pointee.endTextRun() }
            handler.initialized = 1
            context.pointee.sax.pointee = handler
            context.pointee.userData = UnsafeMutableRawPointer(reader)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    // Returns no document: the handler builds none.
                    _ = htmlCtxtReadMemory(context, $0.baseAddress, Int32(buffer.count), nil, "UTF-8", options)
                }
            }
            reader.pointee.endTextRun()
            let finished = reader.move()
            reader.deallocate()
            return finished.started ? finished.parsed : nil
        }
    }

    /// The inspector's options: recovery on, network off, no error output, and no libxml2 size limits (the
    /// inspector bounds the input itself, --max-bytes). The page is UTF-8 (PageEncoding has decoded it).
    private static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                                       | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue) | Int32(XML_PARSE_HUGE.rawValue)

    /// libxml2's bare parse of the same bytes (htmlReadMemory: the tree built, then freed), for the
    /// benchmark's baseline.
    static func bareParse(_ bytes: [UInt8]) -> Bool {
        _ = initialize
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32(buffer.count), nil, "UTF-8", options) }
        }
        guard let document else { return false }
        xmlFreeDoc(document)
        return true
    }
}

/// The state of one parse, driven by libxml2's SAX callbacks: the open elements, the containers among
/// them, the text run being read and the script being read.
private struct PageReader {
    let context: htmlParserCtxtPtr
    let scriptEnded: (HTMLElement) -> Void
    var parsed = HTMLDocument.Parsed()
    var started = false
    /// Per open element: its index in `parsed.containers` when it is a container, `Self.scriptMark` for
    /// the script being read, else -1.
    private var open: [Int] = []
    private static let scriptMark = -2
    /// Indices (in `parsed.containers`) of the open containers, innermost last.
    private var containers: [Int] = []
    /// The script being read (its index), if any: its text is collected, and nothing inside it is JTL.
    private var script: Int?
    private var scriptText: [UInt8] = []
    /// Adjacent character data (or CDATA) outside scripts: one text node of libxml2's tree.
    private var run: [UInt8] = []
    private var runIsCDATA = false

    init(context: htmlParserCtxtPtr, scriptEnded: @escaping (HTMLElement) -> Void) {
        self.context = context
        self.scriptEnded = scriptEnded
    }

    static func at(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<PageReader> {
        pointer!.assumingMemoryBound(to: PageReader.self)
    }

    mutating func start(_ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        endTextRun()
        guard let name, let tag = Self.keptTag(name) else { open.append(-1); return }
        let line = Int(context.pointee.input.map { $0.pointee.line } ?? 0)
        var element = HTMLElement(tag: tag, line: line)
        if var cursor = attributes {
            while let attributeName = cursor.pointee {
                Self.read(attributeName, value: cursor.successor().pointee, into: &element)
                cursor += 2
            }
        }
        let index = parsed.elements.count
        if element.isContainer {
            parsed.containers.append(HTMLDocument.Container(element: index, parent: containers.last, hidden: element.isHidden))
            containers.append(parsed.containers.count - 1)
            open.append(parsed.containers.count - 1)
        } else if tag == .script {
            script = index
            scriptText.removeAll(keepingCapacity: true)
            open.append(Self.scriptMark)
        } else {
            open.append(-1)
        }
        parsed.elements.append(element)
    }

    mutating func end() {
        endTextRun()
        guard let closed = open.popLast() else { return }
        if closed == Self.scriptMark, let index = script {
            parsed.elements[index].text = String(decoding: scriptText, as: UTF8.self)
            script = nil
            scriptEnded(parsed.elements[index])
        } else if closed >= 0, containers.last == closed {
            containers.removeLast()
        }
    }

    mutating func characters(_ text: UnsafePointer<xmlChar>?, _ count: Int32, cdata: Bool) {
        guard let text, count > 0 else { return }
        let bytes = UnsafeBufferPointer(start: text, count: Int(count))
        if script != nil {
            scriptText.append(contentsOf: bytes)
            return
        }
        if cdata != runIsCDATA { endTextRun() }
        runIsCDATA = cdata
        run.append(contentsOf: bytes)
    }

    /// Ends the text node being read: JTL in it is attached to the innermost open container.
    mutating func endTextRun() {
        guard !run.isEmpty else { return }
        defer { run.removeAll(keepingCapacity: true) }
        guard let owner = containers.last, Self.holdsJTL(run) else { return }
        parsed.jtl.append((owner, String(decoding: run, as: UTF8.self)))
        for container in containers.reversed() {
            if parsed.containers[container].holdsJTL { break }
            parsed.containers[container].holdsJTL = true
        }
    }

    /// Whether the text holds "{*" (a JTL tag's opening).
    static func holdsJTL(_ text: [UInt8]) -> Bool {
        var from = 0
        while let brace = text.firstIndex(of: UInt8(ascii: "{"), from: from, to: text.count - 1) {
            if text[brace + 1] == UInt8(ascii: "*") { return true }
            from = brace + 1
        }
        return false
    }

    /// The kept element for a tag name, nil for every other tag. Read on the C name (libxml2 lower-cases
    /// it): most elements are not kept, and no String is made for them.
    static func keptTag(_ name: UnsafePointer<xmlChar>) -> HTMLElement.Tag? {
        switch name.pointee {
        case UInt8(ascii: "a"): return name[1] == 0 ? .a : nil
        case UInt8(ascii: "d"): return equals(name, "div") ? .div : nil
        case UInt8(ascii: "s"): return equals(name, "script") ? .script : equals(name, "section") ? .section : nil
        case UInt8(ascii: "i"): return equals(name, "iframe") ? .iframe : nil
        default: return nil
        }
    }

    /// Keeps an attribute the inspector reads (libxml2 lower-cases the name; a value-less one is "").
    static func read(_ name: UnsafePointer<xmlChar>, value: UnsafePointer<xmlChar>?, into element: inout HTMLElement) {
        func text() -> String { value.map { String(cString: $0) } ?? "" }
        switch name.pointee {
        case UInt8(ascii: "i") where equals(name, "id"): element.id = text()
        case UInt8(ascii: "s") where equals(name, "src"): element.src = text()
        case UInt8(ascii: "s") where equals(name, "style"): element.style = text()
        case UInt8(ascii: "t") where equals(name, "type"): element.type = text()
        case UInt8(ascii: "h") where equals(name, "href"): element.href = text()
        case UInt8(ascii: "h") where equals(name, "hidden"): element.hidden = true
        case UInt8(ascii: "d") where equals(name, "data-capturescreen"): element.captureScreen = text()
        default: break
        }
    }

    static func equals(_ name: UnsafePointer<xmlChar>, _ expected: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
               UnsafeRawPointer(expected.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }
}

/// What the benchmark executable needs from inside the module.
package enum FlowInspectorBenchmarkHooks {
    /// libxml2's htmlReadMemory of `bytes` with the inspector's options, and nothing else.
    package static func bareParse(_ bytes: [UInt8]) -> Bool { HTMLDocument.bareParse(bytes) }

    /// Waits until the inspector's deferred frees are done (between timed rounds).
    package static func drainDeferredReleases() { DeferredRelease.drain() }
}
