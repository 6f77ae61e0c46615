// ContractTests.swift: the providers' real clients, unchanged, against a fresh `bridge serve`: each is a
// script in Tests/Contracts run with the server's base URL by the Python of .build-contracts/venv (which
// .ci/setup makes, with the clients at pinned versions). A script asserts what its client sees and exits 0;
// anything else fails the test with what it printed. Without the environment the suite is disabled, saying so.
import TestSupport
import Foundation
import Testing

enum ContractClients {
    static let root = URL(fileURLWithPath: Repository.path(".build-contracts"))
    static let python = root.appendingPathComponent("venv/bin/python").path
    /// janrain-python-api's package directory (its sdist, unpacked).
    static let janrain = root.appendingPathComponent("janrain-python-api-0.4.0").path
    static var available: Bool { FileManager.default.isExecutableFile(atPath: python) && FileManager.default.fileExists(atPath: janrain) }

    /// Runs a contract script against `base`; its exit status and everything it printed.
    static func run(_ script: String, base: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Repository.path("Tests/Contracts/\(script)"), base]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = janrain
        environment["NO_PROXY"] = "127.0.0.1,localhost"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite("the providers' real clients", .blockingWork, .enabled(if: ContractClients.available, "needs .build-contracts (.ci/setup makes it)"), .serialized)
struct ContractTests {
    /// Each script, and what `bridge serve` is started with for it.
    static let scripts: [(script: String, serve: [String])] = [
        ("mailpit_client.py", []),
        ("janrain_capture_client.py", []),
        ("authlib_oauth.py", ["--config", Repository.path("Tests/Contracts/oauth-clients.json")]),
        ("kii_rest.py", []),
        ("realm_rest.py", []),
        ("engage_rest.py", []),
    ]

    @Test("each client passes against a fresh bridge serve", arguments: scripts.map(\.script))
    func client(_ script: String) throws {
        let serve = Self.scripts.first { $0.script == script }?.serve ?? []
        try ServeProcess.with(serve) { server throws in
            let run = try ContractClients.run(script, base: server.base)
            #expect(run.status == 0, "\(script):\n\(run.output)")
        }
    }
}
