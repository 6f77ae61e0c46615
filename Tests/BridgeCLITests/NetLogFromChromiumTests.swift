// NetLogFromChromiumTests.swift: the Chromium on this machine writes a NetLog (Tests/Browser/make_netlogs.py:
// the committed fixtures' two flows, served over HTTPS to a headless Chromium started with --log-net-log), and
// `bridge replay` reads what it wrote to the same navigations and decisions as the committed fixtures'
// transcripts: a NetLog from whatever Chromium CI installs is read, not only the one the fixtures came from.
// Disabled, saying so, where Chromium, python3 or openssl is missing (.ci/setup installs them).
import TestSupport
import Foundation
import Testing

@Suite("a NetLog from this machine's Chromium", .blockingWork(sharing: BlockingWork.webViewSlots), .enabled(if: Chromium.executable != nil && Chromium.python != nil
                                                              && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
                                                          "needs Debian's chromium, python3 and openssl (.ci/setup installs them)"))
struct NetLogFromChromiumTests {
    /// What a transcript says of each navigation, without the parts that change from run to run (times,
    /// event indices).
    static func steps(_ transcript: String) -> [[String]] {
        JSONLines.objects(transcript).compactMap { line in
            guard let url = line["url"] as? String else { return nil }
            return [url, line["decision"] as? String ?? "", line["kind"] as? String ?? "", line["rule"] as? String ?? ""]
        }
    }

    @Test(arguments: [("redirect-to-app.netlog.json", "capture"), ("form-post.netlog.json", "form-post")])
    func readsWhatChromiumWritesToday(_ log: String, _ rules: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-netlog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let maker = Process()
        maker.executableURL = URL(fileURLWithPath: Chromium.python ?? "/usr/bin/python3")
        maker.arguments = [Repository.path("Tests/Browser/make_netlogs.py"), "--out", directory.path,
                           "--chromium", Chromium.executable ?? "/usr/bin/chromium"]
        let errors = Pipe()
        maker.standardError = errors
        maker.standardOutput = FileHandle.nullDevice
        try maker.run()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        maker.waitUntilExit()
        try #require(maker.terminationStatus == 0, "\(problem)")

        let fresh = try BridgeProcess.run(["replay", "--rules", Repository.path("Fixtures/rules/\(rules).json"), "--format", "json",
                                           directory.appendingPathComponent(log).path])
        let saved = try String(contentsOfFile: Repository.path("Fixtures/logs/\(log).expected.jsonl"), encoding: .utf8)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(Self.steps(fresh.stdout) == Self.steps(saved))
        #expect(!Self.steps(saved).isEmpty)
    }
}
