// HTMLDocument.swift: reads a page with libxml2's HTML parser (recovery on, network off, no error
// output) and keeps the elements the inspector looks at: scripts, elements with ids (screens), iframes,
// links and forms, each with its attributes, its text where needed, and libxml2's line. The tree is
// walked without recursion, so 100,000 nested elements cost no stack.
import CLibXML2
import Foundation

/// One element the inspector reads.
struct HTMLElement: Sendable {
    /// The lower-case tag name.
    var name: String
    var attributes: [String: String]
    /// The text content (scripts and screen candidates only; empty otherwise).
    var text: String
    /// libxml2's line for the element (where its start tag ends); 65535 means "at or after 65535".
    var line: Int
    /// Whether an ancestor is also a kept element with an id that holds JTL (nested screens).
    var insideScreen: Bool

    func attribute(_ name: String) -> String? { attributes[name] }
}

enum HTMLDocument {
    /// Elements kept; others are walked through.
    static let keptTags: Set<String> = ["script", "div", "iframe", "a", "form", "section"]

    private static let initialize: Void = { xmlInitParser() }()

    /// Parses `bytes` and returns the kept elements in document order.
    static func elements(of bytes: [UInt8]) -> [HTMLElement] {
        guard let document = parse(bytes) else { return [] }
        defer { xmlFreeDoc(document) }
        var result: [HTMLElement] = []
        // Pre-order walk without recursion: down to the first child, else across, else up and across.
        let root = xmlDocGetRootElement(document)
        var node = root
        var screenDepths: [Int] = []   // depths of the screens open above the current node
        var depth = 0
        while let current = node {
            var descend = false
            if current.pointee.type == XML_ELEMENT_NODE {
                while let last = screenDepths.last, last >= depth { screenDepths.removeLast() }
                let name = String(cString: current.pointee.name)
                if keptTags.contains(name) {
                    let attributes = Self.attributes(of: current)
                    var text = ""
                    if name == "script" || ((name == "div" || name == "section") && attributes["id"] != nil) {
                        text = content(of: current)
                    }
                    result.append(HTMLElement(name: name, attributes: attributes, text: text,
                                              line: Int(xmlGetLineNo(current)), insideScreen: !screenDepths.isEmpty))
                    if name != "script" && text.containsBytes("{*") { screenDepths.append(depth) }
                }
                descend = name != "script"
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
        return result
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
        guard let document = parse(bytes) else { return false }
        xmlFreeDoc(document)
        return true
    }

    /// htmlReadMemory with the inspector's options: recovery on, network off, no error output, and no
    /// libxml2 size limits (the inspector bounds the input itself, --max-bytes).
    private static func parse(_ bytes: [UInt8]) -> htmlDocPtr? {
        _ = initialize
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue) | Int32(XML_PARSE_HUGE.rawValue)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, nil, options)
                }
            }
        }
    }
}

/// What the benchmark executable needs from inside the module.
public enum FlowInspectorBenchmarkHooks {
    /// libxml2's htmlReadMemory of `bytes` with the inspector's options, and nothing else.
    public static func bareParse(_ bytes: [UInt8]) -> Bool { HTMLDocument.bareParse(bytes) }
}
