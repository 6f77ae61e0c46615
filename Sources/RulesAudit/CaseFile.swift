// CaseFile.swift: reads case files, JSON Lines (one case object per line; blank lines are skipped):
//   {"url": …, "expect": {"decision", "kind", "rule", "error", "params"}, "state"?, "frame"?, "type"?, "method"?, "appInitiated"?, "name"?}
// A line that is not a case is an error naming its line and the key at fault; the other lines are still
// read. Each line is read as JSONObjectDocument reads every one of our documents (a key given twice refused).
import Foundation
import NavigationPolicy
import SensitiveText
import JSONText

/// A line of a case file that is not a case.
public struct CaseFileError: Error, Sendable, Hashable {
    public var file: String
    /// 1-based; 0 when the whole file could not be read.
    public var line: Int
    /// The key at fault (`expect.decision`), when there is one.
    public var key: String?
    public var problem: CaseFileProblem
    /// The file could not be read at all (`bridge test` exits 2 for it, not 1).
    public var isUnreadable: Bool { problem.isUnreadable }

    public init(file: String, line: Int, key: String?, problem: CaseFileProblem) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

}

public enum CaseFile {
    public static let caseKeys = ["url", "expect", "state", "frame", "type", "method", "appInitiated", "name"]
    public static let expectKeys = ["decision", "kind", "rule", "error", "params"]

    /// Reads the file at `path`: its cases and its bad lines.
    public static func load(path: String) -> (cases: [TestCase], errors: [CaseFileError]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return ([], [CaseFileError(file: path, line: 0, key: nil, problem: .unreadable)])
        }
        return parse([UInt8](data), file: path)
    }

    /// Reads case-file bytes; `file` is the name cases and errors carry.
    public static func parse(_ raw: [UInt8], file: String) -> (cases: [TestCase], errors: [CaseFileError]) {
        let bytes: [UInt8]
        do { bytes = try TextEncoding.utf8(raw) } catch {
            return ([], [CaseFileError(file: file, line: 0, key: nil, problem: .encoding(error))])
        }
        var cases: [TestCase] = []
        var errors: [CaseFileError] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var slice = line[...]
            if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            switch parseLine(Array(slice), source: CaseSource(file: file, line: lineNumber)) {
            case .success(let testCase): cases.append(testCase)
            case .failure(let error): errors.append(error)
            }
        }
        // An empty (or blank) case file tests nothing: a truncated file in CI must not pass in silence.
        if cases.isEmpty && errors.isEmpty {
            errors.append(CaseFileError(file: file, line: 0, key: nil, problem: .noCases))
        }
        return (cases, errors)
    }

    static func parseLine(_ bytes: [UInt8], source: CaseSource) -> Result<TestCase, CaseFileError> {
        func fail(_ key: String?, _ problem: CaseFileProblem) -> Result<TestCase, CaseFileError> {
            .failure(CaseFileError(file: source.file, line: source.line, key: key, problem: problem))
        }
        guard isUTF8(bytes) else { return fail(nil, .notUTF8) }
        let object: [String: Any]
        do { object = try JSONObjectDocument.object(utf8: bytes) } catch {
            switch error {
            case .encoding: return fail(nil, .notUTF8)
            case .notJSON(let message): return fail(nil, .notJSON(parserMessage: message))
            case .notAnObject: return fail(nil, .notAnObject)
            case .repeatedKey(let keyPath): return fail(keyPath, .repeatedKey)
            }
        }
        if let unknown = KnownKeys.firstUnknown(in: object, known: caseKeys) {
            return fail(unknown.key, .unknownKey(suggestion: unknown.suggestion))
        }
        guard let url = object["url"] as? String else {
            return fail("url", object["url"] == nil ? .missing : .wrongValue)
        }
        guard let expectObject = object["expect"] as? [String: Any] else {
            return fail("expect", object["expect"] == nil ? .missing : .wrongValue)
        }
        var testCase = TestCase(url, expect: CaseExpectation(), source: source)
        switch expectation(expectObject) {
        case .success(let expect): testCase.expect = expect
        case .failure(let error): return fail(error.key, error.problem)
        }
        if testCase.expect.isEmpty { return fail("expect", .emptyExpectation) }
        if let value = object["name"] {
            guard let name = value as? String else { return fail("name", .wrongValue) }
            testCase.name = name
        }
        if let value = object["state"] {
            guard let state = value as? String else { return fail("state", .wrongValue) }
            testCase.state = state
        }
        if let value = object["frame"] {
            guard let frame = value as? String, frame == "main" || frame == "sub" else { return fail("frame", .wrongValue) }
            testCase.isMainFrame = frame == "main"
        }
        if let value = object["type"] {
            guard let text = value as? String, let type = NavigationType(rawValue: text) else {
                return fail("type", .wrongValue)
            }
            testCase.type = type
        }
        if let value = object["method"] {
            guard let method = value as? String, ["GET", "POST"].contains(method.uppercased()) else { return fail("method", .wrongValue) }
            testCase.method = method.uppercased()
        }
        if let value = object["appInitiated"] {
            guard let flag = value as? Bool else { return fail("appInitiated", .wrongValue) }
            testCase.isAppInitiated = flag
        }
        return .success(testCase)
    }

    /// Whether the bytes are valid UTF-8 (String(validating:) needs macOS 15 / iOS 18; this builds for the
    /// package's older Apple platforms).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private struct KeyError: Error { var key: String; var problem: CaseFileProblem }

    private static func expectation(_ object: [String: Any]) -> Result<CaseExpectation, KeyError> {
        var expect = CaseExpectation()
        if let unknown = KnownKeys.firstUnknown(in: object, known: expectKeys) {
            return .failure(KeyError(key: "expect.\(unknown.key)", problem: .unknownKey(suggestion: unknown.suggestion)))
        }
        if let value = object["decision"] {
            guard let text = value as? String, let action = PolicyAction(rawValue: text) else {
                return .failure(KeyError(key: "expect.decision", problem: .wrongValue))
            }
            expect.decision = action
        }
        if let value = object["kind"] {
            guard let text = value as? String, let kind = DecisionKind(rawValue: text) else {
                return .failure(KeyError(key: "expect.kind", problem: .wrongValue))
            }
            expect.kind = kind
        }
        for key in ["rule", "error"] {
            guard let value = object[key] else { continue }
            let expected: ExpectedText
            if value is NSNull { expected = .absent }
            else if let text = value as? String { expected = .text(text) }
            else { return .failure(KeyError(key: "expect.\(key)", problem: .wrongValue)) }
            if key == "rule" { expect.rule = expected } else { expect.error = expected }
        }
        if let value = object["params"] {
            guard let params = value as? [String: Any] else {
                return .failure(KeyError(key: "expect.params", problem: .wrongValue))
            }
            for (name, item) in params {
                if item is NSNull { expect.params[name] = .absent }
                else if let text = item as? String { expect.params[name] = .text(text) }
                else { return .failure(KeyError(key: "expect.params.\(name)", problem: .wrongValue)) }
            }
        }
        return .success(expect)
    }

    /// A case as one line of a case file (what `--init` writes); keys in the documented order.
    public static func line(_ testCase: TestCase) -> String {
        var expect = JSONFields()
        if let decision = testCase.expect.decision { expect.add("decision", decision.rawValue) }
        if let kind = testCase.expect.kind { expect.add("kind", kind.rawValue) }
        if let rule = testCase.expect.rule { expect.add("rule", .string(rule.value)) }
        if let error = testCase.expect.error { expect.add("error", .string(error.value)) }
        if !testCase.expect.params.isEmpty {
            expect.add("params", .object(JSONFields(testCase.expect.params.keys.sorted().map { ($0, JSONOutput.string(testCase.expect.params[$0]!.value)) })))
        }
        var fields = JSONFields()
        if let name = testCase.name { fields.add("name", name) }
        fields.add("url", testCase.url)
        if let state = testCase.state { fields.add("state", state) }
        if !testCase.isMainFrame { fields.add("frame", "sub") }
        if testCase.type != .other { fields.add("type", testCase.type.rawValue) }
        if testCase.method != "GET" { fields.add("method", testCase.method) }
        if testCase.isAppInitiated { fields.add("appInitiated", .bool(true)) }
        fields.add("expect", .object(expect))
        return fields.line
    }
}
