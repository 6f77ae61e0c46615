// RedactionTests.swift: secrets never reach an output in the clear, and nothing else is altered.
import BrowserURL
import Foundation
import NavigationPolicy
import Testing

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

    @Test("form strings: secrets masked, everything else byte for byte")
    func formEncoded() {
        let raw = "code=abcdefgh12345678&email=a%40b.c&state=xyzxyzxyz&&scope=openid+email"
        let redacted = redactor.redactFormEncoded(raw)
        #expect(redacted == "code=abcd…(16)&email=a%40b.c&state=xy…(9)&&scope=openid+email")
        #expect(!redacted.contains("12345678"))
    }

    @Test("URL components: query, fragment, opaque path and password")
    func urlComponents() throws {
        let url = try BrowserURL.parse("https://user:hunter2hunter2@id.example/cb?code=SECRETCODE123&x=1#access_token=TOKENTOKENTOKEN&token_type=Bearer").get()
        let r = redactor.components(of: url)
        #expect(r.password == "hun…(14)")
        #expect(r.search == "?code=SEC…(13)&x=1")
        #expect(r.hash == "#access_token=TOK…(15)&token_type=Bearer")
        #expect(r.href == "https://user:hun…(14)@id.example/cb?code=SEC…(13)&x=1#access_token=TOK…(15)&token_type=Bearer")
        for secret in ["hunter2hunter2", "SECRETCODE123", "TOKENTOKENTOKEN"] { #expect(!r.href.contains(secret)) }
        let janrain = try BrowserURL.parse("janrain:accessToken=8efac7802c55cffbba94").get()
        #expect(redactor.href(janrain) == "janrain:accessToken=8efa…(20)")
    }

    @Test("raw input is masked as typed, not normalized")
    func rawInput() {
        #expect(redactor.rawURL("HTTPS://X.example/cb?code=abcdefgh#state=12345678") == "HTTPS://X.example/cb?code=ab…(8)#state=12…(8)")
        #expect(redactor.rawURL("janrain:accessToken=abcdefgh") == "janrain:accessToken=ab…(8)")
        #expect(redactor.rawURL("not a url") == "not a url")
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
}
