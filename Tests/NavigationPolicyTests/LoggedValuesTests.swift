// LoggedValuesTests.swift: an app that logs the engine's values in every usual way (`print`, `debugPrint`,
// `dump`, string interpolation, `String(reflecting:)`) prints no credential: secret parameters by the
// policy's own examples, credentials by the shape catalogue's prefixes, in every place of a URL, and the
// decisions, interceptions, results, errors and requests the engine makes of them. The whole value stays
// one accessor away.
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy
import SecretPolicy
import Testing

/// Every way an app turns a value into log text.
func loggedTexts(_ value: Any) -> [String] {
    var printed = "", debugPrinted = "", dumped = ""
    print(value, to: &printed)
    debugPrint(value, to: &debugPrinted)
    dump(value, to: &dumped)
    return [printed, debugPrinted, dumped, "\(value)", String(describing: value), String(reflecting: value), "\([value])"]
}

@Suite("the engine's values, as an app logs them")
struct LoggedValuesTests {
    /// A value no mask or word contains by chance.
    static let secret = "Zq7xK2mP9vR4tL8wQ3"
    /// Credentials by shape: a compact JWS, and a token of each vendor prefix the catalogue lists.
    static let shaped: [String] = ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVlLWhlcmU"]
        + CredentialShape.vendorPrefixes.map { $0.prefix + String(repeating: "Ab3", count: max($0.minimum, 12) / 3 + 1) }

    static func shows(_ value: Any, _ text: String) -> Bool { loggedTexts(value).contains { $0.contains(text) } }

    @Test("a BrowserURL masks a parameter the policy names a secret, in the query, the fragment, an opaque path and a path pair, and shows the others",
          arguments: SecretParameters.examples)
    func namedParameters(example: (name: String, family: SecretParameters.Family?)) throws {
        let name = example.name
        for text in ["https://yourdomain.com/cb?\(name)=\(Self.secret)&scope=openid", "https://yourdomain.com/cb#\(name)=\(Self.secret)",
                     "janrain:\(name)=\(Self.secret)", "https://yourdomain.com/cb;\(name)=\(Self.secret)/next"] {
            let url = try #require(BrowserURL(text))
            #expect(Self.shows(url, Self.secret) == (example.family == nil), "\(name) in \(text)")
            #expect(url.href.contains(Self.secret))
        }
        let parameter = FormParameter(name: name, value: Self.secret)
        #expect(Self.shows(parameter, Self.secret) == (example.family == nil) && parameter.value == Self.secret)
        #expect(Self.shows(FormParameters(pairs: [parameter]), Self.secret) == (example.family == nil))
    }

    @Test("a BrowserURL masks a credential by its shape wherever it stands", arguments: shaped)
    func shapedCredentials(token: String) throws {
        for text in ["https://yourdomain.com/cb?\(token)", "https://yourdomain.com/cb#\(token)", "myapp://\(token)/done", "myapp://reset/\(token)",
                     "https://yourdomain.com/\(token)/next", "https://yourdomain.com/cb?note=\(token)", "https://\(token)@yourdomain.com/",
                     "https://yourdomain.com/cb?next=" + "https://other.example/cb?code=\(token)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!] {
            let url = try #require(BrowserURL(text))
            #expect(!Self.shows(url, token), "\(text)")
        }
    }

    @Test("both halves of the userinfo are masked; the host, the path and the plain parameters are shown")
    func userinfoAndPlainParts() throws {
        let url = try #require(BrowserURL("https://deploy:\(Self.secret)@yourdomain.com/cb?error=access_denied&scope=openid"))
        #expect(!Self.shows(url, Self.secret) && !Self.shows(url, "deploy"))
        for plain in ["yourdomain.com/cb", "error=access_denied", "scope=openid"] { #expect(Self.shows(url, plain)) }
        #expect(url.password == Self.secret)
    }

    @Test("a sentinel's decision, interception and result mask the code, the token and the state; the accessors give them whole")
    func sentinelDecision() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(#"{"version":1,"default":"allow","sentinels":[{"name":"signin","redirectURI":"https://yourdomain.com/cb","responseMode":"any","require":["code"]}]}"#))
        let code = "SplxlOBeZQQYbYS6WxSbIA", token = Self.shaped[0], state = "af0ifjsldkj-\(Self.secret)"
        let request = NavigationRequest(url: "https://yourdomain.com/cb?code=\(code)&state=\(state)#access_token=\(token)", sourceURL: "https://yourdomain.com/signin?state=\(state)")
        let decision = engine.decide(request, expectedState: state + "x", explain: true)
        let interception = try #require(decision.interception)
        guard case .sentinel(let result) = interception, case .authorization(let given, _, _, let givenState) = result else {
            Issue.record("not a sentinel's result")
            return
        }
        #expect(given == code && givenState == state)
        let error = try #require(decision.error)
        for value in [decision, interception, result, error, request] as [Any] {
            for credential in [code, token, state, Self.secret] { #expect(!Self.shows(value, credential), "\(type(of: value))") }
        }
        #expect(Self.shows(decision, "yourdomain.com/cb") && Self.shows(decision, "signin"))
    }

    @Test("a bridge's legacy token and an event's arguments are masked; the event's name is shown")
    func bridgeMessages() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(#"{"version":1,"default":"cancel","schemes":[{"name":"janrain-bridge","scheme":"janrain","protocol":"janrain"}]}"#))
        let arguments = #"[{"accessToken":"\#(Self.secret)","n":1}]"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        for text in ["janrain:accessToken=\(Self.secret)", "janrain:onCaptureLoginSuccess?arguments=\(arguments)"] {
            let decision = engine.decide(NavigationRequest(url: text), explain: true)
            let interception = try #require(decision.interception)
            #expect(!Self.shows(decision, Self.secret) && !Self.shows(interception, Self.secret), "\(text)")
        }
        let event = engine.decide(NavigationRequest(url: "janrain:onCaptureLoginSuccess?arguments=\(arguments)"))
        #expect(Self.shows(event, "onCaptureLoginSuccess"))
        guard case .bridge(.event(_, let values))? = event.interception, case .object(let object)? = values.first else {
            Issue.record("not an event")
            return
        }
        #expect(object["accessToken"] == .string(Self.secret))
    }

    @Test("a deep link's route and parameters, and a rejected state, are masked")
    func deepLinkAndErrors() throws {
        let engine = PolicyEngine(rules: try RulesLoader.parse(#"{"version":1,"default":"cancel","schemes":[{"name":"reset","scheme":"yourapp","route":"reset-password","require":["token","email"]}]}"#))
        let decision = engine.decide(NavigationRequest(url: "yourapp://reset-password?token=\(Self.secret)&email=ada%40example.com"), explain: true)
        #expect(!Self.shows(decision, Self.secret) && Self.shows(decision, "reset-password"))
        let wrongRoute = engine.decide(NavigationRequest(url: "yourapp://\(Self.shaped[0])/done"), explain: true)
        #expect(!Self.shows(wrongRoute, Self.shaped[0]))
        for error in [DecisionError.stateMismatch(received: Self.secret, sent: Self.secret + "x", difference: nil), .stateMissing(sent: Self.secret)] {
            #expect(!Self.shows(error, Self.secret))
        }
    }
}
