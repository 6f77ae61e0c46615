// RedirectTargetTests.swift: a redirect is made only to a RedirectTarget, and only RegisteredURL makes one: an
// address the registered-URL check accepted, or one of the emulator's own pages on the origin the request
// came to or a provider's own host. These are the two doors; each refuses what is not its own.
import BrowserURL
import HTTPTypes
import ProviderDirectory
@testable import ProviderEmulator
import Testing

@Suite("provider emulator: redirect targets")
struct RedirectTargetTests {
    let request = EmulatorRequest(method: .get, target: "/google/start", host: "127.0.0.1:8080")

    @Test("the emulator's own page is on the request's origin, or on a provider's own https host")
    func ownPage() throws {
        let own = try #require(RegisteredURL.emulatorPage(ExampleIdPRoutes.authorizePath, of: request))
        #expect(own.url.origin == "http://127.0.0.1:8080" && own.url.pathname == ExampleIdPRoutes.authorizePath)
        let atProvider = try #require(RegisteredURL.emulatorPage(ExampleIdPRoutes.authorizePath, of: request,
                                                                 providerHost: ProviderDirectory.exampleIdPHost))
        #expect(atProvider.url.origin == "https://" + ProviderDirectory.exampleIdPHost)
        // A backslash a browser reads as a slash stays on the origin: the target is the parsed URL, whole.
        let slashed = try #require(RegisteredURL.emulatorPage("/\\evil.example/x", of: request))
        #expect(slashed.url.origin == "http://127.0.0.1:8080" && slashed.url.pathname == "//evil.example/x")
    }

    @Test("the request's origin as a browser reads it: a Host in capitals, or with the scheme's default port", arguments: [
        ("LOCALHOST:8025", "http://localhost:8025"), ("127.0.0.1:80", "http://127.0.0.1"), ("[::1]:9000", "http://[::1]:9000"),
    ])
    func origins(host: String, origin: String) throws {
        let own = try #require(RegisteredURL.emulatorPage(ExampleIdPRoutes.authorizePath,
                                                          of: EmulatorRequest(method: .get, target: "/google/start", host: host)))
        #expect(own.url.origin == origin)
    }

    @Test("a path that leaves the origin, or a host that is no provider's, makes no target", arguments: [
        ("//evil.example/idp/authorize", nil), ("idp/authorize", nil),
        ("/idp/authorize", "evil.example"), ("/idp/authorize", "yourdomain.com"),
    ] as [(String, String?)])
    func refused(path: String, providerHost: String?) {
        #expect(RegisteredURL.emulatorPage(path, of: request, providerHost: providerHost) == nil)
    }

    @Test("a redirect goes to the target's serialization with the parameters encoded before its fragment")
    func redirect() throws {
        let target = try RegisteredURL.check("https://yourdomain.com\\@evil.example/cb#x", allowsFragment: true,
                                             access: AccessPolicy(.embeddedDefault)).get()
        let answer = EmulatorResponse.redirect(target, adding: [("code", "a b&c")])
        #expect(answer.status == 302)
        #expect(answer.location == "https://yourdomain.com/@evil.example/cb?code=a%20b%26c#x")
    }

    @Test("a Location put among an answer's other headers is not sent: only a redirect to a target sets one")
    func locationOnlyFromARedirect() {
        for name in ["Location", "location", "LOCATION"] {
            let answer = EmulatorResponse(status: 302, contentType: "text/plain", body: [], headers: [name: "https://evil.example/", "Vary": "Origin"])
            #expect(answer.headerFields.map(\.0) == ["Content-Type", "Vary"])
        }
    }
}
