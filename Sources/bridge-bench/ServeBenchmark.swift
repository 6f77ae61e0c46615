// ServeBenchmark.swift: `bridge-bench serve`: the provider emulator under load, in one process on
// 127.0.0.1. 200 concurrent clients sign in natively (POST /oauth/auth_native_traditional, response_type
// code) and exchange each code (POST /oauth/token) for 10 s; then, on the same server in the same run, the
// same clients read a trivial route (GET /emulator/v1/clock) for 10 s: requests per second, p50 and p99
// latency for both, and their ratio. Then it checks that no code was exchanged twice and that no request
// failed except as designed (an exchange of an already-used code would be one).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ProviderEmulator

enum ServeBenchmark {
    static func run(clients: Int = 200, seconds: Double = 10) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await runAsync(clients: clients, seconds: seconds)
            done.signal()
        }
        done.wait()
    }

    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        var latencies: [Double] = []
        var failures: [String: Int] = [:]
        var exchanged: [String] = []
        func add(_ latency: Double) { lock.lock(); latencies.append(latency); lock.unlock() }
        func fail(_ what: String) { lock.lock(); failures[what, default: 0] += 1; lock.unlock() }
        func exchange(_ code: String) { lock.lock(); exchanged.append(code); lock.unlock() }
        var base = ""
        func setBase(_ url: String) { lock.lock(); base = url; lock.unlock() }
    }

    static func runAsync(clients: Int, seconds: Double) async {
        let emulator = ProviderEmulator()
        let server = EmulatorServer(emulator: emulator, host: "127.0.0.1", port: 0)
        let baseBox = Collector()
        let started = DispatchSemaphore(value: 0)
        let serverTask = Task {
            try await server.run(onRunning: { url in baseBox.setBase(url); started.signal() }, log: { _, _, _ in })
        }
        _ = started.wait(timeout: .now() + 30)
        let base = baseBox.base
        guard !base.isEmpty else { print("serve: the server did not start"); return }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = clients
        configuration.timeoutIntervalForRequest = 30
        let session = URLSession(configuration: configuration)
        print("serve: \(clients) concurrent clients on \(base), \(Int(seconds)) s per workload")

        @Sendable func request(_ path: String, form: String?) -> URLRequest {
            var request = URLRequest(url: URL(string: base + path)!)
            if let form {
                request.httpMethod = "POST"
                request.httpBody = Data(form.utf8)
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            }
            return request
        }
        let redirect = "https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php"
        let signInForm = "client_id=bench&flow=webViewSignIn&form=signInForm&response_type=code&redirect_uri=\(redirect)"
            + "&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine"

        func workload(_ name: String, _ body: @escaping @Sendable (Collector) async -> Void) async -> (rps: Double, p50: Double, p99: Double, collector: Collector) {
            let collector = Collector()
            let clock = ContinuousClock()
            let start = clock.now
            let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<clients {
                    group.addTask { while clock.now < deadline { await body(collector) } }
                }
            }
            let elapsed = clock.now - start
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let sorted = collector.latencies.sorted()
            let p = { (q: Double) in sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
            let rps = Double(sorted.count) / wall
            print("serve: \(name): \(sorted.count) requests, \(formatted(rps, 0)) requests/s, p50 \(formatted(p(0.5) * 1000, 2)) ms, p99 \(formatted(p(0.99) * 1000, 2)) ms"
                  + (collector.failures.isEmpty ? "" : ", failures \(collector.failures)"))
            return (rps, p(0.5), p(0.99), collector)
        }

        @Sendable func timed(_ collector: Collector, _ request: URLRequest) async -> (Int, [String: Any])? {
            let clock = ContinuousClock()
            let start = clock.now
            guard let (data, response) = try? await session.data(for: request) else { collector.fail("transport"); return nil }
            let elapsed = clock.now - start
            collector.add(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
        }

        let flow = await workload("sign in and exchange") { collector in
            guard let (status, answer) = await timed(collector, request("/oauth/auth_native_traditional", form: signInForm)),
                  status == 200, let code = answer["authorization_code"] as? String else { collector.fail("sign-in"); return }
            guard let (exchangeStatus, token) = await timed(collector, request("/oauth/token", form: "grant_type=authorization_code&client_id=bench&code=\(code)&redirect_uri=\(redirect)")),
                  exchangeStatus == 200, token["access_token"] != nil else { collector.fail("exchange"); return }
            collector.exchange(code)
        }
        let trivial = await workload("trivial route (GET /emulator/v1/clock)") { collector in
            guard let (status, _) = await timed(collector, request("/emulator/v1/clock", form: nil)), status == 200 else { collector.fail("clock"); return }
        }
        print("serve: sign-in flow vs trivial route: \(formatted(flow.rps / max(trivial.rps, 1), 2))× the requests per second, "
              + "p50 \(formatted(flow.p50 / max(trivial.p50, 1e-9), 2))×, p99 \(formatted(flow.p99 / max(trivial.p99, 1e-9), 2))×")
        let exchanged = flow.collector.exchanged
        let unique = Set(exchanged).count
        print("serve: \(exchanged.count) codes exchanged, \(unique) distinct: " + (unique == exchanged.count ? "none twice" : "SOME TWICE"))
        print("serve: failures: " + (flow.collector.failures.isEmpty && trivial.collector.failures.isEmpty ? "none" : "\(flow.collector.failures) \(trivial.collector.failures)"))
        serverTask.cancel()
    }
}
