// JSONDocumentTests.swift: the one reader of our JSON documents: strict JSON with the line and column where
// it stops, one object at the top, a repeated key with its key path, the object's keys as its enum, wrong
// types with what was found, and the known key an unknown one was meant to be.
import Testing
@testable import JSONText

/// A document's error as the reader makes it: the key path and the reading problem.
struct ReadError: JSONDocumentError, Equatable {
    var keyPath: String
    var problem: JSONReadProblem
    init(keyPath: String, reading problem: JSONReadProblem) {
        self.keyPath = keyPath
        self.problem = problem
    }
}

enum PetKey: String, JSONDocumentKey { case name, age, tags, owner, vaccinated }
enum OwnerKey: String, JSONDocumentKey { case email }

@Suite("JSON documents")
struct JSONDocumentTests {
    func read(_ text: String) -> Result<JSONValue, ReadError> {
        do throws(ReadError) { return .success(try JSONDocument.object(utf8: Array(text.utf8), as: ReadError.self)) } catch { return .failure(error) }
    }

    func failure(_ text: String) -> ReadError? {
        if case .failure(let error) = read(text) { return error }
        return nil
    }

    @Test("what JSONSerialization lets through is refused, at the line and column where it stops", arguments: [
        (#"{"a": "x",}"#, ReadError(keyPath: "", reading: .syntax(.expectedKey(found: UInt8(ascii: "}")), line: 1, column: 11))),
        ("{\"a\": [1,]\n}", ReadError(keyPath: "", reading: .syntax(.unexpectedCharacter(UInt8(ascii: "]")), line: 1, column: 10))),
        ("{\n  \"a\": 01\n}", ReadError(keyPath: "", reading: .syntax(.leadingZero, line: 2, column: 8))),
        (#"{"a": 1} // note"#, ReadError(keyPath: "", reading: .syntax(.textAfterValue, line: 1, column: 10))),
        (#"{"a": "#, ReadError(keyPath: "", reading: .syntax(.endOfInput, line: 1, column: 7))),
        ("[]", ReadError(keyPath: "", reading: .notAnObject(.array))),
        ("\"x\"", ReadError(keyPath: "", reading: .notAnObject(.string))),
    ])
    func syntax(text: String, expected: ReadError) {
        #expect(failure(text) == expected)
    }

    @Test("a key given twice is refused with its key path, escapes decoded before comparing", arguments: [
        (#"{"a": 1, "a": 2}"#, "a"),
        (#"{"list": [{"x": 1}, {"y": 1, "y": 2}]}"#, "list[1].y"),
        (#"{"o": {"ab": 1, "a\u0062": 2}}"#, "o.ab"),
    ])
    func repeated(text: String, keyPath: String) {
        #expect(failure(text) == ReadError(keyPath: keyPath, reading: .repeatedKey))
    }

    @Test("a page's JSON keeps the last of two repeated keys, as JSON.parse does, and takes any value at the top")
    func pageJSON() {
        #expect(JSONValue.parse(#"{"a": 1, "a": 2}"#) == .object(["a": .number(2)]))
        #expect(JSONValue.parse(#""x""#) == .string("x"))
        #expect(JSONValue.parse("[1,]") == nil)
    }

    @Test("an object's keys are its enum: an unknown one is refused with the one it was meant to be")
    func unknownKeys() throws {
        let value = try read(#"{"name": "Rex", "tgas": ["a"]}"#).get()
        #expect(throws: ReadError(keyPath: "tgas", reading: .unknownKey(suggestion: "tags", known: PetKey.allCases.map(\.rawValue)))) {
            try JSONObjectReader<PetKey, ReadError>(value, at: "")
        }
    }

    @Test("wrong types name what was expected and what was found, at the key path")
    func types() throws {
        let value = try read(#"{"name": 7, "age": 2.5, "tags": ["a", ""], "owner": {"email": null}, "vaccinated": "yes"}"#).get()
        let pet = try JSONObjectReader<PetKey, ReadError>(value, at: "pets[0]")
        #expect(throws: ReadError(keyPath: "pets[0].name", reading: .wrongType(.string, found: .number))) { try pet.string(.name) }
        #expect(throws: ReadError(keyPath: "pets[0].age", reading: .wrongType(.wholeNumber, found: .number))) { try pet.wholeNumber(.age) }
        #expect(try pet.number(.age) == 2.5)
        #expect(throws: ReadError(keyPath: "pets[0].tags[1]", reading: .wrongType(.nonEmptyString, found: .string))) { try pet.strings(.tags) }
        #expect(throws: ReadError(keyPath: "pets[0].vaccinated", reading: .wrongType(.boolean, found: .string))) { try pet.bool(.vaccinated) }
        let owner = try #require(try pet.object(.owner, keys: OwnerKey.self))
        #expect(throws: ReadError(keyPath: "pets[0].owner.email", reading: .wrongType(.string, found: .null))) { try owner.string(.email) }
        let empty = try JSONObjectReader<PetKey, ReadError>(.object([:]), at: "pets[0]")
        #expect(throws: ReadError(keyPath: "pets[0].name", reading: .missing)) { try empty.required(.name, empty.string) }
    }

    @Test("a byte-order mark is read before the JSON; UTF-16 is decoded")
    func encodings() throws {
        let utf8: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"name": "Rex"}"#.utf8)
        #expect(try JSONDocument.object(fileBytes: utf8, as: ReadError.self) == .object(["name": .string("Rex")]))
        let utf16: [UInt8] = [0xFF, 0xFE] + #"{"a": 1}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try JSONDocument.object(fileBytes: utf16, as: ReadError.self) == .object(["a": .number(1)]))
        #expect(throws: ReadError(keyPath: "", reading: .encoding(.utf32))) {
            try JSONDocument.object(fileBytes: [0xFF, 0xFE, 0x00, 0x00], as: ReadError.self)
        }
    }

    @Test("nesting past the scanner's limit is refused, not a crash")
    func deep() {
        let text = "{\"a\":" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        guard case .syntax(.nestedTooDeep(limit: JSONScanner.maxDepth), _, _)? = failure(text)?.problem else {
            Issue.record("\(String(describing: failure(text)))")
            return
        }
    }
}

@Suite("Known keys")
struct KnownKeysTests {
    static let known = ["version", "default", "allow", "sentinels", "schemes", "handlers", "expectedState", "redirectURI"]

    @Test("a key meant as a known one is suggested: letter case, then one or two edits, only when no other is as near",
          arguments: [("Sentinels", "sentinels"), ("sentinal", "sentinels"), ("redirectUri", "redirectURI"), ("expectedStat", "expectedState"),
                      ("hanlders", "handlers"), ("colour", nil), ("x", nil)] as [(String, String?)])
    func suggestion(key: String, expected: String?) {
        #expect(KnownKeys.suggestion(for: key, among: Self.known) == expected)
    }

    @Test("two known keys as near as each other: no suggestion; the first unknown key in sorted order")
    func tie() {
        #expect(KnownKeys.suggestion(for: "ab", among: ["ac", "ad"]) == nil)
        #expect(KnownKeys.firstUnknown(in: ["b", "a", "known"], known: ["known"])?.key == "a")
    }
}
