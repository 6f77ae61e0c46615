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

@Suite struct PercentEncodingTests {
    /// JavaScript's encodeURIComponent on the same inputs (node -e 'console.log(encodeURIComponent(s))').
    @Test(arguments: [("a b&c=d/é!*'()~", "a%20b%26c%3Dd%2F%C3%A9!*'()~"), ("[\"tok\"]", "%5B%22tok%22%5D"), ("…(9)", "%E2%80%A6(9)"),
                      ("#?%+,;:@$", "%23%3F%25%2B%2C%3B%3A%40%24"), ("\u{0}\u{7F}", "%00%7F")])
    func componentIsEncodeURIComponent(_ example: (String, String)) {
        #expect(PercentEncoding.encodeComponent(example.0) == example.1)
    }

    @Test(arguments: [("Fixtures/pages/a b.html", "Fixtures/pages/a%20b.html"), ("/x/[1]|é.html", "/x/%5B1%5D%7C%C3%A9.html"),
                      ("c:/a;b=c@d", "c:/a;b=c@d")])
    func rfc3986Path(_ example: (String, String)) {
        #expect(PercentEncoding.encodeRFC3986Path(example.0) == example.1)
    }
}
