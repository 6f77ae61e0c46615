// JSTokenizer.swift: splits an inline script into tokens, as small as the inspector's job allows but
// correct on real pages: strings in all three quote kinds (with escapes), template literals with nested
// `${ … }` (which may hold strings, templates and braces of their own), line and block comments, regular
// expression literals (told from division by the token before them, as ECMAScript's grammar does), and
// numbers. Written here because no maintained JavaScript tokenizer is available to a Swift package on
// Linux, and the inspector needs only tokens and their offsets, not an AST.

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
}

/// Something the tokenizer could not finish: an unterminated string, template, comment or regex.
struct JSScanProblem: Sendable, Equatable {
    var message: String
    var offset: Int
}

struct JSTokenizer {
    private let bytes: [UInt8]
    private var position = 0
    private(set) var tokens: [JSToken] = []
    private(set) var problems: [JSScanProblem] = []
    private var newlineBefore = false

    /// Tokenizes `source`; read `tokens` and `problems` after.
    init(_ source: [UInt8]) {
        bytes = source
        run(untilClosingBrace: false)
    }

    private static let regexAfterKeywords: Set<String> = ["return", "typeof", "case", "do", "else", "in", "instanceof",
                                                         "new", "delete", "void", "throw", "yield", "await", "of"]

    /// Tokenizes until the end, or (inside a template's `${`) until the `}` that closes it.
    private mutating func run(untilClosingBrace: Bool) {
        var depth = 0
        while position < bytes.count {
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
                    problems.append(JSScanProblem(message: "unterminated comment", offset: start))
                } else {
                    position += 2
                }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                scanString(quote: c)
            case UInt8(ascii: "`"):
                scanTemplate()
            case UInt8(ascii: "/"):
                if slashStartsRegex() { scanRegex() } else { scanPunctuator() }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber()
            case UInt8(ascii: ".") where isDigit(peek(1)):
                scanNumber()
            case UInt8(ascii: "{"):
                depth += 1
                scanPunctuator()
            case UInt8(ascii: "}"):
                if untilClosingBrace && depth == 0 {
                    position += 1
                    return
                }
                depth -= 1
                scanPunctuator()
            default:
                if isIdentifierStart(c) {
                    scanIdentifier()
                } else {
                    scanPunctuator()
                }
            }
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

    private mutating func emit(_ kind: JSToken.Kind, _ text: String, _ start: Int) {
        tokens.append(JSToken(kind: kind, text: text, start: start, end: position, newlineBefore: newlineBefore))
        newlineBefore = false
    }

    /// A "/" starts a regular expression where an expression may begin: at the start, after a punctuator
    /// other than a closing bracket, and after keywords such as `return`.
    private func slashStartsRegex() -> Bool {
        guard let previous = tokens.last else { return true }
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

    private static let punctuators3: [[UInt8]] = ["===", "!==", "**=", "...", "<<=", ">>=", ">>>", "&&=", "||=", "??="].map { Array($0.utf8) }
    private static let punctuators2: [[UInt8]] = ["==", "!=", "<=", ">=", "&&", "||", "??", "?.", "=>", "++", "--",
                                                  "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "**"].map { Array($0.utf8) }
    /// One-byte punctuators as Strings, made once.
    private static let single: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    private mutating func scanPunctuator() {
        let start = position
        for (length, table) in [(3, Self.punctuators3), (2, Self.punctuators2)] where position + length <= bytes.count {
            if table.contains(where: { candidate in (0..<length).allSatisfy { bytes[position + $0] == candidate[$0] } }) {
                position += length
                emit(.punctuator, String(decoding: bytes[start..<position], as: UTF8.self), start)
                return
            }
        }
        let c = bytes[position]
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
        problems.append(JSScanProblem(message: "unterminated string", offset: start))
        emit(.string, String(decoding: value, as: UTF8.self), start)
    }

    private mutating func scanTemplate() {
        let start = position
        position += 1
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "`") {
                position += 1
                emit(.template, String(decoding: bytes[start..<position], as: UTF8.self), start)
                return
            }
            if c == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if c == UInt8(ascii: "$") && peek(1) == UInt8(ascii: "{") {
                position += 2
                // The substitution's own tokens are scanned (so its strings and braces are skipped
                // correctly) and then dropped: the template is one token.
                let saved = tokens.count, savedNewline = newlineBefore
                run(untilClosingBrace: true)
                tokens.removeSubrange(saved...)
                newlineBefore = savedNewline
                continue
            }
            position += 1
        }
        problems.append(JSScanProblem(message: "unterminated template literal", offset: start))
        emit(.template, String(decoding: bytes[start..<position], as: UTF8.self), start)
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
        problems.append(JSScanProblem(message: "unterminated regular expression", offset: start))
        position = min(position, bytes.count)
        emit(.regex, String(decoding: bytes[start..<position], as: UTF8.self), start)
    }
}
