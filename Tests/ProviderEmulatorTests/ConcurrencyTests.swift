// ConcurrencyTests.swift: the emulator under concurrent clients, over a real socket (EmulatorServer on
// port 0, URLSession with a connection per request): one authorization code exchanged by many clients at
// once is exchanged exactly once (the rest get invalid_grant), and many clients signing in at once each
// get a code of their own that exchanges. The state is one value under one lock (ProviderEmulator.perform),
// so this is what keeps single-use codes single-use when the server is busy.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ProviderEmulator
import Testing

@Suite("provider emulator under concurrent clients", .serialized)
struct ConcurrencyTests {
    /// A server on a free port for the length of `body`.
    static func withServer(_ body: @Sendable (String, URLSession) async throws -> Void) async throws {
        let base = BaseURL()
        let emulator = ProviderEmulator(stoppedAt: Date())
        let server = EmulatorServer(emulator: emulator, host: "127.0.0.1", port: 0)
        let task = Task { try await server.run(stopsOnSignals: false, onRunning: { base.set($0) }, log: { _, _, _, _ in }) }
        defer { task.cancel() }
        let url = try await base.value()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        try await body(url, session)
    }

    /// The base URL, once the server listens.
    final class BaseURL: @unchecked Sendable {
        private let lock = NSLock()
        private var url: String?
        private var waiting: [CheckedContinuation<String, Never>] = []
        func set(_ value: String) {
            lock.lock(); url = value; let resumed = waiting; waiting = []; lock.unlock()
            for continuation in resumed { continuation.resume(returning: value) }
        }
        func value() async throws -> String {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let url { lock.unlock(); continuation.resume(returning: url) } else { waiting.append(continuation); lock.unlock() }
            }
        }
    }

    static let redirect = "https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php"

    static func post(_ session: URLSession, _ url: String, _ form: String) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = Data(form.utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    static func signIn(_ session: URLSession, _ base: String) async throws -> String {
        let (status, answer) = try await post(session, base + "/oauth/auth_native_traditional",
                                              "client_id=c1&flow=webViewSignIn&form=signInForm&response_type=code&redirect_uri=\(redirect)"
                                              + "&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine")
        #expect(status == 200)
        return try #require(answer["authorization_code"] as? String)
    }

    /// What an exchange came to: its status, its OAuth error, whether it carried a token.
    struct Exchange: Sendable {
        let status: Int
        let error: String?
        let hasToken: Bool
    }

    static func exchange(_ session: URLSession, _ base: String, _ code: String) async throws -> Exchange {
        let (status, answer) = try await post(session, base + "/oauth/token", "grant_type=authorization_code&client_id=c1&code=\(code)&redirect_uri=\(redirect)")
        return Exchange(status: status, error: answer["error"] as? String, hasToken: answer["access_token"] is String)
    }

    @Test("32 clients exchange one code at once: exactly one gets a token, 31 get invalid_grant")
    func oneCodeRacedByManyClients() async throws {
        try await Self.withServer { base, session in
            let code = try await Self.signIn(session, base)
            let answers = try await withThrowingTaskGroup(of: Exchange.self) { group in
                for _ in 0..<32 { group.addTask { try await Self.exchange(session, base, code) } }
                var all: [Exchange] = []
                for try await answer in group { all.append(answer) }
                return all
            }
            #expect(answers.filter { $0.status == 200 && $0.hasToken }.count == 1)
            #expect(answers.filter { $0.status == 400 && $0.error == "invalid_grant" }.count == 31)
        }
    }

    @Test("32 clients sign in and exchange at once: 32 distinct codes, each exchanged once")
    func manyClientsEachTheirOwnCode() async throws {
        try await Self.withServer { base, session in
            let results = try await withThrowingTaskGroup(of: (String, Int).self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        let code = try await Self.signIn(session, base)
                        return (code, try await Self.exchange(session, base, code).status)
                    }
                }
                var all: [(String, Int)] = []
                for try await result in group { all.append(result) }
                return all
            }
            #expect(Set(results.map(\.0)).count == 32)
            #expect(results.allSatisfy { $0.1 == 200 })
        }
    }
}
