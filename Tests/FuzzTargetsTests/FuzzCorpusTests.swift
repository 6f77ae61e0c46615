// FuzzCorpusTests.swift: every input of the committed fuzz corpora (Tests/Fuzz/corpus/TARGET, the inputs
// libFuzzer kept for the coverage they reach) run once through its target's oracle, in `swift test`: a
// change that breaks an oracle on an input the fuzzer once found fails here, without libFuzzer. The
// differential's corpus is not committed (its other parser is built only by Tests/Fuzz/run).
import BrowserURL
import EmulatorFuzzTarget
import Foundation
import FuzzTargets
import Testing
import TestSupport

@Suite struct FuzzCorpusTests {
    /// The committed inputs of one target, in name order.
    static func corpus(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = Repository.root.appendingPathComponent("Tests/Fuzz/corpus/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return try names.map { name in (name, Array(try Data(contentsOf: directory.appendingPathComponent(name)))) }
    }

    /// Runs `run` on the inputs of `target`'s corpus (at most `limit`, evenly spread); records each input an
    /// oracle fails on, by name.
    static func check(_ target: String, limit: Int = .max, _ run: (UnsafeBufferPointer<UInt8>) throws(FuzzFailure) -> Void) throws {
        let inputs = try corpus(target)
        #expect(inputs.count >= 100, "\(target)'s corpus has \(inputs.count) inputs")
        let every = max(1, inputs.count / limit)
        for input in stride(from: 0, to: inputs.count, by: every).map({ inputs[$0] }) {
            do {
                try input.bytes.withUnsafeBufferPointer { buffer throws(FuzzFailure) in try run(buffer) }
            } catch {
                Issue.record("\(target)/\(input.name): \(error)")
            }
        }
    }

    @Test func urlParser() throws { try Self.check("FuzzURLParser", limit: 200, URLParserFuzzTarget().run) }
    @Test func rulesLoader() throws { try Self.check("FuzzRulesLoader", RulesLoaderFuzzTarget().run) }
    @Test func logReaders() throws { try Self.check("FuzzLogReaders", limit: 300, LogReadersFuzzTarget().run) }
    @Test func scriptScanner() throws { try Self.check("FuzzScriptScanner", ScriptScannerFuzzTarget().run) }
    @Test func inspector() throws { try Self.check("FuzzInspector", InspectorFuzzTarget().run) }
    @Test func secrets() throws { try Self.check("FuzzSecrets", limit: 100, SecretsFuzzTarget().run) }
    @Test func caseFile() throws { try Self.check("FuzzCaseFile", CaseFileFuzzTarget().run) }
    @Test func emulatorRequests() async throws {
        let target = await EmulatorRequestsFuzzTarget()
        let inputs = try Self.corpus("FuzzEmulatorRequests")
        #expect(inputs.count >= 100, "the corpus has \(inputs.count) inputs")
        for input in inputs {
            do { try await target.run(input.bytes) } catch { Issue.record("FuzzEmulatorRequests/\(input.name): \(error)") }
        }
        await target.close()
    }

    /// The differential against a stand-in for ada that agrees with us: the target runs and finds nothing;
    /// one that disagrees on an input no divergence explains is a failure, and one ada's listed divergence
    /// explains (the Bidi Rule on every label) is not.
    @Test func differentialReportsOnlyUnexplainedDifferences() throws {
        let agreeing = URLDifferentialFuzzTarget { input, base in try? BrowserURL.parse(input, baseString: base).get().href }
        let disagreeing = URLDifferentialFuzzTarget { _, _ in "https://elsewhere.example/" }
        let bidiLenient = URLDifferentialFuzzTarget { input, _ in input == "https://0a.\u{5D0}/" ? "https://0a.xn--4db/" : nil }
        for (target, input, fails) in [(agreeing, "https://yourdomain.com/cb?code=1", false),
                                       (disagreeing, "https://yourdomain.com/cb?code=1", true),
                                       (bidiLenient, "https://0a.\u{5D0}/", false)] {
            let bytes = Array(input.utf8)
            let failed = bytes.withUnsafeBufferPointer { buffer in (try? target.run(buffer)) == nil }
            #expect(failed == fails, "\(input)")
        }
    }
}
