// HostBenchmark.swift: time from starting `bridge host` to the first navigation it intercepts in the
// sign-in flow (process start, rules, Xvfb, WebKit, the page, the widget stand-in with the emulator in
// process, and the first bridge signal all included), median of several runs. The baseline, from the same runs, is the time to the
// host's first decision (the page's own load). The floor is webkit-probe, run between them: the same Xvfb
// and WebKitGTK start and one page that navigates to a custom scheme, caught in decide-policy with nothing
// of bridge's around it (target: bridge host within 1.3× of it). It runs the `bridge` and `webkit-probe`
// built beside this benchmark (build all three with -c release --traits WebKit).
import Foundation

enum HostBenchmark {
    static func run(runs: Int) {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let bridge = here.appendingPathComponent("bridge"), probe = here.appendingPathComponent("webkit-probe")
        guard FileManager.default.isExecutableFile(atPath: bridge.path) else {
            print("host: skipped: no bridge beside bridge-bench (swift build -c release --traits WebKit)")
            return
        }
        let hasProbe = FileManager.default.isExecutableFile(atPath: probe.path)
        var firstDecision: [Double] = []
        var firstInterception: [Double] = []
        var bare: [Double] = []
        var failures = 0
        // Interleaved, run by run, so drift in the machine's speed touches both alike.
        for _ in 0..<runs {
            if let (decision, interception) = once(bridge) {
                firstDecision.append(decision)
                firstInterception.append(interception)
            } else {
                failures += 1
            }
            if hasProbe, let seconds = probeOnce(probe) { bare.append(seconds) }
        }
        guard !firstInterception.isEmpty else {
            print("host: every run failed (is this bridge built with the WebKit trait? is Xvfb installed?)")
            return
        }
        func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1000) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let d = firstDecision.sorted(), i = firstInterception.sorted()
        print("host: web/webViewSignIn.html with --provider, \(i.count) runs\(failures > 0 ? " (\(failures) failed)" : "")")
        print("  first decision (view up, page requested): median \(ms(median(d))), min \(ms(d.first!)), max \(ms(d.last!))")
        print("  first interception (janrain: signal):     median \(ms(median(i))), min \(ms(i.first!)), max \(ms(i.last!))")
        if bare.isEmpty {
            print("  bare WebKitGTK probe: not built (swift build -c release --traits WebKit --product webkit-probe)")
        } else {
            let b = bare.sorted()
            print("  bare WebKitGTK probe (Xvfb, view, a page that navigates to a custom scheme, caught in decide-policy):")
            print("                                             median \(ms(median(b))), min \(ms(b.first!)), max \(ms(b.last!))")
            print(String(format: "  first interception / bare probe: %.2f×; target: at most 1.3×", median(i) / median(b)))
        }
    }

    /// Seconds from spawning the probe to its decide-policy interception (from its own clock), or nil.
    static func probeOnce(_ probe: URL) -> Double? {
        let process = Process()
        process.executableURL = probe
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do { try process.run() } catch { return nil }
        var text = ""
        var seconds: Double?
        while seconds == nil {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if text.contains("intercepted") {
                let now = clock.now - start
                seconds = Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
            }
        }
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return seconds
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
