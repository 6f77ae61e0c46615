// DomainToASCII.swift: URL Standard §3.3 "domain to ASCII" with beStrict = false.
// ASCII domains take the spec's own shortcut (ASCII lowercase); domains of ASCII and Latin letters take
// LatinDomain, the exact equivalent of UTS #46 for them. Everything else goes to UTS #46 ToASCII: through
// system ICU (the CIDNA shim) where it exists (Linux); on Apple platforms, where ICU's headers are not
// public, through `FallbackIDNA` (Punycode.swift). The tests run the conformance suites through the
// fallback on Linux too, with `$useFallback`.

#if canImport(CIDNA)
import CIDNA
#endif

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
            // Latin letters (bücher.example): the same result as UTS #46, without ICU (LatinDomain.swift).
            if LatinDomain.write(domain, into: &out) { return }
            let ascii = try uts46ToASCII(UTS46Revisions.apply(Array(domain)))
            ascii.withUnsafeBufferPointer { out.append(contentsOf: $0) }
        }
        // 3. An empty result is a failure.
        if out.count == start { throw URLParseError(.domainToASCII, detail: "the domain is empty") }
    }

    /// Tests only: true sends every non-ASCII domain through the fallback an Apple build uses.
    @TaskLocal static var useFallback = false

    /// UTS #46 ToASCII with the URL Standard's options.
    static func uts46ToASCII(_ domain: [UInt8]) throws(URLParseError) -> [UInt8] {
        #if canImport(CIDNA)
        if useFallback { return try FallbackIDNA.toASCII(domain) }
        var capacity = max(64, domain.count * 4 + 16)
        while true {
            var errors: UInt32 = 0
            var output = [UInt8](repeating: 0, count: capacity)
            let length = domain.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    input.withMemoryRebound(to: CChar.self) { inChars in
                        out.withMemoryRebound(to: CChar.self) { outChars in
                            cidna_domain_to_ascii(inChars.baseAddress, Int32(inChars.count),
                                                  outChars.baseAddress, Int32(outChars.count), &errors)
                        }
                    }
                }
            }
            if length < 0 { throw URLParseError(.domainToASCII, detail: "ICU could not process the domain") }
            if Int(length) > capacity { capacity = Int(length); continue }
            if errors != 0 {
                throw URLParseError(.domainToASCII, detail: String(cString: cidna_error_description(errors)))
            }
            output.removeSubrange(Int(length)...)
            return output
        }
        #else
        return try FallbackIDNA.toASCII(domain)
        #endif
    }
}
