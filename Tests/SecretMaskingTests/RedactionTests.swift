// RedactionTests.swift: secrets never reach an output in the clear, and nothing else is altered.
@testable import SecretPolicy
import BrowserURL
import Foundation
@testable import SecretMasking
import NavigationPolicy
import SeededRandom
import Testing
import JSONText

@Suite("Redaction")
struct RedactionTests {
    let redactor = Redactor()

    @Test("secret names match without case, _ or -", arguments: [
        "code", "CODE", "access_token", "accessToken", "Access-Token", "id_token", "refresh_token", "token",
        "tokenId", "state", "pin", "password", "authorizationCode",
    ])
    func secretNames(name: String) {
        #expect(SecretParameters.standard.isSecret(name))
    }

    @Test("ordinary names are not secrets", arguments: ["email", "redirect_uri", "client_id", "scope", "error", "arguments"])
    func ordinaryNames(name: String) {
        #expect(!SecretParameters.standard.isSecret(name))
    }

    @Test("a mask shows a short prefix and the length, never the value")
    func mask() {
        let token = "SplxlOBeZQQYbYS6WxSbIA"
        let masked = redactor.mask(token)
        #expect(masked == "Splx…(22)")
        #expect(!masked.contains(token))
        #expect(redactor.mask("abc") == "…(3)")
        #expect(Redactor(isEnabled: false).mask(token) == token)
    }

    @Test("a bridge's arguments holding no number and no string but empty ones and masks have nothing to mask, and are shown as they came; one value among them is masked (FuzzSecrets' finds)",
          arguments: ["%5B%20%5D", "%5Btrue%2Cnull%5D", "%7B%22a%22%3A%5B%5D%7D", "%5B%22%22%2C%22%22%5D",
                      "%5B%22~~~~%E2%80%A6%28130%29%22%2C%22%22%5D", "%5B%22%22%20%5D"])
    func argumentsWithoutValues(_ arguments: String) {
        let url = "janrain:onCaptureLoginSuccess?arguments=" + arguments
        #expect(Redactor().rawURL(url) == url)
        // The same at the end of free text, before the sentence's full stop.
        #expect(Redactor().foreignText("navigates to \(url).") == "navigates to \(url).")
        let withValue = "janrain:onCaptureLoginSuccess?arguments=%5B%20%22hunter2hunter2%22%5D"
        #expect(Redactor().rawURL(withValue) != withValue)
    }

    @Test("a bridge's arguments nested in arrays are masked by position at every depth: an array's items have no names either (FuzzSecrets' find: [[[1]]] was shown whole)",
          arguments: ["%5B%5B%5B%091%5D%5D%5D", "%5B%5B%22hunter2hunter2%22%5D%5D", "%5B%22a%22%2C%5B2%2C%5B%22b%22%5D%5D%5D"])
    func nestedArguments(_ arguments: String) throws {
        let url = "janrain:onCaptureLoginSuccess?arguments=" + arguments
        let masked = try #require(BrowserURL(Redactor().rawURL(url)))
        let value = try #require(masked.queryParameters.first("arguments").flatMap(JSONValue.parse))
        func leaves(_ value: JSONValue) -> [JSONValue] {
            if case .array(let items) = value { return items.flatMap(leaves) }
            return [value]
        }
        #expect(!leaves(value).isEmpty)
        #expect(leaves(value).allSatisfy { $0.stringValue.map { Redactor.maskedLength($0) != nil } == true })
        // The other ways the same arguments reach an output: quoted in free text, and as an Android interface's
        // argument (a string of JSON, as pages pass JSON.stringify(…)).
        let decoded = FormParameters.decodeComponent(arguments[...])
        let quoted = Redactor().foreignText("navigates to \(url) now")
        #expect(quoted.utf8.firstRange(of: arguments.utf8) == nil && quoted.utf8.firstRange(of: decoded.utf8) == nil)
        let passed = Redactor().interfaceArguments([.string(decoded)])
        let passedValue = try #require(passed.first?.stringValue.flatMap(JSONValue.parse))
        #expect(leaves(passedValue).allSatisfy { $0.stringValue.map { Redactor.maskedLength($0) != nil } == true })
    }

    @Test("a mask that went through a URL serializer (its … escaped) stays as it is; a secret spelled as a mask with anything else escaped is masked (FuzzSecrets' find)")
    func maskLookalikes() {
        let redactor = Redactor()
        #expect(redactor.maskEncoded("abcd%E2%80%A6(40)") == "abcd%E2%80%A6(40)")
        #expect(redactor.maskEncoded("abcd%e2%80%a6(40)") == "abcd%e2%80%a6(40)")
        #expect(redactor.maskEncoded("abcd…(40)") == "abcd…(40)")
        let crafted = redactor.maskEncoded("abcd%E2%80%A6%28999999%29")
        #expect(crafted != "abcd%E2%80%A6%28999999%29" && Redactor.maskedLength(crafted) == 13)
        let line = redactor.rawURL("https://yourdomain.com/password_reset.php?code=abcd%E2%80%A6%28999999%29")
        #expect(line.utf8.firstRange(of: "%28999999%29".utf8) == nil && line.utf8.firstRange(of: "(999999)".utf8) == nil)
    }

    /// Raw text with a combining mark (U+0301) right after a delimiter: one Character with it, but the URL,
    /// form and JSON parsers still split there, so the value after it is the secret's.
    static let combiningMarkCases: [(place: String, raw: String)] = [
        ("query value", "https://yourdomain.com/cb?code=\u{301}SECRETSECRETSECRET"),
        ("second pair", "https://yourdomain.com/cb?x=1&\u{301}&code=SECRETSECRETSECRET"),
        ("fragment", "https://yourdomain.com/cb#\u{301}&access_token=SECRETSECRETSECRET"),
        ("password before the host", "https://ada:SECRETSECRETSECRET@\u{301}yourdomain.com/cb"),
        ("path pair", "https://yourdomain.com/cb;code=\u{301}SECRETSECRETSECRET/next"),
        ("opaque path", "janrain:accessToken=\u{301}SECRETSECRETSECRET"),
    ]

    @Test("raw input is split where the parsers split it, a combining mark after a delimiter or not",
          arguments: combiningMarkCases.map(\.raw))
    func combiningMarkAfterDelimiter(raw: String) {
        let secret = Array("SECRETSECRETSECRET".utf8)
        for output in [redactor.rawURL(raw), redactor.foreignText("navigates to \(raw) now")] {
            #expect(Array(output.utf8).firstRange(of: secret) == nil)
        }
    }

    @Test("the URL parser reads the value after a combining mark as the parameter's")
    func combiningMarkValueIsTheParameter() throws {
        let url = try BrowserURL.parse("https://yourdomain.com/cb?code=\u{301}SECRETSECRETSECRET").get()
        #expect(url.queryParameters.first("code") == "\u{301}SECRETSECRETSECRET")
    }

    @Test("JSON in free text: a secret key's string value is masked, a combining mark after its quote or not")
    func combiningMarkInJSON() {
        let secret = Array("SECRETSECRETSECRET".utf8)
        for text in [#"got {"access_token":"SECRETSECRETSECRET"}"#, "got {\"access_token\":\"\u{301}SECRETSECRETSECRET\"}"] {
            #expect(Array(redactor.foreignText(text).utf8).firstRange(of: secret) == nil)
        }
        let formBody = redactor.redactFormEncoded("code=\u{301}SECRETSECRETSECRET&state=x")
        #expect(Array(formBody.utf8).firstRange(of: secret) == nil)
    }

    @Test("Unicode's white space inside a value is the value's, as the URL parser reads it, not a word's end",
          arguments: ["\u{2028}", "\u{A0}", "\u{3000}", "\u{85}", " \u{301}"])
    func unicodeWhiteSpaceInValue(space: String) throws {
        let raw = "https://yourdomain.com/cb?code=\(space)SECRETSECRETSECRET&state=x"
        let url = try BrowserURL.parse(raw).get()
        #expect(url.queryParameters.first("code") == "\(space)SECRETSECRETSECRET")
        let secret = Array("SECRETSECRETSECRET".utf8)
        for text in ["navigates to \(raw) now", "https://yourdomain.com/cb;code=\(space)SECRETSECRETSECRET/next", "got code=\(space)SECRETSECRETSECRET"] {
            #expect(Array(redactor.foreignText(text).utf8).firstRange(of: secret) == nil, "\(text.debugDescription)")
        }
        // ASCII white space still ends a word, and "\r\n" is one delimiter.
        #expect(redactor.foreignText("got code=12345678\r\nnext line") == "got code=…(8)\r\nnext line")
    }

    @Test("brackets opened and quotes met inside a word are the word's, so a value goes on after them (SecretPropertyTests' find)",
          arguments: ["path /password_reset.php;code=%E2%80%A6(9)SECRETSECRET%C3%25/next is not /password_reset.php",
                      "path /cb;code=ab(cd)SECRETSECRET/next is not /cb", "got code=(x)SECRETSECRET", "https://a.example/?pin=a((b)c)SECRETSECRET now",
                      "redirect_uri https://a.example/cb;code=ab'SECRETSECRET/next matches nothing", "got code=ab[x]SECRETSECRET.",
                      "got 'code=ab'.SECRETSECRET'", "got (code=ab)SECRETSECRET)", "got code=ab]]SECRETSECRET", "see https://a.example/cb;code=ab\"(SECRETSECRET)\u{301} now"])
    func parenthesesInValue(text: String) {
        #expect(Array(redactor.foreignText(text).utf8).firstRange(of: Array("SECRETSECRET".utf8)) == nil, "\(redactor.foreignText(text))")
    }

    @Test("a long run of closers is one look, in both readers: the word goes on after it")
    func longRunOfClosers() {
        for run in [String(repeating: ")", count: 200_000), String(repeating: "']", count: 100_000)] {
            for text in ["got code=ab\(run)SECRETSECRET", "got code=ab\(run)SECRETSECRET \u{301}"] {
                #expect(Array(redactor.foreignText(text).utf8).firstRange(of: Array("SECRETSECRET".utf8)) == nil)
            }
        }
    }

    @Test("parentheses, brackets and quotes around a word are the sentence's, and a mask stays one word")
    func parenthesesAroundWord() {
        #expect(redactor.foreignText("(see https://a.example/?pin=12345678)") == "(see https://a.example/?pin=…(8))")
        #expect(redactor.foreignText("got (code=12345678), then") == "got (code=…(8)), then")
        #expect(redactor.foreignText("got code=1234…(16) and code=abc") == "got code=1234…(16) and code=…(3)")
        #expect(redactor.foreignText("page literal 'janrain:accessToken=12345678'.") == "page literal 'janrain:accessToken=…(8)'.")
        #expect(redactor.foreignText("got [\"code=12345678\"], it's done") == "got [\"code=…(8)\"], it's done")
    }

    @Test("punctuation that is all of a value is the value, not the sentence's (FuzzSecrets' find)",
          arguments: ["navigates to https://a.example/?pin=........", "navigates to https://a.example/?pin=…;;;;;;;;…", "got code=!!!!!!!!"])
    func punctuationValue(text: String) throws {
        let value = try #require(text.split(separator: "=").last)
        #expect(Array(redactor.foreignText(text).utf8).firstRange(of: Array(value.utf8)) == nil)
        // A sentence's own full stop after a value is still the sentence's.
        #expect(redactor.foreignText("see https://a.example/?pin=12345678.") == "see https://a.example/?pin=…(8).")
    }

    @Test("form strings: secrets masked, everything else byte for byte")
    func formEncoded() {
        let raw = "code=abcdefgh12345678&email=a%40b.c&state=xyzxyzxyz&&scope=openid+email"
        let redacted = redactor.redactFormEncoded(raw)
        #expect(redacted == "code=abcd…(16)&email=a%40b.c&state=…(9)&&scope=openid+email")
        #expect(!redacted.contains("12345678"))
    }

    @Test("URL components: query, fragment, opaque path and password")
    func urlComponents() throws {
        let url = try BrowserURL.parse("https://user:hunter2hunter2@id.example/cb?code=SECRETCODE123&x=1#access_token=TOKENTOKENTOKEN&token_type=Bearer").get()
        let r = redactor.components(of: url)
        #expect(r.username == "…(4)")
        #expect(r.password == "…(14)")
        #expect(r.search == "?code=…(13)&x=1")
        #expect(r.hash == "#access_token=…(15)&token_type=Bearer")
        #expect(r.href == "https://…(4):…(14)@id.example/cb?code=…(13)&x=1#access_token=…(15)&token_type=Bearer")
        for secret in ["hunter2hunter2", "SECRETCODE123", "TOKENTOKENTOKEN"] { #expect(!r.href.contains(secret)) }
        let janrain = try BrowserURL.parse("janrain:accessToken=8efac7802c55cffbba94").get()
        #expect(redactor.href(janrain) == "janrain:accessToken=8efa…(20)")
    }

    @Test("raw input is masked as typed, not normalized")
    func rawInput() {
        #expect(redactor.rawURL("HTTPS://X.example/cb?code=abcdefgh#state=12345678") == "HTTPS://X.example/cb?code=…(8)#state=…(8)")
        #expect(redactor.rawURL("janrain:accessToken=abcdefgh") == "janrain:accessToken=…(8)")
        #expect(redactor.rawURL("not a url") == "not a url")
    }

    @Test("a URL carried inside another (an open redirect's parameter, a fragment) has its secrets masked too")
    func nestedURL() {
        // Encoded in a query value: masked, the value re-encoded.
        #expect(redactor.rawURL("https://evil.example/?redirect_uri=https%3A%2F%2Fa.example%2Fcb%3Fcode%3Dabcdefgh%26x%3D1")
                == "https://evil.example/?redirect_uri=https%3A%2F%2Fa.example%2Fcb%3Fcode%3D…(8)%26x%3D1")
        // Plain in a query value, and whole in a fragment: masked in place.
        #expect(redactor.rawURL("https://evil.example/?next=https://a.example/cb?code=abcdefgh")
                == "https://evil.example/?next=https://a.example/cb?code=…(8)")
        #expect(redactor.rawURL("https://evil.example/#https://a.example/cb?code=abcdefgh&state=12345678")
                == "https://evil.example/#https://a.example/cb?code=…(8)&state=…(8)")
        // An opaque URL in a value, and secret pairs in a path.
        #expect(redactor.rawURL("https://evil.example/?u=janrain%3AaccessToken%3Dabcdefgh") == "https://evil.example/?u=janrain%3AaccessToken%3D…(8)")
        #expect(redactor.rawURL("https://evil.example/janrain:accessToken=abcdefgh/x;code=12345678?q=1")
                == "https://evil.example/janrain:accessToken=…(8)/x;code=…(8)?q=1")
        #expect(redactor.rawURL("https://a.example/p;jsessionid=1/view=full") == "https://a.example/p;jsessionid=…(1)/view=full")
        #expect(redactor.rawURL("https://a.example/p;lang=en/view=full") == "https://a.example/p;lang=en/view=full")
        // The same in a parsed URL, as transcripts render it.
        if case .success(let parsed) = BrowserURL.parse("https://evil.example/janrain:accessToken=abcdefgh/x;code=12345678?q=1") {
            #expect(redactor.href(parsed) == "https://evil.example/janrain:accessToken=…(8)/x;code=…(8)?q=1")
        } else { Issue.record("the URL must parse") }
        // Nothing secret inside: unchanged, byte for byte.
        let plain = "https://a.example/?next=https%3A%2F%2Fb.example%2Fpage%3Fid%3D7"
        #expect(redactor.rawURL(plain) == plain)
        #expect(Redactor(isEnabled: false).rawURL("https://evil.example/#https://a.example/cb?code=abcdefgh").hasSuffix("code=abcdefgh"))
    }
}

@Suite struct BridgeQueueRedactionTests {
    static let entry = "janrain:onCaptureLoginSuccess?arguments=" + "[{\"accessToken\":\"a1b2c3d4e5f6a7b8\",\"oneTime\":false,\"userData\":{\"email\":\"ada@example.com\",\"authorizationCode\":\"zzzzyyyyxxxx\"}}]"
        .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

    @Test func secretsInDrainedArgumentsAreMaskedAndTheEntryStillDecodes() throws {
        let redacted = Redactor().bridgeQueueEntry(Self.entry)
        #expect(!redacted.contains("a1b2c3d4e5f6a7b8") && !redacted.contains("zzzzyyyyxxxx"))
        #expect(redacted.contains("ada%40example.com"))
        let url = try BrowserURL.parse(redacted).get()
        guard case .success(.event(let name, let arguments)) = JanrainBridge.decode(url) else {
            Issue.record("the redacted entry no longer decodes: \(redacted)")
            return
        }
        #expect(name == "onCaptureLoginSuccess")
        #expect(arguments.first?["accessToken"]?.stringValue == "a1b2…(16)")
        #expect(arguments.first?["userData"]?["email"]?.stringValue == "ada@example.com")
    }

    @Test func revealKeepsTheEntryAndOtherShapesAreHandled() {
        #expect(Redactor(isEnabled: false).bridgeQueueEntry(Self.entry) == Self.entry)
        let wvjb = Redactor().bridgeQueueEntry(#"[{"handlerName":"signIn","data":{"token":"abcdefghabcdefgh"},"callbackId":"cb_1"}]"#)
        #expect(!wvjb.contains("abcdefghabcdefgh") && wvjb.contains("cb_1"))
        #expect(Redactor().bridgeQueueEntry("janrain:accessToken=abcdefghabcdefgh") == "janrain:accessToken=abcd…(16)")
    }

    @Test("an interface call's arguments: positional strings masked, JSON by key, a queue's entries as a drain's; a string in an array that only starts like a queue (FuzzSecrets' find: \"[o…data:SA…ke\") is masked whole")
    func interfaceArguments() {
        let masked = Redactor().interfaceArguments([
            .string("plainsecretvalue"), .string(#"{"access_token":"abcdefghabcdefgh","token_type":"Bearer"}"#),
            .array([.string(Self.entry), .string("[o\u{80}data:SAsecretsecret-ke"), .string("anothersecretvalue")]), .number(123456789),
            // FuzzSecrets' second find: a string that is JSON but not an object or array (a number) is one value.
            .string("2130706433"), .string("true"), .string("\"quotedsecret\""),
            // Its third: a string in an array that starts like a Janrain entry but has no query is a value.
            .array([.string("janrain:secretname=")]),
            // A fourth, in a 10-minute run: an entry must have janrain-bridge.js's shape (an event name, then
            // arguments= or error=); a query alone does not make one.
            .array([.string("janrain:?(secretparen"), .string("janrain:ev?secretquery"), .string("janrain:1ev?arguments=x")]),
        ])
        let text = JSONValue.array(masked).jsonText
        for secret in ["plainsecretvalue", "abcdefghabcdefgh", "a1b2c3d4e5f6a7b8", "SAsecretsecret", "anothersecretvalue", "123456789", "2130706433", "quotedsecret", "secretname",
                       "secretparen", "secretquery", "1ev?arguments"] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
        #expect(text.contains("Bearer") && text.contains("ada%40example.com"))
        #expect(Redactor(isEnabled: false).interfaceArguments([.string("plainsecretvalue")]) == [.string("plainsecretvalue")])
    }

    @Test("a Janrain queue entry is what the engine decodes as an event: an event name, then JSON arguments= or error=", arguments: [
        ("janrain:onCaptureLoginSuccess?arguments=%5B%5D", true), ("janrain:onCaptureSessionFound?error=expired", true),
        ("janrain:ev?arguments=%5B1%5D", true), ("JANRAIN:ev?arguments=%5B%5D", true), ("janrain:?arguments=%5B%5D", false),
        ("janrain:1ev?arguments=x", false), ("janrain:ev?(", false), ("janrain:ev", false), ("janrain:ev?argument=%5B%5D", false),
        ("janrain:eventsAvailable?1700000000", false), ("x-janrain:ev?arguments=%5B%5D", false),
    ])
    func janrainQueueEntry(text: String, isEntry: Bool) {
        #expect(Redactor.isJanrainQueueEntry(text) == isEntry)
    }
}

@Suite("Redaction: one path for every output")
struct OneRedactionPathTests {
    let redactor = Redactor()

    @Test("a mask shows a prefix only of plain raw bytes and counts decoded characters")
    func maskDecidedOnRawBytes() {
        #expect(redactor.redactFormEncoded("code=abcdEFGHijklmnopq") == "code=abcd…(17)")
        // An escape in the first four raw bytes, valid UTF-8 or not: nothing shown.
        #expect(redactor.redactFormEncoded("code=a%20b%C3%A9cdefghijklmn") == "code=…(16)")
        #expect(redactor.redactFormEncoded("code=%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC") == "code=…(4)")
        #expect(redactor.redactFormEncoded("token=a+b+cdefghijklmnop") == "token=…(18)")
        #expect(redactor.redactFormEncoded("code=%FF%FF%FF%FFTOPSECRETVALUE") == "code=…(18)")
    }

    @Test("a short secret shows no prefix", arguments: [("pin=1234", "pin=…(4)"), ("code=123456789012345", "code=…(15)"),
                                                        ("code=1234567890123456", "code=1234…(16)")])
    func shortSecrets(raw: String, expected: String) {
        #expect(redactor.redactFormEncoded(raw) == expected)
    }

    @Test("a secret that looks like a mask is still masked: only a mask's exact shape is left alone", arguments: [
        "TOPSECRETVALUE…(9)", "abcdefgh…(16)", "ab…(16)", "…(0)", "…(09)", "abcd…(16:XYZ)", "…(4:0123456789abcdeg)", "%41%42…(4)",
    ])
    func lookalikeMasks(secret: String) {
        let masked = redactor.mask(secret)
        #expect(masked != secret)
        #expect(!redactor.redactFormEncoded("code=" + secret).contains(secret))
    }

    @Test("masking twice changes nothing")
    func idempotent() {
        let once = redactor.redactFormEncoded("code=abcdefghijklmnop")
        #expect(redactor.redactFormEncoded(once) == once)
        #expect(redactor.foreignText("see \(once).") == "see \(once).")
        #expect(redactor.mask("abcd…(16)") == "abcd…(16)")
    }

    @Test("a long secret whose first bytes cannot be shown is masked with no prefix, and that mask is one too", arguments: [
        "\u{FFFD}bcdefghijklmnopqrstuvwxyz", "a b cdefghijklmnopqrstuvwxyz", "%41bcdefghijklmnopqrstuvwxyz",
    ])
    func unshowableHeadMaskIsAMask(secret: String) {
        let once = redactor.mask(secret)
        #expect(Redactor.maskedLength(once) == secret.count)
        #expect(redactor.mask(once) == once)
        let url = redactor.rawURL("https://\(once):\(once)@id.example/cb")
        #expect(redactor.foreignText("see \(url) now") == "see \(url) now")
    }

    @Test("both halves of the userinfo are masked in raw input; a backslash ends the authority")
    func userinfo() {
        #expect(redactor.rawURL("https://ada:hunter2hunter2@id.example/cb") == "https://…(3):…(14)@id.example/cb")
        #expect(redactor.rawURL("https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/") == "https://ghp_…(40)@github.com/")
        #expect(redactor.rawURL("https://evil.com\\@good.com/") == "https://evil.com\\@good.com/")
        #expect(redactor.rawURL("https://a:b:c@x/") == "https://…(1):…(3)@x/")
        #expect(redactor.rawURL("https://ada:@x/") == "https://…(3):@x/")
        let parsed = try? BrowserURL.parse("https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/").get()
        #expect(parsed.map(redactor.href) == "https://ghp_…(40)@github.com/")
    }

    @Test("signatures, sessions, nonces and cloud signing parameters are secrets", arguments: [
        "signature", "sig", "session", "nonce", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token", "X-Goog-Signature",
        "X-Goog-Credential", "JSESSIONID", "PHPSESSID", "hmac",
    ])
    func signingParameters(name: String) {
        #expect(SecretParameters.standard.isSecret(name))
        #expect(redactor.redactFormEncoded("\(name)=SECRETVALUE123") == "\(name)=…(14)")
    }

    @Test("a bridge's arguments are masked by position as well as by key")
    func positionalArguments() throws {
        let entry = "janrain:onCaptureLoginSuccess?arguments=" + PercentEncoding.encodeComponent(#"["TOKENVALUE123456",42424242,{"screen":"signIn"}]"#)
        let redacted = redactor.bridgeQueueEntry(entry)
        #expect(!redacted.contains("TOKENVALUE") && !redacted.contains("42424242"))
        let arguments = JSONValue.parse(FormParameters.decodeComponent(redacted.split(separator: "=", maxSplits: 1)[1]))
        #expect(arguments == .array([.string("TOKE…(16)"), .string("…(8)"), .object(["screen": .string("signIn")])]))
        #expect(redactor.value(#"["TOKENVALUE123456"]"#, forParameter: "arguments") == #"["TOKE…(16)"]"#)
        // A string argument that reads as a query ("?token=") is an argument, masked by position, not a URL
        // whose empty token is masked (found by FuzzSecrets: the argument was printed whole).
        let querylike = redactor.rawURL("janrain:onCaptureLoginSuccess?arguments=" + PercentEncoding.encodeComponent(#"["?token=ab12cd34"]"#))
        let querylikeArguments = JSONValue.parse(FormParameters.decodeComponent(querylike.split(separator: "=", maxSplits: 1)[1]))
        #expect(querylikeArguments == .array([.string("…(15)")]))
        // WebViewJavascriptBridge: a message's data when it is a plain value.
        let wvjb = redactor.bridgeQueueEntry(#"[{"handlerName":"signIn","data":"TOKENVALUE123456","callbackId":"cb_1"}]"#)
        #expect(JSONValue.parse(wvjb) == .array([.object(["handlerName": .string("signIn"), "data": .string("TOKE…(16)"), "callbackId": .string("cb_1")])]))
    }

    @Test("a fingerprinted mask keeps equal values equal and different values different")
    func fingerprints() {
        struct FNV: SecretFingerprint {  // not keyed: enough to tell values apart in a test
            func digest(_ value: String) -> String {
                let hex = String(value.utf8.reduce(UInt64(14695981039346656037)) { ($0 ^ UInt64($1)) &* 1099511628211 }, radix: 16)
                return String(repeating: "0", count: 16 - hex.count) + hex
            }
        }
        let recorder = Redactor(fingerprint: FNV())
        let a = recorder.mask("STATE-one-12"), b = recorder.mask("STATE-two-12")
        #expect(a != b && a == recorder.mask("STATE-one-12"))
        #expect(recorder.mask(a) == a)
        #expect(redactor.mask(a) == a)
        #expect(!a.contains("STATE"))
    }

    @Test("JSON carried in a parameter is masked by key and stays decodable")
    func jsonArguments() throws {
        let raw = "arguments=" + PercentEncoding.encodeComponent(#"[{"accessToken":"SECRETSECRETSECRET","email":"ada@example.com"}]"#)
        let redacted = redactor.redactFormEncoded(raw)
        #expect(!redacted.contains("SECRETSECRET"))
        let decoded = FormParameters.decodeComponent(redacted.dropFirst("arguments=".count))
        #expect(decoded == #"[{"accessToken":"SECR…(18)","email":"ada@example.com"}]"#)
        #expect(redactor.value(#"{"pin":123456789}"#, forParameter: "arguments") == #"{"pin":"…(9)"}"#)
    }

    @Test("secret names by ending: passwords, tokens and secrets of any prefix; settings that only start with token are not")
    func suffixes() {
        for name in ["currentPassword", "newPassword", "refresh_token", "client_secret", "sessionToken", "pinCode", "Authorization"] {
            #expect(SecretParameters.standard.isSecret(name), "\(name)")
        }
        for name in ["tokenUrl", "tokenAction", "redirect_uri", "signInEmailAddress"] {
            #expect(!SecretParameters.standard.isSecret(name), "\(name)")
        }
    }

    @Test("free text: URLs, name=value words and JSON pairs are masked; quotes and punctuation stay outside the mask", arguments: [
        ("navigates to 'janrain:accessToken=abcdefghijkl'", "navigates to 'janrain:accessToken=…(12)'"),
        (#"navigates to "myapp:token=abcdefghijkl"."#, #"navigates to "myapp:token=…(12)"."#),
        ("redirect https://x.example/cb?code=abcdefghijkl, then", "redirect https://x.example/cb?code=…(12), then"),
        ("sent state=abcdefghijkl)", "sent state=…(12))"),
        (#"payload {"accessToken": "abcdefghijkl", "email":"a@b"}"#, #"payload {"accessToken": "…(12)", "email":"a@b"}"#),
        ("user https://ada:abcdefghijkl@x.example/ failed", "user https://…(3):…(12)@x.example/ failed"),
        ("nothing secret here (line 3)", "nothing secret here (line 3)"),
        ("myapp:token=abcdefghijkl…, which", "myapp:token=…(12)…, which"),
    ])
    func message(input: String, expected: String) {
        #expect(redactor.foreignText(input) == expected)
        #expect(Redactor(isEnabled: false).foreignText(input) == input)
        #expect(redactor.maskedWordByWord(input) == expected)
    }

    @Test("free text the shortcut passes whole is text that reading it word by word leaves whole (20,000 seeded texts of the characters that matter)")
    func messageShortcut() {
        let alphabet: [String] = ["a", "Z", "7", " ", ":", "/", "=", "@", "\"", "'", "?", "#", "&", "(", ")", "…", ".", ",", "{", "}", "é", "\n"]
        var seed: UInt64 = 0x9E3779B97F4A7C15
        var passedWhole = 0
        for _ in 0..<20_000 {
            var text = ""
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(seed >> 59) + 1 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                text += alphabet[Int(seed >> 33) % alphabet.count]
            }
            if !Redactor.mayHoldSecret(text) {
                passedWhole += 1
                #expect(redactor.maskedWordByWord(text) == text, "\(text.debugDescription)")
            }
        }
        // Both kinds were drawn.
        #expect(passedWhole > 1_000 && passedWhole < 19_000, "\(passedWhole)")
    }

    @Test("ASCII text read as bytes is masked as read as Characters (20,000 seeded texts of the ASCII that matters, URLs and pairs among them)")
    func asciiWordsAsCharacterWords() {
        let alphabet: [String] = ["a", "Z", "7", " ", ":", "/", "=", "@", "\"", "'", "`", "?", "#", "&", "(", ")", "<", ">", "[", "]",
                                  "{", "}", ".", ",", ";", "!", "\t", "\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{1C}", "\u{1F}", "%",
                                  "https://x.example/cb?code=", "token=", "abcdefghijkl", "\"accessToken\": ", "janrain:"]
        var random = SplitMix64(0x5EED_0036)
        var masked = 0
        for _ in 0..<20_000 {
            let text = random.joined(alphabet, lengths: 1...24)
            let characters = redactor.maskedCharacterWords(text)
            #expect(redactor.maskedByteWords(text) == characters, "\(text.debugDescription)")
            if characters != text { masked += 1 }
        }
        #expect(masked > 1_000, "\(masked)")
    }

    @Test("a word may be masked when it holds \"://\", \"=\" or \"@\" (20,000 seeded words of colons, slashes and the rest)")
    func wordMayBeMaskedByDefinition() {
        let alphabet: [String] = [":", "/", "=", "@", "a", ":/", "//", "::", "é", " "]
        var random = SplitMix64(0x5EED_0039)
        var may = 0
        for _ in 0..<20_000 {
            let word = random.joined(alphabet, lengths: 0...8)
            let expected = word.contains("://") || word.contains("=") || word.contains("@")
            #expect(Redactor.wordMayBeMasked(Array(word.utf8)) == expected, "\(word.debugDescription)")
            if expected { may += 1 }
        }
        #expect(may > 1_000 && may < 19_000, "\(may)")
    }

    @Test("the byte readers' ellipsis is the sentence punctuation \"…\"")
    func ellipsisBytesAreTheEllipsis() {
        let e = Redactor.ellipsisUTF8
        #expect(Array("…".utf8) == [e.0, e.1, e.2])
        #expect(Redactor.isSentencePunctuation(Character("…")))
    }

    /// `bytesAreCharacters` as it is defined, on Characters: each holds no ASCII byte and no "…", or is one
    /// ASCII byte, "\r\n" or "…".
    static func bytesAreCharactersByDefinition(_ text: String) -> Bool {
        text.allSatisfy { character in
            if character.unicodeScalars.contains("…") { return character == "…" }
            if character.utf8.contains(where: { $0 < 0x80 }) { return character.utf8.count == 1 || character == "\r\n" }
            return true
        }
    }

    static let mixedAlphabet: [String] = [
        "a", "é", "\u{301}", "\u{600}", "ひ", "😀", "🇫🇷", "\u{200D}", "\u{2028}", "\u{A0}", "…", "\u{FFFD}", "\u{E33}", "\u{903}",
        "#\u{FE0F}\u{20E3}", " ", ":", "/", "=", "@", "\"", "'", "(", ")", "[", "]", ".", ",", ";", "!", "\r\n", "\n", "\r", "?", "#", "&",
        "https://x.example/cb?code=", "token=", "janrain:", "\"accessToken\": ", "abcdefghijkl",
    ]

    @Test("text whose bytes are its Characters where the readers look is masked read as bytes as read as Characters, and is told from other text as its Characters tell it (20,000 seeded texts, marks, joiners, a Prepend and a spacing mark among them)")
    func byteWordsAsCharacterWords() {
        var random = SplitMix64(0x5EED_0038)
        var read = (bytes: 0, characters: 0, masked: 0)
        for _ in 0..<20_000 {
            let text = random.joined(Self.mixedAlphabet, lengths: 1...24)
            let bytesAreCharacters = Redactor.bytesAreCharacters(text)
            #expect(bytesAreCharacters == Self.bytesAreCharactersByDefinition(text), "\(text.debugDescription)")
            let characters = redactor.maskedCharacterWords(text)
            if bytesAreCharacters {
                read.bytes += 1
                #expect(redactor.maskedByteWords(text) == characters, "\(text.debugDescription)")
            } else {
                read.characters += 1
            }
            if characters != text { read.masked += 1 }
        }
        // Both kinds were drawn, and masks made.
        #expect(read.bytes > 1_000 && read.characters > 1_000 && read.masked > 1_000, "\(read)")
    }

    /// The Character reader's words as they are defined: each word the Characters between delimiters,
    /// appended one by one (the reader takes each from the text whole).
    func maskedCharacterWordsByAppending(_ text: String) -> String {
        let isSentencePunctuation: (Character) -> Bool = Redactor.isSentencePunctuation
        let isWordDelimiter: (Character) -> Bool = Redactor.isWordDelimiter
        var out = "", word = ""
        func flush() {
            guard !word.isEmpty else { return }
            var trailing = ""
            while let last = word.last, isSentencePunctuation(last) {
                trailing.insert(last, at: trailing.startIndex)
                word.removeLast()
            }
            if word.utf8.last == UInt8(ascii: "=") {
                word += trailing
                trailing = ""
            }
            out += redactor.redactWord(word) + trailing
            word = ""
        }
        var nesting = Redactor.WordNesting()
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard isWordDelimiter(character), let byte = character.asciiValue else {
                word.append(character)
                continue
            }
            if !word.isEmpty && nesting.keeps(byte, at: index, count: characters.count,
                                              passes: { isSentencePunctuation(characters[$0]) || characters[$0].asciiValue.map(Redactor.WordNesting.mayClose) == true },
                                              goesOn: { characters[$0].asciiValue.map(Redactor.WordNesting.isMoreOfAWord) ?? true }) {
                word.append(character)
                continue
            }
            flush()
            out.append(character)
            nesting = Redactor.WordNesting()
        }
        flush()
        return out
    }

    @Test("text read as Characters is masked as if each word's Characters were appended one by one (20,000 seeded texts, marks, emoji and Unicode's spaces among them)")
    func characterWordsTakenWhole() {
        let alphabet: [String] = ["a", "é", "\u{301}", "\u{600}", "ひ", "😀", "🇫🇷", "\u{200D}", "\u{2028}", "\u{A0}", "…", " ", ":", "/",
                                  "=", "@", "\"", "'", "(", ")", "[", "]", ".", ",", ";", "!", "\r\n", "\n", "?", "#", "&",
                                  "https://x.example/cb?code=", "token=", "janrain:", "\"accessToken\": ", "abcdefghijkl"]
        var random = SplitMix64(0x5EED_0037)
        var masked = 0
        for _ in 0..<20_000 {
            let text = random.joined(alphabet, lengths: 1...24)
            let words = redactor.maskedCharacterWords(text)
            #expect(words == maskedCharacterWordsByAppending(text), "\(text.debugDescription)")
            if words != text { masked += 1 }
        }
        #expect(masked > 1_000, "\(masked)")
    }
}

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("ordered keys, numbers as numbers, RFC 8259 escapes")
    func writes() {
        var fields = JSONFields()
        fields.add("z", 1)
        fields.add("a", .number(12.5))
        fields.add("whole", .number(12))
        fields.add("s", "q\"\\\u{1B}\u{2028}é")
        fields.add("n", .null)
        fields.add("list", .array([.bool(true), .object(JSONFields())]))
        #expect(fields.line == #"{"z":1,"a":12.5,"whole":12,"s":"q\"\\\u001b\u2028é","n":null,"list":[true,{}]}"#)
        #expect(JSONWriter.numberText(.nan) == "null")
        #expect(JSONWriter.numberText(1e300) == "1e+300")
    }

    @Test("indented output parses back to the same value")
    func indented() throws {
        let value = JSONOutput.object(JSONFields([("a", .array([.int(1), .string("x")])), ("b", .object(.single("c", .null)))]))
        let parsed = try #require(JSONValue.parse(value.indentedText))
        #expect(parsed.jsonText == value.text)
        #expect(value.indentedText.contains("\n  \"a\": [\n"))
    }

    @Test("JSONValue writes through the one writer, keys sorted")
    func jsonValue() throws {
        let value = try #require(JSONValue.parse(#"{"b":2,"a":[1.5,"x",null,true]}"#))
        #expect(value.jsonText == #"{"a":[1.5,"x",null,true],"b":2}"#)
    }
}
