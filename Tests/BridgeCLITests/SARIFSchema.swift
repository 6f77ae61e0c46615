// SARIFSchema.swift: validates a command's SARIF output against the SARIF 2.1.0 schema
// (Fixtures/conformance/sarif) with python3's jsonschema. The tests that call it are enabled only when
// jsonschema is installed (Tools.jsonschema; .ci/setup installs it).
import TestSupport
import Foundation
import Testing

enum SARIFSchema {
    static let schemaPath = Repository.root.appendingPathComponent("Fixtures/conformance/sarif/sarif-schema-2.1.0.json").path

    /// Records an issue when `document` is not valid SARIF 2.1.0.
    static func expectValid(_ document: String, what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-\(UUID().uuidString).sarif")
        try Data(document.utf8).write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys, jsonschema
            jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))
            print("valid")
            """, schemaPath, output.path]
        let pipe = Pipe()
        check.standardOutput = pipe
        check.standardError = pipe
        try check.run()
        check.waitUntilExit()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(check.terminationStatus == 0, "\(what): \(said)", sourceLocation: sourceLocation)
    }
}
