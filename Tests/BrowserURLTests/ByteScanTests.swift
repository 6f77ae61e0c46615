// ByteScanTests.swift: the sixteen-byte scans (CByteScan) against their definitions, on every byte value
// at every position of a block, beside bytes of every other kind; the plain-domain lower-casing on every
// byte and length; the byte-by-byte versions (what a target with no vector unit runs) the same way. A scan
// may name more bytes than its definition (a superset, which the parser checks with its exact table), never
// fewer: each test states which.
import CByteScan
import Testing
@testable import BrowserURL

@Suite("Sixteen-byte scans")
struct ByteScanTests {
    typealias Scan = (UnsafePointer<UInt8>) -> UInt32

    /// Each scan, with the bytes it must name exactly: the vector version and the byte-by-byte one a target
    /// with no vector unit runs, against the same definition.
    static var scans: [(name: String, scan: Scan, names: (UInt8) -> Bool)] {
        func outsideOr(_ list: String) -> (UInt8) -> Bool { { outsidePrintable($0) || list.utf8.contains($0) } }
        let definitions: [(String, vector: Scan, scalar: Scan, names: (UInt8) -> Bool)] = [
            ("tab or newline", { bs_tab_or_newline($0) }, { bs_scalar_tab_or_newline($0) }, { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
            ("path stops", { bs_path_stops($0) }, { bs_scalar_path_stops($0) }, outsideOr("\"#<>?^`{}/\\")),
            ("query stops", { bs_query_stops($0) }, { bs_scalar_query_stops($0) }, outsideOr("\"#<>'")),
            ("fragment stops", { bs_fragment_stops($0) }, { bs_scalar_fragment_stops($0) }, outsideOr("\"<>`")),
            ("opaque path stops", { bs_opaque_path_stops($0) }, { bs_scalar_opaque_path_stops($0) }, outsideOr("#/?")),
            ("authority delimiters", { bs_authority_delimiters($0) }, { bs_scalar_authority_delimiters($0) }, { "/?#\\@:[]".utf8.contains($0) }),
            ("form specials", { bs_form_specials($0) }, { bs_scalar_form_specials($0) }, { "%&+=".utf8.contains($0) }),
            ("JSON string stops", { bs_json_string_stops($0) }, { bs_scalar_json_string_stops($0) }, outsideOr("\"\\")),
        ]
        return definitions.flatMap { [($0.0, $0.vector, $0.names), ("scalar \($0.0)", $0.scalar, $0.names)] }
    }

    static func outsidePrintable(_ b: UInt8) -> Bool { b < 0x21 || b > 0x7E }

    @Test("each scan names exactly its bytes, at every position, beside every other byte")
    func scansMatchTheirDefinitions() {
        var checked = 0
        for (name, scan, names) in Self.scans {
            for byte in 0...255 {
                for position in 0..<16 {
                    for filler: UInt8 in [0x61, 0x00, 0x2F, 0xFF, UInt8(byte)] {
                        var block = [UInt8](repeating: filler, count: 16)
                        block[position] = UInt8(byte)
                        let expected = block.enumerated().reduce(UInt32(0)) { $0 | (names($1.element) ? 1 << UInt32($1.offset) : 0) }
                        let mask = block.withUnsafeBufferPointer { scan($0.baseAddress!) }
                        if mask != expected {
                            Issue.record("\(name): byte \(byte) at \(position) among \(filler): mask \(mask), expected \(expected)")
                            return
                        }
                        checked += 1
                    }
                }
            }
        }
        print("byte scans: \(checked) blocks, every one as defined")
    }

    @Test("each scan names a superset of the bytes its copy stops at (its percent-encode set and terminators)")
    func scansCoverTheSets() {
        let covered: [(String, (UnsafePointer<UInt8>) -> UInt32, PercentEncodeSet, String)] = [
            ("path", { bs_path_stops($0) }, .path, "/?#\\"),
            ("special query", { bs_query_stops($0) }, .specialQuery, "#"),
            ("query", { bs_query_stops($0) }, .query, "#"),
            ("fragment", { bs_fragment_stops($0) }, .fragment, ""),
            ("opaque path", { bs_opaque_path_stops($0) }, .c0Control, " #/?"),
        ]
        for (name, scan, set, terminators) in covered {
            for byte in 0...255 where set.contains(UInt8(byte)) || terminators.utf8.contains(UInt8(byte)) {
                var block = [UInt8](repeating: 0x61, count: 16)
                block[7] = UInt8(byte)
                let mask = block.withUnsafeBufferPointer { scan($0.baseAddress!) }
                #expect(mask == 1 << 7, "\(name) scan misses byte \(byte)")
            }
        }
    }

    @Test("the plain-domain check lower-cases letters and accepts only letters, digits, - and . within its count")
    func plainDomain() {
        for byte in 0...255 {
            let b = UInt8(byte)
            let plain = (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == 0x2D || b == 0x2E
            let lowered = (0x41...0x5A).contains(b) ? b | 0x20 : b
            for position in 0..<16 {
                for count in [position, position + 1, 16] {
                    var block = [UInt8](repeating: UInt8(ascii: "A"), count: 16)
                    block[position] = b
                    for check in [bs_lowercase_plain_domain, bs_scalar_lowercase_plain_domain] {
                        var out = [UInt8](repeating: 0, count: 16)
                        let result = block.withUnsafeBufferPointer { source in
                            out.withUnsafeMutableBufferPointer { check(source.baseAddress!, $0.baseAddress!, Int32(count)) }
                        }
                        // Only the first `count` bytes decide; every byte is written lower-cased when a letter.
                        #expect((result != 0) == (position >= count || plain), "byte \(byte) at \(position), count \(count)")
                        #expect(out[position] == lowered && out[(position + 1) % 16] == UInt8(ascii: "a"))
                    }
                }
            }
        }
    }

    @Test("hosts of every length up to 40 near the end of the input parse as the byte-by-byte path does")
    func plainHostsAtEveryLengthAndEnd() throws {
        for length in 1...40 {
            let host = String((0..<length).map { i in i % 7 == 3 ? "." : (i % 5 == 0 ? "X" : "b") })
            for tail in ["", "/", "/p", "/0123456789abcdef0123456789abcdef", ":8443/x"] {
                let url = try BrowserURL.parse("https://\(host)\(tail)").get()
                let expectedHost = host.lowercased()
                #expect(url.hostname == expectedHost, "\(host)\(tail)")
            }
        }
        // Not plain: percent-encoded, non-ASCII, forbidden, IPv4-looking.
        #expect(try BrowserURL.parse("https://EX%41MPLE.com/0123456789abcdef").get().hostname == "example.com")
        #expect(try BrowserURL.parse("https://0x7F.1/0123456789abcdef").get().hostname == "127.0.0.1")
        for failing in ["https://a.b.c.1/0123456789abcdef", "https://a<b.example/0123456789abcdef"] {
            guard case .failure = BrowserURL.parse(failing) else { Issue.record("\(failing) parsed"); continue }
        }
    }

    /// The Swift side of each scan, with its definition: what `ByteScan.candidates` must name.
    static var byteScans: [(name: String, candidates: (UnsafePointer<UInt8>, Int, Int) -> UInt32, names: (UInt8) -> Bool)] {
        let byName = Dictionary(uniqueKeysWithValues: scans.map { ($0.name, $0.names) })
        return [
            ("tab or newline", TabOrNewline.candidates, byName["tab or newline"]!),
            ("path stops", PathStops.candidates, byName["path stops"]!),
            ("query stops", QueryStops.candidates, byName["query stops"]!),
            ("fragment stops", FragmentStops.candidates, byName["fragment stops"]!),
            ("opaque path stops", OpaquePathStops.candidates, byName["opaque path stops"]!),
            ("authority delimiters", AuthorityDelimiters.candidates, byName["authority delimiters"]!),
            ("form specials", FormSpecials.candidates, byName["form specials"]!),
        ]
    }

    /// `candidates` from every start of inputs of 1 to 40 bytes (in memory of exactly that size): a whole block
    /// while sixteen bytes remain, the shifted last sixteen after, a padded copy under sixteen in all. Each
    /// names exactly its bytes among the next sixteen, and none at or past the end.
    @Test("a scan's candidates from every start up to the end of inputs of every length to 40")
    func candidatesUpToTheEnd() {
        let pattern: [UInt8] = [0x61, 0x25, 0x2F, 0x09, 0x00, 0xFF, 0x3F, 0x23, 0x40, 0x3A, 0x5B, 0x26, 0x3D, 0x2B, 0x20,
                                0x22, 0x7F, 0x60, 0x0D, 0x5C, 0x5D, 0x3C, 0x27, 0x7B, 0x0A, 0x62, 0x80]
        var checked = 0
        for (name, candidates, names) in Self.byteScans {
            for n in 1...40 {
                for rotation in 0..<pattern.count {
                    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
                    defer { bytes.deallocate() }
                    for i in 0..<n { bytes[i] = pattern[(i + rotation) % pattern.count] }
                    for q in 0..<n {
                        var expected: UInt32 = 0
                        for k in 0..<Swift.min(16, n - q) where names(bytes[q + k]) { expected |= 1 << UInt32(k) }
                        #expect(candidates(bytes, q, n) == expected, "\(name): \(n) bytes from \(q), rotation \(rotation)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 7 * 27 * (40 * 41 / 2))
    }
}
