// SARIFSchema.swift: validates a command's SARIF output against the SARIF 2.1.0 schema
// (Fixtures/conformance/sarif) with python3's jsonschema; skips, saying why, when either is absent
// (.ci/run installs jsonschema, so it runs there).
import Foundation
import Testing

enum SARIFSchema {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/conformance/sarif/sarif-schema-2.1.0.json").path

    /// Records an issue when `document` is not valid SARIF 2.1.0.
    static func expectValid(_ document: String, what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard FileManager.default.fileExists(atPath: schemaPath) else {
            print("skipped: SARIF schema validation of \(what) (no Fixtures/conformance/sarif)")
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-\(UUID().uuidString).sarif")
        try Data(document.utf8).write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("no jsonschema"); sys.exit(3)
            jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))
            print("valid")
            """, schemaPath, output.path]
        let pipe = Pipe()
        check.standardOutput = pipe
        check.standardError = pipe
        try check.run()
        check.waitUntilExit()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if check.terminationStatus == 3 || check.terminationStatus == 127 {
            print("skipped: SARIF schema validation of \(what) (python3 with jsonschema is not installed; .ci/run installs it)")
            return
        }
        #expect(check.terminationStatus == 0, "\(said)", sourceLocation: sourceLocation)
        print("\(what): SARIF output validated against sarif-schema-2.1.0.json: \(said.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
