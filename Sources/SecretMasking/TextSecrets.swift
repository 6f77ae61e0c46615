// TextSecrets.swift: secrets masked in free text (finding messages, explanations, diffs) word by word.
import SecretPolicy
import NavigationPolicy
import BrowserURL

extension Redactor {
    /// Text bridge did not write (page content and literals such as `'janrain:accessToken=…'`, console
    /// messages, a library's error, a saved transcript's lines, a case's name): each word that looks like
    /// a URL or a form string is masked as one, `"secretKey":"value"` pairs as JSON, and credentials by
    /// their shapes wherever they stand. Quotes, brackets and sentence punctuation around a word are not part of it, so a mask
    /// never swallows a closing quote or counts it; inside a word they are its own (`WordNesting`).
    /// bridge's own sentences are never read here: they are MessageText, whose values carry their readings.
    public func foreignText(_ text: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        let text = CredentialShape.holdsAuthorizationScheme(text) ? maskAuthorizationValues(text) : text
        // A credential by its shape needs no sign around it (`ghp_…` alone in a console message): one scan
        // over what the words left, which finds nothing in a mask (four characters and "…").
        return maskShapedRuns(Self.mayHoldSecret(text) ? maskedWordByWord(text) : text)
    }

    /// A value given as input (an option's value, a file's key or value, a file name), masked as the value
    /// it is rather than as a word of a sentence: a credential by its shape whole, else as raw input (a URL's
    /// or a form string's secret parameters), else, when neither masked anything, word by word as foreign
    /// text (a key path with a JWT in it, a name with a Bearer credential).
    public func argument(_ value: String) -> String {
        guard isEnabled else { return value }
        if CredentialShape.matches(value) { return mask(value) }
        let asURL = rawURL(value)
        if asURL != value { return asURL }
        let asForm = redactFormEncoded(value)
        return asForm != value ? asForm : foreignText(value)
    }

    /// A command-line parser's error, which quotes the values it refused (`The value '…' is invalid for
    /// '--platform <platform>'`): each of the command's `arguments` found in it is masked as an argument,
    /// where it stands, before the rest is read as free text. The arguments are read where they are given,
    /// so a value's end is never guessed from the punctuation around it.
    public func usageError(_ text: String, arguments: [String]) -> String {
        guard isEnabled else { return text }
        var text = text
        for value in arguments.sorted(by: { $0.utf8.count > $1.utf8.count }) where !value.isEmpty {
            let masked = argument(value)
            if masked != value { text = text.replacing(value, with: masked) }
        }
        return foreignText(text)
    }

    /// Text with the credentials after each `Bearer` or `Basic` masked (`Authorization: Bearer abc…`, as a
    /// console message or a recorded header prints it): the scheme a word of its own, then spaces, then at
    /// least eight token68 characters (RFC 9110 §11.2).
    func maskAuthorizationValues(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let (start, end) = CredentialShape.authorizationCredentials(in: bytes, at: index) {
                out += bytes[index..<start]
                out += Array(mask(String(decoding: bytes[start..<end], as: UTF8.self)).utf8)
                index = end
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `message` without its shortcut: every word read.
    func maskedWordByWord(_ text: String) -> String {
        maskJSONPairs(Self.bytesAreCharacters(text) ? maskedByteWords(text) : maskedCharacterWords(text))
    }

    /// Whether `text`'s words read as bytes are the words read as Characters: every ASCII byte is a Character
    /// of its own (but "\r\n", whose two bytes are delimiters as the pair is) and so is every "…", the one
    /// sentence punctuation beyond ASCII. Then the delimiters, punctuation and closers the readers act on are
    /// the same units, and every other byte, like every other Character, is more of a word. A mark, a joiner
    /// or a Prepend character can join an ASCII byte only where ASCII meets the rest, and a "…" only at its
    /// ends: the standard library is asked whether a Character ends there, and nowhere else.
    static func bytesAreCharacters(_ text: String) -> Bool {
        var offsets: [Int] = []
        let readAll = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var previousIsASCII = true
            for (offset, byte) in bytes.enumerated() {
                let isASCII = byte < 0x80
                if offset > 0 && isASCII != previousIsASCII { offsets.append(offset) }
                previousIsASCII = isASCII
                if byte == ellipsisUTF8.0, offset + 2 < bytes.count, bytes[offset + 1] == ellipsisUTF8.1, bytes[offset + 2] == ellipsisUTF8.2 {
                    offsets.append(offset)
                    offsets.append(offset + 3)
                }
            }
            return true
        }
        guard readAll == true else { return false }
        let utf8 = text.utf8
        return offsets.allSatisfy { offset in
            offset == 0 || offset == utf8.count || String.Index(utf8.index(utf8.startIndex, offsetBy: offset), within: text) != nil
        }
    }

    /// The words of text masked, read as bytes; for text whose bytes are its Characters where the readers
    /// look (`bytesAreCharacters`: all ASCII text, and most other), so the words are the ones
    /// `maskedCharacterWords` reads (seeded tests hold the two to the same output).
    func maskedByteWords(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Written as bytes, one String made at the end: a word `redactWord` leaves as it is is copied
            // from the text, with no String made for it.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            var start = 0, nesting = WordNesting()
            let e = Self.ellipsisUTF8
            /// Whether "…" ends at `end`.
            func ellipsis(endingAt end: Int) -> Bool {
                end >= 3 && end <= bytes.count && bytes[end - 3] == e.0 && bytes[end - 2] == e.1 && bytes[end - 1] == e.2
            }
            /// Whether the byte at `index` is one of a "…"'s.
            func inEllipsis(_ index: Int) -> Bool {
                switch bytes[index] {
                case e.0: return ellipsis(endingAt: index + 3)
                case e.1: return ellipsis(endingAt: index + 2)
                case e.2: return ellipsis(endingAt: index + 1)
                default: return false
                }
            }
            func flush(_ end: Int) {
                // Sentence punctuation after a word belongs to the sentence, unless it is all of a value.
                var wordEnd = end
                while wordEnd > start {
                    if Self.isSentencePunctuation(bytes[wordEnd - 1]) {
                        wordEnd -= 1
                    } else if wordEnd - 3 >= start && ellipsis(endingAt: wordEnd) {
                        wordEnd -= 3
                    } else {
                        break
                    }
                }
                if wordEnd > start && Self.endsWithEquals(UnsafeBufferPointer(rebasing: bytes[start..<wordEnd])) { wordEnd = end }
                if wordEnd > start {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<wordEnd])
                    if Self.wordMayBeMasked(word) {
                        out += redactWord(String(decoding: word, as: UTF8.self)).utf8
                    } else {
                        out += word
                    }
                }
                if end > wordEnd { out += bytes[wordEnd..<end] }
            }
            for index in 0..<bytes.count where Self.isWordDelimiter(bytes[index]) {
                if index > start && nesting.keeps(bytes[index], at: index, count: bytes.count,
                                                  passes: { Self.isSentencePunctuation(bytes[$0]) || WordNesting.mayClose(bytes[$0]) || inEllipsis($0) },
                                                  goesOn: { WordNesting.isMoreOfAWord(bytes[$0]) }) { continue }
                flush(index)
                out.append(bytes[index])
                start = index + 1
                nesting = WordNesting()
            }
            flush(bytes.count)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The words of any text masked, read as Characters. A word is taken from the text whole, as the
    /// Characters between its delimiters (the same String as appending them one by one, made in one copy).
    func maskedCharacterWords(_ text: String) -> String {
        var out = ""
        var characters: [Character] = [], positions: [String.Index] = []
        var position = text.startIndex
        while position < text.endIndex {
            characters.append(text[position])
            positions.append(position)
            position = text.index(after: position)
        }
        positions.append(text.endIndex)
        var wordStart = 0
        func flush(_ end: Int) {
            guard end > wordStart else { return }
            var word = String(text[positions[wordStart]..<positions[end]])
            // Sentence punctuation after a word belongs to the sentence, unless it is all of a value.
            var trailing = ""
            while let last = word.last, Self.isSentencePunctuation(last) {
                trailing.insert(last, at: trailing.startIndex)
                word.removeLast()
            }
            if Self.endsWithEquals(word.utf8) {
                word += trailing
                trailing = ""
            }
            out += redactWord(word) + trailing
        }
        var nesting = WordNesting()
        for (index, character) in characters.enumerated() {
            guard Self.isWordDelimiter(character), let byte = character.asciiValue else { continue }
            if index > wordStart && nesting.keeps(byte, at: index, count: characters.count,
                                                  passes: { Self.isSentencePunctuation(characters[$0]) || characters[$0].asciiValue.map(WordNesting.mayClose) == true },
                                                  goesOn: { characters[$0].asciiValue.map(WordNesting.isMoreOfAWord) ?? true }) {
                continue
            }
            flush(index)
            out.append(character)
            wordStart = index + 1
            nesting = WordNesting()
        }
        flush(characters.count)
        return out
    }

    /// Which ASCII delimiters met inside a word are the word's own, one rule for both word readers (each passes
    /// its own units by index). A URL keeps some of them unencoded in a value (a path keeps quotes, parentheses
    /// and brackets), and a word cut there would print the rest of the value:
    /// - a "(" or "[" inside a word opens a nesting the word keeps to the ")" or "]" that closes it, as a
    ///   linkifier reads a URL (a mask's "…(16)" is one);
    /// - a quote, or a ")" or "]" that closes nothing the word opened, is the word's when more of the word
    ///   follows it past sentence punctuation and other closers (`/cb;code=ab'cd`, `ab)cd`); one that ends a
    ///   word is the sentence's.
    /// One per word. The look past a run of closers is made once for the run (every closer in it sees the same
    /// end), so a long run is read in linear time.
    struct WordNesting {
        private var parentheses = 0, brackets = 0
        private var lookedTo = 0, goesOnAfterRun = false

        /// Whether `byte`, the delimiter at `index` inside a word of `count` units, is the word's. `passes`: a
        /// unit a look ahead passes over (sentence punctuation, a closer); `goesOn`: whether the unit it stops
        /// at is more of the word.
        mutating func keeps(_ byte: UInt8, at index: Int, count: Int, passes: (Int) -> Bool, goesOn: (Int) -> Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "("): parentheses += 1; return true
            case UInt8(ascii: "["): brackets += 1; return true
            case UInt8(ascii: ")") where parentheses > 0: parentheses -= 1; return true
            case UInt8(ascii: "]") where brackets > 0: brackets -= 1; return true
            default:
                guard Self.mayClose(byte) else { return false }
                if index >= lookedTo {
                    var next = index + 1
                    while next < count, passes(next) { next += 1 }
                    lookedTo = next
                    goesOnAfterRun = next < count && goesOn(next)
                }
                return goesOnAfterRun
            }
        }

        /// What may close a word: a quote, ")" or "]".
        static func mayClose(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: ")"), UInt8(ascii: "]"): return true
            default: return false
            }
        }

        /// Whether a word goes on with `byte` after a quote: anything but a delimiter, or a bracket it would open.
        static func isMoreOfAWord(_ byte: UInt8) -> Bool {
            !isWordDelimiter(byte) || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
        }
    }

    /// Whether `text` has anything `message` would mask: a word with `=`, `@` or `://` (the only words
    /// `redactWord` changes), or a `":` (the only JSON `maskJSONPairs` reads). Most messages have none, and
    /// are returned as they are without being read character by character.
    static func mayHoldSecret(_ text: String) -> Bool { holdsSecretSign(text, orJSONKey: true) }

    /// `holdsSecretSign` on a String's bytes, read in place.
    static func holdsSecretSign(_ text: String, orJSONKey: Bool) -> Bool {
        inPlace(text) { holdsSecretSign($0, orJSONKey: orJSONKey) }
    }

    /// `body` over a String's UTF-8 bytes in its own storage (a UTF8View read as a sequence steps through its
    /// indices one by one): how the shortcuts and `holds` read every message.
    private static func inPlace(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var text = text
        return text.withUTF8(body)
    }

    /// Whether `bytes` hold "=", "@", "://" or "eyJ" (what `redactWord` masks a word for: pairs, userinfo, URLs,
    /// a JWT), or, with `orJSONKey`, `":` (what `maskJSONPairs` reads): one pass, the one definition of both
    /// shortcuts.
    static func holdsSecretSign(_ bytes: some Sequence<UInt8>, orJSONKey: Bool) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "="), UInt8(ascii: "@"): return true
            case UInt8(ascii: ":") where orJSONKey && previous == UInt8(ascii: "\""): return true
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/") && beforePrevious == UInt8(ascii: ":"): return true
            case UInt8(ascii: "J") where previous == UInt8(ascii: "y") && beforePrevious == UInt8(ascii: "e"): return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    private static let schemeSeparator = Array("://".utf8)
    /// What a JWS or JWE compact form begins with (a JSON header, base64url-encoded).
    private static let jsonKeyEnd = Array("\":".utf8)

    /// Whether `bytes` hold `needle` in a row: one pass, which is enough for a needle no proper prefix of which
    /// ends it too (`://`, `":`). The standard library's firstRange(of:) is a general searcher, far slower.
    private static func holds(_ text: String, _ needle: [UInt8]) -> Bool { inPlace(text) { holds($0, needle) } }

    private static func holds(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        var matched = 0
        for byte in bytes {
            if byte == needle[matched] {
                matched += 1
                if matched == needle.count { return true }
            } else {
                matched = byte == needle[0] ? 1 : 0
            }
        }
        return false
    }

    /// Whether a word ends with the "=" that ends a parameter's name, plain or percent-encoded once or more
    /// (`%3D`, `%253D`: a URL carried in a parameter): punctuation after it is the value, not the sentence's.
    static func endsWithEquals(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard let last = bytes.last else { return false }
        if last == UInt8(ascii: "=") { return true }
        guard last == UInt8(ascii: "D") || last == UInt8(ascii: "d") else { return false }
        var rest = bytes.dropLast()
        guard rest.last == UInt8(ascii: "3") else { return false }
        rest = rest.dropLast()
        while rest.last == UInt8(ascii: "5"), rest.dropLast().last == UInt8(ascii: "2") { rest = rest.dropLast(2) }
        return rest.last == UInt8(ascii: "%")
    }

    /// Sentence punctuation, which after a word belongs to the sentence (unless it is all of a value, or the
    /// word ends with "="): free text that ends with a value and a full stop masks the value without it.
    public static func isSentencePunctuation(_ character: Character) -> Bool {
        switch character {
        case ".", ",", ";", ":", "!", "…": return true
        default: return false
        }
    }

    /// What ends a word: ASCII white space ("\r\n" too), quotes and brackets, a comma, each standing alone.
    /// Unicode's other white space (U+2028, a no-break space, an ideographic space) and an ASCII delimiter
    /// carrying a combining mark do not: the URL parser keeps them in a value, percent-encoded, so a word
    /// ended there would print the rest of that value.
    static func isWordDelimiter(_ character: Character) -> Bool {
        guard let byte = character.asciiValue else { return false }
        return isWordDelimiter(byte)
    }

    /// The same for an ASCII byte: ASCII's white space (Unicode's White_Space) is tab to carriage return and space.
    static func isWordDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             0x09...0x0D, 0x20: return true
        default: return false
        }
    }

    /// Sentence punctuation among ASCII bytes.
    private static func isSentencePunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"): return true
        default: return false
        }
    }

    /// Whether `redactWord` may change a word of these bytes: only one with "://", "=" or "@" is masked.
    static func wordMayBeMasked(_ bytes: some Collection<UInt8>) -> Bool { holdsSecretSign(bytes, orJSONKey: false) }

    /// "…"'s UTF-8, the one sentence punctuation beyond ASCII (`isSentencePunctuation`), as the byte reader
    /// and `bytesAreCharacters` find it.
    static var ellipsisUTF8: (UInt8, UInt8, UInt8) { (0xE2, 0x80, 0xA6) }

    func redactWord(_ word: String) -> String {
        // Byte searches: the needles are ASCII, and Foundation's contains(_:) reads the word as an NSString.
        guard Self.holdsSecretSign(word, orJSONKey: false) else { return word }
        let bytes = word.utf8
        // A JWS or JWE standing alone (an id_token an --eval returned, a token a console message printed).
        if CredentialShape.isCompactJOSE(bytes) { return mask(word) }
        let hasScheme = Self.holds(word, Self.schemeSeparator)
        // A path, as an explanation quotes one ("path /cb;code=… is not /cb"), is read as a URL's path.
        if hasScheme || bytes.first == UInt8(ascii: "/") || bytes.contains(UInt8(ascii: "?")) || bytes.contains(UInt8(ascii: "#")) { return rawURL(word) }
        if let colon = word.utf8.firstIndex(ofByte: UInt8(ascii: ":")), word[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           !word[..<colon].isEmpty {
            return rawURL(word)  // an opaque URL: janrain:accessToken=…, myapp:token=…
        }
        // A credential inside the word (a key path `sentinels[0].eyJ…`, `[eyJ…]`) is left to foreignText's
        // one scan for shapes over the whole text.
        return redactFormEncoded(word)
    }

    /// `"name": "value"` (or a number) where name is a secret: the value masked, the quotes kept. Quotes and
    /// the colon are found on the bytes, as a JSON parser reads them (a combining mark after a quote makes
    /// one Character of the two; the value after it is still the string's).
    private func maskJSONPairs(_ text: String) -> String {
        guard Self.holds(text, Self.jsonKeyEnd) else { return text }
        let quote = UInt8(ascii: "\"")
        var out = ""
        var rest = Substring(text)
        while let open = rest.utf8.firstIndex(ofByte: quote) {
            out += rest[..<open]
            rest = rest[open...]
            // "key"
            let keyStart = rest.utf8.index(after: open)
            guard let keyEnd = rest.utf8[keyStart...].firstIndex(ofByte: quote) else { break }
            let key = rest[keyStart..<keyEnd]
            let afterKey = rest.utf8.index(after: keyEnd)
            var after = rest[afterKey...]
            out += rest[..<afterKey]
            rest = after
            guard secrets.isSecret(String(key)), after.utf8.first == UInt8(ascii: ":") else { continue }
            after = after[after.utf8.index(after: after.startIndex)...]
            while after.utf8.first == UInt8(ascii: " ") { after = after[after.utf8.index(after: after.startIndex)...] }
            let colonPart = rest[..<after.startIndex]
            if after.utf8.first == quote, let valueEnd = after.utf8[after.utf8.index(after: after.startIndex)...].firstIndex(ofByte: quote) {
                let value = after[after.utf8.index(after: after.startIndex)..<valueEnd]
                out += colonPart + "\"" + mask(String(value)) + "\""
                rest = after[after.utf8.index(after: valueEnd)...]
            } else {
                let number = after.prefix { $0.isNumber || $0 == "-" || $0 == "." }
                guard !number.isEmpty else { continue }
                out += colonPart + mask(String(number))
                rest = after[number.endIndex...]
            }
        }
        return out + rest
    }
}
