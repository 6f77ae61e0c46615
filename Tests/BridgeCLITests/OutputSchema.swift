// OutputSchema.swift: validates JSON lines against bridge's own output schema
// (Sources/CommandOutput/Schema/bridge-output-2.schema.json) with python3's jsonschema, every line in one
// run of the validator. The tests that call it are enabled only when jsonschema is installed
// (Tools.jsonschema; .ci/setup installs it).
import TestSupport
import Foundation

enum OutputSchema {
    static let path = Repository.path("Sources/CommandOutput/Schema/bridge-output-2.schema.json")

    /// A line the schema rejects: what printed it, its number among that output's lines, and jsonschema's
    /// reason with the member's path.
    struct Violation: Equatable, CustomStringConvertible {
        var output: String
        var line: Int
        var reason: String
        var description: String { "\(output) line \(line): \(reason)" }
    }

    /// Every line of each output that is not valid against the schema (an output is what one run printed,
    /// named by its command line).
    static func violations(_ outputs: [(name: String, stdout: String)]) throws -> [Violation] {
        var lines: [[String: Any]] = []
        for output in outputs {
            for (index, line) in output.stdout.split(separator: "\n").enumerated() {
                lines.append(["output": output.name, "line": index + 1, "text": String(line)])
            }
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-schema-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: lines).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft202012Validator(schema)
            out = []
            for entry in json.load(open(sys.argv[2])):
                try:
                    value = json.loads(entry["text"])
                except ValueError as e:
                    out.append([entry["output"], entry["line"], "not JSON: %s" % e])
                    continue
                for error in validator.iter_errors(value):
                    out.append([entry["output"], entry["line"], "%s: %s" % ("/".join(map(str, error.absolute_path)), error.message)])
            json.dump(out, sys.stdout)
            """, path, input.path]
        let pipe = Pipe(), errors = Pipe()
        check.standardOutput = pipe
        check.standardError = errors
        try check.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        check.waitUntilExit()
        guard check.terminationStatus == 0, let found = try JSONSerialization.jsonObject(with: data) as? [[Any]] else {
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return [Violation(output: "the validator", line: 0, reason: said)]
        }
        return found.map { Violation(output: $0[0] as? String ?? "", line: $0[1] as? Int ?? 0, reason: $0[2] as? String ?? "") }
    }

    /// The line types the schema lists.
    static func types() throws -> [String] {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let type = (schema?["properties"] as? [String: Any])?["type"] as? [String: Any]
        return type?["enum"] as? [String] ?? []
    }
}
