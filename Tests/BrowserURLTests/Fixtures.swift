// Fixtures.swift: locating the repository's Fixtures/ folder from the tests and loading JSON from it.
import TestSupport
import Foundation

enum Fixtures {
    /// The repository root.
    static let root = Repository.root

    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
    }

    static func json(_ relativePath: String) throws -> Any {
        let text = try String(contentsOf: url(relativePath), encoding: .utf8)
        let data = Data(WPTJSON.replacingLoneSurrogateEscapes(text).utf8)
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}
