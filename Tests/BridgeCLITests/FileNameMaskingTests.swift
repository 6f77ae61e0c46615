// FileNameMaskingTests.swift: a file's name is a path, masked in every output like any URL: a page saved as
// browsers and wget save them (`password_reset.php?code=…`), a log or a case file named after what it holds,
// in inspect's, replay's and test's text and JSON, and in the reports made from them.
import Foundation
import TestSupport
import Testing

@Suite(.blockingWork)
struct FileNameMaskingTests {
    static let code = "Qm9va2luZ0NvZGUwMDFzZWNyZXQ"

    @Test("a secret in a file's name is masked wherever the name is printed", arguments: [
        (["inspect", "--format", "json"], "password_reset.php?code=\(code).html", "<!doctype html><title>saved</title><script>janrain.settings.popup = true;</script>"),
        (["inspect"], "password_reset.php?code=\(code).html", "<!doctype html><title>saved</title><script>janrain.settings.popup = true;</script>"),
        (["replay", "--rules", Repository.path("Fixtures/rules/capture.json"), "--format", "json"], "cb?access_token=\(code).navlog",
         #"{"seq":0,"url":"https://yourdomain.com/"}"# + "\n"),
        (["replay", "--rules", Repository.path("Fixtures/rules/capture.json")], "reset#id_token=\(code).navlog",
         #"{"seq":0,"url":"https://yourdomain.com/"}"# + "\n"),
        (["test", "--rules", Repository.path("Fixtures/rules/capture.json"), "--format", "json"], "cb?code=\(code).jsonl",
         #"{"url":"https://yourdomain.com/","expect":{"decision":"cancel"}}"# + "\n"),
        (["test", "--rules", Repository.path("Fixtures/rules/capture.json")], "cb#access_token=\(code).jsonl",
         #"{"url":"https://yourdomain.com/","expect":{"decision":"cancel"}}"# + "\n"),
        (["test", "--rules", Repository.path("Fixtures/rules/capture.json"), "--format", "junit"], "cb#access_token=\(code).jsonl",
         #"{"url":"https://yourdomain.com/","expect":{"decision":"cancel"}}"# + "\n" + "not json\n"),
        (["test", "--rules", Repository.path("Fixtures/rules/capture.json"), "--format", "sarif"], "cb#access_token=\(code).jsonl",
         #"{"url":"https://yourdomain.com/","expect":{"decision":"cancel"}}"# + "\n" + "not json\n"),
    ] as [([String], String, String)])
    func maskedInEveryOutput(_ command: [String], _ name: String, _ contents: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
        let run = try BridgeProcess.run(command + [name], directory: directory)
        #expect(!run.stdout.isEmpty, "\(run.stderr)")
        #expect(!run.stdout.contains(Self.code) && !run.stderr.contains(Self.code), "\(run.stdout)\(run.stderr)")
        // The report made from the same run: its title names the file too.
        let report = try BridgeProcess.run(command + ["--report", "report.html", name], directory: directory)
        let page = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        let leak: String? = page.range(of: Self.code).map { found in
            let start = page.index(found.lowerBound, offsetBy: -120, limitedBy: page.startIndex) ?? page.startIndex
            return String(page[start..<found.upperBound])
        }
        #expect(page.contains("<title>") && leak == nil, "\(report.stderr) \(leak ?? "")")
    }
}
