// ServeBenchmark.swift: `bridge-bench serve`: the provider emulator under a real load generator. wrk (Debian's;
// one thread, 64 connections, --latency) runs a sign-in flow on each connection: POST
// /oauth/auth_native_traditional (response_type code), then POST /oauth/token with the code it got. The anchor,
// in the same process and the same run, is a bare Hummingbird application with the same two routes answering
// fixed JSON (the request body read, nothing parsed, no state): what the HTTP stack alone costs. Rows run
// alternately, anchor first, so the machine's drift touches both. The load script counts exchanges that did
// not get a token (a code used twice would be one) and wrk's own errors; both must be zero. URLSession is not
// the client: on this machine it is the bound, far below what the server answers.
import Foundation
import Hummingbird
import ProviderEmulator

enum ServeBenchmark {
    /// One wrk run: requests per second, the latency percentiles and what the script counted.
    struct Run {
        var requestsPerSecond = 0.0
        var p50 = 0.0, p99 = 0.0
        var exchanged = 0, failures = 0, socketErrors = 0

        /// wrk's report and the script's last line, read.
        init(_ output: String) {
            for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if line.hasPrefix("Requests/sec:"), let value = fields.last.flatMap({ Double($0) }) { requestsPerSecond = value }
                if line.hasPrefix("50%"), let value = fields.last { p50 = Self.milliseconds(String(value)) }
                if line.hasPrefix("99%"), let value = fields.last { p99 = Self.milliseconds(String(value)) }
                if line.hasPrefix("Socket errors:") { socketErrors = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +) }
                if line.hasPrefix("Non-2xx or 3xx responses:"), let value = fields.last.flatMap({ Int($0) }) { socketErrors += value }
                if line.hasPrefix("bench:") {
                    let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                    if numbers.count == 2 { exchanged = numbers[0]; failures = numbers[1] }
                }
            }
        }

        /// "812.00us", "1.23ms", "1.02s" in milliseconds.
        static func milliseconds(_ text: String) -> Double {
            for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
                return (Double(text.dropLast(unit.count)) ?? 0) * scale
            }
            return Double(text) ?? 0
        }
    }

    /// The flow each connection runs: sign in, then exchange the code the answer carried.
    static let script = """
        local codes = {}
        exchanged = 0
        failures = 0
        local threads = {}
        local form = {["Content-Type"] = "application/x-www-form-urlencoded"}
        local redirect = "https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php"
        local signin = wrk.format("POST", "/oauth/auth_native_traditional", form,
          "client_id=bench&flow=webViewSignIn&form=signInForm&response_type=code&redirect_uri=" .. redirect ..
          "&signInEmailAddress=ada%40example.com&currentPassword=analytical-engine")
        function setup(thread) table.insert(threads, thread) end
        function request()
          local code = table.remove(codes)
          if code then
            return wrk.format("POST", "/oauth/token", form,
              "grant_type=authorization_code&client_id=bench&code=" .. code .. "&redirect_uri=" .. redirect)
          end
          return signin
        end
        function response(status, headers, body)
          local code = body:match('"authorization_code":"([^"]+)"')
          if code then table.insert(codes, code) return end
          if status == 200 and body:find('"access_token"', 1, true) then exchanged = exchanged + 1 else failures = failures + 1 end
        end
        function done(summary, latency, requests)
          local e, f = 0, 0
          for _, t in ipairs(threads) do e = e + t:get("exchanged"); f = f + t:get("failures") end
          io.write(string.format("bench: exchanged %d failures %d\\n", e, f))
        end
        """

    static func run(seconds: Double = 10, runs: Int = 3) {
        guard let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("serve: wrk is not installed (apt-get install wrk)")
            return
        }
        let done = DispatchSemaphore(value: 0)
        Task {
            await runAsync(wrk: wrk, seconds: seconds, runs: runs)
            done.signal()
        }
        done.wait()
    }

    static func runAsync(wrk: String, seconds: Double, runs: Int) async {
        let scriptPath = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-flow-\(UUID().uuidString).lua").path
        guard FileManager.default.createFile(atPath: scriptPath, contents: Data(script.utf8)) else {
            print("serve: could not write wrk's script to \(scriptPath)")
            return
        }
        defer { try? FileManager.default.removeItem(atPath: scriptPath) }

        let emulatorBase = BaseURL(), bareBase = BaseURL()
        let server = EmulatorServer(emulator: ProviderEmulator(), host: "127.0.0.1", port: 0)
        let emulatorTask = Task { try await server.run(stopsOnSignals: false, onRunning: { emulatorBase.set($0) }, log: { _, _, _, _ in }) }
        let bareTask = Task { try await bareApplication(onRunning: { bareBase.set($0) }).runService() }
        defer { emulatorTask.cancel(); bareTask.cancel() }
        guard let emulatorURL = emulatorBase.wait(), let bareURL = bareBase.wait() else { print("serve: a server did not start"); return }
        print("serve: wrk, 1 thread, 64 connections, \(Int(seconds)) s a run, sign in then exchange the code; \(runs) runs, alternating")
        for run in 1...max(1, runs) {
            let bare = Run(Self.wrk(wrk, script: scriptPath, seconds: seconds, url: bareURL))
            let ours = Run(Self.wrk(wrk, script: scriptPath, seconds: seconds, url: emulatorURL))
            print("serve: run \(run): bare Hummingbird \(formatted(bare.requestsPerSecond, 0)) requests/s (p50 \(formatted(bare.p50, 2)) ms, p99 \(formatted(bare.p99, 2)) ms); "
                  + "bridge serve \(formatted(ours.requestsPerSecond, 0)) requests/s (p50 \(formatted(ours.p50, 2)) ms, p99 \(formatted(ours.p99, 2)) ms): "
                  + "\(formatted(ours.requestsPerSecond / max(bare.requestsPerSecond, 1), 2))× the requests per second; "
                  + "\(ours.exchanged) codes exchanged, \(ours.failures) exchanges without a token, \(ours.socketErrors + bare.socketErrors) socket errors")
        }
    }

    /// wrk's report of one run against `url`.
    static func wrk(_ wrk: String, script: String, seconds: Double, url: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t1", "-c64", "-d\(Int(seconds))s", "--latency", "-s", script, url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return "" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The anchor: Hummingbird with the flow's two routes answering fixed JSON, the body read and dropped.
    static func bareApplication(onRunning: @escaping @Sendable (String) -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.post("/oauth/auth_native_traditional") { request, context -> Response in
            _ = try await request.body.collect(upTo: 1 << 16)
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"stat":"ok","authorization_code":"bare-code-0000000000"}"#)))
        }
        router.post("/oauth/token") { request, context -> Response in
            _ = try await request.body.collect(upTo: 1 << 16)
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"access_token":"bare-token","token_type":"Bearer","expires_in":3600}"#)))
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                           onServerRunning: { channel in onRunning("http://127.0.0.1:\(channel.localAddress?.port ?? 0)") })
    }

    /// A server's base URL, once it listens.
    final class BaseURL: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var url: String?
        func set(_ value: String) { lock.lock(); url = value; lock.unlock(); ready.signal() }
        func wait() -> String? {
            _ = ready.wait(timeout: .now() + 30)
            lock.lock(); defer { lock.unlock() }
            return url
        }
    }
}
