// Punycode.swift: RFC 3492 Punycode and a UTS #46 approximation for platforms without public ICU
// headers (Apple's SDKs). Written by hand because no library without Foundation offers it (BrowserURL
// imports no Foundation on any platform). Linux builds use ICU's full UTS #46; the fallback is compiled
// on every platform, and the WPT suites run against it too (DomainToASCII.$useFallback in the tests,
// with its known differences listed in Fixtures/conformance/fallback-idna-known-differences.json).
//
// The fallback maps full-width ASCII to ASCII, lower-cases through the Unicode case mapping, drops
// default-ignorable characters (keeping ZWJ and ZWNJ, as non-transitional processing does), composes with NFC (the standard library's own normalizer) and
// Punycode-encodes non-ASCII labels. A compatibility character it cannot map (a ligature, a superscript,
// a circled letter: anything that still changes under NFKC_Casefold) fails the domain rather than giving
// a host that differs from a browser's: fail closed. It does not check Bidi or CONTEXTJ rules.

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
        var output: [UInt8] = []
        let encoded = input.withUnsafeBufferPointer { encode($0) { output.append($0) } }
        return encoded ? output : nil
    }

    /// Encodes one label's code points (RFC 3492 §6.3), handing each output byte to `emit`, with no
    /// allocation. False on overflow (the bytes emitted so far are then meaningless).
    @inline(__always)
    static func encode(_ input: UnsafeBufferPointer<UInt32>, emit: (UInt8) -> Void) -> Bool {
        var basicCount = 0
        for cp in input where cp < 0x80 {
            emit(UInt8(cp))
            basicCount += 1
        }
        var handled = basicCount
        if basicCount > 0 { emit(UInt8(ascii: "-")) }
        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            // The smallest code point not yet handled.
            var m = Int.max
            for cp in input where Int(cp) >= n && Int(cp) < m { m = Int(cp) }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            if overflow { return false }
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
                        emit(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    emit(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return true
    }
}

enum FallbackIDNA {
    static let ignorable: Set<UInt32> = [0x00AD, 0x200B, 0x2060, 0xFEFF, 0x034F, 0x180B, 0x180C, 0x180D, 0x180F]
    static let separators: Set<UInt32> = [0x2E, 0x3002, 0xFF0E, 0xFF61]

    static func toASCII(_ domain: [UInt8]) throws(URLParseError) -> [UInt8] {
        // Map: full-width ASCII → ASCII, case → lower case, ignorables → nothing.
        var mapped = ""
        for scalar in String(decoding: domain, as: UTF8.self).unicodeScalars {
            let v = scalar.value
            if ignorable.contains(v) { continue }
            if separators.contains(v) { mapped.unicodeScalars.append("."); continue }
            if (0xFF01...0xFF5E).contains(v), let ascii = Unicode.Scalar(v - 0xFEE0) {
                mapped += String(ascii).lowercased()
                continue
            }
            if v == 0xFFFD { throw URLParseError(.domainToASCII, detail: "invalid UTF-8 in the domain") }
            let lowered = scalar.properties.lowercaseMapping
            // ß and ς are UTS #46 deviations: kept as they are (non-transitional processing).
            for mappedScalar in lowered.unicodeScalars where mappedScalar.properties.changesWhenNFKCCaseFolded
                && mappedScalar.value != 0xDF && mappedScalar.value != 0x3C2 {
                throw URLParseError(.domainToASCII, detail: "U+\(String(mappedScalar.value, radix: 16, uppercase: true)) needs a compatibility mapping this fallback does not have")
            }
            mapped += lowered
        }
        // Compose (NFC), then encode label by label.
        let composed = String(decoding: mapped._nfcCodeUnits, as: UTF8.self)
        var result: [UInt8] = []
        var label: [UInt32] = []
        func flush() throws(URLParseError) {
            if label.contains(where: { $0 >= 0x80 }) {
                guard let encoded = Punycode.encode(label) else { throw URLParseError(.domainToASCII) }
                result.append(contentsOf: Array("xn--".utf8) + encoded)
            } else {
                result.append(contentsOf: label.map { UInt8($0) })
            }
            label.removeAll()
        }
        for scalar in composed.unicodeScalars {
            if scalar == "." {
                try flush()
                result.append(UInt8(ascii: "."))
            } else {
                label.append(scalar.value)
            }
        }
        try flush()
        return result
    }
}
