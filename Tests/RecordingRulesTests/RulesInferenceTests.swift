// RulesInferenceTests.swift: rules inferred from hand-made recordings: a reset link told from a sign-in,
// exact origins, bridges and deep links, form_post per platform, and every contradiction reported as its
// value with no rule or case guessed for it; placeholders keep a secret's shape and nothing of it.
import CommandOutput
import Foundation
import NavigationPolicy
import NavigationReplay
import RecordingRules
import RulesAudit
import SecretMasking
import Testing

struct RulesInferenceTests {
    static let placeholders = Redactor(replacement: .placeholder)

    /// A navlog recording of `lines` (navlog records without their header, or with one).
    static func recording(_ name: String, _ lines: [String]) -> Recording {
        Recording.read(ByteInput(name: name, bytes: Array((lines.joined(separator: "\n") + "\n").utf8)), name: name, format: .navlog)
    }

    static func infer(_ recordings: [Recording]) -> InferredRules {
        RulesInference.infer(recordings, placeholders: placeholders.rawURL)
    }

    static func reference(_ file: String, line: Int, seq: Int) -> RecordReference {
        RecordReference(file: file, location: .line(line), seq: seq)
    }

    @Test("a reset link the app let load is told from the sign-in result it cancelled by the token")
    func resetLinkToldFromSignIn() {
        let signIn = Self.recording("signin.navlog", [
            #"{"seq":0,"url":"https://app.example/start","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://app.example/cb?code=AAAA1111&access_token=BBBB2222&state=S","recordedDecision":"cancel"}"#,
        ])
        let reset = Self.recording("reset.navlog", [#"{"seq":0,"url":"https://app.example/cb?code=CCCC3333","recordedDecision":"allow"}"#])
        let inferred = Self.infer([signIn, reset])
        #expect(inferred.sentinels.map { [$0.redirectURI, $0.responseMode, $0.require.joined(separator: ","), $0.forbid.joined(separator: ","), $0.action.rawValue] }
                == [["https://app.example/cb", "query", "code,access_token", "", "cancel"], ["https://app.example/cb", "query", "code", "access_token", "allow"]])
        #expect(inferred.origins.map(\.origin) == ["https://app.example"])
        #expect(inferred.conflicts.isEmpty)
        #expect(inferred.sentinels.first?.sources == [Self.reference("signin.navlog", line: 2, seq: 1)])
    }

    @Test("where the credentials were: the query, the fragment, or both (any)")
    func responseModes() {
        let inferred = Self.infer([Self.recording("modes.navlog", [
            #"{"seq":0,"url":"https://a.example/","recordedDecision":"allow"}"#,
            #"{"seq":0,"url":"https://a.example/q?code=1234abcd"}"#,
            #"{"seq":1,"url":"https://a.example/f#access_token=1234abcd"}"#,
            #"{"seq":2,"url":"https://a.example/b?code=1234abcd"}"#,
            #"{"seq":3,"url":"https://a.example/b#code=1234abcd"}"#,
        ])])
        #expect(inferred.sentinels.map(\.responseMode) == ["query", "fragment", "any"])
        // Unrecorded, a result must be cancelled.
        #expect(inferred.cases.map(\.decision) == [.allow, .cancel, .cancel, .cancel, .cancel])
    }

    @Test("bridges by their protocol, one rule a scheme; deep links by route, requiring what every link carried")
    func bridgesAndDeepLinks() {
        let inferred = Self.infer([Self.recording("schemes.navlog", [
            #"{"seq":0,"url":"janrain:eventsAvailable?1"}"#,
            #"{"seq":1,"url":"https://__wvjb_queue_message__/"}"#,
            #"{"seq":2,"url":"wvjbscheme://elsewhere"}"#,
            #"{"seq":3,"url":"myapp://reset-password?token=abcd1234&email=a%40b.example"}"#,
            #"{"seq":4,"url":"myapp://reset-password?token=efgh5678"}"#,
        ])])
        #expect(inferred.schemes.map { [$0.name, $0.scheme, $0.bridgeProtocol?.rawValue ?? "-", $0.route ?? "-", $0.require.joined(separator: ",")] }
                == [["janrain-bridge", "janrain", "janrain", "-", ""], ["wvjbscheme-bridge", "wvjbscheme", "wvjb", "-", ""],
                    ["myapp-reset-password", "myapp", "-", "reset-password", "token"]])
    }

    @Test("an interface call whose names are not identifiers makes no interface (a fuzzer's input: the rules must load)")
    func interfaceNamesRulesCanHold() throws {
        let inferred = Self.infer([Self.recording("calls.navlog", [
            #"{"seq":1,"call":"demo.bridgeCallback","arguments":["[\"janrain:onX\"]"]}"#,
            #"{"seq":2,"call":"demo.bridgeCigati\n`cel","arguments":[]}"#,
        ])])
        #expect(inferred.interfaces.map { [$0.name, $0.methods.joined(separator: ","), $0.bridgeProtocol?.rawValue ?? "-"] } == [["demo", "bridgeCallback", "janrain"]])
        let text = RecordedRulesDocument.rules(inferred, recordings: ["calls.navlog"])
        #expect(throws: Never.self) { try RulesLoader.parse(Data(text.utf8)) }
    }

    @Test("a loaded result carrying more credentials than a cancelled one comes first, so neither rule hides the other (a fuzzer's input)")
    func moreCredentialsFirst() throws {
        let inferred = Self.infer([Self.recording("order.navlog", [
            #"{"seq":0,"url":"https://app.example/start","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://app.example/cb?code=1111aaaa"}"#,
            #"{"seq":2,"url":"https://app.example/cb?code=2222bbbb&access_token=3333cccc","recordedDecision":"allow"}"#,
        ])])
        #expect(inferred.sentinels.map { [$0.require.joined(separator: ","), $0.action.rawValue] } == [["code,access_token", "allow"], ["code", "cancel"]])
        let text = RecordedRulesDocument.rules(inferred, recordings: ["order.navlog"])
        #expect(throws: Never.self) { try RulesLoader.parse(Data(text.utf8)) }
    }

    @Test("a host with a \"*\" is no exact origin: no rule, and the app's load of it reported (a fuzzer's input)")
    func asteriskHost() throws {
        var inferred = Self.infer([Self.recording("star.navlog", [#"{"seq":0,"url":"https://a*b.example/","recordedDecision":"allow"}"#])])
        #expect(inferred.origins.isEmpty)
        let text = RecordedRulesDocument.rules(inferred, recordings: ["star.navlog"])
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(text.utf8)))
        #expect(inferred.testCases(engine: engine, name: RecordedRulesDocument.reference).isEmpty)
        #expect(inferred.conflicts == [.rulesDisagree(Self.reference("star.navlog", line: 1, seq: 0), recorded: .allow, decided: .cancel, kind: .default)])
    }

    @Test("a page loaded over plain http is allowed and noted (loopback is not); the note does not make it a conflict")
    func plainHTTP() {
        let inferred = Self.infer([Self.recording("http.navlog", [
            #"{"seq":0,"url":"https://app.example/","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"http://www.app.example/","source":"redirect","recordedDecision":"allow"}"#,
            #"{"seq":2,"url":"http://127.0.0.1:8080/cb","recordedDecision":"allow"}"#,
        ])])
        #expect(inferred.origins.map(\.origin) == ["https://app.example", "http://www.app.example", "http://127.0.0.1:8080"])
        #expect(inferred.notes == [.plainHTTPOrigin(origin: "http://www.app.example", Self.reference("http.navlog", line: 2, seq: 1))])
        #expect(inferred.conflicts.isEmpty)
    }

    @Test("a result is what the engine takes for one (Realm's token and tokenId too), and a route is the engine's (its case kept)")
    func theEnginesReadings() throws {
        var inferred = Self.infer([Self.recording("realm.navlog", [
            #"{"seq":0,"url":"https://app.example.com/","recordedDecision":"allow"}"#,
            #"{"seq":0,"url":"https://app.example.com/resetPassword?token=abcd1234&tokenId=efgh5678","recordedDecision":"cancel"}"#,
            #"{"seq":1,"url":"myrealmapp://Reset-Password?token=abcd1234","recordedDecision":"cancel"}"#,
        ])])
        #expect(inferred.sentinels.map { [$0.redirectURI, $0.require.joined(separator: ",")] } == [["https://app.example.com/resetPassword", "token,tokenId"]])
        #expect(inferred.schemes.map { [$0.scheme, $0.route ?? "-"] } == [["myrealmapp", "Reset-Password"]])
        let text = RecordedRulesDocument.rules(inferred, recordings: ["realm.navlog"])
        let cases = inferred.testCases(engine: PolicyEngine(rules: try RulesLoader.parse(Data(text.utf8))), name: RecordedRulesDocument.reference)
        #expect(cases.map(\.expect.kind) == [.allowed, .sentinel, .deeplink] && inferred.conflicts.isEmpty)
    }

    @Test("the same URL cancelled in one recording and loaded in another: reported, no rule and no case")
    func sameURLBothWays() {
        let one = Self.recording("one.navlog", [#"{"seq":0,"url":"https://a.example/page","recordedDecision":"cancel"}"#])
        let two = Self.recording("two.navlog", [#"{"seq":0,"url":"https://a.example/page","recordedDecision":"allow"}"#])
        let inferred = Self.infer([one, two])
        #expect(inferred.conflicts == [.decidedBothWays(url: "https://a.example/page", cancelled: Self.reference("one.navlog", line: 1, seq: 0),
                                                        allowed: Self.reference("two.navlog", line: 1, seq: 0))])
        #expect(inferred.origins.isEmpty && inferred.cases.isEmpty)
    }

    @Test("results with the same credentials both ways: reported, no rule")
    func sameCredentialsBothWays() {
        let inferred = Self.infer([Self.recording("both.navlog", [
            #"{"seq":0,"url":"https://a.example/","recordedDecision":"allow"}"#,
            #"{"seq":0,"url":"https://a.example/cb?code=1111aaaa","recordedDecision":"cancel"}"#,
            #"{"seq":1,"url":"https://a.example/cb?code=2222bbbb","recordedDecision":"allow"}"#,
        ])])
        #expect(inferred.conflicts == [.resultDecidedBothWays(redirectURI: "https://a.example/cb", parameters: ["code"],
                                                              cancelled: Self.reference("both.navlog", line: 2, seq: 0),
                                                              allowed: Self.reference("both.navlog", line: 3, seq: 1))])
        #expect(inferred.sentinels.isEmpty)
    }

    @Test("a token that loaded on an origin the flow has no page on (a lookalike let through) is never allowed; on its own page's origin, the page reads it")
    func tokenLoaded() {
        let leaked = Self.infer([Self.recording("leak.navlog", [
            #"{"seq":0,"url":"https://app.example/start","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://app.example.evil.example/cb?code=1111aaaa&access_token=2222bbbb","recordedDecision":"allow"}"#,
        ])])
        // Not the flow's own origin: no rule at all; the default cancels it (its case then disagrees with the recording).
        #expect(leaked.conflicts.isEmpty)
        #expect(leaked.inferences.contains(.resultNotOwn(url: "https://app.example.evil.example/cb?code=1111aaaa&access_token=2222bbbb",
                                                         origin: "https://app.example.evil.example", throughUserinfo: false,
                                                         Self.reference("leak.navlog", line: 2, seq: 1))))
        #expect(leaked.sentinels.isEmpty && leaked.origins.map(\.origin) == ["https://app.example"])
        let own = Self.infer([Self.recording("own.navlog", [
            #"{"seq":0,"url":"https://app.example/index.html","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://app.example/index.html#access_token=2222bbbb","recordedDecision":"allow"}"#,
        ])])
        #expect(own.conflicts.isEmpty && own.sentinels.isEmpty)
        #expect(own.origins.map { [$0.origin, String($0.sources.count)] } == [["https://app.example", "2"]])
    }

    @Test("form_post: a sentinel on iOS; on Android, which never asks about a POST, a conflict", arguments: [Platform.ios, .android])
    func formPost(_ platform: Platform) {
        let header = #"{"format":"bridge-navlog","version":1,"platform":"\#(platform == .android ? "android-webview" : "ios-wkwebview")"}"#
        let inferred = Self.infer([Self.recording("post.navlog", [header,
            #"{"seq":0,"url":"https://idp.example/authorize?client_id=app&response_mode=form_post&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&state=abcd1234"}"#,
            #"{"seq":1,"url":"https://app.example/cb","method":"POST"}"#,
        ])])
        if platform == .ios {
            #expect(inferred.sentinels.map { [$0.redirectURI, $0.responseMode] } == [["https://app.example/cb", "form_post"]])
            #expect(inferred.conflicts.isEmpty)
        } else {
            #expect(inferred.sentinels.isEmpty)
            #expect(inferred.conflicts == [.formPostNeverAsked(redirectURI: "https://app.example/cb", Self.reference("post.navlog", line: 3, seq: 1))])
        }
    }

    @Test("the written rules load, and each case expects what the rules decide; a recorded decision they contradict is a conflict")
    func casesFromTheRules() throws {
        var inferred = Self.infer([Self.recording("flow.navlog", [
            #"{"seq":0,"url":"https://app.example/start","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://app.example/blocked","recordedDecision":"cancel"}"#,
            #"{"seq":2,"url":"https://app.example/cb?code=1111aaaa","recordedDecision":"cancel"}"#,
        ])])
        let text = RecordedRulesDocument.rules(inferred, recordings: ["flow.navlog"])
        let engine = PolicyEngine(rules: try RulesLoader.parse(Data(text.utf8)))
        let cases = inferred.testCases(engine: engine, name: RecordedRulesDocument.reference)
        #expect(cases.map(\.expect) == [CaseExpectation(decision: .allow, kind: .allowed, rule: "https://app.example"),
                                        CaseExpectation(decision: .cancel, kind: .sentinel, rule: "result-code")])
        #expect(inferred.conflicts == [.rulesDisagree(Self.reference("flow.navlog", line: 2, seq: 1), recorded: .cancel, decided: .allow, kind: .allowed)])
    }

    @Test("a placeholder has the secret's length and classes, none of its characters, and is its own placeholder")
    func placeholders() {
        let secret = "Qm9v-xyZ_7.k~/+é"
        let placeholder = Self.placeholders.mask(secret)
        #expect(placeholder.count == secret.count)
        #expect(zip(secret, placeholder).allSatisfy { a, b in
            (a.isLowercase && b.isLowercase) || (a.isUppercase && b.isUppercase) || (a.isNumber && b.isNumber) || ("-._~".contains(a) && a == b) || b == "_"
        })
        #expect(Self.placeholders.mask(placeholder) == placeholder)
        // A mask (a recording made without --reveal) stands for a secret of its length.
        #expect(Self.placeholders.mask("Qm9v…(19)").count == 19)
        #expect(Self.placeholders.rawURL("https://a.example/cb?code=Qm9vAAAAbbbb1234&x=1") == "https://a.example/cb?code=Pl2cEHOLderp2345&x=1")
    }
}
