// SensitiveTextTests.swift: a value carries its reading and only the Redactor renders it; a message's own
// words pass unread and each value it quotes is masked by its reading. The rules problems are generated
// over every case that quotes the file's text, each given a credential no list names.
import InputFiles
import CommandOutput
import SecretMasking
import BrowserURL
import NavigationPolicy
import SensitiveText
import Testing

@Suite("Sensitive values and messages")
struct SensitiveTextTests {
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    /// A value of each reading, and what the Redactor's reader for that reading makes of it.
    static let readings: [(Sensitive, @Sendable (Redactor, String) -> String)] = [
        (Sensitive("abcdefghijklmnopqrstuvwxyz", as: .secret), { $0.mask($1) }),
        (Sensitive("https://a.example/cb?client_assertion=SECRETSECRETSECRET", as: .input), { $0.argument($1) }),
        (Sensitive(jwt, as: .input), { $0.argument($1) }),
        (Sensitive("https://a.example/cb?mfa_code=123456#id_token_hint=SECRETSECRET", as: .url), { $0.rawURL($1) }),
        (Sensitive("/cb;device_code=SECRETSECRETSECRET", as: .path), { $0.path($1) }),
        (Sensitive("verifierverifierverifier", as: .parameter("oauth_verifier")), { $0.value($1, forParameter: "oauth_verifier") }),
        (Sensitive("Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123", as: .foreign), { $0.foreignText($1) }),
    ]

    @Test("each reading is rendered by the Redactor's reader for it, which masks it; --reveal shows it whole",
          arguments: readings.indices)
    func readingRenders(index: Int) {
        let (value, reader) = Self.readings[index]
        let raw = Redactor(isEnabled: false).text(value)
        let masked = Redactor().text(value)
        #expect(masked == reader(Redactor(), raw))
        #expect(masked != raw)
        #expect(Redactor().text(MessageText.value(value)) == masked)
    }

    @Test("a value's description is a mask of its length, never the value")
    func descriptionIsAMask() {
        let value = Sensitive(Self.jwt, as: .input)
        #expect("\(value)" == "…(\(Self.jwt.count))")
        let message: MessageText = "id_token=\(value)"
        #expect(message.description == "id_token=…(\(Self.jwt.count))")
    }

    @Test("a literal is words; a String interpolated without a reading is foreign; numbers and messages keep their parts")
    func interpolationParts() {
        let page = "window.location = 'x'"
        let inner: MessageText = "rule \(quoted: "signin")"
        let message: MessageText = "the page says \(page), \(input: "a.json"):\(12): \(inner) at \(url: "https://a.example/")"
        #expect(message.parts == [
            .words("the page says "), .value(Sensitive(page, as: .foreign)), .words(", "), .value(Sensitive("a.json", as: .input)),
            .words(":12: rule "), .quoted(Sensitive("signin", as: .input)), .words(" at "), .value(Sensitive("https://a.example/", as: .url)),
        ])
        #expect(("a " as MessageText) + "b" == "a b")
    }

    @Test("words are not read: only the values in them are masked")
    func wordsPassUnread() {
        let secret = "SECRETSECRETSECRET"
        // Words that look like a pair stay as written; the value after them is masked by its reading.
        let message: MessageText = "janrain:accessToken= carries \(secret: secret); code=\(secret, parameter: "code")"
        let text = Redactor().text(message)
        #expect(text == "janrain:accessToken= carries " + Redactor().mask(secret) + "; code=" + Redactor().mask(secret))
        #expect(Redactor(isEnabled: false).text(message) == "janrain:accessToken= carries \(secret); code=\(secret)")
    }

    @Test("a quoted value is masked, then quoted")
    func quotedIsMaskedThenQuoted() {
        let origin = "https://a.example/?access_token=SECRETSECRETSECRET"
        let message: MessageText = "--allow-origin \(quoted: origin) is not an origin"
        #expect(Redactor().text(message) == "--allow-origin \(Redactor().argument(origin).debugDescription) is not an origin")
    }

    /// Every rules problem that quotes the file's text, given a JWT no list names.
    static let quotingProblems: [RulesProblem] = [
        .unknownPlatform(jwt), .unknownAction(jwt), .misplacedWildcard(jwt), .originNotURL(jwt), .originNotWeb(jwt, scheme: "myapp"),
        .notAnOrigin(jwt), .wildcardWithoutDomain(jwt), .nameTaken(jwt, firstKeyPath: "sentinels[0]"), .unknownFrames(jwt),
        .redirectURINotURL(jwt, URLParseError(.missingSchemeNonRelativeURL)), .redirectURIHasCredentials(jwt), .redirectURIHasFragment(jwt),
        .redirectURIHasQuery(jwt), .redirectURIHasNoPath(jwt), .unknownResponseMode(jwt), .anyPortNotLoopback(host: jwt),
        .requiredAndForbidden(jwt), .interfaceNameNotIdentifier(jwt), .methodNotIdentifier(jwt), .interfaceAddedTwice(jwt),
        .unknownProtocol(jwt), .notAScheme(jwt), .webScheme(jwt), .routeNotHostOrSegment(jwt),
        .shadowedSentinel(byKeyPath: "sentinels[0]", name: jwt), .shadowedSchemeRule(byKeyPath: "schemes[0]", name: jwt, scheme: "myapp"),
    ]

    @Test("a rules problem quotes the file's text as input: masked by its shape in the error, whole with --reveal",
          arguments: quotingProblems)
    func rulesProblemQuotesInput(problem: RulesProblem) {
        let inputs = problem.words.parts.compactMap { part -> Sensitive? in
            switch part {
            case .value(let value), .quoted(let value): value
            case .words: nil
            }
        }
        #expect(inputs.contains(Sensitive(Self.jwt, as: .input)))
        let error = RulesError("sentinels[1].redirectURI", problem, file: "rules.json")
        #expect(!error.description.contains(Self.jwt))
        #expect(Redactor(isEnabled: false).text(error.words).contains(Self.jwt))
    }

    @Test("a rules file's key path is input: a key that is a credential is masked where the error names it")
    func keyPathIsInput() {
        let error = RulesError("sentinels[0].\(Self.jwt)", .json(.unknownKey(suggestion: nil, known: ["name"])), file: "rules.json")
        #expect(error.words.parts.first == .value(Sensitive("rules.json", as: .input)))
        #expect(!error.description.contains(Self.jwt))
    }

    @Test("a rules error's words name the file, then the key path, then the problem's words, in that order")
    func rulesErrorWords() {
        let problem = RulesProblem.json(.unknownKey(suggestion: nil, known: ["name"]))
        let located: MessageText = "\(input: "/x/rules.json"): \(input: "sentinels[0].nmae"): " + problem.words
        #expect(RulesError("sentinels[0].nmae", problem, file: "/x/rules.json").words == located)
        // A whole-file problem has no key path: the file, then the problem.
        let whole: MessageText = "\(input: "/nonexistent/rules.json"): " + RulesProblem.unreadable(.notFound).words
        #expect(RulesError("", .unreadable(.notFound), file: "/nonexistent/rules.json").words == whole)
    }
}
