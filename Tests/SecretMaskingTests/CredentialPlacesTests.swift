// CredentialPlacesTests.swift: a credential told by its shape wherever it stands in a URL, not only as the
// value of a `name=value` pair: a bare JWT as the fragment or query, a deep link's host or route, a path
// segment, a host label; free text; and the vendors' tokens by their catalogued prefixes. Raw input and parsed URLs
// alike; each catalogued prefix's own example is masked, and prose that merely starts like one is not.
@testable import SecretMasking
@testable import SecretPolicy
import BrowserURL
import Testing

@Suite struct CredentialPlacesTests {
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2lnbmF0dXJl"
    static let github = "ghp_" + String(repeating: "a1B2", count: 9)
    static let slack = "xoxb-123456789012-abcdefABCDEF"
    static let stripe = "sk_live_" + String(repeating: "4eC39HqLyjWD", count: 2)
    static let places = [
        "https://app.example/cb#" + jwt, "https://app.example/cb?" + jwt, "myapp://" + jwt + "/done", "myapp:" + jwt,
        "https://app.example/cb/" + jwt + "/next", "https://app.example/hook/" + github, "https://app.example/x?y#" + slack,
        "https://app.example/pay/" + stripe, "myapp://reset/" + stripe,
    ]

    @Test("a credential's shape is masked wherever it stands in a URL, raw or parsed", arguments: places)
    func maskedEverywhere(_ url: String) throws {
        let redactor = Redactor()
        for secret in [Self.jwt, Self.github, Self.slack, Self.stripe] where url.contains(secret) {
            #expect(!redactor.rawURL(url).contains(secret), "raw \(url)")
            let parsed = try #require(BrowserURL(url))
            #expect(!redactor.href(parsed).contains(secret), "parsed \(url)")
        }
    }

    @Test("each vendor prefix with enough token characters is a credential; the prefix alone, or prose after it, is not",
          arguments: CredentialShape.vendorPrefixes.map(\.prefix))
    func vendorPrefixes(_ prefix: String) throws {
        let vendor = try #require(CredentialShape.vendorPrefixes.first { $0.prefix == prefix })
        #expect(CredentialShape.matches(prefix + String(repeating: "A1b2", count: vendor.minimum / 4 + 1)))
        #expect(!CredentialShape.matches(prefix))
        #expect(!CredentialShape.matches(prefix + "short"))
        #expect(!CredentialShape.matches(prefix + String(repeating: "a b ", count: vendor.minimum)))
    }

    @Test("the scan's byte sets are the ones their characters name (the run's, and the shapes' first letters with every vendor's)")
    func byteSets() {
        #expect(CredentialShape.runBytes == CredentialShape.bits(CredentialShape.runCharacters))
        #expect(CredentialShape.startBytes == CredentialShape.bits(CredentialShape.startCharacters))
        for byte in UInt8(0)...UInt8(255) {
            #expect(CredentialShape.isRunByte(byte) == (CredentialShape.isBase64URL(byte) || byte == UInt8(ascii: ".")))
        }
    }

    @Test("the stems read before any look-up cover every word that makes a name a credential in any position")
    func anyPositionStems() {
        for word in SecretParameters.anyPositionWords.keys {
            #expect(SecretParameters.mayHoldAnyPositionWord("x" + word + "2"), "\(word)")
        }
        #expect(!SecretParameters.mayHoldAnyPositionWord("redirecturi") && !SecretParameters.mayHoldAnyPositionWord("clientid"))
    }

    @Test("a credential in free text is masked by its shape with no sign around it, alone or beside a pair", arguments: [
        "deploy key " + github, "Slack said: " + slack + ".", "(" + stripe + ")", "token=abcdefghijkl and " + github,
        "console: \"" + jwt + "\"", "id " + slack + "\n" + stripe,
        "at sentinels[0]." + jwt + ": no rule", "token=x&id=[" + jwt + "]",
    ])
    func freeText(_ text: String) {
        let masked = Redactor().foreignText(text)
        for secret in [Self.jwt, Self.github, Self.slack, Self.stripe] where text.contains(secret) {
            #expect(!masked.contains(secret), "\(masked)")
        }
        #expect(Redactor().foreignText(masked) == masked)
    }

    @Test("free text with no credential's shape is kept as it was")
    func ordinaryTextKept() {
        for text in ["sk_live keys start with sk_live_", "AKIA is how AWS keys start", "the ghost_town_of_xoxo-b is closed."] {
            #expect(Redactor().foreignText(text) == text)
        }
    }

    @Test("words of the URL that are no credential are kept as they were")
    func ordinaryRunsKept() {
        let redactor = Redactor()
        for url in ["https://app.example/sk_live/AKIA/eyJ", "myapp://reset-password?token", "https://skate.example/ghost_town/xoxo"] {
            #expect(redactor.rawURL(url) == url)
        }
    }
}
