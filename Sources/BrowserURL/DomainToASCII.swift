// DomainToASCII.swift: URL Standard §3.3 "domain to ASCII" with beStrict = false.
// ASCII domains take the spec's own shortcut (ASCII lowercase); domains of ASCII and Latin letters take
// LatinDomain, the exact equivalent of UTS #46 for them and cheaper; everything else goes to UTS #46
// ToASCII (UTS46.swift), the same code and tables on every platform.

enum DomainToASCII {
    /// Domain to ASCII of `domain` (UTF-8), appended to `out`.
    static func write(_ domain: UnsafeBufferPointer<UInt8>, into out: inout URLWriter) throws(URLParseError) {
        let start = out.count
        // 1. With beStrict false and an ASCII domain, the result is the domain lower-cased: UTS #46 would
        //    only record validation errors (whatwg/url#914; the WPT revision in Fixtures expects it:
        //    "xn--a" and "xn--ls8h=" parse).
        var isASCII = true
        for byte in domain {
            if byte >= 0x80 { isASCII = false; break }
            out.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        }
        if !isASCII {
            out.truncate(to: start)
            // Latin letters (bücher.example): the same result as UTS #46, with less work (LatinDomain.swift).
            if LatinDomain.write(domain, into: &out) { return }
            do {
                let ascii = try UTS46.toASCII(domain)
                ascii.withUnsafeBufferPointer { out.append(contentsOf: $0) }
            } catch {
                throw URLParseError(.domainToASCII, detail: .domain(error))
            }
        }
        // 3. An empty result is a failure.
        if out.count == start { throw URLParseError(.domainToASCII, detail: .domain(.empty)) }
    }
}
