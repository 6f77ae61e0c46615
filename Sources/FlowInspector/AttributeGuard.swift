// AttributeGuard.swift: bounds what one start tag can cost. libxml2's HTML parser checks each attribute
// against every earlier one on the same element (quadratic: 30,000 attributes take 2 s in xmllint itself,
// 300,000 several minutes), so a hostile page could hold `bridge inspect` for as long as it likes. Before
// libxml2 sees the page, the attributes past `limit` on any start tag are blanked out (replaced by spaces,
// line breaks kept, so every line and column the inspector reports is unchanged) and the tag is reported.
// A byte scan written here because it must run before the parser it protects; it skips to the next "<"
// (or "-" in a comment) with memchr.

enum AttributeGuard {
    /// Attributes read on one element; real pages use a few dozen at most.
    static let limit = 256

    /// A start tag whose attributes were cut.
    struct Cut: Sendable, Equatable {
        /// Byte offset of its "<".
        var offset: Int
        var tag: String
        var attributes: Int
    }

    static let commentOpen = Array("!--".utf8), commentClose = Array("-->".utf8)
    /// Elements whose content is raw text, not markup, with their end tags' openings ("</script").
    static let rawText: [(name: [UInt8], end: [UInt8])] = ["script", "style", "textarea", "title", "xmp"].map { (Array($0.utf8), Array("</\($0)".utf8)) }

    /// The bytes with every start tag's attributes past `limit` blanked, and the tags that were cut. One
    /// pass with no allocation per tag (the inspector runs it on every page).
    static func apply(_ bytes: [UInt8]) -> (bytes: [UInt8], cuts: [Cut]) {
        let found = bytes.withUnsafeBufferPointer { scan($0) }
        var out = bytes
        for (_, blank) in found {
            for k in blank where out[k] != 0x0A && out[k] != 0x0D { out[k] = 0x20 }
        }
        return (out, found.map(\.cut))
    }

    /// The start tags with too many attributes, and the bytes to blank in each. Read through a buffer
    /// pointer: the scan looks at most bytes of every tag, and array bounds checks doubled its cost.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [(cut: Cut, blank: Range<Int>)] {
        var found: [(cut: Cut, blank: Range<Int>)] = []
        let commentOpen = Self.commentOpen, commentClose = Self.commentClose, rawText = Self.rawText
        let n = bytes.count
        var i = 0
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        func startsWith(_ text: [UInt8], at index: Int, ignoringCase: Bool) -> Bool {
            guard index + text.count <= n else { return false }
            for k in 0..<text.count where (ignoringCase ? asciiLowercased(bytes[index + k]) : bytes[index + k]) != text[k] { return false }
            return true
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else { i = bytes.firstIndex(of: UInt8(ascii: "<"), from: i, to: n) ?? n; continue }
            let open = i
            var j = i + 1
            if startsWith(commentOpen, at: j, ignoringCase: false) {
                j += 3
                while j < n && !startsWith(commentClose, at: j, ignoringCase: false) { j = bytes.firstIndex(of: UInt8(ascii: "-"), from: j + 1, to: n) ?? n }
                i = j + 3
                continue
            }
            guard j < n, isLetter(bytes[j]) else { i = j; continue }
            let nameStart = j
            while j < n && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") && bytes[j] != UInt8(ascii: "/") { j += 1 }
            let nameEnd = j
            var count = 0
            var cutFrom: Int? = nil
            while j < n {
                while j < n && (isSpace(bytes[j]) || bytes[j] == UInt8(ascii: "/")) { j += 1 }
                guard j < n, bytes[j] != UInt8(ascii: ">") else { break }
                let attributeStart = j
                while j < n && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") && bytes[j] != UInt8(ascii: "=")
                        && bytes[j] != UInt8(ascii: "/") { j += 1 }
                if j == attributeStart { j += 1; continue }  // a stray "=": not an attribute
                var k = j
                while k < n && isSpace(bytes[k]) { k += 1 }
                if k < n && bytes[k] == UInt8(ascii: "=") {
                    k += 1
                    while k < n && isSpace(bytes[k]) { k += 1 }
                    if k < n && (bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'")) {
                        k = (bytes.firstIndex(of: bytes[k], from: k + 1, to: n) ?? n) + 1
                    } else {
                        while k < n && !isSpace(bytes[k]) && bytes[k] != UInt8(ascii: ">") { k += 1 }
                    }
                    j = min(k, n)
                }
                count += 1
                if count == limit + 1 { cutFrom = attributeStart }
            }
            if let cutFrom {
                let name = String(decoding: bytes[nameStart..<nameEnd].map(asciiLowercased), as: UTF8.self)
                found.append((Cut(offset: open, tag: name, attributes: count), cutFrom..<min(j, n)))
            }
            i = j
            // Raw text: what follows <script>, <style>, <textarea>, <title> up to its end tag is not markup.
            if let raw = rawText.first(where: { $0.name.count == nameEnd - nameStart && startsWith($0.name, at: nameStart, ignoringCase: true) }) {
                while i < n && !startsWith(raw.end, at: i, ignoringCase: true) { i = bytes.firstIndex(of: UInt8(ascii: "<"), from: i + 1, to: n) ?? n }
            }
        }
        return found
    }
}
