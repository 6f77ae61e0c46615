// Punycode.swift: RFC 3492 Punycode, both ways, for UTS #46 (UTS46.swift): encoding a label's code points
// for ToASCII, decoding an "xn--" label so that its Unicode form can be validated. Written by hand because
// no library without Foundation offers it (BrowserURL imports nothing on any platform).

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

    private static func digitValue(_ cp: UInt32) -> Int? {
        switch cp {
        case 0x61...0x7A: return Int(cp - 0x61)
        case 0x41...0x5A: return Int(cp - 0x41)
        case 0x30...0x39: return Int(cp - 0x30) + 26
        default: return nil
        }
    }

    /// Decodes one label's Punycode (RFC 3492 §6.2; the text after "xn--"). Nil when it is not Punycode:
    /// a non-basic code point, a character that is not a digit, an overflow, or a result that is not a
    /// Unicode scalar value.
    static func decode(_ input: ArraySlice<UInt32>) -> [UInt32]? {
        var output: [UInt32] = []
        // The basic code points: everything before the last delimiter.
        let delimiter = input.lastIndex(of: 0x2D)
        if let delimiter {
            for cp in input[input.startIndex..<delimiter] {
                guard cp < 0x80 else { return nil }
                output.append(cp)
            }
        }
        var position = delimiter.map { $0 > input.startIndex ? $0 + 1 : input.startIndex } ?? input.startIndex
        var n = initialN, i = 0, bias = initialBias
        let limit = Int(Int32.max)
        while position < input.endIndex {
            let oldI = i
            var w = 1, k = base
            while true {
                guard position < input.endIndex, let digit = digitValue(input[position]) else { return nil }
                position += 1
                guard digit <= (limit - i) / w else { return nil }
                i += digit * w
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                guard w <= limit / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, oldI == 0)
            guard i / count <= limit - n else { return nil }
            n += i / count
            i %= count
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return output
    }
}

