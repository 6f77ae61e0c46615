// JSONObjectDocument.swift: the first steps every reader of bridge's own JSON documents takes (a rules
// file, a case file's line, the emulator's configuration), taken once: the bytes' encoding, JSON at all, one
// object at the top, no key given twice in any object (JSONSerialization would keep one of the two without a
// word); and the one way an unknown key is refused, with the known key it was probably meant to be. Each
// document maps a JSONDocumentProblem onto its own problem cases, which carry its key paths.
import Foundation

/// Why bytes are not one JSON object, before any key is read.
public enum JSONDocumentProblem: Error, Sendable, Hashable {
    case encoding(TextEncodingError)
    /// Not JSON (`parserMessage`: what the JSON parser said).
    case notJSON(parserMessage: String)
    case notAnObject
    /// A key given twice in one object, at this key path.
    case repeatedKey(keyPath: String)
}

public enum JSONObjectDocument {
    /// A file's bytes as one JSON object: its encoding read first (a byte-order mark, UTF-16).
    public static func object(fileBytes: [UInt8]) throws(JSONDocumentProblem) -> [String: Any] {
        let bytes: [UInt8]
        do { bytes = try TextEncoding.utf8(fileBytes) } catch { throw .encoding(error) }
        return try object(utf8: bytes)
    }

    /// UTF-8 bytes (a line of a file already read) as one JSON object.
    public static func object(utf8 bytes: [UInt8]) throws(JSONDocumentProblem) -> [String: Any] {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: Data(bytes), options: []) } catch {
            let ns = error as NSError
            throw .notJSON(parserMessage: (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription)
        }
        guard let object = json as? [String: Any] else { throw .notAnObject }
        if let repeated = JSONDuplicateKeys.first(in: bytes) { throw .repeatedKey(keyPath: repeated) }
        return object
    }
}

/// The keys an object of a document may have.
public enum KnownKeys {
    /// The first key of `object` (in sorted order) that is not in `known`, and the known key it was
    /// probably meant to be; nil when every key is known.
    public static func firstUnknown(in object: [String: Any], known: [String]) -> (key: String, suggestion: String?)? {
        guard let key = object.keys.sorted().first(where: { !known.contains($0) }) else { return nil }
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
