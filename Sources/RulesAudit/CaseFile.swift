// CaseFile.swift: reads case files, JSON Lines (one case object per line; blank lines are skipped):
//   {"url": …, "expect": {"decision", "kind", "rule", "error", "params", "handlers"}, "state"?, "frame"?, "type"?, "method"?, "appInitiated"?, "redirect"?, "userGesture"?,
//    "sameDocument"?, "sandbox"?, "newWindow"?, "name"?}
// A line that is not a case is an error naming its line and the key at fault; the other lines are still
// read. Each line is read as JSONDocument reads every one of our documents; the keys a case and its
// expectation may have are the enums the reader is given.
import InputFiles
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
    /// The 1-based byte column in the line where the key's value (or the syntax error) is, when known.
    public var column: Int?
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
    /// The keys a case may have.
    public enum CaseKey: String, JSONDocumentKey {
        case url, expect, state, frame, type, method, appInitiated, redirect, userGesture, sameDocument, sandbox, newWindow, name
    }
    /// The keys a case's expectation may have.
    public enum ExpectKey: String, JSONDocumentKey {
        case decision, kind, rule, error, params, handlers
    }

    /// Reads the file at `path`: its cases and its bad lines.
    public static func load(path: String) -> (cases: [TestCase], errors: [CaseFileError]) {
        do { return parse(try InputFile.read(path), file: path) } catch {
            return ([], [CaseFileError(file: path, line: 0, key: nil, problem: .unreadable(error))])
        }
    }

    /// Reads case-file bytes; `file` is the name cases and errors carry.
    public static func parse(_ raw: [UInt8], file: String) -> (cases: [TestCase], errors: [CaseFileError]) {
        let bytes: [UInt8]
        do { bytes = try TextEncoding.utf8(raw) } catch {
            return ([], [CaseFileError(file: file, line: 0, key: nil, problem: .json(.encoding(error)))])
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
        guard TextEncoding.validUTF8(bytes) != nil else { return .failure(CaseFileError(file: source.file, line: source.line, key: nil, problem: .notUTF8)) }
        do throws(LineError) {
            return .success(try testCase(JSONDocument.object(utf8: bytes, as: LineError.self), source: source))
        } catch {
            var located = CaseFileError(file: source.file, line: source.line, key: error.key, problem: error.problem)
            // A syntax error carries its column; a problem in a value is placed by its key.
            if case .json(.syntax(_, _, let column)) = error.problem {
                located.column = column
            } else if let key = error.key {
                located.column = JSONDocument.position(ofKeyPath: key, inFile: bytes)?.column
            }
            return .failure(located)
        }
    }

    /// A line's problem and the key at fault, as the reader throws it.
    struct LineError: JSONDocumentError {
        var key: String?
        var problem: CaseFileProblem
        init(_ key: String, _ problem: CaseFileProblem) {
            self.key = key
            self.problem = problem
        }
        init(keyPath: String, reading problem: JSONReadProblem) {
            key = keyPath.isEmpty ? nil : keyPath
            self.problem = .json(problem)
        }
    }

    static func testCase(_ object: JSONValue, source: CaseSource) throws(LineError) -> TestCase {
        let reader = try JSONObjectReader<CaseKey, LineError>(object, at: "")
        let url = try reader.required(.url, reader.string)
        guard let expectReader = try reader.object(.expect, keys: ExpectKey.self) else { throw LineError("expect", .json(.missing)) }
        var testCase = TestCase(url, expect: try expectation(expectReader), source: source)
        if testCase.expect.isEmpty { throw LineError("expect", .emptyExpectation) }
        testCase.name = try reader.string(.name)
        testCase.state = try reader.string(.state)
        if let frame = try reader.string(.frame) {
            guard frame == "main" || frame == "sub" else { throw LineError("frame", .wrongValue) }
            testCase.isMainFrame = frame == "main"
        }
        if let text = try reader.string(.type) {
            guard let type = NavigationType(rawValue: text) else { throw LineError("type", .wrongValue) }
            testCase.type = type
        }
        if let method = try reader.string(.method) {
            guard let parsed = HTTPMethod(method), parsed == .get || parsed == .post else { throw LineError("method", .wrongValue) }
            testCase.method = parsed
        }
        testCase.isAppInitiated = try reader.bool(.appInitiated) ?? false
        testCase.isRedirect = try reader.bool(.redirect) ?? false
        testCase.hasUserGesture = try reader.bool(.userGesture) ?? false
        if let text = try reader.string(.sameDocument) {
            guard let kind = SameDocumentNavigation(rawValue: text) else { throw LineError("sameDocument", .wrongValue) }
            testCase.sameDocument = kind
        }
        testCase.sandbox = try reader.string(.sandbox)
        testCase.opensWindow = try reader.bool(.newWindow) ?? false
        return testCase
    }

    private static func expectation(_ reader: JSONObjectReader<ExpectKey, LineError>) throws(LineError) -> CaseExpectation {
        var expect = CaseExpectation()
        if let text = try reader.string(.decision) {
            guard let action = PolicyAction(rawValue: text) else { throw LineError(reader.path(.decision), .wrongValue) }
            expect.decision = action
        }
        if let text = try reader.string(.kind) {
            guard let kind = DecisionKind(rawValue: text) else { throw LineError(reader.path(.kind), .wrongValue) }
            expect.kind = kind
        }
        expect.rule = try expectedText(reader.value(.rule), at: reader.path(.rule))
        expect.error = try expectedText(reader.value(.error), at: reader.path(.error))
        if let value = reader.value(.params) {
            for (name, item) in try JSONRead<LineError>.members(value, at: reader.path(.params)) as [String: JSONValue] {
                expect.params[name] = try expectedText(item, at: JSONKeyPath.member(name, of: reader.path(.params)))
            }
        }
        expect.handlers = try reader.strings(.handlers)
        return expect
    }

    /// A string the decision must carry, or null for none.
    private static func expectedText(_ value: JSONValue?, at keyPath: String) throws(LineError) -> ExpectedText? {
        switch value {
        case nil: nil
        case .null?: .absent
        case .string(let text)?: .text(text)
        case let other?: throw LineError(keyPath: keyPath, reading: .wrongType(.string, found: other.kind))
        }
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
        if let handlers = testCase.expect.handlers { expect.add("handlers", .array(handlers.map { .string($0) })) }
        var fields = JSONFields()
        if let name = testCase.name { fields.add("name", name) }
        fields.add("url", testCase.url)
        if let state = testCase.state { fields.add("state", state) }
        if !testCase.isMainFrame { fields.add("frame", "sub") }
        if testCase.type != .other { fields.add("type", testCase.type.rawValue) }
        if testCase.method != .get { fields.add("method", testCase.method.name) }
        if testCase.isAppInitiated { fields.add("appInitiated", .bool(true)) }
        if testCase.isRedirect { fields.add("redirect", .bool(true)) }
        if testCase.hasUserGesture { fields.add("userGesture", .bool(true)) }
        if let sameDocument = testCase.sameDocument { fields.add("sameDocument", sameDocument.rawValue) }
        if let sandbox = testCase.sandbox { fields.add("sandbox", sandbox) }
        if testCase.opensWindow { fields.add("newWindow", .bool(true)) }
        fields.add("expect", .object(expect))
        return fields.line
    }
}
