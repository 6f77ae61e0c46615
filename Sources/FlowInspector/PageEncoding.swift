// PageEncoding.swift: a page's bytes as a browser decodes them, turned into UTF-8 before anything else
// reads them: a byte-order mark first (UTF-8, UTF-16LE, UTF-16BE: the WHATWG Encoding Standard's BOM sniff),
// else the charset a <meta> declares in the first 1,024 bytes (HTML's prescan, simplified), else UTF-8.
// ISO-8859-1, Latin-1 and US-ASCII labels mean windows-1252, as in browsers; other legacy encodings go
// through Foundation where it has them. Lines and characters are kept, so positions are the page's own.
// Written here because libxml2's own detection follows XML rules, not the browser's.
import Foundation

enum PageEncoding {
    /// What was decoded, and from what.
    struct Decoded {
        var bytes: [UInt8]
        /// The encoding the page was read in, when it was not UTF-8, else nil.
        var from: String?
        /// A charset the page declares that could not be decoded (the page is then read as UTF-8).
        var undecoded: String? = nil
    }

    static func decode(_ bytes: [UInt8]) -> Decoded {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Decoded(bytes: Array(bytes.dropFirst(3)), from: nil) }
        if bytes.starts(with: [0xFF, 0xFE]) { return Decoded(bytes: utf16(bytes.dropFirst(2), littleEndian: true), from: "UTF-16LE") }
        if bytes.starts(with: [0xFE, 0xFF]) { return Decoded(bytes: utf16(bytes.dropFirst(2), littleEndian: false), from: "UTF-16BE") }
        guard let label = declaredCharset(bytes) else { return Decoded(bytes: bytes, from: nil) }
        switch label {
        case "utf-8", "utf8", "unicode-1-1-utf-8": return Decoded(bytes: bytes, from: nil)
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "windows-1252", "cp1252", "us-ascii", "ascii", "x-cp1252":
            return Decoded(bytes: windows1252(bytes), from: "windows-1252")
        default:
            let encodings: [String: String.Encoding] = [
                "shift_jis": .shiftJIS, "sjis": .shiftJIS, "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
                "iso-8859-2": .isoLatin2, "windows-1250": .windowsCP1250, "windows-1251": .windowsCP1251,
                "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
            ]
            if let encoding = encodings[label], let text = String(data: Data(bytes), encoding: encoding) {
                return Decoded(bytes: Array(text.utf8), from: label)
            }
            return Decoded(bytes: bytes, from: nil, undecoded: label)
        }
    }

    /// The charset label a <meta charset> or <meta http-equiv content="…; charset=…"> declares in the first
    /// 1,024 bytes, lower-cased. Each "<" is found with memchr and only a "<meta" (in any case) is read
    /// further: the head is not copied or lower-cased byte by byte for a page that declares nothing.
    static func declaredCharset(_ bytes: [UInt8]) -> String? {
        let end = min(bytes.count, 1024)
        let labelEnds = Array("\"' ;/>".utf8)
        var from = 0
        while let open = bytes.firstIndex(of: UInt8(ascii: "<"), from: from, to: end) {
            guard open + 5 <= end, bytes[(open + 1)..<(open + 5)].elementsEqual("meta".utf8, by: { asciiLowercased($0) == $1 }) else {
                from = open + 1
                continue
            }
            let tagEnd = bytes.firstIndex(of: UInt8(ascii: ">"), from: open + 5, to: end) ?? end
            let tag = bytes[(open + 5)..<tagEnd].map(asciiLowercased)
            if let charset = tag.firstIndex(of: "charset=".utf8, from: 0, to: tag.count) {
                let value = tag[(charset + 8)...].drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0x20 }
                let label = value.prefix { !labelEnds.contains($0) }
                if !label.isEmpty { return String(decoding: label, as: UTF8.self) }
            }
            from = tagEnd
        }
        return nil
    }

    /// UTF-8 with each ill-formed sequence replaced by U+FFFD, one for each maximal subpart (the WHATWG
    /// Encoding Standard's UTF-8 decoder, which is also Unicode's recommended practice and Swift's).
    static func replacingInvalidUTF8(_ bytes: [UInt8]) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// windows-1252's 0x80–0x9F (the rest of the bytes are their own code points).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    static func windows1252(_ bytes: [UInt8]) -> [UInt8] {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
            text.append(Unicode.Scalar(value)!)
        }
        return Array(String(text).utf8)
    }
}
