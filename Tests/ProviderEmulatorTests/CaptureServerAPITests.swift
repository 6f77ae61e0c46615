// CaptureServerAPITests.swift: Capture's server API as values: the filter grammar (each operator and its
// precedence, on records), Janrain's request signature against one computed by Python's hmac module, and the
// authentication each call takes (Basic, parameters, a signature in and out of its window, a user's token
// only where a call allows it), each refusal by Capture's code. janrain-python-api runs the same calls over
// HTTP in Tests/Contracts.
import Foundation
import Hummingbird
import JSONText
import NavigationPolicy
@testable import ProviderEmulator
import Testing

@Suite("Capture's server API")
struct CaptureServerAPITests {
    static let ada: [String: JSONValue] = ["email": .string("ada@example.com"), "displayName": .string("Ada"), "id": .number(1),
                                           "birthday": .null, "primaryAddress": .object(["city": .string("London")])]

    @Test("filters", arguments: [
        ("email = 'ada@example.com'", true), ("email != 'ada@example.com'", false), ("id >= 1 and id < 2", true),
        ("birthday is null", true), ("birthday is not null", false), ("not birthday is null", false), ("! (id = 2)", true),
        ("id = 2 or displayName = 'Ada' and id = 1", true), ("(id = 2 or displayName = 'Ada') and id = 2", false),
        ("primaryAddress.city = 'London'", true), ("displayName = 'O''Brien'", false), ("missing is null", true),
    ])
    func filter(_ text: String, _ matches: Bool) throws {
        #expect(try CaptureFilter.parse(text).matches(Self.ada) == matches)
    }

    @Test("malformed filters name where", arguments: [
        ("email = 'unclosed", 8, "a closing '"), ("email =", 7, "a value ('text', a number, true or false)"), ("(id = 1", 7, ")"),
        ("id = 1 id = 2", 7, "the end of the filter"), ("= 1", 0, "an attribute"),
    ])
    func malformed(_ text: String, _ offset: Int, _ expected: String) {
        #expect(throws: CaptureFilter.Malformed(offset: offset, expected: expected)) { try CaptureFilter.parse(text) }
    }

    @Test("Janrain's signature: path, Date and the sorted parameters, HMAC-SHA1 with the secret (the value from Python's hmac)")
    func signature() {
        let signed = CaptureAPIAuth.signature(path: "/entity.find", date: "2016-02-26 19:08:44",
                                              parameters: ["type_name": "user", "filter": "lastUpdated >= '2016-01-01'"], secret: "bridge-api-secret")
        #expect(signed == "PkFc+j3EAW7iXRpzzalpe9CU84c=")
    }

    static func code(_ response: EmulatorResponse) -> Int? { object(response)["code"] as? Int }

    static func call(_ path: String, _ form: String, headers: HTTPFields = [:]) async -> EmulatorResponse {
        await Emulator().emulator.handle(EmulatorRequest(method: .post, target: path, contentType: "application/x-www-form-urlencoded",
                                                         body: Array(form.utf8), headers: headers))
    }

    @Test("grant_type client_credentials gives an API client a Bearer token the server API takes; a wrong secret or a user's token is refused")
    func clientCredentials() async {
        let emulator = Emulator().emulator
        func token(_ secret: String) async -> [String: Any] {
            object(await emulator.handle(EmulatorRequest(method: .post, target: "/oauth/token", contentType: "application/x-www-form-urlencoded",
                                                         body: Array("grant_type=client_credentials&client_id=bridge-api-client&client_secret=\(secret)".utf8))))
        }
        func count(_ bearer: String) async -> [String: Any] {
            object(await emulator.handle(EmulatorRequest(method: .post, target: "/entity.count", contentType: "application/x-www-form-urlencoded",
                                                         body: Array("type_name=user".utf8), headers: [.authorization: "Bearer " + bearer])))
        }
        let granted = await token("bridge-api-secret")
        #expect(granted["token_type"] as? String == "Bearer")
        #expect(await count(granted["access_token"] as? String ?? "")["total_count"] as? Int == 1)
        #expect(await token("wrong")["code"] as? Int == 402)
        #expect(await count("made-up")["code"] as? Int == 205)
    }

    @Test("each way a call authenticates, and Capture's refusal for each way it does not")
    func authentication() async {
        let basic = "Basic " + Data("bridge-api-client:bridge-api-secret".utf8).base64EncodedString()
        #expect(object(await Self.call("/entity.count", "type_name=user", headers: [.authorization: basic]))["total_count"] as? Int == 1)
        #expect(object(await Self.call("/entity.count", "type_name=user&client_id=bridge-api-client&client_secret=bridge-api-secret"))["total_count"] as? Int == 1)
        #expect(Self.code(await Self.call("/entity.count", "type_name=user&client_id=bridge-api-client&client_secret=wrong")) == 402)
        #expect(Self.code(await Self.call("/entity.count", "type_name=user&client_id=nobody&client_secret=x")) == 402)
        #expect(Self.code(await Self.call("/entity.count", "type_name=user")) == 100)
        #expect(Self.code(await Self.call("/entity.count", "type_name=user", headers: [.authorization: "Digest x"])) == 205)
        #expect(Self.code(await Self.call("/entity.count", "client_id=bridge-api-client&client_secret=bridge-api-secret")) == 100)
        #expect(Self.code(await Self.call("/entity.count", "type_name=pets&client_id=bridge-api-client&client_secret=bridge-api-secret")) == 222)
        // An attribute list or a sort order with a name that is not a string is refused, not shortened.
        let credentials = "type_name=user&client_id=bridge-api-client&client_secret=bridge-api-secret"
        #expect(Self.code(await Self.call("/entity.find", credentials + "&attributes=%5B%22email%22%2C1%5D")) == 200)
        #expect(Self.code(await Self.call("/entity.find", credentials + "&sort_on=%5B1%5D")) == 200)
        #expect(object(await Self.call("/entity.find", credentials + "&attributes=%5B%22email%22%5D"))["result_count"] as? Int == 1)

        let formatter = EmulatorClock.utcFormatter("yyyy-MM-dd HH:mm:ss")
        // The window, against a fixed server time (no wall clock in the test).
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let state = EmulatorState(.embeddedDefault), capture = CaptureState(.embeddedDefault)
        for (age, accepted) in [(0.0, true), (-300.0, true), (300.0, true), (-301.0, false), (301.0, false)] {
            let date = formatter.string(from: now.addingTimeInterval(age))
            let signature = CaptureAPIAuth.signature(path: "/entity.count", date: date, parameters: ["type_name": "user"], secret: "bridge-api-secret")
            let request = EmulatorRequest(method: .post, target: "/entity.count", contentType: "application/x-www-form-urlencoded",
                                          body: Array("type_name=user".utf8), headers: [.authorization: "Signature bridge-api-client:\(signature)", .date: date])
            let caller = CaptureAPIAuth.caller(state, capture, request, parameters: CaptureAPIAuth.parameters(request), allowsToken: false, now: now)
            switch caller {
            case .success(let who): #expect(accepted && who == .client("bridge-api-client"), "a Date \(age) s from the server's time")
            case .failure(let refusal): #expect(!accepted && Self.code(refusal.response) == 402, "a Date \(age) s from the server's time")
            }
        }
        let date = formatter.string(from: Date())
        let other = CaptureAPIAuth.signature(path: "/entity.count", date: date, parameters: ["type_name": "admin"], secret: "bridge-api-secret")
        #expect(Self.code(await Self.call("/entity.count", "type_name=user", headers: [.authorization: "Signature bridge-api-client:\(other)", .date: date])) == 402)
        // A user's token reads its own record; it may not search.
        #expect(Self.code(await Self.call("/entity.find", "type_name=user", headers: [.authorization: "OAuth nope"])) == 205)
    }

    @Test("JUMP's token refresh: signed with the refresh secret given at sign-in (the value from Python's hmac); a wrong signature or an old date is refused")
    func jumpRefresh() async {
        #expect(CaptureRoutes.refreshSignature(date: "2026-11-25 22:00:00", accessToken: "TOKEN123", secret: "refresh-secret") == "2MiqUgukc8lNiD2zXT483jNxQAI=")
        var state = EmulatorState(.embeddedDefault), capture = CaptureState(.embeddedDefault)
        let signIn = EmulatorRequest(method: .post, target: "/oauth/auth_native_traditional", contentType: "application/x-www-form-urlencoded",
                                     body: Array("client_id=c1&redirect_uri=https%3A%2F%2Fyourdomain.com%2F&response_type=token&form=signInForm&refresh_secret=refresh-secret&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine".utf8))
        let token = object(CaptureRoutes.signIn(&state, &capture, signIn, .embeddedDefault))["access_token"] as? String ?? ""
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let formatter = EmulatorClock.utcFormatter("yyyy-MM-dd HH:mm:ss")
        func refresh(date: Date, signature: String? = nil) -> [String: Any] {
            let text = formatter.string(from: date)
            let signed = signature ?? CaptureRoutes.refreshSignature(date: text, accessToken: token, secret: "refresh-secret")
            let body = "access_token=\(token)&client_id=c1&locale=en-US&date=\(text.replacingOccurrences(of: " ", with: "+"))&signature=\(signed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            let request = EmulatorRequest(method: .post, target: "/oauth/refresh_access_token", contentType: "application/x-www-form-urlencoded", body: Array(body.utf8))
            return object(CaptureRoutes.refreshAccessToken(&state, request, .embeddedDefault, now: now))
        }
        let fresh = refresh(date: now)
        #expect(fresh["stat"] as? String == "ok" && fresh["access_token"] as? String != token, "\(fresh)")
        #expect(refresh(date: now, signature: "AAAA")["code"] as? Int == 200)
        #expect(refresh(date: now.addingTimeInterval(-301))["code"] as? Int == 200)
    }
}
