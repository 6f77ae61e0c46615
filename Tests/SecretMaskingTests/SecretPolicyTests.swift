// SecretPolicyTests.swift: the secret policy by family, from its own examples: each example name is in its
// family (or none), and a URL carrying it is printed with the value masked (or whole); credentials told by
// their shape are masked under any name, in a path segment and in free text; values encoded more than once
// are read as what they stand for.
@testable import SecretPolicy
import BrowserURL
import Testing
@testable import SecretMasking
import NavigationPolicy

@Suite("secrets: the policy's families")
struct SecretPolicyTests {
    static let value = "Zq8VALUEvalue42"

    @Test("each example name is in its family, or in none", arguments: SecretParameters.examples.map { $0.name })
    func family(name: String) throws {
        let expected = try #require(SecretParameters.examples.first { $0.name == name }).family
        #expect(SecretParameters.family(of: name) == expected)
    }

    @Test("a URL carrying an example name shows its value only when the name is in no family, in the query, the fragment and a path pair",
          arguments: SecretParameters.examples.map { $0.name })
    func maskedInURLs(name: String) throws {
        // A bridge's arguments are no secret's name, but their value is masked by position (or whole, when it
        // is not JSON): the policy is not asked about them.
        let secret = try #require(SecretParameters.examples.first { $0.name == name }).family != nil || Redactor.isArguments(name)
        let encoded = PercentEncoding.encodeComponent(name)
        for url in ["https://yourdomain.com/cb?\(encoded)=\(Self.value)", "https://yourdomain.com/cb#\(encoded)=\(Self.value)"] {
            let shown = Redactor().rawURL(url)
            #expect(shown.contains(Self.value) == !secret, "\(shown)")
            if case .success(let parsed) = BrowserURL.parse(url) { #expect(Redactor().href(parsed).contains(Self.value) == !secret) }
        }
    }

    static let jwt = "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJhZGEiLCJub25jZSI6Im4ifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    @Test("credentials told by their shape are masked under any name and in a path segment", arguments: [
        "https://yourdomain.com/cb?x=\(jwt)", "https://yourdomain.com/cb#whatever=\(jwt)", "https://yourdomain.com/users/\(jwt)/profile",
        "https://yourdomain.com/cb;\(jwt)", "https://yourdomain.com/cb?h=Bearer%20\(jwt)", "https://yourdomain.com/cb?h=Basic+YWRhOmFuYWx5dGljYWw%3D",
        "https://yourdomain.com/cb?pem=-----BEGIN%20PRIVATE%20KEY-----MIIBVQIBADANBg",
        // A JWE: five parts.
        "https://yourdomain.com/cb?x=eyJhbGciOiJSU0EtT0FFUCJ9.ZW5jcnlwdGVka2V5.aXZpdml2.Y2lwaGVydGV4dA.dGFndGFn",
    ])
    func shapes(url: String) {
        let shown = Redactor().rawURL(url)
        #expect(!shown.contains("c2lnbmF0dXJl") && !shown.contains("YWRhOmFuYWx5dGljYWw") && !shown.contains("MIIBVQIBADANBg") && !shown.contains("Y2lwaGVydGV4dA"),
                "\(shown)")
    }

    @Test("what is not a credential's shape is shown", arguments: [
        "https://yourdomain.com/cb?x=eyJustAWord", "https://yourdomain.com/v1.2.3/eyJ.a.b", "https://yourdomain.com/cb?h=Bearer%20x",
        "https://yourdomain.com/cb?token_type=Bearer", "https://yourdomain.com/cb?b=basically-fine",
    ])
    func notShapes(url: String) {
        #expect(Redactor().rawURL(url) == url)
    }

    @Test("a bare JWT in free text is masked, as an --eval result or a console message prints it")
    func jwtInText() {
        let shown = Redactor().foreignText("--eval returned \(Self.jwt) after 3 ms")
        #expect(!shown.contains("c2lnbmF0dXJl") && shown.hasPrefix("--eval returned eyJh…(") && shown.hasSuffix(" after 3 ms"), "\(shown)")
    }

    @Test("an authorization value in free text has its credentials masked; prose about the schemes is kept", arguments: [
        ("Authorization: Bearer mF_9.B5f-4.1JqM and more", "Authorization: Bearer …(15) and more"),
        ("header authorization: bearer 2YotnFZFEjr1zCsicMWpAA.", "header authorization: bearer 2Yot…(22)."),
        ("Authorization: Basic YWRhOmFuYWx5dGljYWw= sent", "Authorization: Basic YWRh…(20) sent"),
        ("use basic authentication here", "use basic authentication here"),
        ("a bearer credentials scheme", "a bearer credentials scheme"),
        ("Basic QWxhZGRpbjE5MjAx is no user:password", "Basic QWxhZGRpbjE5MjAx is no user:password"),
    ])
    func authorizationInText(text: String, shown: String) {
        #expect(Redactor().foreignText(text) == shown)
    }

    @Test("a usage error's quoted values are masked as the arguments they are, whatever punctuation they end with (FuzzSecrets' find: )!!!!!!!!)",
          arguments: [")!!!!!!!!", "SECRETSECRET", "a.b'c)", "'quoted'"])
    func usageError(secret: String) {
        let value = "https://a.example/?access_token=" + secret
        let shown = Redactor().usageError("Error: The value '\(value)' is invalid for '--platform <platform>'.", arguments: ["check", "--platform", value])
        #expect(shown == "Error: The value 'https://a.example/?access_token=\(Redactor().mask(secret))' is invalid for '--platform <platform>'.")
        #expect(Redactor().argument("code=" + secret) == "code=" + Redactor().mask(secret))
        #expect(Redactor().argument(Self.jwt) == Redactor().mask(Self.jwt))
        #expect(Redactor(isEnabled: false).usageError(value, arguments: [value]) == value)
    }

    @Test("punctuation after an encoded '=' is the value, not the sentence's (FuzzSecrets' find: 27 dots after access_token%3D)",
          arguments: [1, 2, 3])
    func punctuationAfterEncodedEquals(times: Int) {
        var carried = "https://a.example/cb?access_token="
        for _ in 0..<times { carried = PercentEncoding.encodeComponent(carried) }
        let text = "navigates to https://yourdomain.com/next?next=" + carried + String(repeating: ".", count: 27)
        #expect(!Redactor().foreignText(text).contains(String(repeating: ".", count: 8)), "\(Redactor().foreignText(text))")
        #expect(Redactor.endsWithEquals(Array(carried.utf8)))
        #expect(!Redactor.endsWithEquals(Array("a3D".utf8)) && !Redactor.endsWithEquals(Array("a253D".utf8)) && !Redactor.endsWithEquals(Array("%2x3D".utf8)))
    }

    @Test("a JSON string with a credential's shape is masked whatever its key")
    func shapesInJSON() {
        let masked = Redactor().json(.object(["result": .string(Self.jwt), "note": .string("fine")]))
        #expect(masked == .object(["result": .string(Redactor().mask(Self.jwt)), "note": .string("fine")]))
    }

    @Test("a URL in a parameter encoded twice or three times has its secrets masked, and stays encoded as often; its own escapes are its values'",
          arguments: [1, 2, 3])
    func encodedMoreThanOnce(times: Int) {
        var inner = "https://a.example/cb?access_token=SECRETSECRETSECRET&x=1&q=a%26b"
        for _ in 0..<times { inner = PercentEncoding.encodeComponent(inner) }
        let shown = Redactor().rawURL("https://yourdomain.com/next?next=" + inner)
        #expect(!shown.contains("SECRETSECRETSECRET"), "\(shown)")
        var decoded = String(shown.dropFirst("https://yourdomain.com/next?next=".count))
        for _ in 0..<times { decoded = FormParameters.decodeComponent(Substring(decoded)) }
        #expect(decoded == "https://a.example/cb?access_token=SECR…(18)&x=1&q=a%26b", "\(decoded)")
        // A secret with an escape of its own (`&` as %26) is masked whole, not split at what it stands for.
        var carried = "https://a.example/cb?access_token=SECRET%26SECRETSECRET"
        for _ in 0..<times { carried = PercentEncoding.encodeComponent(carried) }
        #expect(!Redactor().rawURL("https://yourdomain.com/next?next=" + carried).contains("SECRETSECRET"))
    }
}
