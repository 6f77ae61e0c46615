// CaptureFilter.swift: the filter expressions of Capture's entity.find and entity.count, as
// docs.janrain.com describes them: `attribute op value` with =, !=, >, >=, <, <=; `is null` and
// `is not null`; `not` / `!`; `and`; `or`; parentheses; strings in single quotes ('' for a quote), numbers,
// true, false. Precedence from high to low: is null, not, the comparisons, and, or. An attribute is a
// dotted path into the record. Parsed by hand: the grammar is a dozen lines and Capture's own; a malformed
// filter is Capture's invalid_argument naming where.
import Foundation
import JSONText
import NavigationPolicy

indirect enum CaptureFilter: Equatable {
    case compare(path: String, op: String, value: JSONValue)
    case isNull(path: String, negated: Bool)
    case not(CaptureFilter)
    case and(CaptureFilter, CaptureFilter)
    case or(CaptureFilter, CaptureFilter)

    struct Malformed: Error, Equatable {
        var offset: Int
        var expected: String
    }

    static func parse(_ text: String) throws(Malformed) -> CaptureFilter {
        var parser = Parser(tokens: try tokens(text))
        let filter = try parser.or()
        guard parser.index == parser.tokens.count else { throw Malformed(offset: parser.offset, expected: "the end of the filter") }
        return filter
    }

    func matches(_ record: [String: JSONValue]) -> Bool {
        switch self {
        case .compare(let path, let op, let value):
            guard let field = Self.lookup(path, in: record), field != .null else { return op == "!=" && value != .null }
            switch (field, value) {
            case (.string(let a), .string(let b)): return Self.compare(a, b, op)
            case (.number(let a), .number(let b)): return Self.compare(a, b, op)
            case (.string(let a), .number(let b)): return Double(a).map { Self.compare($0, b, op) } ?? false
            case (.number(let a), .string(let b)): return Double(b).map { Self.compare(a, $0, op) } ?? false
            case (.bool(let a), .bool(let b)): return op == "=" ? a == b : op == "!=" ? a != b : false
            default: return op == "!="
            }
        case .isNull(let path, let negated):
            let null = (Self.lookup(path, in: record) ?? .null) == .null
            return negated ? !null : null
        case .not(let inner): return !inner.matches(record)
        case .and(let a, let b): return a.matches(record) && b.matches(record)
        case .or(let a, let b): return a.matches(record) || b.matches(record)
        }
    }

    static func lookup(_ path: String, in record: [String: JSONValue]) -> JSONValue? {
        var value: JSONValue? = .object(record)
        for key in path.split(separator: ".") { value = value?[String(key)] }
        return value
    }

    static func compare<T: Comparable>(_ a: T, _ b: T, _ op: String) -> Bool {
        switch op {
        case "=": return a == b
        case "!=": return a != b
        case ">": return a > b
        case ">=": return a >= b
        case "<": return a < b
        default: return a <= b
        }
    }

    enum Token: Equatable {
        case word(String), string(String), number(Double), op(String), open, close
    }

    /// The filter's tokens, each with its offset.
    static func tokens(_ text: String) throws(Malformed) -> [(Token, Int)] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [(Token, Int)] = [], i = 0
        while i < scalars.count {
            let c = scalars[i], start = i
            if c == " " || c == "\t" || c == "\n" { i += 1; continue }
            if c == "(" { tokens.append((.open, start)); i += 1; continue }
            if c == ")" { tokens.append((.close, start)); i += 1; continue }
            if c == "'" {
                var value = "", closed = false
                i += 1
                while i < scalars.count {
                    if scalars[i] == "'" {
                        if i + 1 < scalars.count, scalars[i + 1] == "'" { value.unicodeScalars.append("'"); i += 2; continue }
                        closed = true; i += 1; break
                    }
                    value.unicodeScalars.append(scalars[i]); i += 1
                }
                guard closed else { throw Malformed(offset: start, expected: "a closing '") }
                tokens.append((.string(value), start)); continue
            }
            if "=!<>".unicodeScalars.contains(c) {
                var op = String(c)
                if i + 1 < scalars.count, scalars[i + 1] == "=" { op += "="; i += 1 }
                i += 1
                guard ["=", "!=", "<", "<=", ">", ">=", "!"].contains(op) else { throw Malformed(offset: start, expected: "an operator") }
                tokens.append((.op(op), start)); continue
            }
            var word = ""
            while i < scalars.count, !" \t\n()'=!<>".unicodeScalars.contains(scalars[i]) { word.unicodeScalars.append(scalars[i]); i += 1 }
            if let number = Double(word), word.first.map({ $0.isNumber || $0 == "-" }) == true {
                tokens.append((.number(number), start))
            } else {
                tokens.append((.word(word), start))
            }
        }
        return tokens
    }

    struct Parser {
        let tokens: [(Token, Int)]
        var index = 0

        var offset: Int { index < tokens.count ? tokens[index].1 : (tokens.last.map { $0.1 + 1 } ?? 0) }
        var next: Token? { index < tokens.count ? tokens[index].0 : nil }

        func isWord(_ word: String) -> Bool { if case .word(let w)? = next { return w.lowercased() == word }; return false }

        mutating func or() throws(Malformed) -> CaptureFilter {
            var left = try and()
            while isWord("or") { index += 1; left = .or(left, try and()) }
            return left
        }

        mutating func and() throws(Malformed) -> CaptureFilter {
            var left = try unary()
            while isWord("and") { index += 1; left = .and(left, try unary()) }
            return left
        }

        mutating func unary() throws(Malformed) -> CaptureFilter {
            if isWord("not") || next == .op("!") { index += 1; return .not(try unary()) }
            if next == .open {
                index += 1
                let inner = try or()
                guard next == .close else { throw Malformed(offset: offset, expected: ")") }
                index += 1
                return inner
            }
            guard case .word(let path)? = next, !["and", "or", "not", "is"].contains(path.lowercased()) else {
                throw Malformed(offset: offset, expected: "an attribute")
            }
            index += 1
            if isWord("is") {
                index += 1
                let negated = isWord("not")
                if negated { index += 1 }
                guard isWord("null") else { throw Malformed(offset: offset, expected: "null") }
                index += 1
                return .isNull(path: path, negated: negated)
            }
            guard case .op(let op)? = next, op != "!" else { throw Malformed(offset: offset, expected: "=, !=, <, <=, >, >= or is") }
            index += 1
            let value: JSONValue
            switch next {
            case .string(let s)?: value = .string(s)
            case .number(let n)?: value = .number(n)
            case .word(let w)? where ["true", "false"].contains(w.lowercased()): value = .bool(w.lowercased() == "true")
            case .word(let w)? where w.lowercased() == "null": value = .null
            default: throw Malformed(offset: offset, expected: "a value ('text', a number, true or false)")
            }
            index += 1
            return .compare(path: path, op: op, value: value)
        }
    }
}
