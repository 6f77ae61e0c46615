// BodyReadTests.swift: the request body over a real socket (EmulatorServer on port 0, bytes sent as
// written): a body that never finishes arriving is answered 408 with the provider's error once the
// configured time has passed, and its connection closed; a body that arrives in pieces within it is read
// whole, one past the limit is answered 413, and the server keeps serving after each. Also the request log across a reset, and the code
// store across its chunks.
import ProviderSettings
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ProviderEmulator
import Testing

@Suite("provider emulator: reading request bodies", .serialized)
struct BodyReadTests {
    /// A server with `configuration` on a free port for the length of `body`, given its port.
    static func withServer(_ configuration: EmulatorConfiguration, _ body: @Sendable (UInt16) async throws -> Void) async throws {
        let base = ConcurrencyTests.BaseURL()
        let server = EmulatorServer(emulator: ProviderEmulator(configuration: configuration, stoppedAt: Date()), host: "127.0.0.1", port: 0)
        let task = Task { try await server.run(stopsOnSignals: false, onRunning: { base.set($0) }, log: { _, _, _, _ in }) }
        defer { task.cancel() }
        let url = try await base.value()
        try await body(try #require(UInt16(url.split(separator: ":").last ?? "")))
    }

    /// A connected loopback socket whose reads give up after `seconds` (a server that never answers fails
    /// the test instead of hanging it).
    static func connect(_ port: UInt16, readLimit seconds: Int = 20) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The status and JSON body of the first answer on `fd` (read until the body its Content-Length names).
    static func answer(_ fd: Int32) -> (status: Int, body: [String: Any]) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let split = text.range(of: "\r\n\r\n") {
                let head = text[..<split.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let bodyBytes = Array(text[split.upperBound...].utf8)
                if bodyBytes.count >= length {
                    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
                    return (status, (try? JSONSerialization.jsonObject(with: Data(bodyBytes.prefix(length)))) as? [String: Any] ?? [:])
                }
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return (0, [:]) }
            received += buffer[..<n]
        }
    }

    static let signInBody = "client_id=c1&flow=webViewSignIn&form=signInForm&response_type=code"
        + "&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine"

    static func head(length: Int) -> String {
        "POST /oauth/auth_native_traditional HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(length)\r\n\r\n"
    }

    /// One request on a connection of its own: `parts` sent in order, `pause` microseconds apart, then the answer.
    /// One exchange on a thread of Dispatch's, not the test's: its socket calls block, and blocking one of the
    /// concurrency pool's threads can starve the server's own body-reading task on a loaded machine.
    static func exchange(_ port: UInt16, _ parts: [String], pause: useconds_t = 0) async throws -> (status: Int, body: [String: Any]) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try blockingExchange(port, parts, pause: pause) })
            }
        }
    }

    static func blockingExchange(_ port: UInt16, _ parts: [String], pause: useconds_t) throws -> (status: Int, body: [String: Any]) {
        let fd = try connect(port)
        defer { close(fd) }
        for (index, part) in parts.enumerated() {
            if index > 0 { usleep(pause) }
            send(fd, part)
        }
        return answer(fd)
    }

    /// A request that declares no body, so it is never raced against bodyTimeout (a loaded machine may take
    /// half a second to schedule a read): what shows the server still serving.
    static let clock = "GET /emulator/v1/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test("a body that stops arriving is answered 408 with Capture's error after bodyTimeout; the server keeps serving")
    func slowBody() async throws {
        var configuration = EmulatorConfiguration.embeddedDefault
        configuration.bodyTimeout = 0.5
        try await Self.withServer(configuration) { port in
            let slow = try await Self.exchange(port, [Self.head(length: Self.signInBody.utf8.count) + String(Self.signInBody.prefix(20))])
            #expect(slow.status == 408)
            #expect(slow.body["error"] as? String == "request_timeout" && slow.body["stat"] as? String == "error")
            let fine = try await Self.exchange(port, [Self.clock])
            #expect(fine.status == 200 && fine.body["now"] is String, "\(fine)")
        }
    }

    @Test("a body sent in pieces within bodyTimeout is read whole")
    func bodyInPieces() async throws {
        var configuration = EmulatorConfiguration.embeddedDefault
        configuration.bodyTimeout = 5
        try await Self.withServer(configuration) { port in
            let body = Self.signInBody
            let answer = try await Self.exchange(port, [Self.head(length: body.utf8.count) + String(body.prefix(30)), String(body.dropFirst(30))],
                                           pause: 200_000)
            #expect(answer.status == 200 && answer.body["authorization_code"] is String)
        }
    }

    @Test("the 408 ends its connection: what arrives on it after the deadline is never read as a request")
    func timedOutConnectionEnds() async throws {
        var configuration = EmulatorConfiguration.embeddedDefault
        configuration.bodyTimeout = 0.5
        try await Self.withServer(configuration) { port in
            let received: (status: Int, afterwards: Int) = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result {
                        let fd = try Self.connect(port)
                        defer { close(fd) }
                        let body = Self.signInBody
                        Self.send(fd, Self.head(length: body.utf8.count) + String(body.prefix(20)))
                        let answer = Self.answer(fd)
                        // The rest of the body, then a whole request: the connection is closed to both.
                        Self.send(fd, String(body.dropFirst(20)) + Self.clock)
                        var byte: UInt8 = 0
                        return (answer.status, recv(fd, &byte, 1, 0))
                    })
                }
            }
            #expect(received.status == 408)
            #expect(received.afterwards == 0, "the connection should be closed after the 408")
        }
    }

    @Test("a body that keeps arriving is read whole even when it takes longer than the idle timeout: each part is activity")
    func bodyLongerThanIdle() async throws {
        var configuration = EmulatorConfiguration.embeddedDefault
        configuration.idleTimeout = 0.3
        configuration.bodyTimeout = 5
        try await Self.withServer(configuration) { port in
            let body = Self.signInBody
            let parts = [Self.head(length: body.utf8.count) + String(body.prefix(30)), String(body.dropFirst(30).prefix(30)), String(body.dropFirst(60))]
            let answer = try await Self.exchange(port, parts, pause: 200_000)
            #expect(answer.status == 200 && answer.body["authorization_code"] is String, "\(answer)")
        }
    }

    @Test("a body past maxBodyBytes is answered 413 with Capture's error; the server keeps serving")
    func tooLarge() async throws {
        var configuration = EmulatorConfiguration.embeddedDefault
        configuration.maxBodyBytes = 64
        try await Self.withServer(configuration) { port in
            let answer = try await Self.exchange(port, [Self.head(length: Self.signInBody.utf8.count) + Self.signInBody])
            #expect(answer.status == 413 && answer.body["error"] as? String == "request_too_large", "\(answer)")
            #expect(try await Self.exchange(port, [Self.clock]).status == 200)
        }
    }
}

@Suite("provider emulator: the request log and the code store")
struct RequestLogAndCodeStoreTests {
    @Test("the request log keeps numbering across a reset of the emulator's state, so a dashboard following it sees what comes after")
    func logAcrossReset() async {
        let emulator = ProviderEmulator(stoppedAt: Date())
        await emulator.logRequest(method: "GET", target: "/emulator/v1/clock", status: 200)
        let reset = await emulator.handle(EmulatorRequest(method: .post, target: "/emulator/v1/reset", contentType: "application/json"))
        #expect(reset.status == 200)
        // The reset itself was logged (2), by the router's log middleware.
        await emulator.logRequest(method: "GET", target: "/emulator/v1/users", status: 200)
        let after = await emulator.events(after: 1)
        #expect(after.last == 3)
        #expect(after.text.hasPrefix("id: 2\n") && after.text.contains("\n\nid: 3\n"))
    }

    @Test("codes across the store's chunks and index shards are found by value, in issue order, and updated in place")
    func codeStoreAcrossChunks() {
        var store = EmulatorState.CodeStore()
        let date = Date(timeIntervalSince1970: 0)
        let count = 10_000
        for n in 0..<count {
            store.append(EmulatorState.IssuedCode(value: "v\(n % 5_000)", kind: .authorizationCode, email: "u\(n)@example.com", issuedAt: date,
                                                  expiresAt: date))
        }
        #expect(store.count == count)
        for n in [0, 4_095, 4_096, 4_999, 8_191, 8_192, 9_999] {
            #expect(store[n].email == "u\(n)@example.com")
        }
        // Each value was issued twice: the first is found first, the second by its condition.
        #expect(store.firstIndex(value: "v4096") == 4_096)
        #expect(store.firstIndex(value: "v4096", where: { $0.email == "u9096@example.com" }) == 9_096)
        #expect(store.firstIndex(value: "v-none") == nil)
        store[9_096].usedAt = date
        #expect(store.first(value: "v4096", where: { $0.usedAt != nil })?.email == "u9096@example.com")
    }
}
