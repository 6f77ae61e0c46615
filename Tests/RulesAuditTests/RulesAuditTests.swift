// RulesAuditTests.swift: RulesAudit as an app's test suite uses it, and as `bridge test` runs it: case
// files read line by line (bad lines named with line and key, the rest still read), cases judged key by
// key, every preset passing the attack and its own starter cases, and rules that let a credential leave
// failing it.
import InputFiles
import TestSupport
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy
import Testing
import RulesAudit

@Suite struct RulesAuditTests {
    /// Every key a case may have, as the unknown-key problem lists them.
    static let caseKeys = CaseFile.CaseKey.allCases.map(\.rawValue)

    static let root = Repository.root

    static func path(_ relative: String) -> String { TestSupport.Repository.path(relative) }
    static let presets = ["capture", "deeplink", "kii", "realm"]

    /// RulesAudit's TestCommand article's example, as an app's test target writes it.
    /// What let a leaking lookalike through, or nil for another failure.
    static func letThroughBy(_ failure: AuditFailure) -> LetThroughBy? {
        if case .credentialLeaves(_, _, _, let by) = failure { return by }
        return nil
    }

    @Test func readmeExample() throws {
        let rules = try RulesLoader.load(path: Self.path("Fixtures/rules/capture.json"))
        #expect(RulesAudit(rules: rules).run().failures.isEmpty)
        let signIn = TestCase("https://yourdomain.com/password_reset.php?code=abc&access_token=xyz",
                              expect: CaseExpectation(decision: .cancel, kind: .sentinel, rule: "signin", params: ["code": "abc"]))
        let resetLink = TestCase("https://yourdomain.com/password_reset.php?code=abc",
                                 expect: CaseExpectation(decision: .allow, rule: "reset-link", params: ["access_token": .absent]))
        let result = RulesAudit(rules: rules, cases: [signIn, resetLink], attack: false).run()
        #expect(result.passed)
        #expect(result.summary.cases == 2 && result.summary.variants == 0)
    }

    @Test(arguments: presets)
    func presetPassesTheAttack(_ name: String) throws {
        let result = try RulesAudit(rulesFile: Self.path("Fixtures/rules/\(name).json")).run()
        #expect(result.attackTargets > 0)
        #expect(result.summary.variants > 30)
        for failure in result.failures { Issue.record("\(name): \(failure.suite) \(failure.name) \(failure.url): \(failure.failures)") }
        print("\(name).json: attack of \(result.summary.variants) variants on \(result.attackTargets) targets, \(result.failures.count) failed")
    }

    @Test(arguments: presets)
    func starterCasesPassAsWritten(_ name: String) throws {
        let rules = try RulesLoader.load(path: Self.path("Fixtures/rules/\(name).json"))
        let starter = StarterCases.make(rules)
        #expect(starter.notes.isEmpty, "\(starter.notes)")
        // Written and read back, as --init and a later run do.
        let text = starter.cases.map(CaseFile.line).joined(separator: "\n") + "\n"
        let read = CaseFile.parse(Array(text.utf8), file: "\(name).cases.jsonl")
        #expect(read.errors.isEmpty, "\(read.errors)")
        #expect(read.cases.count == starter.cases.count)
        let result = RulesAudit(rules: rules, cases: read.cases, attack: false).run()
        #expect(result.passed, "\(result.failures.map { ($0.name, $0.failures.flatMap(\.differences)) })")
        // Every sentinel has its good result, an error result and a near miss; every scheme rule a case.
        for sentinel in rules.sentinels {
            for what in ["a good result", "an OAuth error response", "a near miss"] {
                #expect(read.cases.contains { $0.name?.hasPrefix("\(sentinel.name): \(what)") == true }, "\(sentinel.name): \(what)")
            }
        }
        for scheme in rules.schemes { #expect(read.cases.contains { $0.name?.hasPrefix(scheme.name + ":") == true }, "\(scheme.name)") }
    }

    @Test func starterNotesARuleAnotherDecidesFirst() throws {
        let rules = try RulesLoader.parse(Data("""
            {"version": 1, "sentinels": [
              {"name": "code-only", "redirectURI": "https://app.example/cb", "require": ["code"], "forbid": ["access_token"]},
              {"name": "in-fragment", "redirectURI": "https://app.example/cb", "responseMode": "fragment", "require": ["code"]}]}
            """.utf8))
        // The loader accepts it (in-fragment still fires with an access_token), but its plain result is code-only's.
        let starter = StarterCases.make(rules)
        #expect(starter.notes.contains { $0.keyPath == "sentinels[1]" && $0.intended == "in-fragment" && $0.decidedByRule == "code-only" }, "\(starter.notes)")
        let result = RulesAudit(rules: rules).run()
        #expect(result.failures.contains { $0.failures.contains { $0.check == "rule-unreachable" } && $0.suite.contains("in-fragment") })
    }

    /// The issue's done-when: "default": "allow" fails the attack, naming a lookalike that would leave with a code.
    @Test func defaultAllowFailsNamingALookalikeWithACode() throws {
        let result = try RulesAudit(rulesFile: Self.path("Fixtures/audit/default-allow.json")).run()
        #expect(!result.passed)
        let leak = try #require(result.failures.first { $0.url.hasPrefix("https://yourdomain.com.evil.example/password_reset.php?code=") })
        let failure = try #require(leak.failures.first)
        #expect(failure.check == "credential-leaves")
        guard case .credentialLeaves(_, let origin, let credentials, let letThroughBy) = failure else { Issue.record("\(failure)"); return }
        #expect(origin == "https://yourdomain.com.evil.example" && credentials == ["code", "access_token", "state"] && letThroughBy == .defaultAction(.allow))
    }

    @Test func aBroadAllowListIsNamed() throws {
        let rules = try RulesLoader.parse(Data("""
            {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com", "http://yourdomain.com", "https://*.yourdomain.com"],
             "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/cb", "require": ["code"]}]}
            """.utf8))
        let failures = RulesAudit(rules: rules).run().failures.flatMap { outcome in outcome.failures.map { (outcome.url, $0) } }
        #expect(failures.contains { $0.0.hasPrefix("http://yourdomain.com/cb?code=") && Self.letThroughBy($0.1) == .allowEntry(index: 1, pattern: "http://yourdomain.com") })
        #expect(failures.contains { $0.0.hasPrefix("https://evil.yourdomain.com/cb?code=") && Self.letThroughBy($0.1) == .allowEntry(index: 2, pattern: "https://*.yourdomain.com") })
        // Lookalikes at the rule's own origin (a trailing slash) are not leaks.
        #expect(!failures.contains { $0.0.hasPrefix("https://yourdomain.com/cb/?") })
    }

    @Test func optionsTurnLookalikesIntoMatches() throws {
        let rules = try RulesLoader.parse(Data("""
            {"version": 1, "sentinels": [{"name": "loopback", "redirectURI": "http://127.0.0.1:8080/cb", "require": ["code"],
                                          "trailingSlash": true, "loopbackAnyPort": true}]}
            """.utf8))
        let audit = RulesAudit(rules: rules)
        let outcomes = audit.run(try #require(audit.attackTargets.first))
        for id in ["trailing-slash", "other-port"] {
            let variant = try #require(outcomes.first { if case .attack(_, id?, let e) = $0.subject { return e == .sameNavigation } else { return false } }, "\(id)")
            #expect(variant.passed && variant.decision.rule == "loopback", "\(id): \(variant.url)")
        }
    }

    /// The attack reads loopback and IPv4 addresses as the engine does: 127.0.0.2 is loopback (any port
    /// matches with loopbackAnyPort) and 127.0.0.2. is the same address, so neither is a false failure.
    @Test("127.0.0.2 with loopbackAnyPort: other-port and trailing-dot are the same navigation, and the attack passes")
    func loopbackBeyond127001() throws {
        let rules = try RulesLoader.parse(Data("""
            {"version": 1, "sentinels": [{"name": "loopback", "redirectURI": "http://127.0.0.2:8080/cb", "loopbackAnyPort": true}]}
            """.utf8))
        let audit = RulesAudit(rules: rules)
        let outcomes = audit.run(try #require(audit.attackTargets.first))
        for id in ["other-port", "trailing-dot"] {
            let variants = outcomes.filter { if case .attack(_, id?, _) = $0.subject { return true } else { return false } }
            #expect(!variants.isEmpty, "\(id)")
            for variant in variants {
                guard case .attack(_, _, let expectation) = variant.subject else { continue }
                #expect(expectation == .sameNavigation && variant.passed && variant.decision.rule == "loopback", "\(id): \(variant.url)")
            }
        }
        let failed = outcomes.filter { !$0.passed }.map(\.url)
        #expect(failed.isEmpty, "\(failed)")
    }

    /// A sentinel only a subframe reaches is attacked, and pinned, as a subframe's navigation.
    @Test func subframeRulesAreAttackedInASubframe() throws {
        let rules = try RulesLoader.parse(Data("""
            {"version": 1, "allow": ["https://app.example"],
             "sentinels": [{"name": "in-iframe", "redirectURI": "https://app.example/xd", "frames": "sub", "require": ["code"]}]}
            """.utf8))
        let result = RulesAudit(rules: rules).run()
        #expect(result.passed, "\(result.failures.map { ($0.url, $0.failures) })")
        let starter = StarterCases.make(rules)
        #expect(starter.notes.isEmpty)
        #expect(starter.cases.first { $0.name == "in-iframe: a good result" }?.isMainFrame == false)
        #expect(RulesAudit(rules: rules, cases: starter.cases, attack: false).run().passed)
    }

    // MARK: Case files

    @Test func caseFileLinesAreReadOneByOne() {
        let text = """
            {"url": "myapp://password-changed", "expect": {"rule": "password-changed"}}
            {"url": "https://yourdomain.com/", "expect": {"decision": "block"}}
            not json
            {"url": "https://yourdomain.com/", "expect": {"rule": "x"}, "colour": "red"}

            {"url": "https://yourdomain.com/", "expect": {}}
            {"url": 3, "expect": {"rule": null}}
            {"url": "a", "url": "b", "expect": {"rule": null}}
            {"url": "https://yourdomain.com/", "expect": {"params": {"code": 1}}}
            {"name": "sub", "url": "https://yourdomain.com/x", "frame": "sub", "type": "linkClicked", "state": "s", "expect": {"rule": null, "error": null, "params": {"code": null}}}
            """
        let read = CaseFile.parse(Array(text.utf8), file: "t.jsonl")
        #expect(read.cases.map(\.source?.line) == [1, 10])
        #expect(read.errors.map(\.line) == [2, 3, 4, 6, 7, 8, 9])
        #expect(read.errors.map(\.key) == ["expect.decision", nil, "colour", "expect", "url", "url", "expect.params.code"])
        #expect(read.errors.map(\.problem)
                == [.wrongValue, .json(.syntax(.notAValue, line: 1, column: 1)), .json(.unknownKey(suggestion: nil, known: Self.caseKeys)),
                    .emptyExpectation, .json(.wrongType(.string, found: .number)), .json(.repeatedKey), .json(.wrongType(.string, found: .number))])
        #expect(read.errors.map(\.file) == Array(repeating: "t.jsonl", count: 7))
        // Where: the line, and the column of the value at fault.
        #expect(read.errors[0].column == 59)
        let sub = read.cases[1]
        #expect(sub.name == "sub" && !sub.isMainFrame && sub.type == .linkClicked && sub.state == "s")
        #expect(sub.expect.rule == .absent && sub.expect.error == .absent && sub.expect.params == ["code": .absent])
    }

    @Test func aCaseFailsWithTheKeysThatDiffer() throws {
        let rules = try RulesLoader.load(path: Self.path("Fixtures/rules/capture.json"))
        let wrong = TestCase("https://yourdomain.com/password_reset.php?code=q7&code=q8",
                             expect: CaseExpectation(decision: .cancel, kind: .sentinel, rule: "signin", error: .absent,
                                                     params: ["code": "q7", "state": .absent]))
        let outcome = RulesAudit(rules: rules, cases: [wrong], attack: false).run().outcomes[0]
        let differences = try #require(outcome.failures.first).differences
        #expect(differences.map(\.key) == ["decision", "rule", "error", "params.code"])
        #expect(differences[1].expected == "\"signin\"" && differences[1].actual == "\"reset-link\"")
        #expect(differences[2].expected == "none" && differences[2].actual == "\"repeated-parameter\"")
        #expect(differences[3].actual == "\"q7\", \"q8\" (2 times)")
    }

    @Test func theFixtureCaseFilePasses() throws {
        let read = CaseFile.load(path: Self.path("Fixtures/cases/capture.cases.jsonl"))
        #expect(read.errors.isEmpty)
        #expect(read.cases.count >= 10)
        let result = try RulesAudit(rulesFile: Self.path("Fixtures/rules/capture.json"), cases: read.cases, attack: false).run()
        #expect(result.passed, "\(result.failures.map { ($0.name, $0.failures.flatMap(\.differences)) })")
    }

    @Test func aLineThatIsNotUTF8IsNamedAndTheRestRead() {
        let bytes = Array("{\"url\": \"myapp://a\", \"expect\": {\"rule\": null}}\n".utf8) + [0x7B, 0xFF, 0x7D, 0x0A]
            + Array("{\"url\": \"myapp://b\", \"expect\": {\"rule\": null}}".utf8)
        let read = CaseFile.parse(bytes, file: "t.jsonl")
        #expect(read.cases.map(\.url) == ["myapp://a", "myapp://b"])
        #expect(read.errors == [CaseFileError(file: "t.jsonl", line: 2, key: nil, problem: .notUTF8)])
        #expect(read.errors.map(\.description) == ["t.jsonl:2: not UTF-8"])
    }

    @Test func aCaseFileWithNoCasesIsAnError() {
        for text in ["", "\n  \n"] {
            let read = CaseFile.parse(Array(text.utf8), file: "empty.jsonl")
            #expect(read.cases.isEmpty && read.errors.count == 1 && !read.errors[0].isUnreadable)
            #expect(read.errors.first?.problem == .noCases && read.errors.first?.line == 0)
            #expect(read.errors.first?.description.hasPrefix("empty.jsonl: holds no cases") == true)
        }
    }

    @Test func anUnreadableCaseFileIsAnError() {
        let read = CaseFile.load(path: "/nonexistent/cases.jsonl")
        #expect(read.cases.isEmpty && read.errors.count == 1 && read.errors[0].line == 0 && read.errors[0].isUnreadable)
        #expect(read.errors[0] == CaseFileError(file: "/nonexistent/cases.jsonl", line: 0, key: nil, problem: .unreadable(.notFound)))
    }
}

@Suite("bridge test per platform")
struct PlatformAuditTests {
    static func audit(_ platform: Platform, cases: [TestCase] = [], attack: Bool = true) throws -> AuditResult {
        var audit = RulesAudit(rules: try RulesLoader.load(path: Repository.path("Fixtures/rules/form-post.json")), cases: cases, attack: attack)
        audit.platform = platform
        return audit.run()
    }

    static func checks(_ result: AuditResult) -> [String] { result.failures.flatMap(\.failures).map(\.check) }

    @Test("a form_post sentinel passes the attack under ios; under android its own result (the provider's POST) is not-asked-on-android")
    func attack() throws {
        #expect(Self.checks(try Self.audit(.ios)) == [])
        let android = try Self.audit(.android)
        #expect(Self.checks(android) == ["not-asked-on-android"])
        guard case .notAskedOnPlatform(_, let unasked)? = android.failures.first?.failures.first else { Issue.record("\(android.failures)"); return }
        #expect(unasked == UnaskedInterception(platform: .android, reason: .method("POST"), kind: .sentinel, rule: "signin-form-post"))
    }

    @Test("a case with method POST or appInitiated fails under android where a rule intercepts it, and passes under ios")
    func cases() throws {
        let posted = TestCase("https://yourdomain.com/oidc/callback", expect: CaseExpectation(decision: .cancel, kind: .sentinel, rule: "signin-form-post"))
        var post = posted
        post.method = "POST"
        var appLoad = TestCase("https://yourdomain.com/oidc/callback?code=c", expect: CaseExpectation(decision: .cancel, rule: "signin"))
        appLoad.isAppInitiated = true
        #expect(Self.checks(try Self.audit(.ios, cases: [post, appLoad], attack: false)) == [])
        #expect(Self.checks(try Self.audit(.android, cases: [post, appLoad], attack: false)) == ["not-asked-on-android", "not-asked-on-android"])
        // The case file carries them.
        let read = CaseFile.parse(Array(#"{"url":"https://yourdomain.com/oidc/callback","method":"POST","appInitiated":true,"expect":{"decision":"cancel"}}"#.utf8), file: "x.jsonl")
        #expect(read.cases.first?.method == "POST" && read.cases.first?.isAppInitiated == true)
        #expect(CaseFile.parse(Array(#"{"url":"https://a.example/","method":"PUT","expect":{"decision":"allow"}}"#.utf8), file: "x.jsonl").errors.first?.key == "method")
    }

    @Test("the first load: each GET sentinel is probed as the redirect answering the app's own load, decided as its own URL and asked on both platforms; --skip first-load leaves it out",
          arguments: Platform.allCases)
    func firstLoad(_ platform: Platform) throws {
        var audit = RulesAudit(rules: try RulesLoader.load(path: Repository.path("Fixtures/rules/capture.json")))
        audit.platform = platform
        let probes = audit.run().outcomes.filter { if case .attack(_, RulesAudit.firstLoadProbe?, _) = $0.subject { true } else { false } }
        #expect(probes.count == 3)
        #expect(probes.allSatisfy { $0.failures.isEmpty })
        #expect(probes.compactMap(\.decision.rule) == ["signin", "signin-error", "reset-link"])
        audit.skippedGenerators = [RulesAudit.firstLoadProbe]
        #expect(!audit.run().outcomes.contains { if case .attack(_, RulesAudit.firstLoadProbe?, _) = $0.subject { true } else { false } })
        // A form_post sentinel's result is a POST, never a redirect: no probe.
        var formPost = RulesAudit(rules: try RulesLoader.load(path: Repository.path("Fixtures/rules/form-post.json")))
        formPost.platform = platform
        let formPostProbes = formPost.run().outcomes.filter { if case .attack(let target, RulesAudit.firstLoadProbe?, _) = $0.subject { target.name == "signin-form-post" } else { false } }
        #expect(formPostProbes.isEmpty)
    }
}

@Suite("Case file keys")
struct CaseFileKeyTests {
    @Test("a misspelt key names the key it was probably meant to be, at the case's level and under expect")
    func suggestions() {
        let text = """
            {"url": "https://yourdomain.com/", "expcet": {"decision": "allow"}}
            {"url": "https://yourdomain.com/", "expect": {"decison": "allow"}}
            """
        let read = CaseFile.parse(Array(text.utf8), file: "t.jsonl")
        #expect(read.errors.map(\.key) == ["expcet", "expect.decison"])
        #expect(read.errors.map(\.problem) == [.json(.unknownKey(suggestion: "expect", known: CaseFile.CaseKey.allCases.map(\.rawValue))),
                                                .json(.unknownKey(suggestion: "decision", known: CaseFile.ExpectKey.allCases.map(\.rawValue)))])
    }
}

