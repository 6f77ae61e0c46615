// ServeEventsTests.swift: an emulator failure is printed with the error's own words as foreign text: a token
// in them (or in the URL) is masked in the text line and in the JSON line alike.
import CommandOutput
import JSONText
import SecretMasking
import Testing

@Suite("serve events")
struct ServeEventsTests {
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
    static let failure = EmulatorFailure(method: "POST", url: "http://127.0.0.1:8080/oauth/token?code=\(token)", target: "/oauth/token?code=\(token)", error: "decoding failed near \(token)")

    @Test("the text line holds neither the URL's nor the error's token")
    func text() {
        let lines = TranscriptText(redactor: Redactor(), explain: false).lines(Self.failure)
        #expect(lines.count == 1 && !lines[0].contains(Self.token), "\(lines)")
    }

    @Test("the JSON line is the failure's method, masked URL and masked error")
    func json() throws {
        let line = try #require(TranscriptRenderer(format: .json, redactor: Redactor()).lines(Self.failure).first)
        let failed = try #require(JSONValue.parse(line)?.objectValue)
        #expect(failed["type"] == .string("emulator-failure") && failed["method"] == .string("POST"))
        #expect(failed["url"]?.stringValue?.contains(Self.token) == false && failed["message"]?.stringValue?.contains(Self.token) == false, "\(line)")
    }
}
