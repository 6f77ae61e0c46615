// Punycode.swift: RFC 3492 Punycode and a UTS #46 approximation for platforms without public ICU
// headers (Apple's SDKs). Written by hand because no Foundation-only library offers it; Linux builds
// use ICU's full UTS #46 instead and the WPT suites measure that path. The fallback maps with NFKC
// and lower-casing (what UTS #46's mapping table mostly encodes), drops default-ignorable joiners,
// and Punycode-encodes non-ASCII labels; it does not check Bidi or CONTEXTJ rules.

#if canImport(Foundation) && !canImport(CIDNA)
import Foundation
#endif

enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    private static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / numPoints
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ d: Int) -> UInt8 {
        UInt8(d < 26 ? 0x61 + d : 0x30 + d - 26)
    }

    /// Encodes one label's code points (RFC 3492 §6.3). Nil on overflow.
    static func encode(_ input: [UInt32]) -> [UInt8]? {
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            guard let m = input.lazy.map({ Int($0) }).filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            if overflow { return nil }
            delta += product
            n = m
            for cp in input {
                let c = Int(cp)
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}

#if !canImport(CIDNA)
enum FallbackIDNA {
    static func toASCII(_ domain: [UInt8]) throws(URLParseError) -> [UInt8] {
        var text = String(decoding: domain, as: UTF8.self)
        #if canImport(Foundation)
        text = text.precomposedStringWithCompatibilityMapping.lowercased()
        #else
        text = text.lowercased()
        #endif
        let ignorable: Set<UInt32> = [0x00AD, 0x200B, 0x2060, 0xFEFF, 0x200C, 0x200D]
        var result: [UInt8] = []
        let separators: Set<UInt32> = [0x2E, 0x3002, 0xFF0E, 0xFF61]
        var label: [UInt32] = []
        func flush() throws(URLParseError) {
            if label.contains(where: { $0 >= 0x80 }) {
                if label.contains(0xFFFD) { throw URLParseError(.domainToASCII, detail: "invalid UTF-8 in the domain") }
                guard let encoded = Punycode.encode(label) else { throw URLParseError(.domainToASCII) }
                result.append(contentsOf: Array("xn--".utf8) + encoded)
            } else {
                result.append(contentsOf: label.map { UInt8($0) })
            }
            label.removeAll()
        }
        for scalar in text.unicodeScalars {
            if separators.contains(scalar.value) {
                try flush()
                result.append(UInt8(ascii: "."))
            } else if !ignorable.contains(scalar.value) {
                label.append(scalar.value)
            }
        }
        try flush()
        return result
    }
}
#endif
