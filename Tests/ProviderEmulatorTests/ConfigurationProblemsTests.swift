// ConfigurationProblemsTests.swift: a `bridge serve --config` file's problems are all found in one read, each
// at its line and column, in the file's order.
import Foundation
import ProviderSettings
import Testing

@Suite("configuration problems")
struct ConfigurationProblemsTests {
    @Test("every problem at once, each at its place")
    func everyProblem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-config-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
            {
              "codeLifetime": -5,
              "maxPINAttempts": 0,
              "nope": true,
              "allowedOrigins": ["https://a.example/x"],
              "appName": "fine"
            }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try EmulatorConfiguration.load(path: path)
            Issue.record("loaded")
        } catch {
            let all = [error] + error.others
            #expect(all.map(\.keyPath) == ["codeLifetime", "maxPINAttempts", "nope", "allowedOrigins[0]"])
            #expect(all.map { [$0.line ?? 0, $0.column ?? 0] } == [[2, 19], [3, 21], [4, 11], [5, 22]])
            #expect(all[0].problem == .secondsOutOfRange(-5) && all[1].problem == .attemptsOutOfRange)
            #expect(error.others.allSatisfy { $0.others.isEmpty })
        }
    }

    @Test("a good file still reads, and one problem is one")
    func oneOrNone() throws {
        #expect(try EmulatorConfiguration.parse(Data(#"{"appName": "x", "codeLifetime": 60}"#.utf8)).codeLifetime == 60)
        #expect(throws: EmulatorConfiguration.Invalid(keyPath: "maxBodyBytes", .bodyLimitOutOfRange(5))) {
            try EmulatorConfiguration.parse(Data(#"{"maxBodyBytes": 5}"#.utf8))
        }
    }
}
