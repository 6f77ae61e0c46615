// PlatformFactCommandTests.swift: every fact of the platform model, in every way a user describes a
// navigation: `bridge check`'s options, a case file's line, a navlog's line. Each is read back the way its
// command reads it, decided with Fixtures/rules/platform-facts.json (which intercepts every example) and
// asked of both platforms: the answer must be the fact's. The tests are made from PlatformFacts.all, so a
// fact added there is held here in each format at once.
import TestSupport
import Foundation
import NavigationPolicy
import NavigationReplay
import RulesAudit
import Testing
@testable import bridge

@Suite("platform facts in every input")
struct PlatformFactCommandTests {
    static let rulesPath = Repository.path("Fixtures/rules/platform-facts.json")
    static func rules() throws -> Rules { try RulesLoader.load(path: rulesPath) }

    /// What `bridge check` is told about the example.
    static func checkArguments(_ r: NavigationRequest) -> [String] {
        var args: [String] = []
        if r.opensWindow { args.append("--new-window") } else if !r.isMainFrame { args.append("--subframe") }
        if r.method != .get { args += ["--method", r.method.name] }
        if r.isAppInitiated { args.append("--app-initiated") }
        if r.type != .other { args += ["--type", r.type.rawValue] }
        if r.isRedirect { args.append("--redirect") }
        if r.hasUserGesture { args.append("--user-gesture") }
        if let kind = r.sameDocument { args += ["--same-document", kind.rawValue] }
        if let sandbox = r.sandbox { args += ["--sandbox", sandbox.attribute] }
        return args
    }

    /// The example as a case file's case.
    static func testCase(_ r: NavigationRequest) -> TestCase {
        var c = TestCase(r.url, expect: CaseExpectation(decision: .cancel), isMainFrame: r.isMainFrame, type: r.type)
        c.method = r.method
        c.isAppInitiated = r.isAppInitiated
        c.isRedirect = r.isRedirect
        c.hasUserGesture = r.hasUserGesture
        c.sameDocument = r.sameDocument
        c.sandbox = r.sandbox?.attribute
        c.opensWindow = r.opensWindow
        return c
    }

    /// The example as a recorder writes it.
    static func record(_ r: NavigationRequest) -> NavigationRecord {
        var record = NavigationRecord(url: r.url, location: .line(1))
        record.method = r.method
        record.navigationType = r.type
        record.isMainFrame = r.isMainFrame
        record.targetFrame = r.targetFrame
        record.source = r.isAppInitiated ? .app : r.hasUserGesture ? .user : .script
        if r.isRedirect { record.redirectFrom = "https://yourdomain.com/start"; record.redirectStatus = 302 }
        record.hasUserGesture = r.hasUserGesture
        record.sameDocument = r.sameDocument
        record.sandbox = r.sandbox
        return record
    }

    @Test("the fixture intercepts every fact's example, so each platform's answer is a finding or none", arguments: PlatformFacts.all)
    func fixtureIntercepts(_ fact: PlatformFact) throws {
        let decision = PolicyEngine(rules: try Self.rules()).decide(fact.example)
        #expect(decision.action == .cancel && decision.kind.isInterception, "\(decision.kind)")
    }

    @Test("check: the options describe the fact's navigation, and each platform answers as the fact says", arguments: PlatformFacts.all)
    func check(_ fact: PlatformFact) throws {
        let command = try CheckCommand.parse(["--rules", Self.rulesPath] + Self.checkArguments(fact.example) + [fact.example.url])
        let request = command.navigation.request(fact.example.url)
        for platform in Platform.allCases {
            #expect(platform.unasked(request) == fact.expected(on: platform), "\(platform)")
        }
    }

    @Test("a case file's line carries the fact's navigation, and bridge test fails it exactly where the platform never asks", arguments: PlatformFacts.all)
    func caseFile(_ fact: PlatformFact) throws {
        let line = CaseFile.line(Self.testCase(fact.example))
        let read = CaseFile.parse(Array((line + "\n").utf8), file: "facts.jsonl")
        let testCase = try #require(read.cases.first, "\(line)")
        for platform in Platform.allCases {
            #expect(platform.unasked(testCase.request) == fact.expected(on: platform), "\(platform): \(line)")
            var audit = RulesAudit(rules: try Self.rules(), attack: false)
            audit.platform = platform
            let failures = audit.run(testCase).failures
            #expect(failures.isEmpty == (fact.expected(on: platform) == nil), "\(platform): \(line) \(failures)")
        }
    }

    @Test("a navlog's line carries the fact's navigation, and replay finds it exactly where the platform never asks", arguments: PlatformFacts.all)
    func navlog(_ fact: PlatformFact) throws {
        let line = NavlogWriter().line(Self.record(fact.example))
        var records: [NavigationRecord] = []
        NavlogReader().read(ByteInput(name: "facts.navlog", bytes: Array((line + "\n").utf8))) { item in
            if case .record(let record) = item { records.append(record) }
        }
        let record = try #require(records.first, "\(line)")
        let engine = PolicyEngine(rules: try Self.rules())
        for platform in Platform.allCases {
            #expect(platform.unasked(record.request) == fact.expected(on: platform), "\(platform): \(line)")
            #expect((platform.unaskedInterception(record.request, engine.decide(record.request)) != nil) == (fact.expected(on: platform) != nil))
        }
    }
}

extension PlatformFact: CustomTestStringConvertible {
    public var testDescription: String { kind.rawValue }
}
