// ScriptAnalyzer.swift: reads the statements the inspector cares about out of a script's tokens:
// assignments (`janrain.settings.capture.flowName = 'webViewSignIn'`, in both the `capture.` and the
// top-level forms), array pushes, function definitions (`function janrainCaptureWidgetOnLoad()`,
// `window.cb = function`), calls (`janrain.capture.ui.start()`, `createJanrainBridge()`,
// `janrain.events.onCaptureLoginSuccess.addHandler(…)`), and script navigations (`location.href = …`,
// `document.location = 'janrain:…'`, `frame.src = …`, `location.assign(…)`, `window.open(…)`).
// Values keep their shape: a literal, a reference to another name (`location.href`,
// `janrain.settings.capture.captureServer`), or a concatenation of literal and computed pieces.
//
// Linear on hostile scripts: brackets are matched once, in one pass (an expression jumps over a bracketed
// group instead of walking it), and an expression's summary reads at most `summaryTokens` tokens and keeps
// at most `summaryBytes` of its text, so 10,000 nested `x = {` statements cost what their bytes cost.

/// A value on the right of an assignment or in an argument.
struct JSExpression: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        /// A computed part, by its source text.
        case hole(String)
    }
    /// The source text.
    var text: String
    /// The whole expression as one literal: a string, number, `true`, `false` or `null`.
    var literal: Literal?
    /// The whole expression as one dotted name (`location.href`), when it is one.
    var reference: String?
    /// The expression as `+`-joined pieces (literal strings and template text, computed parts as holes).
    var pieces: [Piece]
    /// Whether the expression reads `location` (the page's own address).
    var readsLocation: Bool
    /// Whether it is a function (`function (…) {…}` or an arrow).
    var isFunction: Bool
    /// Every string literal in it, in order (for values built by calls such as `new URL('xdcomm.html', …)`).
    var stringLiterals: [String]

    enum Literal: Sendable, Equatable {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    /// The string value, when the expression is one string literal.
    var stringValue: String? {
        if case .string(let value)? = literal { return value }
        return nil
    }

    /// The literal text at the start of a concatenation (`"janrain:accessToken=" + token` → "janrain:accessToken=").
    var leadingLiteral: String? {
        if case .literal(let text)? = pieces.first { return text }
        return nil
    }

    /// The pieces joined with `placeholder` for each computed part: a URL's shape.
    func template(placeholder: (String) -> String = { _ in "\u{2026}" }) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): return text
            case .hole(let text): return placeholder(text)
            }
        }.joined()
    }
}

struct JSAssignment: Sendable {
    /// The dotted target (`janrain.settings.capture.flowName`).
    var target: String
    var value: JSExpression
    /// Byte offset of the target in the script.
    var offset: Int
    /// Whether it declares a variable (`var`, `let`, `const`).
    var isDeclaration: Bool
}

struct JSCall: Sendable {
    /// The dotted callee (`janrain.capture.ui.start`).
    var callee: String
    var arguments: [JSExpression]
    var offset: Int
}

struct JSFunction: Sendable {
    var name: String
    var offset: Int
    /// The byte range of its body in the script.
    var body: Range<Int>
}

/// A navigation a script makes: to `location`, a frame's `src`, `location.assign`, `window.open`.
struct JSNavigation: Sendable {
    /// What is navigated (`location.href`, `frame.src`, `window.open`).
    var target: String
    var url: JSExpression
    var offset: Int
}

/// Everything read from one script.
struct ScriptFacts: Sendable {
    var assignments: [JSAssignment] = []
    var calls: [JSCall] = []
    var functions: [JSFunction] = []
    var navigations: [JSNavigation] = []
    var problems: [JSScanProblem] = []
}

enum ScriptAnalyzer {
    static func analyze(_ source: String) -> ScriptFacts {
        let bytes = Array(source.utf8)
        let tokenizer = JSTokenizer(bytes)
        var reader = Reader(tokens: tokenizer.tokens, bytes: bytes, match: matches(tokenizer.tokens))
        var facts = reader.read()
        facts.problems = tokenizer.problems
        return facts
    }

    /// For each opening bracket's index, the index of the bracket that closes it (`tokens.count` when none
    /// does); one pass with a stack. A closing bracket that matches nothing open is left alone.
    static func matches(_ tokens: [JSToken]) -> [Int] {
        // Indexed by token (no hashing on the inspector's path); -1 for a token that opens nothing.
        var match = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (i, token) in tokens.enumerated() {
            switch token.punctuatorByte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append(i)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): if let start = open.popLast() { match[start] = i }
            default: break
            }
        }
        for start in open { match[start] = tokens.count }
        return match
    }

    /// How many tokens, and how many bytes of text, an expression's summary reads at most.
    static let summaryTokens = 128
    static let summaryBytes = 200

    private static let declarationKeywords: Set<String> = ["var", "let", "const"]
    private static let keywords: Set<String> = ["var", "let", "const", "function", "return", "if", "else", "for", "while",
                                                "do", "new", "typeof", "in", "of", "instanceof", "delete", "void", "throw",
                                                "case", "switch", "try", "catch", "finally", "class", "this", "await", "yield"]

    struct Reader {
        let tokens: [JSToken]
        let bytes: [UInt8]
        /// Opening bracket index → closing bracket index (ScriptAnalyzer.matches), -1 elsewhere.
        let match: [Int]
        var facts = ScriptFacts()

        mutating func read() -> ScriptFacts {
            var i = 0
            while i < tokens.count {
                let token = tokens[i]
                guard token.kind == .identifier else { i += 1; continue }
                if token.text == "function", i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
                    if let body = functionBody(after: i + 1) {
                        facts.functions.append(JSFunction(name: tokens[i + 1].text, offset: tokens[i + 1].start, body: body))
                    }
                    i += 2
                    continue
                }
                if ScriptAnalyzer.keywords.contains(token.text) && token.text != "this" { i += 1; continue }
                if i > 0 && (tokens[i - 1].text == "." || tokens[i - 1].text == "?.") { i += 1; continue }
                let isDeclaration = i > 0 && tokens[i - 1].kind == .identifier && ScriptAnalyzer.declarationKeywords.contains(tokens[i - 1].text)
                let (chain, next) = readChain(from: i)
                guard next < tokens.count else { break }
                let following = tokens[next]
                if following.kind == .punctuator && following.text == "=" {
                    let (value, _) = readExpression(from: next + 1)
                    facts.assignments.append(JSAssignment(target: chain, value: value, offset: token.start, isDeclaration: isDeclaration))
                    if value.isFunction, let body = functionBody(in: next + 1) {
                        let name = chain.split(separator: ".").last.map(String.init) ?? chain
                        facts.functions.append(JSFunction(name: name, offset: token.start, body: body))
                    }
                    if Self.isNavigationTarget(chain) {
                        facts.navigations.append(JSNavigation(target: chain, url: value, offset: token.start))
                    }
                    i = next + 1
                } else if following.kind == .punctuator && following.text == "(" {
                    let arguments = readArguments(from: next)
                    facts.calls.append(JSCall(callee: chain, arguments: arguments, offset: token.start))
                    if Self.isNavigationCall(chain), let first = arguments.first {
                        facts.navigations.append(JSNavigation(target: chain, url: first, offset: token.start))
                    } else if chain.hasSuffix(".setAttribute"), arguments.count >= 2, arguments[0].stringValue?.lowercased() == "src" {
                        facts.navigations.append(JSNavigation(target: String(chain.dropLast(".setAttribute".count)) + ".src",
                                                              url: arguments[1], offset: token.start))
                    }
                    i = next + 1
                } else {
                    i = max(next, i + 1)
                }
            }
            return facts
        }

        /// Targets whose assignment navigates: the page's location, or a frame's (or any element's) src. Read
        /// as the chain's non-empty dot-separated parts, as `split(separator: ".")` makes them: only the last two
        /// matter, so an ASCII chain (the usual one) is read from its end on its bytes and nothing is allocated.
        /// In other text a "." and a combining mark after it are one Character, not a separator: that reading
        /// is `split`'s own.
        static func isNavigationTarget(_ chain: String) -> Bool {
            // Most chains end in none of the names' last letters (nor a dot, which split drops): answered at once.
            guard let lastByte = chain.utf8.last, mayEndNavigationTarget(lastByte) else { return false }
            let last: Substring, previous: Substring?
            if let ends = lastTwoParts(ofASCII: chain) {
                (last, previous) = ends
            } else {
                let parts = chain.split(separator: ".")
                guard let final = parts.last else { return false }
                (last, previous) = (final, parts.count >= 2 ? parts[parts.count - 2] : nil)
            }
            if last == "location" { return true }
            if last == "href" && previous == "location" { return true }
            return last == "src" && previous != nil
        }

        /// The names `isNavigationTarget` compares a chain's last part with ("location", "href", "src"). A test
        /// holds `mayEndNavigationTarget` to them.
        static let navigationTargetNames = ["location", "href", "src"]

        /// Whether a chain ending in `byte` may be a navigation target: the last byte of one of its names, or a
        /// dot (which `split` drops).
        static func mayEndNavigationTarget(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "n"), UInt8(ascii: "f"), UInt8(ascii: "c"), UInt8(ascii: "."): return true
            default: return false
            }
        }

        /// The last non-empty dot-separated part of an ASCII `chain` and the one before it (nil when there is
        /// none); nil for a chain with no part, or one that is not ASCII.
        static func lastTwoParts(ofASCII chain: String) -> (last: Substring, previous: Substring?)? {
            let utf8 = chain.utf8
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            let dot = UInt8(ascii: ".")
            var end = utf8.endIndex
            func part() -> Substring? {
                while end > utf8.startIndex, utf8[utf8.index(before: end)] == dot { end = utf8.index(before: end) }
                guard end > utf8.startIndex else { return nil }
                var start = utf8.index(before: end)
                while start > utf8.startIndex, utf8[utf8.index(before: start)] != dot { start = utf8.index(before: start) }
                defer { end = start }
                return chain[start..<end]
            }
            guard let last = part() else { return nil }
            return (last, part())
        }

        static func isNavigationCall(_ chain: String) -> Bool {
            chain.hasSuffix("location.assign") || chain.hasSuffix("location.replace") || chain == "window.open" || chain == "open"
        }

        /// Reads `a.b["c"].d` from an identifier; returns the dotted chain and the index after it.
        /// The chain is built by appending to the first token's text: a lone name (most chains) is that text,
        /// shared, with no array of parts and no joined copy made.
        func readChain(from start: Int) -> (String, Int) {
            var chain = tokens[start].text
            var i = start + 1
            while i + 1 < tokens.count {
                let token = tokens[i]
                if token.kind == .punctuator && (token.text == "." || token.text == "?.") && tokens[i + 1].kind == .identifier {
                    chain += "."
                    chain += tokens[i + 1].text
                    i += 2
                } else if token.kind == .punctuator && token.text == "[" && i + 2 < tokens.count
                            && tokens[i + 1].kind == .string && tokens[i + 2].text == "]" {
                    chain += "."
                    chain += tokens[i + 1].text
                    i += 3
                } else {
                    break
                }
            }
            return (chain, i)
        }

        /// The body of `function NAME(…) {…}` whose name is at `nameIndex`.
        func functionBody(after nameIndex: Int) -> Range<Int>? {
            var i = nameIndex + 1
            guard i < tokens.count, tokens[i].text == "(" else { return nil }
            i = matching(i)
            guard i + 1 < tokens.count, tokens[i + 1].text == "{" else { return nil }
            let close = matching(i + 1)
            return tokens[i + 1].start..<(close < tokens.count ? tokens[close].end : bytes.count)
        }

        /// The body of a function expression starting at `start` (`function (…) {…}` or `(…) => {…}`).
        func functionBody(in start: Int) -> Range<Int>? {
            var i = start
            while i < tokens.count && tokens[i].text != "{" {
                if tokens[i].text == ";" { return nil }
                i += 1
            }
            guard i < tokens.count else { return nil }
            let close = matching(i)
            return tokens[i].start..<(close < tokens.count ? tokens[close].end : bytes.count)
        }

        /// The index of the bracket that closes the one at `open` (or the end).
        func matching(_ open: Int) -> Int { match[open] >= 0 ? match[open] : tokens.count }

        private static let continuing: Set<String> = [".", "?.", "+", "-", "*", "/", "%", "?", ":", "&&", "||", "??", "==", "===",
                                                      "!=", "!==", "<", ">", "<=", ">=", "(", "[", "=>", "=", "&", "|", "^", ","]

        /// An expression from `start` to its end: `;` or `,` at depth 0, a bracket that closes an outer
        /// one, or a line break where the statement cannot go on.
        func readExpression(from start: Int) -> (JSExpression, Int) {
            var i = start
            while i < tokens.count {
                let token = tokens[i]
                switch token.punctuatorByte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    // Jump over the group: what is inside never ends this expression.
                    i = matching(i)
                    if i >= tokens.count { return (expression(start, tokens.count), tokens.count) }
                    i += 1
                    continue
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    return (expression(start, i), i)
                case UInt8(ascii: ";"), UInt8(ascii: ","):
                    return (expression(start, i), i)
                default: break
                }
                if i > start && token.newlineBefore {
                    let previous = tokens[i - 1]
                    let previousContinues = previous.kind == .punctuator && Self.continuing.contains(previous.text)
                    let thisContinues = token.kind == .punctuator && Self.continuing.contains(token.text) && token.text != "("
                        && token.text != "["
                    if !previousContinues && !thisContinues { return (expression(start, i), i) }
                }
                i += 1
            }
            return (expression(start, tokens.count), tokens.count)
        }

        func readArguments(from open: Int) -> [JSExpression] {
            var arguments: [JSExpression] = []
            var i = open + 1
            while i < tokens.count && tokens[i].text != ")" {
                let (argument, end) = readExpression(from: i)
                arguments.append(argument)
                i = end
                if i < tokens.count && tokens[i].text == "," { i += 1 } else { break }
            }
            return arguments
        }

        /// Summarises tokens[start..<end].
        func expression(_ start: Int, _ fullEnd: Int) -> JSExpression {
            // A long expression is summarised from its first tokens (hostile or generated scripts).
            let end = min(max(start, fullEnd), start + ScriptAnalyzer.summaryTokens)
            let truncated = end < fullEnd
            let slice = tokens[start..<end]
            var text = ""
            if let first = slice.first, let last = slice.last {
                let textEnd = min(last.end, first.start + ScriptAnalyzer.summaryBytes)
                text = String(decoding: bytes[first.start..<textEnd], as: UTF8.self) + (truncated || textEnd < last.end ? "\u{2026}" : "")
            }
            var literal: JSExpression.Literal? = nil
            if slice.count == 1, !truncated, let token = slice.first {
                switch token.kind {
                case .string: literal = .string(token.text)
                case .template where !Self.hasSubstitution(token.text): literal = .string(String(token.text.dropFirst().dropLast()))
                case .number: literal = .number(token.text)
                case .identifier where token.text == "true": literal = .bool(true)
                case .identifier where token.text == "false": literal = .bool(false)
                case .identifier where token.text == "null": literal = .null
                default: break
                }
            }
            var reference: String? = nil
            if literal == nil, slice.first?.kind == .identifier {
                let (chain, next) = readChain(from: start)
                if next == end && !truncated { reference = chain }
            }
            // Pieces: operands of "+" at depth 0.
            var pieces: [JSExpression.Piece] = []
            var depth = 0, operandStart = start
            func flush(_ operandEnd: Int) {
                guard operandStart < operandEnd else { return }
                let operand = tokens[operandStart..<operandEnd]
                if operand.count == 1, operand.first!.kind == .string {
                    pieces.append(.literal(operand.first!.text))
                } else if operand.count == 1, operand.first!.kind == .template {
                    pieces.append(contentsOf: Self.templatePieces(operand.first!.text))
                } else {
                    let holeEnd = min(operand.last!.end, operand.first!.start + ScriptAnalyzer.summaryBytes)
                    pieces.append(.hole(String(decoding: bytes[operand.first!.start..<holeEnd], as: UTF8.self)))
                }
            }
            // One walk: "+" operands at depth 0, string literals, whether it reads location, an arrow.
            var stringLiterals: [String] = []
            var readsLocation = false, hasArrow = false
            for i in start..<end {
                let token = tokens[i]
                switch token.kind {
                case .string: stringLiterals.append(token.text)
                case .identifier where token.text == "location": readsLocation = true
                case .punctuator:
                    switch token.punctuatorByte {
                    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                    case UInt8(ascii: "+") where depth == 0:
                        flush(i)
                        operandStart = i + 1
                    case 0 where token.text == "=>": hasArrow = true
                    default: break
                    }
                default: break
                }
            }
            flush(end)
            if truncated { pieces.append(.hole("\u{2026}")) }
            let isFunction = slice.first.map { $0.text == "function" || $0.text == "async" } ?? false
                || hasArrow && (slice.first?.text == "(" || slice.dropFirst().first?.text == "=>")
            return JSExpression(text: text, literal: literal, reference: reference, pieces: pieces,
                                readsLocation: readsLocation, isFunction: isFunction, stringLiterals: stringLiterals)
        }

        /// Whether a template literal's raw text holds a `${` substitution, read on its bytes (Foundation's
        /// `contains` bridges the string for every call, once per inline script).
        static func hasSubstitution(_ raw: String) -> Bool {
            var previous: UInt8 = 0
            for byte in raw.utf8 {
                if byte == UInt8(ascii: "{") && previous == UInt8(ascii: "$") { return true }
                previous = byte
            }
            return false
        }

        /// A template literal's raw text as literal parts and `${…}` holes.
        static func templatePieces(_ raw: String) -> [JSExpression.Piece] {
            var pieces: [JSExpression.Piece] = []
            let body = Array(raw.utf8.dropFirst().dropLast(raw.hasSuffix("`") && raw.utf8.count > 1 ? 1 : 0))
            var literal: [UInt8] = [], i = 0
            while i < body.count {
                if body[i] == UInt8(ascii: "$") && i + 1 < body.count && body[i + 1] == UInt8(ascii: "{") {
                    if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))); literal = [] }
                    var depth = 1, j = i + 2
                    while j < body.count && depth > 0 {
                        if body[j] == UInt8(ascii: "{") { depth += 1 }
                        if body[j] == UInt8(ascii: "}") { depth -= 1 }
                        j += 1
                    }
                    pieces.append(.hole(String(decoding: body[(i + 2)..<max(i + 2, j - 1)], as: UTF8.self)))
                    i = j
                } else {
                    literal.append(body[i])
                    i += 1
                }
            }
            if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
            return pieces
        }
    }
}
