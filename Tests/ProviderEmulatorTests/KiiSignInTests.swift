// KiiSignInTests.swift: Kii's username forms resolved to the user they name, as values (the REST calls
// themselves run in Tests/Contracts/kii_rest.py): a +E164 number, PHONE:+E164, PHONE:CC-local with or
// without the trunk 0, EMAIL:, a plain address; an unknown country or a number no user has names nobody.
import Foundation
@testable import ProviderEmulator
import Testing

@Suite("Kii's sign-in")
struct KiiSignInTests {
    @Test("PHONE:CC-local as +E164", arguments: [
        ("US-5555550100", "+15555550100"), ("JP-09012341234", "+819012341234"), ("JP-9012341234", "+819012341234"),
        ("GB-07700900123", "+447700900123"), ("IT-0612345678", "+390612345678"), ("+15555550100", "+15555550100"),
    ])
    func phone(_ local: String, _ international: String) {
        #expect(KiiAuthRoutes.phone(local) == international)
    }

    @Test("an unknown country or a malformed number is no number", arguments: ["XX-5555550100", "5555550100", "US"])
    func notAPhone(_ text: String) {
        #expect(KiiAuthRoutes.phone(text) == nil)
    }

    @Test("every documented username form names the default user")
    func usernames() {
        let state = EmulatorState(.embeddedDefault)
        for username in ["ada@example.com", "ADA@example.com", "EMAIL:ada@example.com", "email:ada@example.com", "+15555550100",
                         "PHONE:+15555550100", "PHONE:US-5555550100", "phone:us-555-555-0100"] {
            #expect(KiiAuthRoutes.user(state, username: username) == 0, "\(username)")
        }
        for username in ["PHONE:JP-5555550100", "nobody@example.com", "ada", "+15555550199"] {
            #expect(KiiAuthRoutes.user(state, username: username) == nil, "\(username)")
        }
    }
}
