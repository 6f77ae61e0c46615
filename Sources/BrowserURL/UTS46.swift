// UTS46.swift: Unicode ToASCII (UTS #46 §4, §4.2) with the options the URL Standard's "domain to ASCII"
// passes when beStrict is false: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false; CheckBidi and
// CheckJoiners true; Nontransitional_Processing; IgnoreInvalidPunycode false. One implementation for every
// platform, on tables generated from one Unicode version (UTS46Data/), so that an app on a phone maps a
// host exactly as the CLI does. Written by hand: no system library offers UTS #46 on every platform (Apple's
// SDKs ship no ICU headers), and BrowserURL imports nothing. ada's `idna` component is the anchor for the
// shape (tables, mapping, NFC, validity, Punycode); the steps below are numbered as UTS #46 numbers them.
// The first problem found is the answer (any error fails the domain), as a value: `IDNAProblem`.

enum UTS46 {
    /// ToASCII of `domain` (UTF-8; invalid sequences read as U+FFFD, which is disallowed).
    static func toASCII(_ domain: UnsafeBufferPointer<UInt8>) throws(IDNAProblem) -> [UInt8] {
        // 1. Map.
        var mapped: [UInt32] = []
        mapped.reserveCapacity(domain.count)
        var iterator = domain.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): try map(scalar.value, into: &mapped)
            case .error: try map(0xFFFD, into: &mapped)
            case .emptyInput: break decoding
            }
        }
        // 2. Normalize.
        let text = Normalization.nfc(mapped)
        // 3. Break into labels (ranges of `text`); 4. convert and validate each. An "xn--" label's Unicode
        //    form is kept in `decoded`.
        var labels: [Label] = []
        var decoded: [UInt32] = []
        var rightToLeft = false
        var start = 0
        for index in 0...text.count where index == text.count || text[index] == 0x2E {
            let label = try Label(text, start..<index, number: labels.count + 1, decoded: &decoded)
            rightToLeft = rightToLeft || label.unicode(text, decoded).contains { $0 >= 0x590 && Bidi.isRightToLeft(Bidi.Class(of: $0)) }
            labels.append(label)
            start = index + 1
        }
        // Validity criterion 8 (CheckBidi) looks at the whole domain: it applies when any label has a
        // right-to-left character (Bidi_Class R, AL or AN; none is below U+0590).
        if rightToLeft {
            for label in labels where !label.range.isEmpty {
                try Bidi.check(label.unicode(text, decoded), label: label.number)
            }
        }
        // ToASCII 2: Punycode for each label that is not ASCII.
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 8 * labels.count)
        for label in labels {
            if label.number > 1 { out.append(0x2E) }
            if label.isASCII {
                for cp in text[label.range] { out.append(UInt8(truncatingIfNeeded: cp)) }
            } else {
                out.append(contentsOf: [0x78, 0x6E, 0x2D, 0x2D])  // xn--
                let encoded = text.withUnsafeBufferPointer { all in
                    Punycode.encode(UnsafeBufferPointer(rebasing: all[label.range])) { out.append($0) }
                }
                if !encoded { throw .punycodeOverflow(label: label.number) }
            }
        }
        return out
    }

    /// Step 1 for one code point: what the IDNA Mapping Table says, appended to `out`.
    @inline(__always)
    private static func map(_ cp: UInt32, into out: inout [UInt32]) throws(IDNAProblem) {
        if cp < 0x80 {
            out.append(cp &- 0x41 < 26 ? cp | 0x20 : cp)
            return
        }
        switch Status(of: cp) {
        case .valid, .deviation: out.append(cp)
        case .mapped(let replacement): out.append(contentsOf: replacement)
        case .ignored: break
        case .disallowed: throw .disallowed(codePoint: cp)
        }
    }

    /// A code point's status in the IDNA Mapping Table.
    enum Status: Equatable {
        case valid, deviation, ignored, disallowed
        case mapped(ArraySlice<UInt32>)

        init(of cp: UInt32) {
            let i = UTS46Tables.lastIndex(in: UTS46Tables.mappingStarts, atMost: cp)
            let value = UTS46Tables.mappingValues[i]
            switch value >> 29 {
            case 0: self = .valid
            case 1:
                let offset = Int(value & 0xFF_FFFF), length = Int(value >> 24 & 0x1F)
                self = .mapped(UTS46Tables.mappingPool[offset..<offset + length])
            case 2: self = .ignored
            case 3: self = .deviation
            default: self = .disallowed
            }
        }
    }

    /// One label after step 4: where it is in the domain, where its Unicode form is (itself, or the decoded
    /// form of an "xn--" label), and whether ToASCII writes it as it is (ASCII: an "xn--" label or a plain one).
    struct Label {
        let number: Int
        let range: Range<Int>
        let decodedRange: Range<Int>?
        let isASCII: Bool

        func unicode(_ text: [UInt32], _ decoded: [UInt32]) -> ArraySlice<UInt32> {
            decodedRange.map { decoded[$0] } ?? text[range]
        }

        init(_ text: [UInt32], _ range: Range<Int>, number: Int, decoded: inout [UInt32]) throws(IDNAProblem) {
            self.number = number
            self.range = range
            let label = text[range]
            isASCII = label.allSatisfy { $0 < 0x80 }
            // 4.1: an "xn--" label is decoded, and its Unicode form must pass the validity criteria.
            if label.count >= 4, label.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) {
                guard isASCII else { throw .punycodeLabelNotASCII(label: number) }
                guard let unicode = Punycode.decode(label.dropFirst(4)) else { throw .punycodeInvalid(label: number) }
                // 4.1.3: empty, or only ASCII.
                if unicode.allSatisfy({ $0 < 0x80 }) { throw .punycodeDecodesToASCII(label: number) }
                // 1. NFC (a mapped label is NFC by step 2).
                if !Normalization.isNFC(unicode) { throw .notNFC(label: number) }
                try Self.validate(unicode[...], label: number, decoded: true)
                decodedRange = decoded.count..<decoded.count + unicode.count
                decoded.append(contentsOf: unicode)
                return
            }
            decodedRange = nil
            if !isASCII { try Self.validate(label, label: number, decoded: false) }
        }

        /// The validity criteria (§4.1) but NFC (checked on decoding) and Bidi (which looks at the whole
        /// domain). An ASCII label that is not "xn--" meets them all: it is mapped, and has no mark or joiner.
        static func validate(_ label: ArraySlice<UInt32>, label number: Int, decoded: Bool) throws(IDNAProblem) {
            guard let first = label.first else { return }
            if decoded {
                // 2. With CheckHyphens false, the label must still not begin with "xn--".
                if label.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) { throw .decodedLabelStartsWithACE(label: number) }
                // 3. No FULL STOP: Punycode keeps basic code points as they are, so a decoded label cannot
                //    have one that step 3 did not already split at.
                for cp in label {
                    // 5. Each code point valid or a deviation (a mapped label is, by step 1).
                    // (ASCII is valid but for capitals, which the table maps.)
                    let asItIs = cp < 0x80 ? cp &- 0x41 >= 26 : [.valid, .deviation].contains(Status(of: cp))
                    if !asItIs { throw .notValid(codePoint: cp, label: number) }
                }
            }
            // 4. Not beginning with a combining mark.
            if first >= 0x300, isMark(first) { throw .startsWithCombiningMark(codePoint: first, label: number) }
            // 7. CheckJoiners: the CONTEXTJ rules (RFC 5892 Appendix A.1, A.2).
            for index in label.indices where label[index] == 0x200C || label[index] == 0x200D {
                if !Joiners.allowed(at: index, in: label) { throw .joinerOutOfContext(codePoint: label[index], label: number) }
            }
        }

        private static func isMark(_ cp: UInt32) -> Bool {
            let runs = UTS46Tables.markRuns
            return runs[UTS46Tables.lastIndex(in: runs, atMost: cp << 1 | 1)] & 1 == 1
        }
    }

    /// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER).
    enum Joiners {
        private static let virama: UInt8 = 9

        static func allowed(at index: Int, in label: ArraySlice<UInt32>) -> Bool {
            // Both: allowed right after a virama.
            if index > label.startIndex, Normalization.combiningClass(label[index - 1]) == virama { return true }
            guard label[index] == 0x200C else { return false }
            // ZWNJ: (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D}).
            var before = index - 1
            while before >= label.startIndex, joiningType(label[before]) == .transparent { before -= 1 }
            guard before >= label.startIndex, [.left, .dual].contains(joiningType(label[before])) else { return false }
            var after = index + 1
            while after < label.endIndex, joiningType(label[after]) == .transparent { after += 1 }
            return after < label.endIndex && [.right, .dual].contains(joiningType(label[after]))
        }

        enum JoiningType: UInt32 { case other = 0, left, dual, right, transparent }

        static func joiningType(_ cp: UInt32) -> JoiningType {
            let runs = UTS46Tables.joiningRuns
            return JoiningType(rawValue: runs[UTS46Tables.lastIndex(in: runs, atMost: cp << 3 | 7)] & 7) ?? .other
        }
    }

    /// RFC 5893 §2, the Bidi rule, for one label of a Bidi domain name.
    enum Bidi {
        enum Class: UInt32 { case other = 0, L, R, AL, AN, EN, ES, CS, ET, ON, BN, NSM }

        static func isRightToLeft(_ c: Class) -> Bool { c == .R || c == .AL || c == .AN }

        /// A set of classes as bits.
        private static func mask(_ classes: Class...) -> UInt32 { classes.reduce(0) { $0 | 1 << $1.rawValue } }
        private static let rightToLeftAllowed = mask(.R, .AL, .AN, .EN, .ES, .CS, .ET, .ON, .BN, .NSM)
        private static let leftToRightAllowed = mask(.L, .EN, .ES, .CS, .ET, .ON, .BN, .NSM)
        private static let rightToLeftEnds = mask(.R, .AL, .EN, .AN)
        private static let leftToRightEnds = mask(.L, .EN)

        static func check(_ label: ArraySlice<UInt32>, label number: Int) throws(IDNAProblem) {
            var present: UInt32 = 0
            var last = Class.NSM
            for cp in label {
                let c = Class(of: cp)
                present |= 1 << c.rawValue
                if c != .NSM { last = c }
            }
            let isLastAllowed = { (ends: UInt32) in last != .NSM && ends & 1 << last.rawValue != 0 }
            switch Class(of: label[label.startIndex]) {
            case .R, .AL:
                // 2. Only R, AL, AN, EN, ES, CS, ET, ON, BN, NSM.
                if present & ~rightToLeftAllowed != 0 { throw .bidi(rule: 2, label: number) }
                // 3. Ends with R, AL, EN or AN, then NSMs.
                if !isLastAllowed(rightToLeftEnds) { throw .bidi(rule: 3, label: number) }
                // 4. Not both EN and AN.
                if present & mask(.EN, .AN) == mask(.EN, .AN) { throw .bidi(rule: 4, label: number) }
            case .L:
                // 5. Only L, EN, ES, CS, ET, ON, BN, NSM.
                if present & ~leftToRightAllowed != 0 { throw .bidi(rule: 5, label: number) }
                // 6. Ends with L or EN, then NSMs.
                if !isLastAllowed(leftToRightEnds) { throw .bidi(rule: 6, label: number) }
            default:
                // 1. The first character is L, R or AL.
                throw .bidi(rule: 1, label: number)
            }
        }
    }
}

extension UTS46.Bidi.Class {
    init(of cp: UInt32) {
        let runs = UTS46Tables.bidiRuns
        self = Self(rawValue: runs[UTS46Tables.lastIndex(in: runs, atMost: cp << 4 | 0xF)] & 0xF) ?? .other
    }
}

extension UTS46Tables {
    /// The index of the last element of `table` (sorted) that is at most `key`; -1 when there is none.
    @inline(__always)
    static func lastIndex<T: FixedWidthInteger>(in table: [T], atMost key: T) -> Int {
        var low = 0, high = table.count
        while low < high {
            let middle = (low + high) >> 1
            if table[middle] <= key { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
