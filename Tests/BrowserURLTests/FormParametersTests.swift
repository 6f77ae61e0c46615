// FormParametersTests.swift: FormParameters keeps byte spans and decodes on access; these tests hold it to
// a plain reference (split, decode everything, compare Strings) on shapes that touch every branch of the
// scan: encoded names, "=" in values, empty sequences, "+", bad escapes, non-ASCII, and the query and
// fragment read as one list.
@testable import BrowserURL
import Testing

@Suite struct FormParametersTests {
    /// The reference: the URL Standard's steps with a String per name and value.
    static func reference(_ text: String) -> [FormParameter] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { sequence in
            let equals = sequence.firstIndex(of: "=")
            let name = sequence[..<(equals ?? sequence.endIndex)]
            let value = equals.map { sequence[sequence.index(after: $0)...] } ?? ""
            return FormParameter(name: FormParameters.decodeComponent(name), value: FormParameters.decodeComponent(value))
        }
    }

    static let shapes = [
        "", "&", "&&", "=", "a", "a=", "=v", "a=1&b=2", "a=1&&a=2", "st%61te=s&state=t", "a+b=c+d", "a%2Bb=%2B",
        "f=a=b", "%=%", "%4=%G0", "name=%C3%A9&%C3%A9=x", "e=%FF", "q=a b", "x=é&é=x", "code=1&code=1",
        "code=1&co%64e=2", "access_token=a.b.c&id_token=d.e.f&state=s&token_type=Bearer", "state&state",
        "a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&j=10", "%26=%3D&%3D=%26",
    ]

    @Test(arguments: shapes)
    func agreesWithTheReference(_ text: String) {
        let parameters = FormParameters(parsing: text)
        let expected = Self.reference(text)
        #expect(parameters.pairs == expected, "\(text)")
        #expect(Array(parameters) == expected, "\(text)")
        #expect(parameters == FormParameters(pairs: expected), "\(text)")
        #expect(parameters.hashValue == FormParameters(pairs: expected).hashValue, "\(text)")
        let names = Set(expected.map(\.name)).union(["state", "code", "", "é", "missing"])
        for name in names {
            #expect(parameters.first(name) == expected.first { $0.name == name }?.value, "\(text) \(name)")
            #expect(parameters.all(name) == expected.filter { $0.name == name }.map(\.value), "\(text) \(name)")
            #expect(parameters.contains(name) == expected.contains { $0.name == name }, "\(text) \(name)")
            #expect(parameters.count(of: name) == expected.filter { $0.name == name }.count, "\(text) \(name)")
        }
    }

    /// One pass over the pairs offers each pair whose decoded name is a key, in order, with the key's index;
    /// `value(at:)` is that pair's decoded value.
    @Test(arguments: shapes)
    func forEachPairNamedAgreesWithTheReference(_ text: String) {
        let keys = ["state", "code", "é", "a", "", "a b", "&"]
        let expected = Self.reference(text).enumerated().compactMap { position, pair in
            keys.firstIndex(of: pair.name).map { ($0, position, pair.value) }
        }
        let parameters = FormParameters(parsing: text)
        var seen: [(Int, Int, String)] = []
        parameters.forEachPair(named: ComponentKeys(keys)) { seen.append(($0, $1, parameters.value(at: $1))) }
        #expect(seen.map(\.0) == expected.map(\.0) && seen.map(\.1) == expected.map(\.1) && seen.map(\.2) == expected.map(\.2), "\(text)")
    }

    /// `value(at:equals:)` (a state compared with the one sent, on bytes unless the value is encoded) says
    /// what comparing the decoded value says, for the value itself, its neighbours and its decodings.
    @Test(arguments: shapes)
    func valueEqualsAgreesWithTheDecodedValue(_ text: String) {
        let parameters = FormParameters(parsing: text)
        for position in parameters.indices {
            let value = parameters.value(at: position)
            var candidates = ["", "a", "a b", "s", "é", value, value + "x", String(value.dropLast()), "x" + value]
            candidates.append(String(Self.reference(text)[position].value.reversed()))
            for candidate in candidates {
                #expect(parameters.value(at: position, equals: candidate) == (value == candidate), "\(text) [\(position)] \(candidate)")
            }
        }
    }

    /// Long and generated texts (up to 160 bytes: across the scan's 64-byte blocks): the scan masks "%&+="
    /// eight bytes at a time, so specials are put at every offset within and across those words, and the
    /// word test and the block mask are checked byte by byte.
    @Test func generatedTextsAgreeWithTheReference() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        let alphabet = Array("abcXYZ0189-._~=&%+é".utf8)
        for _ in 0..<2000 {
            let length = next(160)
            let text = String(decoding: (0..<length).map { _ in alphabet[next(alphabet.count)] }, as: UTF8.self)
            let parameters = FormParameters(parsing: text)
            #expect(parameters.pairs == Self.reference(text), "\(text)")
        }
        for offset in 0..<24 {
            for special in ["=", "&", "%41", "+"] {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 23 - offset) + "&code=" + String(repeating: "c", count: 40)
                #expect(FormParameters(parsing: text).pairs == Self.reference(text), "\(text)")
            }
        }
        // The mask, byte by byte: every byte value at every position of eight, beside other specials and
        // zero bytes, both alone (the byte-at-a-time path of a buffer under sixteen) and as the last eight
        // of a longer buffer (the vector compare of the sixteen bytes ending there).
        let specials: Set<UInt8> = [0x25, 0x26, 0x2B, 0x3D]
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                for other in [nil, 0x00, 0x3D, 0x26, 0x01, 0xFF] as [UInt8?] {
                    var bytes = [UInt8](repeating: 0x61, count: 8)
                    if let other { for k in 0..<8 where k != position { bytes[k] = k % 2 == 0 ? other : 0x61 } }
                    bytes[position] = byte
                    let expected = bytes.indices.reduce(UInt64(0)) { $0 | (specials.contains(bytes[$1]) ? 1 << UInt64($1) : 0) }
                    #expect(bytes.withUnsafeBytes { FormParameters.formSpecials($0.baseAddress!, from: 0, to: 8) } == expected, "\(bytes)")
                    let longer = [UInt8](repeating: 0x26, count: 16) + bytes
                    #expect(longer.withUnsafeBytes { FormParameters.formSpecials($0.baseAddress!, from: 16, to: 24) } == expected, "\(bytes)")
                }
            }
        }
        // The block mask at every start and end within and around 64 bytes, in buffers shorter than sixteen too.
        let text = Array("a=1&%41+b=c&d".utf8) + Array(repeating: UInt8(ascii: "x"), count: 60) + Array("&e=f%20g+h".utf8)
        for count in [3, 7, 8, 15, 16, 17, text.count] {
            let buffer = Array(text.prefix(count))
            buffer.withUnsafeBytes { raw in
                for from in 0..<buffer.count {
                    for to in from...min(buffer.count, from + 64) {
                        let expected = (from..<to).reduce(UInt64(0)) { $0 | (specials.contains(buffer[$1]) ? 1 << UInt64($1 - from) : 0) }
                        #expect(FormParameters.formSpecials(raw.baseAddress!, from: from, to: to) == expected, "\(count) \(from)..<\(to)")
                    }
                }
            }
        }
    }

    @Test(arguments: shapes)
    func firstRepeatedNameAgreesWithTheReference(_ text: String) {
        let candidates = ["code", "state", "access_token", "a", "é", ""]
        let pairs = Self.reference(text)
        var expected: String? = nil
        for (i, pair) in pairs.enumerated() where candidates.contains(pair.name) && pairs[..<i].contains(where: { $0.name == pair.name }) {
            expected = pair.name
            break
        }
        #expect(FormParameters(parsing: text).firstRepeatedName(among: candidates) == expected, "\(text)")
        #expect(FormParameters(pairs: pairs).firstRepeatedName(among: candidates) == expected, "\(text)")
    }

    /// Pairs given decoded are serialized and read back: every String must come back exactly, code unit
    /// for code unit (an "é" precomposed and one decomposed stay different).
    @Test func givenPairsComeBackExactly() {
        let awkward = ["", "a=b", "a&b", "100%", "%41", "a+b", "a b", " ", "é", "e\u{301}", "🔑", "\u{0}", "?#", "state"]
        let pairs = awkward.flatMap { name in awkward.map { FormParameter(name: name, value: $0) } }
        let parameters = FormParameters(pairs: pairs)
        #expect(parameters.count == pairs.count)
        for (given, read) in zip(pairs, parameters) {
            #expect(Array(given.name.utf8) == Array(read.name.utf8) && Array(given.value.utf8) == Array(read.value.utf8), "\(given)")
        }
        #expect(FormParameters(pairs: []).isEmpty && FormParameters(pairs: []) == FormParameters(parsing: ""))
    }

    @Test func anEncodedNameIsTheDecodedName() {
        let parameters = FormParameters(parsing: "st%61te=1&co%64e=x&code=y")
        #expect(parameters.first("state") == "1")
        #expect(parameters.firstRepeatedName(among: ["code"]) == "code")
        #expect(parameters.count(of: "code") == 2)
    }

    @Test func aSliceReadsOnlyItsOwnBytes() {
        let text = "x=0&a=1&b=2#c=3"
        let start = text.index(text.startIndex, offsetBy: 4), end = text.firstIndex(of: "#")!
        let parameters = FormParameters(parsing: text[start..<end])
        #expect(parameters.map(\.name) == ["a", "b"])
        #expect(!parameters.contains("x") && !parameters.contains("c"))
    }

    @Test func queryAndFragmentReadAsOneList() throws {
        let url = try BrowserURL.parse("https://h.example/cb?code=q&state=s#code=f&token_type=Bearer").get()
        let both = url.queryAndFragmentParameters
        #expect(both.map(\.name) == ["code", "state", "code", "token_type"])
        #expect(both.all("code") == ["q", "f"])
        #expect(both == FormParameters(pairs: url.queryParameters.pairs + url.fragmentParameters.pairs))
        #expect(try BrowserURL.parse("https://h.example/cb").get().queryAndFragmentParameters.isEmpty)
        #expect(try BrowserURL.parse("https://h.example/cb?#").get().queryAndFragmentParameters.isEmpty)
        #expect(try BrowserURL.parse("https://h.example/cb#a=1").get().queryAndFragmentParameters.map(\.value) == ["1"])
    }

    /// The path read in place as pairs is what parsing the pathname String gives.
    @Test(arguments: ["janrain:accessToken=T0k", "janrain:accessToken=", "janrain:accessToken=a%20b+c&x=1", "janrain:",
                      "janrain:eventsAvailable?123", "myapp:a=1&a=2#f=3", "https://h/a=1/b?c=2", "about:blank", "x:%61ccessToken=1"])
    func pathParametersAreThePathnameParsed(_ text: String) throws {
        let url = try BrowserURL.parse(text).get()
        #expect(url.pathParameters == FormParameters(parsing: url.pathname), "\(text)")
        #expect(url.pathParameters.pairs == FormParameters(parsing: url.pathname).pairs, "\(text)")
    }
}
