// HostBenchmark.swift: time from starting `bridge host` to the first navigation it intercepts in the
// sign-in flow (process start, rules, Xvfb, WebKit, the page, the widget stand-in with the emulator in
// process, and the first bridge signal all included), median of several runs. The baseline, from the same runs, is the time to the
// host's first decision (the page's own load): what the view costs before the page runs at all. It runs
// the `bridge` built beside this benchmark (build both with -c release --traits WebKit).
import Foundation

enum HostBenchmark {
    static func run(runs: Int) {
        let bridge = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bridge")
        guard FileManager.default.isExecutableFile(atPath: bridge.path) else {
            print("host: skipped: no bridge beside bridge-bench (swift build -c release --traits WebKit)")
            return
        }
        var firstDecision: [Double] = []
        var firstInterception: [Double] = []
        var failures = 0
        for _ in 0..<runs {
            guard let (decision, interception) = once(bridge) else { failures += 1; continue }
            firstDecision.append(decision)
            firstInterception.append(interception)
        }
        guard !firstInterception.isEmpty else {
            print("host: every run failed (is this bridge built with the WebKit trait? is Xvfb installed?)")
            return
        }
        func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1000) }
        let d = firstDecision.sorted(), i = firstInterception.sorted()
        print("host: web/webViewSignIn.html, \(i.count) runs\(failures > 0 ? " (\(failures) failed)" : "")")
        print("  first decision (view up, page requested): median \(ms(d[d.count / 2])), min \(ms(d.first!)), max \(ms(d.last!))")
        print("  first interception (janrain: signal):     median \(ms(i[i.count / 2])), min \(ms(i.first!)), max \(ms(i.last!))")
        print(String(format: "  interception / first decision: %.2f×; target: first interception under 1000 ms", i[i.count / 2] / d[d.count / 2]))
    }

    /// Seconds from spawn to the first decision line and to the first cancelled bridge/sentinel/deep-link line.
    static func once(_ bridge: URL) -> (Double, Double)? {
        let process = Process()
        process.executableURL = bridge
        process.arguments = ["host", "--provider", "--rules", "Fixtures/rules/capture.json", "--until", "sentinel", "--format", "json",
                             "--eval", #"janrain.standIn.signIn("ada@example.com")"#, "web/webViewSignIn.html"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do { try process.run() } catch { return nil }
        var decision: Double?, interception: Double?
        var pending = ""
        let handle = out.fileHandleForReading
        while interception == nil {
            let data = handle.availableData
            if data.isEmpty { break }
            let now = clock.now - start
            let seconds = Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
            pending += String(decoding: data, as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let line = pending[..<newline]
                pending = String(pending[pending.index(after: newline)...])
                guard line.hasPrefix("{\"seq\"") else { continue }
                if decision == nil { decision = seconds }
                if line.contains("\"decision\":\"cancel\""),
                   line.contains("\"kind\":\"bridge\"") || line.contains("\"kind\":\"sentinel\"") || line.contains("\"kind\":\"deeplink\"") {
                    interception = seconds
                    break
                }
            }
        }
        _ = handle.readDataToEndOfFile()
        process.waitUntilExit()
        guard let decision, let interception else { return nil }
        return (decision, interception)
    }
}
