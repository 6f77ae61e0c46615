// HostParser.swift: URL Standard §3.5 "host parsing" and §3.6 "host serializing": domains (through
// domain to ASCII), every IPv4 numeric form, IPv6 with compression and embedded IPv4, opaque hosts.
// Parsers write the serialized host straight into the URL's output buffer.

import CByteScan

enum HostParser {
    /// The host parser (§3.5), appending the serialized host to `out`.
    /// `isOpaque` is true for non-special URLs.
    /// `readable` is how many bytes from `input`'s start may be read (the rest of the URL): the plain
    /// domain check reads sixteen at a time.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, isOpaque: Bool, readable: Int,
                      into out: inout URLWriter) throws(URLParseError) {
        // 1. If input starts with "[": it must end with "]"; return the IPv6 parse of what is inside.
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else { throw URLParseError(.ipv6Unclosed) }
            let address = try IPv6Address.parse(UnsafeBufferPointer(rebasing: input[1..<(input.count - 1)]))
            address.serialize(into: &out)
            return
        }
        // 2. If isOpaque, return the result of opaque-host parsing input.
        if isOpaque { return try parseOpaqueHost(input, into: &out) }
        // 3–4. domain = UTF-8 decode without BOM of the percent-decoding of input;
        //      asciiDomain = domain to ASCII, written straight into the output.
        let start = out.count
        // A plain domain (letters, digits, "-" and ".") needs no decoding, domain to ASCII only lower-cases
        // it, and it holds no forbidden domain code point: written at once, it goes on to step 6.
        if !writePlainDomain(input, readable: readable, into: &out) {
            if input.contains(UInt8(ascii: "%")) {
                let decoded = percentDecode(input)
                try decoded.withUnsafeBufferPointer { (bytes) throws(URLParseError) in
                    try DomainToASCII.write(bytes, into: &out)
                }
            } else {
                try DomainToASCII.write(input, into: &out)
            }
            // 5. If asciiDomain contains a forbidden domain code point, domain-invalid-code-point failure.
            for i in start..<out.count where isForbiddenDomainCodePoint(out[i]) {
                throw URLParseError(.domainInvalidCodePoint)
            }
        }
        // 6. If asciiDomain ends in a number, return the result of IPv4 parsing asciiDomain.
        let ascii = out.bytes(start..<out.count)
        if IPv4Address.endsInANumber(ascii) {
            let address = try IPv4Address.parse(ascii)
            out.truncate(to: start)
            address.serialize(into: &out)
        }
        // 7. Otherwise asciiDomain, already written.
    }

    /// Writes `input` lower-cased and returns true when it is at most 32 bytes, all ASCII letters, digits,
    /// "-" or "." (most hosts), and sixteen-byte blocks from its start stay within `readable`. Returns false,
    /// having written nothing, otherwise. Sixteen bytes per vector step (CByteScan).
    @inline(__always)
    static func writePlainDomain(_ input: UnsafeBufferPointer<UInt8>, readable: Int, into out: inout URLWriter) -> Bool {
        let n = input.count
        guard n > 0, n <= 32, let source = input.baseAddress else { return false }
        let blocks = n > 16 ? 2 : 1
        guard readable >= blocks * 16 else { return false }
        let target = out.spareCapacity(32)
        guard bs_lowercase_plain_domain(source, target, Int32(min(n, 16))) != 0 else { return false }
        if blocks == 2 && bs_lowercase_plain_domain(source + 16, target + 16, Int32(n - 16)) == 0 { return false }
        out.advance(by: n)
        return true
    }

    /// The opaque-host parser (§3.5): forbidden host code points fail; the rest is UTF-8
    /// percent-encoded with the C0 control percent-encode set.
    static func parseOpaqueHost(_ input: UnsafeBufferPointer<UInt8>, into out: inout URLWriter) throws(URLParseError) {
        for byte in input where isForbiddenHostCodePoint(byte) {
            throw URLParseError(.hostInvalidCodePoint)
        }
        for byte in input { out.appendPercentEncoded(byte, .c0Control) }
    }

    /// Forbidden host code point: U+0000, TAB, LF, CR, space, # / : < > ? @ [ \ ] ^ |.
    @inline(__always)
    static func isForbiddenHostCodePoint(_ b: UInt8) -> Bool {
        switch b {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
            return true
        default:
            return false
        }
    }

    /// Forbidden domain code point: a forbidden host code point, a C0 control, % or DELETE.
    @inline(__always)
    static func isForbiddenDomainCodePoint(_ b: UInt8) -> Bool {
        isForbiddenHostCodePoint(b) || b <= 0x1F || b == 0x25 || b == 0x7F
    }
}

/// An IPv4 address (§3.5 "IPv4 parser", §3.6 "IPv4 serializer").
struct IPv4Address {
    let value: UInt32

    /// The ends-in-a-number checker.
    static func endsInANumber(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        // A shortcut: a last label ending in a letter other than a–f or x is no number in any base.
        var last = input.count - 1
        if last > 0 && input[last] == UInt8(ascii: ".") { last -= 1 }
        if last >= 0 {
            let byte = input[last] | 0x20
            if byte >= UInt8(ascii: "g") && byte <= UInt8(ascii: "z") && byte != UInt8(ascii: "x") { return false }
        }
        // 1–2. Split on "."; if the last part is empty, drop it (unless it is the only part).
        var end = input.count
        if end > 0, input[end - 1] == UInt8(ascii: ".") {
            if end == 1 { return false }
            end -= 1
        }
        var start = end
        while start > 0, input[start - 1] != UInt8(ascii: ".") { start -= 1 }
        if start == end { return false }
        // 3–4. The last part is all ASCII digits, or it parses as an IPv4 number.
        var allDigits = true
        for i in start..<end where !(0x30...0x39).contains(input[i]) { allDigits = false; break }
        if allDigits { return true }
        return parseNumber(UnsafeBufferPointer(rebasing: input[start..<end])) != nil
    }

    /// The IPv4 number parser: decimal, 0x hexadecimal or 0 octal. Nil on failure; values past
    /// 2^32 saturate (they are out of range for every part anyway).
    static func parseNumber(_ part: UnsafeBufferPointer<UInt8>) -> UInt64? {
        if part.isEmpty { return nil }
        var digits = part[...]
        var radix: UInt64 = 10
        if digits.count >= 2, digits[digits.startIndex] == UInt8(ascii: "0"),
           digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.count >= 2, digits[digits.startIndex] == UInt8(ascii: "0") {
            radix = 8
            digits = digits.dropFirst(1)
        }
        if digits.isEmpty { return 0 }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch radix {
            case 16:
                guard let v = hexValue(byte) else { return nil }
                digit = UInt64(v)
            case 8:
                guard (0x30...0x37).contains(byte) else { return nil }
                digit = UInt64(byte - 0x30)
            default:
                guard (0x30...0x39).contains(byte) else { return nil }
                digit = UInt64(byte - 0x30)
            }
            value = min(value &* radix &+ digit, 1 << 40)
        }
        return value
    }

    /// The IPv4 parser, in one pass over the parts with no list of them (an IPv4 host is parsed in place).
    static func parse(_ input: UnsafeBufferPointer<UInt8>) throws(URLParseError) -> IPv4Address {
        // 1–2. The parts between "."; a trailing empty part is dropped (with a validation error).
        var end = input.count
        var parts = 1
        for byte in input where byte == UInt8(ascii: ".") { parts += 1 }
        if parts > 1, input[end - 1] == UInt8(ascii: ".") {
            parts -= 1
            end -= 1
        }
        // 3. More than four parts: failure.
        if parts > 4 { throw URLParseError(.ipv4TooManyParts) }
        // 4–5. Every part parses (a part that does not fails the parse before any range is checked); 6–8.
        // every part but the last fits a byte, the last fills the remaining bytes; 9–10. combined.
        var value: UInt64 = 0, outOfRange = false
        var start = 0
        for index in 0..<parts {
            var stop = start
            while stop < end && input[stop] != UInt8(ascii: ".") { stop += 1 }
            guard let n = parseNumber(UnsafeBufferPointer(rebasing: input[start..<stop])) else {
                throw URLParseError(.ipv4NonNumericPart)
            }
            if index < parts - 1 {
                if n > 255 { outOfRange = true } else { value += n << (8 * UInt64(3 - index)) }
            } else {
                if n >= UInt64(1) << (8 * UInt64(5 - parts)) { outOfRange = true } else { value += n }
            }
            start = stop + 1
        }
        if outOfRange { throw URLParseError(.ipv4OutOfRangePart) }
        return IPv4Address(value: UInt32(value))
    }

    /// The IPv4 serializer: dotted decimal.
    func serialize(into out: inout URLWriter) {
        for shift in stride(from: 24, through: 0, by: -8) {
            appendDecimal(Int((value >> UInt32(shift)) & 0xFF), to: &out)
            if shift != 0 { out.append(UInt8(ascii: ".")) }
        }
    }
}

/// An IPv6 address (§3.5 "IPv6 parser", §3.6 "IPv6 serializer").
struct IPv6Address {
    var pieces: [UInt16]

    /// The IPv6 parser, step by step.
    static func parse(_ input: UnsafeBufferPointer<UInt8>) throws(URLParseError) -> IPv6Address {
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int? = nil
        var pointer = 0
        func c(_ at: Int) -> Int { at < input.count ? Int(input[at]) : -1 }
        let colon = Int(UInt8(ascii: ":")), dot = Int(UInt8(ascii: "."))
        // 5. A leading ":" must be "::".
        if c(pointer) == colon {
            guard c(pointer + 1) == colon else { throw URLParseError(.ipv6InvalidCompression) }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        // 6. While c is not the EOF code point:
        while c(pointer) != -1 {
            // 6.1 Too many pieces.
            if pieceIndex == 8 { throw URLParseError(.ipv6TooManyPieces) }
            // 6.2 A compression.
            if c(pointer) == colon {
                if compress != nil { throw URLParseError(.ipv6MultipleCompression) }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            // 6.3–6.4 Up to four hex digits.
            var value = 0, length = 0
            while length < 4, c(pointer) >= 0, let digit = hexValue(UInt8(c(pointer))) {
                value = value * 0x10 + Int(digit)
                pointer += 1
                length += 1
            }
            // 6.5 An IPv4 address inside.
            if c(pointer) == dot {
                if length == 0 { throw URLParseError(.ipv4InIPv6InvalidCodePoint) }
                pointer -= length
                if pieceIndex > 6 { throw URLParseError(.ipv4InIPv6TooManyPieces) }
                var numbersSeen = 0
                while c(pointer) != -1 {
                    var ipv4Piece: Int? = nil
                    if numbersSeen > 0 {
                        if c(pointer) == dot && numbersSeen < 4 { pointer += 1 }
                        else { throw URLParseError(.ipv4InIPv6InvalidCodePoint) }
                    }
                    guard (0x30...0x39).contains(c(pointer)) else { throw URLParseError(.ipv4InIPv6InvalidCodePoint) }
                    while (0x30...0x39).contains(c(pointer)) {
                        let number = c(pointer) - 0x30
                        if let piece = ipv4Piece {
                            if piece == 0 { throw URLParseError(.ipv4InIPv6InvalidCodePoint) }
                            ipv4Piece = piece * 10 + number
                        } else {
                            ipv4Piece = number
                        }
                        if ipv4Piece! > 255 { throw URLParseError(.ipv4InIPv6OutOfRangePart) }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                if numbersSeen != 4 { throw URLParseError(.ipv4InIPv6TooFewParts) }
                break
            }
            // 6.6–6.7 A ":" must be followed by something; anything else is invalid.
            if c(pointer) == colon {
                pointer += 1
                if c(pointer) == -1 { throw URLParseError(.ipv6InvalidCodePoint) }
            } else if c(pointer) != -1 {
                throw URLParseError(.ipv6InvalidCodePoint)
            }
            // 6.8–6.9
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        // 7. Move the pieces after the compression to the end.
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0 && swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            // 8. Without compression there must be eight pieces.
            throw URLParseError(.ipv6TooFewPieces)
        }
        return IPv6Address(pieces: address)
    }

    /// The IPv6 serializer, in brackets: the first longest run of two or more zero pieces becomes "::".
    func serialize(into out: inout URLWriter) {
        var compress = -1, bestLength = 1
        var i = 0
        while i < 8 {
            if pieces[i] == 0 {
                var j = i
                while j < 8 && pieces[j] == 0 { j += 1 }
                if j - i > bestLength { compress = i; bestLength = j - i }
                i = j
            } else {
                i += 1
            }
        }
        out.append(UInt8(ascii: "["))
        var ignore0 = false
        for index in 0..<8 {
            if ignore0 && pieces[index] == 0 { continue }
            ignore0 = false
            if compress == index {
                out.append(index == 0 ? "::" : ":")
                ignore0 = true
                continue
            }
            appendLowerHex(pieces[index], to: &out)
            if index != 7 { out.append(UInt8(ascii: ":")) }
        }
        out.append(UInt8(ascii: "]"))
    }

    private func appendLowerHex(_ value: UInt16, to out: inout URLWriter) {
        var started = false
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8((value >> UInt16(shift)) & 0xF)
            if nibble != 0 || started || shift == 0 {
                started = true
                out.append(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
            }
        }
    }
}

/// Appends the decimal digits of a non-negative integer.
func appendDecimal(_ value: Int, to out: inout URLWriter) {
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(UInt8(0x30 + value % 10))
}
