// HTMLDocument.swift: reads a page with libxml2's HTML parser (recovery on, network off, no error
// output) and keeps the elements the inspector looks at: scripts, elements with ids (screen candidates),
// iframes and links, each with its attributes, a script's text, JTL text, and libxml2's line. The tree is
// walked without recursion, so 100,000 nested elements cost no stack.
import CLibXML2
import Foundation

/// One element the inspector reads.
struct HTMLElement: Sendable {
    /// The lower-case tag name.
    var name: String
    var attributes: [String: String]
    /// The script's text (scripts only; empty otherwise).
    var text: String
    /// libxml2's line for the element (where its start tag ends); 65535 means "at or after 65535".
    var line: Int
    /// For a container: whether it or anything inside it holds JTL.
    var holdsJTL = false
    /// The index (in the element list) of the nearest enclosing container.
    var enclosingContainer: Int?

    func attribute(_ name: String) -> String? { attributes[name] }

    var isContainer: Bool { (name == "div" || name == "section") && attributes["id"] != nil }

    /// `style="display:none"` in any spelling (case, spaces, a trailing ";"), or the `hidden` attribute.
    var isHidden: Bool {
        attributes["hidden"] != nil || attributes["style"].map(Self.styleHides) == true
    }

    /// Whether a style attribute holds "display:none", ASCII case and CSS whitespace (space, tab, LF, CR, FF)
    /// ignored, read on its bytes: no lower-cased or filtered copy is made. "d" occurs once in the pattern,
    /// so on a mismatch the scan restarts at the current byte.
    static func styleHides(_ style: String) -> Bool {
        let pattern: StaticString = "display:none"
        var matched = 0
        for byte in style.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C { continue }
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
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
    /// Elements kept; others are walked through.
    static let keptTags: Set<String> = ["script", "div", "iframe", "a", "section"]

    private static let initialize: Void = { xmlInitParser() }()

    /// The kept elements in document order, and the text nodes holding JTL (`{*`) with the index of their
    /// nearest enclosing container, also in document order.
    struct Parsed {
        var elements: [HTMLElement] = []
        var jtl: [(container: Int, text: String)] = []
    }

    /// Parses `bytes`; nil when libxml2 builds no document.
    /// One pass, linear in the page: JTL text is attached to its nearest container as it is met, and
    /// "holds JTL" is marked up the open containers only until one already marked (so 100,000 nested
    /// containers cost 100,000 steps, not 100,000²).
    static func parse(_ bytes: [UInt8]) -> Parsed? {
        guard let document = read(bytes) else { return nil }
        // Freed on another core while this one goes on with what was read (the tree is not touched again).
        defer { FreedDocument(document).freeInBackground() }
        var result: [HTMLElement] = []
        var jtl: [(container: Int, text: String)] = []
        // Pre-order walk without recursion: down to the first child, else across, else up and across.
        let root = xmlDocGetRootElement(document)
        var node = root
        var containers: [(index: Int, depth: Int)] = []   // the containers open above the current node
        var depth = 0
        while let current = node {
            while let last = containers.last, last.depth >= depth { containers.removeLast() }
            var descend = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let name = String(cString: current.pointee.name)
                if keptTags.contains(name) {
                    let element = HTMLElement(name: name, attributes: Self.attributes(of: current),
                                              text: name == "script" ? content(of: current) : "",
                                              line: Int(xmlGetLineNo(current)), enclosingContainer: containers.last?.index)
                    if element.isContainer { containers.append((result.count, depth)) }
                    result.append(element)
                }
                descend = name != "script"
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let text = current.pointee.content, strstr(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), "{*") != nil,
                   let owner = containers.last {
                    jtl.append((owner.index, String(cString: text)))
                    for container in containers.reversed() {
                        if result[container.index].holdsJTL { break }
                        result[container.index].holdsJTL = true
                    }
                }
            default:
                break
            }
            if descend, let child = current.pointee.children {
                node = child
                depth += 1
                continue
            }
            var climb: xmlNodePtr? = current
            node = nil
            while let up = climb, up != root {
                if let next = up.pointee.next {
                    node = next
                    break
                }
                climb = up.pointee.parent
                depth -= 1
            }
        }
        return Parsed(elements: result, jtl: jtl)
    }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var attributes: [String: String] = [:]
        var property = node.pointee.properties
        while let current = property {
            let name = String(cString: current.pointee.name).lowercased()
            if let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)) {
                attributes[name] = String(cString: value)
                free(value)
            } else {
                attributes[name] = ""
            }
            property = current.pointee.next
        }
        return attributes
    }

    private static func content(of node: xmlNodePtr) -> String {
        guard let value = xmlNodeGetContent(node) else { return "" }
        defer { free(value) }
        return String(cString: value)
    }

    /// libxml2's bare parse of the same bytes, for the benchmark's baseline.
    static func bareParse(_ bytes: [UInt8]) -> Bool {
        guard let document = read(bytes) else { return false }
        xmlFreeDoc(document)
        return true
    }

    /// htmlReadMemory of UTF-8 (PageEncoding has decoded the page) with the inspector's options: recovery on, network off, no error output, and no
    /// libxml2 size limits (the inspector bounds the input itself, --max-bytes).
    private static func read(_ bytes: [UInt8]) -> htmlDocPtr? {
        _ = initialize
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue) | Int32(XML_PARSE_HUGE.rawValue)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            }
        }
    }
}

/// A parsed document handed to another thread to be freed: libxml2 frees a document on any thread, and
/// nothing else holds it once the elements are read.
private struct FreedDocument: @unchecked Sendable {
    let document: htmlDocPtr
    init(_ document: htmlDocPtr) { self.document = document }

    func freeInBackground() {
        DispatchQueue.global(qos: .utility).async { xmlFreeDoc(document) }
    }
}

/// What the benchmark executable needs from inside the module.
public enum FlowInspectorBenchmarkHooks {
    /// libxml2's htmlReadMemory of `bytes` with the inspector's options, and nothing else.
    public static func bareParse(_ bytes: [UInt8]) -> Bool { HTMLDocument.bareParse(bytes) }
}
