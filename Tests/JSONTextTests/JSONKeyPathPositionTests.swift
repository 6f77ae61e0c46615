// JSONKeyPathPositionTests.swift: where a key path's value is in a document's file, so that a problem found in
// the parsed values is reported at a line and column.
import JSONText
import Testing

@Suite("key path positions")
struct JSONKeyPathPositionTests {
    static let document = Array("""
        {"version": 1,
         "sentinels": [
           {"name": "a", "redirectURI": "https://x.example/cb"},
           {"name": "b", "redirectURI": "not a url"}
         ],
         "handlers": {"onLogin": ["signIn"]}
        }
        """.utf8)

    @Test("a value's own place; a missing key's nearest object; a document that is not JSON has none", arguments: [
        ("version", 1, 13), ("sentinels", 2, 15), ("sentinels[1]", 4, 4), ("sentinels[1].redirectURI", 4, 33),
        ("handlers.onLogin", 6, 26), ("handlers.onLogin[0]", 6, 27), ("", 1, 1),
        ("sentinels[1].require", 4, 4), ("default", 1, 1), ("sentinels[7].name", 2, 15),
    ] as [(String, Int, Int)])
    func positions(keyPath: String, line: Int, column: Int) throws {
        let position = try #require(JSONDocument.position(ofKeyPath: keyPath, inFile: Self.document))
        #expect(position.line == line && position.column == column, "\(keyPath): \(position)")
    }

    @Test("a byte-order mark is read as the reader reads it; bytes that are not JSON have no positions")
    func encodings() {
        let withMark = [0xEF, 0xBB, 0xBF] + Array(#"{"a": {"b": 2}}"#.utf8)
        #expect(JSONDocument.position(ofKeyPath: "a.b", inFile: withMark).map { [$0.line, $0.column] } == [1, 13])
        #expect(JSONDocument.position(ofKeyPath: "a", inFile: Array(#"{"a": "#.utf8)) == nil)
    }
}
