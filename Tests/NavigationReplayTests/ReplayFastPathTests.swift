// ReplayFastPathTests.swift: replay's shortcuts against the plain readings they stand for, on seeded
// generated inputs: the string scanner's eight-bytes-at-a-time skip against a byte-by-byte scan, the
// navlog key table and enum words against the keys and raw values, and the "redirect_uri" test against
// a substring search. A shortcut that disagrees on any input fails here, not in a transcript.
import BrowserURL
import Foundation
import NavigationPolicy
import SeededRandom
import Testing
@testable import JSONText
@testable import NavigationReplay

@Suite struct ReplayFastPathTests {
    /// Bytes that matter to the scanner, often, among plain ones.
    static func bytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xC3, 0xFF, 0x21, 0x5B, 0x5D]
        return (0..<count).map { _ in
            Int.random(in: 0..<10, using: &random) == 0 ? special.randomElement(using: &random)! : UInt8.random(in: 0x23...0x7E, using: &random)
        }
    }

    static func needsLook(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }

    @Test func skipPlainStopsWhereAByteByByteScanStops() {
        var random = SplitMix64(0x5EED_0034)
        for _ in 0..<20_000 {
            let input = Self.bytes(Int.random(in: 0..<40, using: &random), &random)
            let from = input.isEmpty ? 0 : Int.random(in: 0...input.count, using: &random)
            let expected = input[from...].firstIndex(where: Self.needsLook) ?? input.count
            let found = input.withUnsafeBufferPointer { JSONScanner.skipPlain($0, from: from) }
            #expect(found == expected, "\(input) from \(from)")
        }
    }

    @Test func stringsReadAsBeforeWithSpecialBytesAnywhere() {
        // A JSON string of plain text with one escape, control character or non-ASCII letter placed at
        // every offset of a 20-byte run, so each lands in each lane of an eight-byte word.
        let inserts: [(json: String, text: String?)] = [("\\\"", "\""), ("\\n", "\n"), ("é", "é"), ("\u{1}", nil), ("\\u00e9", "é")]
        for (json, text) in inserts {
            for at in 0...20 {
                let plain = String(repeating: "a", count: at) + json + String(repeating: "b", count: 20 - at)
                let line = Array("\"\(plain)\"".utf8)
                let read: String? = line.withUnsafeBufferPointer { buffer in
                    var scanner = JSONScanner(buffer)
                    return try? scanner.string()
                }
                #expect(read == text.map { String(repeating: "a", count: at) + $0 + String(repeating: "b", count: 20 - at) }, "\(plain)")
            }
        }
    }

    @Test func keyTableFindsEachKeyAndNothingElse() {
        let keys = ["url", "seq", "time", "method", "navigationType", "isMainFrame", "targetFrame", "source", "sourceURL",
                    "redirect", "recordedDecision", "note", "hasUserGesture", "drained", "format", "version", "platform",
                    "recorder", "startedAt", "origin", "call", "arguments"]
        for (index, key) in keys.enumerated() {
            #expect(Self.index(of: key) == index, "\(key)")
            // A near miss of each: one letter changed, one added, one dropped, and the case changed.
            #expect(Self.index(of: String(key.dropLast()) + "X") == nil)
            #expect(Self.index(of: key + "s") == nil)
            #expect(Self.index(of: String(key.dropFirst())) == nil)
            #expect(Self.index(of: key.uppercased()) == nil)
        }
        #expect(Self.index(of: "") == nil)
        #expect(Self.index(of: "unknownKeyLongerThanSixteen") == nil)
    }

    static func index(of key: String) -> Int? {
        Array("{\"\(key)\":1}".utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            var found: Int?? = nil
            try? scanner.object { (s: inout JSONScanner, k: JSONScannedKey) throws(JSONScanError) in
                found = .some(Fields.index(of: k))
                try s.skipValue()
            }
            return found ?? nil
        }
    }

    @Test func enumWordsAreTheRawValues() {
        #expect(Fields.navigationTypes.map { $0.0.description } == Fields.navigationTypes.map { $0.1.rawValue })
        #expect(Set(Fields.navigationTypes.map(\.1)) == Set(NavigationType.allCases))
        #expect(Fields.sources.map { $0.0.description } == Fields.sources.map { $0.1.rawValue })
        #expect(Set(Fields.sources.map(\.1)) == Set(NavigationSource.allCases))
        #expect(Fields.actions.map { $0.0.description } == Fields.actions.map { $0.1.rawValue })
    }

    /// Each enum word written plainly, with escapes, with white space around it, cut short, longer, in
    /// another case and not as a string: read as the raw value parses it, or refused as it refuses it.
    @Test("enum words read where they stand agree with the raw values", arguments: ["navigationType", "source", "recordedDecision"])
    func enumWordsAgreeWithRawValues(key: String) throws {
        let words: [String] = switch key {
        case "navigationType": NavigationType.allCases.map(\.rawValue)
        case "source": NavigationSource.allCases.map(\.rawValue)
        default: [PolicyAction.allow, .cancel].map(\.rawValue)
        }
        for word in words {
            let escaped = "\\u" + String(format: "%04x", Int(word.unicodeScalars.first!.value)) + word.dropFirst()
            let spellings: [(String, String?)] = [("\"\(word)\"", word), ("\"\(escaped)\"", word), (" \t\"\(word)\" ", word),
                                                  ("\"\(word.dropLast())\"", nil), ("\"\(word)x\"", nil), ("\"\(word.uppercased())\"", nil),
                                                  ("\"\(word)\\\"\"", nil), ("1", nil)]
            for (json, expected) in spellings {
                let line = Array(#"{"url":"https://a.example/","\#(key)":\#(json)}"#.utf8)
                let item = line.withUnsafeBufferPointer { NavlogLineParser.parse($0, line: 2, isFirstLine: false) }
                guard case .record(let record) = item else {
                    #expect(expected == nil, "\(key): \(json) refused: \(item)")
                    continue
                }
                let read: String? = switch key {
                case "navigationType": record.navigationType.rawValue
                case "source": record.source.rawValue
                default: record.recordedDecision?.rawValue
                }
                #expect(read == expected, "\(key): \(json)")
            }
        }
    }

    @Test func redirectURITestAgreesWithASubstringSearch() {
        var random = SplitMix64(0x5EED_0035)
        let pieces = ["redirect_uri", "redirect", "_uri", "_", "redirect_ur", "edirect_uri", "a", "=", "&", "%5F", "x_y"]
        var seen = (true: 0, false: 0)
        for _ in 0..<5_000 {
            let path = random.joined(pieces, lengths: 0...5)
            guard case .success(let url) = BrowserURL.parse("https://a.example/\(path)") else { continue }
            let expected = url.href.contains("redirect_uri")
            #expect(FlowTracker.mayCarryRedirectURI(url) == expected, "\(url.href)")
            if expected { seen.true += 1 } else { seen.false += 1 }
        }
        #expect(seen.true > 100 && seen.false > 100)
    }
}
