// ReviewedRulesTests.swift: rules a reviewer would sign, from recordings that hold what real ones do: the
// attack the app cancelled (a result through userinfo), a lookalike page the rules were loose enough to
// load, credentials as a route or a path segment, a result the recording's loose rules let load, a
// recording cut short before its result, the hand-off to the app's handlers. Each is a value; the property
// test generates recordings of every such kind and holds the rules to their own attack.
import BrowserURL
import CommandOutput
import Foundation
import JSONText
import NavigationPolicy
import NavigationReplay
@testable import RecordingRules
import RulesAudit
import SecretMasking
import SensitiveText
import SeededRandom
import Testing

struct ReviewedRulesTests {
    static func recording(_ name: String, _ lines: [String]) -> Recording { RulesInferenceTests.recording(name, lines) }
    static func infer(_ recordings: [Recording]) -> InferredRules { RulesInferenceTests.infer(recordings) }
    static func reference(_ file: String, line: Int, seq: Int) -> RecordReference { RecordReference(file: file, location: .line(line), seq: seq) }

    /// The inferred rules held to the attack, as `bridge rules` writes them.
    static func attacked(_ inferred: inout InferredRules, _ names: [String]) throws -> (text: String, engine: PolicyEngine) {
        try inferred.heldToTheAttack { RecordedRulesDocument.rules($0, recordings: names) }
    }

    static let signIn = [
        #"{"seq":0,"url":"https://yourdomain.com/webViewSignIn.html","recordedDecision":"allow"}"#,
        #"{"seq":1,"url":"https://myapp.us.janraincapture.com/oauth/signin?client_id=abc&response_type=code+token&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&state=c3RhdGUtMDAx","recordedDecision":"allow"}"#,
        #"{"seq":2,"url":"https://yourdomain.com/password_reset.php?code=Qm9va2luZ0NvZGUwMDE&access_token=eW91ci1hY2Nlc3MtdG9rZW4&state=c3RhdGUtMDAx","recordedDecision":"cancel"}"#,
    ]

    @Test("a result the app cancelled through userinfo (yourdomain.com@evil.com) makes no sentinel: the default cancels it")
    func attackHopMakesNoSentinel() throws {
        var inferred = Self.infer([Self.recording("hop.navlog", Self.signIn + [
            #"{"seq":3,"url":"https://yourdomain.com@evil.com/password_reset.php?code=QWERTYUIOP1234&access_token=ASDFGHJKL12345678","recordedDecision":"cancel"}"#,
        ])])
        #expect(inferred.sentinels.map(\.redirectURI) == ["https://yourdomain.com/password_reset.php"])
        #expect(inferred.inferences.contains(.resultNotOwn(url: "https://yourdomain.com@evil.com/password_reset.php?code=QWERTYUIOP1234&access_token=ASDFGHJKL12345678",
                                                           origin: "https://evil.com", throughUserinfo: true, Self.reference("hop.navlog", line: 4, seq: 3))))
        let made = try Self.attacked(&inferred, ["hop.navlog"])
        #expect(!made.text.contains("evil.com"))
        #expect(!inferred.isRefused)
        // Its case stays, and expects the default's cancel.
        let cases = inferred.testCases(engine: made.engine, name: RecordedRulesDocument.reference)
        #expect(cases.first { $0.url.contains("@evil.com") }?.expect == CaseExpectation(decision: .cancel, kind: .default, rule: .absent))
    }

    @Test("a loaded lookalike page (yourdomain.com.evil.example) is refused by the attack's own constructions, and so are the results at it",
          arguments: ["https://yourdomain.com.evil.example", "https://evilyourdomain.com", "https://yourdomain.com.attacker.net"])
    func lookalikeOriginRefused(_ lookalike: String) throws {
        var inferred = Self.infer([Self.recording("look.navlog", Self.signIn + [
            #"{"seq":3,"url":"\#(lookalike)/login","recordedDecision":"allow"}"#,
            #"{"seq":4,"url":"\#(lookalike)/cb?code=abcdefgh1234","recordedDecision":"cancel"}"#,
        ])])
        let made = try Self.attacked(&inferred, ["look.navlog"])
        #expect(!inferred.origins.map(\.origin).contains(lookalike))
        #expect(!inferred.sentinels.contains { $0.redirectURI.hasPrefix(lookalike) })
        #expect(!made.text.contains(String(lookalike.dropFirst(8))))
        #expect(inferred.inferences.contains { if case .originRefused(lookalike, .imitates(host: "yourdomain.com", _), _) = $0 { true } else { false } })
        #expect(inferred.isRefused)
        // What is left passes the attack.
        #expect(RulesAudit(rules: made.engine.rules).run().failures.isEmpty)
    }

    @Test("a host is judged an imitation by the attack's host constructions for any attacker's domain, and a subdomain or a sibling is not",
          arguments: [("yourdomain.com.attacker.net", "yourdomain.com", "host-as-prefix"), ("evilyourdomain.com", "yourdomain.com", "host-as-suffix"),
                      ("evil-yourdomain.com", "yourdomain.com", "host-as-suffix"), ("yourdomain.com.", "yourdomain.com", "trailing-dot"),
                      ("login.yourdomain.com", nil, nil), ("yourdomain.co", nil, nil), ("other.example", nil, nil), ("yourdomain.com", nil, nil)])
    func imitations(_ host: String, _ real: String?, _ check: String?) {
        let found = AttackCatalogue.imitation(of: host, among: ["yourdomain.com", "myapp.us.janraincapture.com"])
        #expect(found?.host == real && found?.check == check)
    }

    @Test("an allowed origin that lets an attack variant carry a credential out is refused (the attack run on the rules to be written)")
    func attackVariantRefused() throws {
        // The attack's own construction with its own attacker domain: host-as-prefix of the sentinel's host.
        var inferred = Self.infer([Self.recording("variant.navlog", Self.signIn + [
            #"{"seq":3,"url":"https://yourdomain.com.evil.example/password_reset.php","recordedDecision":"allow"}"#,
        ])])
        _ = try Self.attacked(&inferred, ["variant.navlog"])
        #expect(inferred.origins.map(\.origin) == ["https://yourdomain.com", "https://myapp.us.janraincapture.com"])
        #expect(inferred.isRefused)
    }

    @Test("a credential as a deep link's route, a redirect URI's path segment or a host label is never written into a rule")
    func credentialsNeverInRules() throws {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2lnbmF0dXJl"
        var inferred = Self.infer([Self.recording("jwt.navlog", Self.signIn + [
            #"{"seq":3,"url":"myapp://\#(jwt)/done","recordedDecision":"cancel"}"#,
            #"{"seq":4,"url":"myapp:\#(jwt)","recordedDecision":"cancel"}"#,
            #"{"seq":5,"url":"https://yourdomain.com/cb/\#(jwt)?code=abcdefgh12","recordedDecision":"cancel"}"#,
        ])])
        let made = try Self.attacked(&inferred, ["jwt.navlog"])
        #expect(!made.text.contains("eyJ"))
        #expect(inferred.schemes.map { [$0.scheme, $0.route ?? "-"] } == [["myapp", "-"]])
        #expect(inferred.inferences.filter { if case .credentialInRule = $0 { true } else { false } }.count == 3)
        let cases = inferred.testCases(engine: made.engine, name: RecordedRulesDocument.reference)
        #expect(!RecordedRulesDocument.cases(cases).contains("eyJ"))
    }

    @Test("a result the recording's loose rules let load is cancelled where an authorization request names its redirect_uri, and its case expects that")
    func looseRecording() throws {
        var lines = Self.signIn
        lines[2] = lines[2].replacingOccurrences(of: #""recordedDecision":"cancel""#, with: #""recordedDecision":"allow""#)
        var inferred = Self.infer([Self.recording("loose.navlog", lines)])
        #expect(inferred.sentinels.map { [$0.redirectURI, $0.action.rawValue] } == [["https://yourdomain.com/password_reset.php", "cancel"]])
        #expect(inferred.inferences.contains(.resultCancelled(redirectURI: "https://yourdomain.com/password_reset.php",
                                                              loaded: Self.reference("loose.navlog", line: 3, seq: 2),
                                                              request: Self.reference("loose.navlog", line: 2, seq: 1))))
        let made = try Self.attacked(&inferred, ["loose.navlog"])
        let cases = inferred.testCases(engine: made.engine, name: RecordedRulesDocument.reference)
        #expect(cases.last?.expect == CaseExpectation(decision: .cancel, kind: .sentinel, rule: "result-code-access_token"))
        #expect(inferred.conflicts.isEmpty)
    }

    @Test("a recording cut short before its result: a sentinel for every redirect_uri its authorization requests name (OAuth, Capture, Engage's token_url)")
    func cutShort() {
        let inferred = Self.infer([Self.recording("cut.navlog", [
            #"{"seq":0,"url":"https://app.example/start"}"#,
            #"{"seq":1,"url":"https://idp.example/authorize?client_id=abc&response_type=code&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&state=xyzxyzxyz"}"#,
            #"{"seq":2,"url":"https://idp.example/authorize?client_id=abc&response_type=id_token%20token&response_mode=fragment&redirect_uri=https%3A%2F%2Fapp.example%2Fimplicit"}"#,
            #"{"seq":3,"url":"https://social.example/google/start?token_url=https%3A%2F%2Fmyapp.janraincapture.com%2Foauth%2Fsocial"}"#,
            #"{"seq":4,"url":"https://idp.example/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fyours%40evil.example%2Fcb"}"#,
        ])])
        #expect(inferred.sentinels.map { [$0.redirectURI, $0.responseMode, $0.require.joined(separator: ","), $0.action.rawValue] } == [
            ["https://app.example/cb", "query", "code", "cancel"],
            ["https://app.example/implicit", "fragment", "access_token,id_token", "cancel"],
            ["https://myapp.janraincapture.com/oauth/social", "any", "token", "allow"],
        ])
        #expect(inferred.inferences.contains(.requestRedirectRefused(url: "https://yours@evil.example/cb", parameter: "redirect_uri",
                                                                     Self.reference("cut.navlog", line: 5, seq: 4))))
        #expect(!inferred.inferences.contains(.interceptsNothing))
    }

    @Test("a form_post authorization request cut short makes a form_post sentinel that requires nothing of the URL, and the rules load (a fuzzer's input)")
    func cutShortFormPost() throws {
        var inferred = Self.infer([Self.recording("post.navlog", [
            #"{"seq":0,"url":"https://app.example/start"}"#,
            #"{"seq":1,"url":"https://idp.example/authorize?response_type=code&response_mode=form_post&client_id=app&redirect_uri=https%3A%2F%2Fapp.example%2Fcb"}"#,
        ])])
        #expect(inferred.sentinels.map { [$0.redirectURI, $0.responseMode, $0.require.joined(separator: ",")] } == [["https://app.example/cb", "form_post", ""]])
        let made = try Self.attacked(&inferred, ["post.navlog"])
        #expect(made.engine.decide(NavigationRequest(url: "https://app.example/cb", method: "POST")).kind == .sentinel)
    }

    @Test("rules that would cancel nothing the recording shows are said (interceptsNothing), and refused")
    func interceptsNothing() {
        let inferred = Self.infer([Self.recording("pages.navlog", [#"{"seq":0,"url":"https://app.example/start","recordedDecision":"allow"}"#])])
        #expect(inferred.inferences.last == .interceptsNothing)
        #expect(inferred.isRefused)
    }

    @Test("the hand-off is kept: a handler table for every event delivered, named from the recording's header or a placeholder, and a case per event")
    func handOffKept() throws {
        // One recording names the app's table, one does not: the events of the second get placeholders.
        let header = #"{"format":"bridge-navlog","version":1,"handlers":{"onCaptureLoginSuccess":["signInCompleted"],"unused":["x"]}}"#
        let named = Self.recording("named.navlog", [header, #"{"seq":0,"url":"janrain:eventsAvailable?1","isMainFrame":false,"recordedDecision":"cancel","drained":["janrain:onCaptureSessionNotFound?arguments=%5B%5D"]}"#])
        #expect(Self.infer([named]).handlers.isEmpty)
        var inferred = Self.infer([named, Self.recording("handoff.navlog", Self.signIn + [
            #"{"seq":3,"url":"janrain:eventsAvailable?1","isMainFrame":false,"recordedDecision":"cancel","drained":["janrain:onCaptureLoginSuccess?arguments=%5B%7B%22accessToken%22%3A%22eW91ci1hY2Nlc3MtdG9rZW4%22%7D%5D","janrain:onCaptureScreenShow?arguments=%5B%5D"]}"#,
            #"{"seq":4,"url":"janrain:accessToken=eW91ci1hY2Nlc3MtdG9rZW4","recordedDecision":"cancel"}"#,
        ])])
        #expect(inferred.handlers.map { [$0.event] + $0.written } == [
            ["onCaptureLoginSuccess", "signInCompleted"],
            ["onCaptureScreenShow", InferredHandler.placeholder(for: "onCaptureScreenShow")],
            ["accessToken", InferredHandler.placeholder(for: "accessToken")],
        ])
        #expect(RulesReport.statements(inferred).contains {
            $0.code == "rules-handler-unknown" && $0.reference == Self.reference("handoff.navlog", line: 5, seq: 4)
                && $0.message.parts.contains(.value(Sensitive(InferredHandler.placeholder(for: "accessToken"), as: .input)))
        })
        let made = try Self.attacked(&inferred, ["named.navlog", "handoff.navlog"])
        #expect(made.engine.rules.handlers.map(\.event).sorted() == ["accessToken", "onCaptureLoginSuccess", "onCaptureScreenShow"])
        let cases = inferred.testCases(engine: made.engine, name: RecordedRulesDocument.reference)
        #expect(cases.compactMap(\.expect.handlers) == [[InferredHandler.placeholder(for: "accessToken")], ["signInCompleted"],
                                                         [InferredHandler.placeholder(for: "onCaptureScreenShow")]])
        // The cases pass against the rules, and fail against rules whose table lost the hand-off.
        #expect(RulesAudit(rules: made.engine.rules, cases: cases, attack: false).run().failures.isEmpty)
        var lost = made.engine.rules
        lost.handlers.removeAll { $0.event == "onCaptureLoginSuccess" }
        #expect(RulesAudit(rules: lost, cases: cases, attack: false).run().failures.count == 1)
    }

    @Test("an event without a name (a WebViewJavascriptBridge message with an empty handlerName) makes no handler entry: the rules still load")
    func namelessEventMakesNoHandler() throws {
        var inferred = Self.infer([Self.recording("wvjb.navlog", Self.signIn + [
            #"{"seq":3,"url":"https://__wvjb_queue_message__/","recordedDecision":"cancel","drained":["[{\"handlerName\":\"\",\"data\":1},{\"handlerName\":\"login\"}]"]}"#,
        ])])
        #expect(inferred.handlers.map(\.event) == ["login"])
        let made = try Self.attacked(&inferred, ["wvjb.navlog"])
        #expect(made.engine.rules.handlers.map(\.event) == ["login"])
    }

    /// A `bridgeMessageUnread` inference as values: the entry, its protocol, why, and the seqs of its places.
    struct Unread: Equatable {
        let entry: String, bridge: BridgeProtocol, problem: QueueEntryProblem, seqs: [Int]
    }

    @Test("a drained bridge message that its protocol cannot decode is said once with why and every place it came; the decodable ones still make handlers")
    func undecodableMessageSaid() throws {
        var inferred = Self.infer([Self.recording("odd.navlog", Self.signIn + [
            #"{"seq":3,"url":"janrain:eventsAvailable?1","recordedDecision":"cancel","drained":["janrain:onCaptureLoginSuccess?arguments=%5Bnot-json","janrain:onCaptureScreenShow?arguments=%5B%5D","not a url","janrain:onCaptureLoginSuccess?arguments=%5Bnot-json"]}"#,
            #"{"seq":4,"url":"https://__wvjb_queue_message__/","recordedDecision":"cancel","drained":["{not json"]}"#,
            #"{"seq":5,"url":"janrain:eventsAvailable?2","recordedDecision":"cancel","drained":["not a url"]}"#,
        ])])
        let unread = inferred.inferences.compactMap { inference -> Unread? in
            guard case .bridgeMessageUnread(let entry, let bridge, let problem, let sources) = inference else { return nil }
            return Unread(entry: entry, bridge: bridge, problem: problem, seqs: sources.map(\.seq))
        }
        #expect(unread == [
            Unread(entry: "janrain:onCaptureLoginSuccess?arguments=%5Bnot-json", bridge: .janrain,
                   problem: .undecodable(.argumentsNotJSON(event: "onCaptureLoginSuccess")), seqs: [3, 3]),
            Unread(entry: "not a url", bridge: .janrain, problem: .notAURL, seqs: [3, 5]),
            Unread(entry: "{not json", bridge: .wvjb, problem: .undecodable(.wvjbQueueNotArray), seqs: [4]),
        ])
        #expect(inferred.handlers.map(\.event) == ["onCaptureScreenShow"])
        _ = try Self.attacked(&inferred, ["odd.navlog"])
    }

    @Test("names are made unique by a count per name: 10,000 results on distinct paths get 10,000 distinct names")
    func uniqueNames() {
        var names = RulesInference.UniqueNames()
        let made = (0..<10_000).map { _ in names.unique("result-code") }
        #expect(Set(made).count == 10_000 && made[0] == "result-code" && made[1] == "result-code-2")
        #expect(names.unique("result-code-2") == "result-code-2-2")
    }

    /// A generated recording of a sign-in: pages on the app's origin and the provider's, an authorization
    /// request, and then, by chance, the result cancelled, loaded (loose rules) or never come; an attack hop
    /// through userinfo; a lookalike page loaded; a deep link; a bridge signal.
    static func generated(_ random: inout SplitMix64, index: Int) -> [String] {
        let app = ["app.example", "yourdomain.com", "login.shop.example"][Int(random.next() % 3)]
        let callback = "/" + ["cb", "oauth/callback", "password_reset.php"][Int(random.next() % 3)]
        var lines = [
            #"{"seq":0,"url":"https://\#(app)/start","recordedDecision":"allow"}"#,
            #"{"seq":1,"url":"https://idp.example/authorize?client_id=c\#(index)&response_type=code&redirect_uri=https%3A%2F%2F\#(app)\#(callback.replacingOccurrences(of: "/", with: "%2F"))&state=s\#(index)abcdefgh","recordedDecision":"allow"}"#,
        ]
        switch random.next() % 3 {
        case 0: lines.append(#"{"seq":2,"url":"https://\#(app)\#(callback)?code=c0de\#(index)abcdefgh&state=s\#(index)abcdefgh","recordedDecision":"cancel"}"#)
        case 1: lines.append(#"{"seq":2,"url":"https://\#(app)\#(callback)?code=c0de\#(index)abcdefgh&state=s\#(index)abcdefgh","recordedDecision":"allow"}"#)
        default: break
        }
        if random.next() % 2 == 0 {
            lines.append(#"{"seq":3,"url":"https://\#(app)@evil.example\#(callback)?code=c0de\#(index)zzzzzzzz","recordedDecision":"cancel"}"#)
        }
        if random.next() % 2 == 0 {
            let lookalike = ["\(app).evil.example", "evil\(app)", "\(app).attacker.net"][Int(random.next() % 3)]
            lines.append(#"{"seq":4,"url":"https://\#(lookalike)/login","recordedDecision":"allow"}"#)
        }
        if random.next() % 2 == 0 { lines.append(#"{"seq":5,"url":"myapp://reset-password?token=t0ken\#(index)abcdefgh","recordedDecision":"cancel"}"#) }
        if random.next() % 2 == 0 { lines.append(#"{"seq":6,"url":"janrain:eventsAvailable?1","recordedDecision":"cancel","drained":["janrain:onCaptureLoginSuccess?arguments=%5B%5D"]}"#) }
        return lines
    }

    @Test("property: for generated recordings, the rules either pass their own attack and intercept every recorded result, or are refused and say why")
    func generatedRecordingsHoldOrAreRefused() throws {
        var random = SplitMix64(0x5eed_0071)
        for index in 0..<150 {
            let lines = Self.generated(&random, index: index)
            var inferred = Self.infer([Self.recording("gen\(index).navlog", lines)])
            let made = try Self.attacked(&inferred, ["gen\(index).navlog"])
            let attackFails = !RulesAudit(rules: made.engine.rules).run().failures.isEmpty
            if attackFails || inferred.inferences.contains(.interceptsNothing) {
                #expect(inferred.isRefused, "gen\(index): the rules fail their attack or intercept nothing, and were not refused")
                continue
            }
            // Every result the recording carried to the flow's own redirect URI is intercepted, whatever the
            // recording's rules did; the hop through userinfo and the lookalike never are allowed.
            for line in lines {
                guard let url = JSONValue.parse(line)?["url"]?.stringValue else { continue }
                let decision = made.engine.decide(NavigationRequest(url: url))
                if url.contains("code=") || url.hasPrefix("myapp:") || url.hasPrefix("janrain:") {
                    #expect(decision.action == .cancel, "gen\(index): \(url) is not cancelled")
                }
                if url.contains("evil") || url.contains("attacker") {
                    #expect(decision.action == .cancel && decision.kind == .default, "gen\(index): \(url) is not left to the default")
                }
            }
            // The authorization request's redirect URI is a sentinel even when its result never came.
            #expect(!inferred.sentinels.isEmpty, "gen\(index): no sentinel")
        }
    }
}
