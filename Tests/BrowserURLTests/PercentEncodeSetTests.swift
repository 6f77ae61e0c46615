// PercentEncodeSetTests.swift: the literal masks in PercentEncoding.swift are the URL Standard's sets,
// rebuilt here from the spec's wording, and the byte-class table agrees with them.
@testable import BrowserURL
import Testing

@Suite("Percent-encode sets")
struct PercentEncodeSetTests {
    static let c0Built: PercentEncodeSet = {
        var set = PercentEncodeSet(low: 0, high: 0)
        for b in 0..<0x20 { set = set.adding(String(UnicodeScalar(UInt8(b)))) }
        return set.adding("\u{7F}")
    }()

    @Test("each literal set equals its definition")
    func literals() {
        let fragment = Self.c0Built.adding(" \"<>`")
        let query = Self.c0Built.adding(" \"#<>")
        let specialQuery = query.adding("'")
        let path = query.adding("?^`{}")
        let userinfo = path.adding("/:;=@[\\]^|")
        let component = userinfo.adding("$%&+,")
        let form = component.adding("!'()~")
        let pairs: [(PercentEncodeSet, PercentEncodeSet, String)] = [
            (.c0Control, Self.c0Built, "C0 control"), (.fragment, fragment, "fragment"), (.query, query, "query"),
            (.specialQuery, specialQuery, "special-query"), (.path, path, "path"), (.userinfo, userinfo, "userinfo"),
            (.component, component, "component"), (.formURLEncoded, form, "form"),
        ]
        for (literal, built, name) in pairs {
            #expect(literal.low == built.low && literal.high == built.high, "\(name) set")
        }
    }

    @Test("bytes above 0x7E are in every set; letters and digits in none")
    func edges() {
        for set in [PercentEncodeSet.c0Control, .fragment, .query, .path, .userinfo, .component, .formURLEncoded] {
            #expect(set.contains(0x7F) && set.contains(0x80) && set.contains(0xFF))
            #expect(!set.contains(UInt8(ascii: "a")) && !set.contains(UInt8(ascii: "Z")) && !set.contains(UInt8(ascii: "5")))
        }
    }

    @Test("the byte-class table agrees with the sets for all 256 bytes")
    func table() {
        for byte in 0..<256 {
            let b = UInt8(byte)
            let classes = ByteClass(rawValue: ByteClasses.table[byte])
            #expect(classes.contains(.c0Control) == PercentEncodeSet.c0Control.contains(b))
            #expect(classes.contains(.fragment) == PercentEncodeSet.fragment.contains(b))
            #expect(classes.contains(.query) == PercentEncodeSet.query.contains(b))
            #expect(classes.contains(.specialQuery) == PercentEncodeSet.specialQuery.contains(b))
            #expect(classes.contains(.path) == PercentEncodeSet.path.contains(b))
            #expect(classes.contains(.hashSign) == (b == UInt8(ascii: "#")))
        }
    }
}
