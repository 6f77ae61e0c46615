// JSTokenizer.swift: splits an inline script into tokens, as small as the inspector's job allows but
// correct on real pages: strings in all three quote kinds (with escapes), template literals with nested
// `${ … }` (which may hold strings, templates and braces of their own), line and block comments, regular
// expression literals (told from division by the token before them, as ECMAScript's grammar does), and
// numbers. Written here because no maintained JavaScript tokenizer is available to a Swift package on
// Linux, and the inspector needs only tokens and their offsets, not an AST.
//
// A hostile page must not crash it or make it slow: it is iterative (templates inside `${ … }` inside
// templates are a stack of frames, not recursion), linear in the script (the tokens inside a template's
// substitutions are scanned but not kept, so no nested template's text is copied), and it gives up with
// one `tooDeep` problem where templates nest deeper than `maxNesting`.

/// One token, with its byte range in the script.
struct JSToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier
        case number
        /// A '…' or "…" string; `text` holds the decoded value.
        case string
        /// A template literal; `text` holds its raw source, `${…}` included.
        case template
        case regex
        case punctuator
    }
    var kind: Kind
    /// The identifier, punctuator, decoded string or raw template.
    var text: String
    var start: Int
    var end: Int
    /// Whether a line break separates this token from the one before (automatic semicolon insertion).
    var newlineBefore: Bool

    /// A one-byte punctuator's byte; 0 for any other token. The reader switches on it where it would switch on
    /// `text`: a switch over Strings compares the text with each case in turn.
    var punctuatorByte: UInt8 {
        guard kind == .punctuator, text.utf8.count == 1 else { return 0 }
        return text.utf8.first ?? 0
    }
}

/// Something the tokenizer could not finish: an unterminated string, template, comment or regex, or
/// templates nested too deep to follow.
package struct JSScanProblem: Sendable, Equatable {
    package enum Kind: Sendable, Hashable {
        case unterminatedComment, unterminatedTemplate, unterminatedString, unterminatedRegex
        /// Templates nested past the limit: the rest of the script is not read.
        case templatesTooDeep(limit: Int)
    }
    var kind: Kind
    var offset: Int

    var isTooDeep: Bool { if case .templatesTooDeep = kind { true } else { false } }
}

struct JSTokenizer {
    private let bytes: [UInt8]
    private var position = 0
    private(set) var tokens: [JSToken] = []
    private(set) var problems: [JSScanProblem] = []
    private var newlineBefore = false
    /// The last token scanned, kept or not (a "/" after it is division or a regular expression).
    private var previous: JSToken?

    /// Open templates and the substitutions inside them, innermost last. Empty: top-level code.
    private enum Frame {
        case template(start: Int)
        /// Inside `${ … }`: how many `{` are open in it.
        case substitution(braces: Int)
    }
    private var frames: [Frame] = []
    /// newlineBefore as it was when the outermost template opened (its token carries it).
    private var newlineBeforeTemplate = false

    /// How deep templates may nest inside substitutions before the tokenizer gives up.
    static let maxNesting = 256

    /// Tokenizes `source`; read `tokens` and `problems` after.
    init(_ source: [UInt8]) {
        bytes = source
        run()
    }

    private static let regexAfterKeywords: Set<String> = ["return", "typeof", "case", "do", "else", "in", "instanceof",
                                                         "new", "delete", "void", "throw", "yield", "await", "of"]

    /// Tokenizes to the end, in one pass.
    private mutating func run() {
        while position < bytes.count {
            if case .template? = frames.last {
                scanTemplateBody()
                continue
            }
            let c = bytes[position]
            switch c {
            case 0x0A, 0x0D:
                newlineBefore = true
                position += 1
            case 0x20, 0x09, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = position
                position += 2
                while position < bytes.count && !(bytes[position] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
                    if bytes[position] == 0x0A { newlineBefore = true }
                    position += 1
                }
                if position >= bytes.count {
                    problems.append(JSScanProblem(kind: .unterminatedComment, offset: start))
                } else {
                    position += 2
                }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                scanString(quote: c)
            case UInt8(ascii: "`"):
                openTemplate()
            case UInt8(ascii: "/"):
                if slashStartsRegex() { scanRegex() } else { scanPunctuator() }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber()
            case UInt8(ascii: ".") where isDigit(peek(1)):
                scanNumber()
            case UInt8(ascii: "{"):
                if case .substitution(let braces)? = frames.last { frames[frames.count - 1] = .substitution(braces: braces + 1) }
                scanPunctuator()
            case UInt8(ascii: "}"):
                if case .substitution(let braces)? = frames.last {
                    if braces == 0 {
                        // The `}` that closes `${`: back in the template.
                        frames.removeLast()
                        position += 1
                        continue
                    }
                    frames[frames.count - 1] = .substitution(braces: braces - 1)
                }
                scanPunctuator()
            default:
                if isIdentifierStart(c) {
                    scanIdentifier()
                } else {
                    scanPunctuator()
                }
            }
        }
        // A template still open at the end: one problem, at the outermost one, and its token.
        if case .template(let start)? = frames.first {
            frames.removeAll()
            problems.append(JSScanProblem(kind: .unterminatedTemplate, offset: start))
            newlineBefore = newlineBeforeTemplate
            emit(.template, String(decoding: bytes[start..<position], as: UTF8.self), start)
        }
    }

    private func peek(_ ahead: Int) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    private func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c >= 0x80
    }

    private func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || (c >= 0x30 && c <= 0x39) }

    /// Records a token: kept at the top level; inside a template's substitution only remembered as the
    /// previous token (the template is one token).
    private mutating func emit(_ kind: JSToken.Kind, _ text: String, _ start: Int) {
        let token = JSToken(kind: kind, text: text, start: start, end: position, newlineBefore: newlineBefore)
        if frames.isEmpty { tokens.append(token) }
        previous = token
        newlineBefore = false
    }

    /// A "/" starts a regular expression where an expression may begin: at the start, after a punctuator
    /// other than a closing bracket, and after keywords such as `return`.
    private func slashStartsRegex() -> Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .number, .string, .template, .regex: return false
        case .identifier: return Self.regexAfterKeywords.contains(previous.text)
        case .punctuator: return previous.text != ")" && previous.text != "]" && previous.text != "}"
            && previous.text != "++" && previous.text != "--"
        }
    }

    private mutating func scanIdentifier() {
        let start = position
        while position < bytes.count && isIdentifierPart(bytes[position]) { position += 1 }
        emit(.identifier, String(decoding: bytes[start..<position], as: UTF8.self), start)
    }

    private mutating func scanNumber() {
        let start = position
        while position < bytes.count && (isIdentifierPart(bytes[position]) || bytes[position] == UInt8(ascii: ".")) { position += 1 }
        emit(.number, String(decoding: bytes[start..<position], as: UTF8.self), start)
    }

    /// Multi-byte punctuators, packed into integers (one Set lookup per length, no String).
    private static let punctuators3: Set<UInt32> = Set(["===", "!==", "**=", "...", "<<=", ">>=", ">>>", "&&=", "||=", "??="].map(pack))
    private static let punctuators2: Set<UInt32> = Set(["==", "!=", "<=", ">=", "&&", "||", "??", "?.", "=>", "++", "--",
                                                        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**"].map(pack))
    private static func pack(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    /// The bytes that can come second in a multi-byte punctuator, as a 128-bit mask: a punctuator followed
    /// by any other byte (most are: "(" before a name, ";" before a line break) is one byte, with no lookup.
    private static let secondBytes: (low: UInt64, high: UInt64) = {
        var mask: (low: UInt64, high: UInt64) = (0, 0)
        for second in punctuators3.map({ ($0 >> 8) & 0xFF }) + punctuators2.map({ $0 & 0xFF }) {
            if second < 64 { mask.low |= 1 << UInt64(second) } else { mask.high |= 1 << UInt64(second - 64) }
        }
        return mask
    }()
    /// One-byte punctuators as Strings, made once.
    private static let single: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    private mutating func scanPunctuator() {
        let start = position
        let c = bytes[position]
        let next = position + 1 < bytes.count ? bytes[position + 1] : 0
        let mask = Self.secondBytes
        let continues = next < 64 ? mask.low >> UInt64(next) & 1 == 1 : next < 128 && mask.high >> UInt64(next - 64) & 1 == 1
        if continues && position + 3 <= bytes.count {
            let three = UInt32(c) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
            if Self.punctuators3.contains(three) {
                position += 3
                emit(.punctuator, String(decoding: bytes[start..<position], as: UTF8.self), start)
                return
            }
        }
        if continues && position + 2 <= bytes.count, Self.punctuators2.contains(UInt32(c) << 8 | UInt32(bytes[position + 1])) {
            position += 2
            emit(.punctuator, String(decoding: bytes[start..<position], as: UTF8.self), start)
            return
        }
        position += 1
        emit(.punctuator, c < 128 ? Self.single[Int(c)] : String(decoding: bytes[start..<position], as: UTF8.self), start)
    }

    private mutating func scanString(quote: UInt8) {
        let start = position
        position += 1
        var value: [UInt8] = []
        while position < bytes.count {
            let c = bytes[position]
            if c == quote {
                position += 1
                emit(.string, String(decoding: value, as: UTF8.self), start)
                return
            }
            if c == 0x0A || c == 0x0D { break }
            if c == UInt8(ascii: "\\"), position + 1 < bytes.count {
                position += 1
                let escaped = bytes[position]
                switch escaped {
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case 0x0A: break // a line continuation
                case UInt8(ascii: "x") where position + 2 < bytes.count:
                    if let scalar = UInt32(String(decoding: bytes[(position + 1)...(position + 2)], as: UTF8.self), radix: 16),
                       let unicode = Unicode.Scalar(scalar) {
                        value.append(contentsOf: Array(String(Character(unicode)).utf8))
                        position += 2
                    }
                case UInt8(ascii: "u") where position + 4 < bytes.count && bytes[position + 1] != UInt8(ascii: "{"):
                    if let scalar = UInt32(String(decoding: bytes[(position + 1)...(position + 4)], as: UTF8.self), radix: 16),
                       let unicode = Unicode.Scalar(scalar) {
                        value.append(contentsOf: Array(String(Character(unicode)).utf8))
                        position += 4
                    }
                default: value.append(escaped)
                }
                position += 1
                continue
            }
            value.append(c)
            position += 1
        }
        problems.append(JSScanProblem(kind: .unterminatedString, offset: start))
        emit(.string, String(decoding: value, as: UTF8.self), start)
    }

    /// A "`": a template opens (at the top level, or inside a substitution).
    private mutating func openTemplate() {
        guard frames.count < 2 * Self.maxNesting else {
            problems.append(JSScanProblem(kind: .templatesTooDeep(limit: Self.maxNesting), offset: position))
            frames.removeAll()
            position = bytes.count
            return
        }
        if frames.isEmpty { newlineBeforeTemplate = newlineBefore }
        frames.append(.template(start: position))
        position += 1
    }

    /// Inside a template: up to its closing "`" (the template ends) or a `${` (a substitution begins).
    private mutating func scanTemplateBody() {
        guard case .template(let start)? = frames.last else { return }
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "`") {
                position += 1
                frames.removeLast()
                if frames.isEmpty {
                    newlineBefore = newlineBeforeTemplate
                    emit(.template, String(decoding: bytes[start..<position], as: UTF8.self), start)
                } else {
                    emit(.template, "", start)  // a nested template: only its kind matters
                }
                return
            }
            if c == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if c == UInt8(ascii: "$") && peek(1) == UInt8(ascii: "{") {
                position += 2
                frames.append(.substitution(braces: 0))
                return
            }
            position += 1
        }
        position = bytes.count
    }

    private mutating func scanRegex() {
        let start = position
        position += 1
        var inClass = false
        while position < bytes.count {
            let c = bytes[position]
            if c == 0x0A || c == 0x0D { break }
            if c == UInt8(ascii: "\\") { position += 2; continue }
            if c == UInt8(ascii: "[") { inClass = true }
            if c == UInt8(ascii: "]") { inClass = false }
            if c == UInt8(ascii: "/") && !inClass {
                position += 1
                while position < bytes.count && isIdentifierPart(bytes[position]) { position += 1 }
                emit(.regex, String(decoding: bytes[start..<position], as: UTF8.self), start)
                return
            }
            position += 1
        }
        problems.append(JSScanProblem(kind: .unterminatedRegex, offset: start))
        position = min(position, bytes.count)
        emit(.regex, String(decoding: bytes[start..<position], as: UTF8.self), start)
    }
}
