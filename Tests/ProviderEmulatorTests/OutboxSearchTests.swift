// OutboxSearchTests.swift: Mailpit's search syntax over the outbox, each term kind on a known mailbox
// (which messages match, by ID), and Mailpit's read flag through the API: opening a message marks it read,
// PUT marks by IDs or by a search.
import ProviderSettings
import Foundation
import ProviderEmulator
import Testing

@Suite("the outbox: Mailpit's search and read flag")
struct OutboxSearchTests {
    /// Three mails: two reset mails to ada (Capture's and the deep link's) and one to grace.
    static func mailbox() async -> (Emulator, [String]) {
        let users = #"{"users": [{"email": "ada@example.com", "password": "analytical-engine"}, {"email": "grace@example.com", "password": "flow-matic-1955"}]}"#
        let emulator = Emulator((try? EmulatorConfiguration.parse(Data(users.utf8))) ?? .embeddedDefault)
        _ = await emulator.form("/oauth/forgot_password_native", [("client_id", "c"), ("redirect_uri", Emulator.redirect), ("signInEmailAddress", "ada@example.com")])
        _ = await emulator.json(.post, "/api/reset-password/request", #"{"email": "ada@example.com"}"#)
        _ = await emulator.json(.post, "/api/reset-password/request", #"{"email": "grace@example.com"}"#)
        let ids = (object(await emulator.get("/api/v1/messages"))["messages"] as? [[String: Any]] ?? []).compactMap { $0["ID"] as? String }
        return (emulator, ids.reversed())  // oldest first
    }

    static func found(_ emulator: Emulator, _ query: String) async -> [String] {
        let target = "/api/v1/search?query=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return (object(await emulator.get(target))["messages"] as? [[String: Any]] ?? []).compactMap { $0["ID"] as? String }.reversed()
    }

    @Test("to:, subject:, quoted phrases, plain words, exclusion, is:unread, message-id:, larger:")
    func terms() async throws {
        let (emulator, ids) = await Self.mailbox()
        try #require(ids.count == 3, "\(ids)")
        #expect(await Self.found(emulator, "to:ada@example.com") == [ids[0], ids[1]])
        #expect(await Self.found(emulator, "to:ADA") == [ids[0], ids[1]])
        #expect(await Self.found(emulator, "-to:ada") == [ids[2]])
        #expect(await Self.found(emulator, "!to:ada") == [ids[2]])
        #expect(await Self.found(emulator, "grace") == [ids[2]])
        #expect(await Self.found(emulator, "to:ada yourapp://reset-password") == [ids[1]])
        #expect(await Self.found(emulator, "is:unread") == ids)
        #expect(await Self.found(emulator, "is:read").isEmpty)
        #expect(await Self.found(emulator, "has:attachment").isEmpty)
        #expect(await Self.found(emulator, "message-id:\(ids[2])") == [ids[2]])
        #expect(await Self.found(emulator, "larger:1") == ids)
        #expect(await Self.found(emulator, "smaller:1").isEmpty)
        let subject = try #require(object(await emulator.get("/api/v1/message/\(ids[0])"))["Subject"] as? String)
        #expect(await Self.found(emulator, "subject:\"\(subject)\"").contains(ids[0]))
        #expect(await Self.found(emulator, "is:read") == [ids[0]], "opening a message marks it read")
        #expect(await emulator.get("/api/v1/search").status == 400)
    }

    @Test("PUT marks read or unread by IDs, by a search, or all; IDs and a search together are refused")
    func markRead() async {
        let (emulator, ids) = await Self.mailbox()
        #expect(await emulator.json(.put, "/api/v1/messages", #"{"IDs": ["\#(ids[1])"], "Read": true}"#).status == 200)
        #expect(await Self.found(emulator, "is:read") == [ids[1]])
        #expect(await emulator.json(.put, "/api/v1/messages", #"{"Search": "to:grace", "Read": true}"#).status == 200)
        #expect(await Self.found(emulator, "is:unread") == [ids[0]])
        #expect(object(await emulator.get("/api/v1/messages"))["unread"] as? Int == 1)
        #expect(await emulator.json(.put, "/api/v1/messages", #"{"IDs": ["\#(ids[0])"], "Search": "to:ada", "Read": true}"#).status == 400)
        #expect(await emulator.json(.put, "/api/v1/messages", #"{"Read": false}"#).status == 200)
        #expect(await Self.found(emulator, "is:unread") == ids)
        #expect(await emulator.json(.delete, "/api/v1/search?query=to%3Agrace").status == 200)
        #expect(object(await emulator.get("/api/v1/messages"))["total"] as? Int == 2)
    }
}
