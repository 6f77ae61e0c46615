// JSONDocument.swift: the one reader of bridge's own JSON documents (a rules file, a case file's line, the
// emulator's configuration, and any to come). It takes every step once: the bytes' encoding (TextEncoding),
// JSON at all (strictly, through JSONScanner: the line and column where it stops), one object at the top, no
// key given twice in any object; then JSONObjectReader reads an object's keys, and what it reads is what the
// object may hold: each object's keys are an enum (JSONDocumentKey), the reader's methods take only that
// enum's cases, and any other key in the file is refused with the one it was probably meant to be. Wrong
// types, missing keys and key paths are decided here; each document adds only its own problems.
//
// A reader of our own rather than Codable: a Decoder does not see the keys a type did not ask for (an
// unknown key would pass in silence), its errors are DecodingError sentences with coding-path arrays rather
// than the document's own problem values, and Foundation's JSONDecoder underneath accepts a trailing comma on
// Linux and keeps one of two repeated keys.

/// Why a document's bytes or one of its values cannot be read, before the document's own rules.
public enum JSONReadProblem: Sendable, Hashable {
    case encoding(TextEncodingError)
    /// Not JSON: what is wrong, at which line and column (both 1-based; the column counts bytes).
    case syntax(JSONSyntaxError, line: Int, column: Int)
    /// The document is JSON but not an object.
    case notAnObject(JSONValueKind)
    /// A key given twice in one object (a JSON reader keeps only one).
    case repeatedKey
    /// A key the object does not have: the known key it was probably meant to be, and all of them.
    case unknownKey(suggestion: String?, known: [String])
    case missing
    /// The value is not of the type its key takes (`found`: what it is).
    case wrongType(JSONExpectedType, found: JSONValueKind)

    /// The stable code `--format json` names the problem by, for every document that reads through here.
    public var code: String {
        switch self {
        case .encoding: "not-utf8"
        case .syntax: "not-json"
        case .notAnObject: "not-an-object"
        case .repeatedKey: "repeated-key"
        case .unknownKey: "unknown-key"
        case .missing: "missing-key"
        case .wrongType: "wrong-type"
        }
    }
}

/// The type a document's value must have.
public enum JSONExpectedType: Sendable, Hashable {
    case string, nonEmptyString, boolean, number, wholeNumber, array, object
}

/// A document's own error: made from a key path and a reading problem, so the reader throws the document's type.
public protocol JSONDocumentError: Error {
    init(keyPath: String, reading problem: JSONReadProblem)
}

/// A document's problem that names its place and carries the document's other problems, so that a reader
/// reports every problem at once, each at its line and column (rules files, the emulator's configuration).
public protocol JSONDocumentProblems: JSONDocumentError {
    var keyPath: String { get }
    var line: Int? { get set }
    var column: Int? { get set }
    var others: [Self] { get set }
    /// Whether the problem is the document's syntax, which the scanner placed already.
    var isSyntax: Bool { get }
}

extension JSONDocumentProblems {
    /// This problem and its others, each placed at its line and column in `fileBytes` (where its key path's
    /// value is), in the file's order: the first, with the rest as its `others`.
    public func located(inFile fileBytes: [UInt8]) -> Self {
        func placed(_ problem: Self) -> Self {
            var placed = problem
            placed.others = []
            if !problem.isSyntax, let position = JSONDocument.position(ofKeyPath: problem.keyPath, inFile: fileBytes) {
                (placed.line, placed.column) = (position.line, position.column)
            }
            return placed
        }
        let all = ([self] + others).map(placed).enumerated().sorted {
            ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset) < ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
        }.map(\.element)
        var first = all[0]
        first.others = Array(all.dropFirst())
        return first
    }

    /// Throws the first of `problems` with the rest as its others; returns when there are none.
    public static func throwAll(_ problems: [Self]) throws(Self) {
        guard var first = problems.first else { return }
        first.others = Array(problems.dropFirst())
        throw first
    }
}

/// The keys one object of a document may have: the enum's raw values, all of them and no other.
public protocol JSONDocumentKey: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

public enum JSONDocument {
    /// A file's bytes as one JSON object: its encoding read first (a byte-order mark, UTF-16).
    public static func object<Failure: JSONDocumentError>(fileBytes: [UInt8], as: Failure.Type) throws(Failure) -> JSONValue {
        let bytes: [UInt8]
        do { bytes = try TextEncoding.utf8(fileBytes) } catch { throw Failure(keyPath: "", reading: .encoding(error)) }
        return try object(utf8: bytes, as: Failure.self)
    }

    /// UTF-8 bytes (a line of a file already read) as one JSON object.
    public static func object<Failure: JSONDocumentError>(utf8 bytes: [UInt8], as: Failure.Type) throws(Failure) -> JSONValue {
        let repeated = JSONValue.RepeatedKeys()
        let result = bytes.withUnsafeBufferPointer { JSONValue.read($0, repeatedKeys: repeated) }
        let value: JSONValue
        switch result {
        case .success(let read): value = read
        case .failure(let error):
            let (line, column) = position(of: error.offset, in: bytes)
            throw Failure(keyPath: "", reading: .syntax(error.syntax, line: line, column: column))
        }
        guard case .object = value else { throw Failure(keyPath: "", reading: .notAnObject(value.kind)) }
        if let keyPath = repeated.first { throw Failure(keyPath: keyPath, reading: .repeatedKey) }
        return value
    }

    /// Where the value at `keyPath` (JSONKeyPath's syntax: `sentinels[1].redirectURI`) starts in a document's
    /// file bytes, as a 1-based line and byte column; for a key path the document does not hold (a missing
    /// key), where the nearest object that holds it starts. Nil when the bytes are not JSON. Problems found in
    /// the parsed values are located with it, so that a person reads `rules.json:12:24`, not a key path alone.
    public static func position(ofKeyPath keyPath: String, inFile fileBytes: [UInt8]) -> (line: Int, column: Int)? {
        guard let bytes = try? TextEncoding.utf8(fileBytes) else { return nil }
        var offsets: [String: Int] = [:]
        let walked: Bool = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            func walk(_ s: inout JSONScanner, _ path: String) throws(JSONScanError) {
                s.skipWhitespace()
                offsets[path] = s.offset
                switch try s.peekKind() {
                case .object:
                    try s.object { (s: inout JSONScanner, key: JSONScannedKey) throws(JSONScanError) in
                        try walk(&s, JSONKeyPath.member(key.text, of: path))
                    }
                case .array:
                    try s.array { (s: inout JSONScanner, index: Int) throws(JSONScanError) in
                        try walk(&s, JSONKeyPath.element(index, of: path))
                    }
                default: try s.skipValue()
                }
            }
            do { try walk(&scanner, ""); return true } catch { return false }
        }
        guard walked else { return nil }
        var path = Substring(keyPath)
        while true {
            if let offset = offsets[String(path)] { return position(of: offset, in: bytes) }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return offsets[""].map { position(of: $0, in: bytes) } }
            path = path[..<cut]
        }
    }

    /// The object `value` with only the members `Key` names; each other key is handed to `unknown` as its
    /// unknown-key problem (with the known key it was probably meant to be), so that a reader reports them all
    /// and still reads the rest.
    public static func knownMembers<Key: JSONDocumentKey, Failure: JSONDocumentError>(
        of value: JSONValue, keys: Key.Type, as failure: Failure.Type, unknown: (Failure) -> Void
    ) throws(Failure) -> JSONValue {
        guard case .object(let members) = value else { throw Failure(keyPath: "", reading: .notAnObject(value.kind)) }
        let known = Key.allCases.map(\.rawValue)
        for key in members.keys.sorted() where !known.contains(key) {
            unknown(Failure(keyPath: key, reading: .unknownKey(suggestion: KnownKeys.suggestion(for: key, among: known), known: known)))
        }
        return .object(members.filter { known.contains($0.key) })
    }

    /// The 1-based line and byte column of `offset`.
    public static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// Typed reads of one object of a document, each error naming its key path and thrown as the document's own.
public struct JSONObjectReader<Key: JSONDocumentKey, Failure: JSONDocumentError> {
    /// Where the object is in the document (empty at the top).
    public let keyPath: String
    public let members: [String: JSONValue]

    /// The object at `keyPath`, refused when it is not an object or has a key that is not a `Key`.
    public init(_ value: JSONValue, at keyPath: String, keys: Key.Type = Key.self, errors: Failure.Type = Failure.self) throws(Failure) {
        guard case .object(let members) = value else {
            throw Failure(keyPath: keyPath, reading: .wrongType(.object, found: value.kind))
        }
        self.keyPath = keyPath
        self.members = members
        let known = Key.allCases.map(\.rawValue)
        if let unknown = KnownKeys.firstUnknown(in: members.keys, known: known) {
            throw Failure(keyPath: JSONKeyPath.member(unknown.key, of: keyPath), reading: .unknownKey(suggestion: unknown.suggestion, known: known))
        }
    }

    public func path(_ key: Key) -> String { JSONKeyPath.member(key.rawValue, of: keyPath) }

    /// The key's value as written, nil when the key is absent.
    public func value(_ key: Key) -> JSONValue? { members[key.rawValue] }

    /// The key's value, which must be there.
    public func required<Value>(_ key: Key, _ read: (Key) throws(Failure) -> Value?) throws(Failure) -> Value {
        guard let value = try read(key) else { throw Failure(keyPath: path(key), reading: .missing) }
        return value
    }

    public func string(_ key: Key) throws(Failure) -> String? {
        try members[key.rawValue].map { (value) throws(Failure) in try JSONRead<Failure>.string(value, at: path(key)) }
    }

    public func bool(_ key: Key) throws(Failure) -> Bool? {
        try members[key.rawValue].map { (value) throws(Failure) in try JSONRead<Failure>.bool(value, at: path(key)) }
    }

    public func number(_ key: Key) throws(Failure) -> Double? {
        try members[key.rawValue].map { (value) throws(Failure) in try JSONRead<Failure>.number(value, at: path(key)) }
    }

    public func wholeNumber(_ key: Key) throws(Failure) -> Int? {
        try members[key.rawValue].map { (value) throws(Failure) in try JSONRead<Failure>.wholeNumber(value, at: path(key)) }
    }

    /// An array's elements with their key paths; empty when the key is absent.
    public func elements(_ key: Key) throws(Failure) -> [(keyPath: String, value: JSONValue)] {
        guard let value = members[key.rawValue] else { return [] }
        return try JSONRead<Failure>.elements(value, at: path(key))
    }

    /// An array of non-empty strings; nil when the key is absent.
    public func strings(_ key: Key) throws(Failure) -> [String]? {
        guard members[key.rawValue] != nil else { return nil }
        return try elements(key).map { (element) throws(Failure) in try JSONRead<Failure>.string(element.value, at: element.keyPath, nonEmpty: true) }
    }

    /// The object at `key`, read with its own keys; nil when the key is absent.
    public func object<Inner: JSONDocumentKey>(_ key: Key, keys: Inner.Type) throws(Failure) -> JSONObjectReader<Inner, Failure>? {
        guard let value = members[key.rawValue] else { return nil }
        return try JSONObjectReader<Inner, Failure>(value, at: path(key))
    }

    /// The objects of the array at `key`, each read with its own keys; empty when the key is absent.
    public func objects<Inner: JSONDocumentKey>(_ key: Key, keys: Inner.Type) throws(Failure) -> [JSONObjectReader<Inner, Failure>] {
        try elements(key).map { (element) throws(Failure) in try JSONObjectReader<Inner, Failure>(element.value, at: element.keyPath) }
    }
}

/// A value's type checked at its key path: what JSONObjectReader reads a key with, for values that are not
/// under one key of a fixed set (an array's elements, a map's values).
public enum JSONRead<Failure: JSONDocumentError> {
    public static func string(_ value: JSONValue, at keyPath: String, nonEmpty: Bool = false) throws(Failure) -> String {
        guard case .string(let text) = value, !(nonEmpty && text.isEmpty) else {
            throw Failure(keyPath: keyPath, reading: .wrongType(nonEmpty ? .nonEmptyString : .string, found: value.kind))
        }
        return text
    }

    public static func bool(_ value: JSONValue, at keyPath: String) throws(Failure) -> Bool {
        guard case .bool(let flag) = value else { throw Failure(keyPath: keyPath, reading: .wrongType(.boolean, found: value.kind)) }
        return flag
    }

    public static func number(_ value: JSONValue, at keyPath: String) throws(Failure) -> Double {
        guard case .number(let number) = value else { throw Failure(keyPath: keyPath, reading: .wrongType(.number, found: value.kind)) }
        return number
    }

    public static func wholeNumber(_ value: JSONValue, at keyPath: String) throws(Failure) -> Int {
        guard case .number(let number) = value, let whole = Int(exactly: number) else {
            throw Failure(keyPath: keyPath, reading: .wrongType(.wholeNumber, found: value.kind))
        }
        return whole
    }

    public static func elements(_ value: JSONValue, at keyPath: String) throws(Failure) -> [(keyPath: String, value: JSONValue)] {
        guard case .array(let items) = value else { throw Failure(keyPath: keyPath, reading: .wrongType(.array, found: value.kind)) }
        return items.enumerated().map { (JSONKeyPath.element($0.offset, of: keyPath), $0.element) }
    }

    public static func members(_ value: JSONValue, at keyPath: String) throws(Failure) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw Failure(keyPath: keyPath, reading: .wrongType(.object, found: value.kind)) }
        return members
    }
}

/// The keys an object of a document may have.
public enum KnownKeys {
    /// The first of `keys` (in sorted order) that is not in `known`, and the known key it was probably meant
    /// to be; nil when every key is known.
    public static func firstUnknown(in keys: some Sequence<String>, known: [String]) -> (key: String, suggestion: String?)? {
        guard let key = keys.sorted().first(where: { !known.contains($0) }) else { return nil }
        return (key, suggestion(for: key, among: known))
    }

    /// The known key `key` was probably meant to be: one that differs only in letter case, else the one
    /// nearest by edits (insertions, deletions, substitutions, swaps of neighbours), if it is within two
    /// edits and no other is as near.
    public static func suggestion(for key: String, among known: [String]) -> String? {
        if let sameLetters = known.first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
        let typed = Array(key.lowercased())
        let scored = known.map { ($0, editDistance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, scored.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    /// Optimal string alignment distance: Levenshtein's edits plus a swap of two neighbours as one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
