// HostBenchmark.swift: time from starting `bridge host` to the first navigation it intercepts in the
// sign-in flow (process start, rules, Xvfb, WebKit, the page, the widget stand-in with the emulator in
// process, and the first bridge signal all included), median of several runs. The baseline, from the same runs, is the time to the
// host's first decision (the page's own load). The floor is webkit-probe, run between them: the same Xvfb
// and WebKitGTK start and one page that navigates to a custom scheme, caught in decide-policy with nothing
// of bridge's around it (target: bridge host within 1.3× of it). It runs the `bridge` and `webkit-probe`
// built beside this benchmark (build all three with -c release --traits WebKit). The Chromium row does the
// same with `--engine chromium` against chromium-probe.
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
            print(String(format: "  first interception / bare probe: %.2f×; target: at most 1.1×", median(i) / median(b)))
        }
        chromium(runs: runs, bridge: bridge, probe: here.appendingPathComponent("chromium-probe"))
    }

    /// The Chromium row: `bridge host --engine chromium` on the same page against chromium-probe (the same
    /// browser start, a page answered through Fetch that navigates to a custom scheme, seen over the pipe),
    /// interleaved run by run.
    static func chromium(runs: Int, bridge: URL, probe: URL) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            print("host, chromium: skipped: Chromium is not installed (apt-get install chromium)")
            return
        }
        var interceptions: [Double] = [], bare: [Double] = []
        let hasProbe = FileManager.default.isExecutableFile(atPath: probe.path)
        for _ in 0..<runs {
            if let (_, interception) = once(bridge, engine: "chromium") { interceptions.append(interception) }
            if hasProbe, let seconds = probeOnce(probe) { bare.append(seconds) }
        }
        guard !interceptions.isEmpty else { print("host, chromium: every run failed"); return }
        func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1000) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let i = interceptions.sorted()
        print("host, chromium: web/webViewSignIn.html with --provider --engine chromium, \(i.count) runs")
        print("  first interception (janrain: signal):     median \(ms(median(i))), min \(ms(i.first!)), max \(ms(i.last!))")
        guard !bare.isEmpty else { print("  bare Chromium probe: not built (swift build -c release --product chromium-probe)"); return }
        let b = bare.sorted()
        print("  bare Chromium probe (the same start, a page that navigates to a custom scheme, seen over the pipe):")
        print("                                             median \(ms(median(b))), min \(ms(b.first!)), max \(ms(b.last!))")
        print(String(format: "  first interception / bare probe: %.2f×; target: at most 1.1×", median(i) / median(b)))
    }

    /// Seconds from spawning the probe to its decide-policy interception, or nil.
    static func probeOnce(_ probe: URL) -> Double? {
        var seconds: Double?
        watch(probe, []) { line, elapsed in
            if line.hasPrefix("intercepted") { seconds = elapsed }
            return seconds != nil
        }
        return seconds
    }

    /// Seconds from spawn to the first decision line and to the first cancelled bridge/sentinel/deep-link line.
    static func once(_ bridge: URL, engine: String = "webkit") -> (Double, Double)? {
        var decision: Double?, interception: Double?
        let arguments = ["host", "--engine", engine, "--provider", "--rules", "Fixtures/rules/capture.json", "--until", "sentinel", "--format", "json",
                         "--eval", #"janrain.standIn.signIn("ada@example.com")"#, "web/webViewSignIn.html"]
        watch(bridge, arguments) { line, elapsed in
            guard line.hasPrefix("{\"seq\"") else { return false }
            if decision == nil { decision = elapsed }
            if line.contains("\"decision\":\"cancel\""),
               line.contains("\"kind\":\"bridge\"") || line.contains("\"kind\":\"sentinel\"") || line.contains("\"kind\":\"deeplink\"") {
                interception = elapsed
            }
            return interception != nil
        }
        guard let decision, let interception else { return nil }
        return (decision, interception)
    }

    /// Runs `executable`, handing each line of its standard output, with the seconds since the spawn when it
    /// arrived, to `line` until that returns true; then lets the process finish.
    static func watch(_ executable: URL, _ arguments: [String], _ line: (Substring, Double) -> Bool) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do { try process.run() } catch { return }
        let handle = out.fileHandleForReading
        var pending = "", done = false
        while !done {
            let data = handle.availableData
            if data.isEmpty { break }
            let now = clock.now - start
            let elapsed = Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
            pending += String(decoding: data, as: UTF8.self)
            while !done, let newline = pending.firstIndex(of: "\n") {
                done = line(pending[..<newline], elapsed)
                pending = String(pending[pending.index(after: newline)...])
            }
        }
        _ = handle.readDataToEndOfFile()
        process.waitUntilExit()
    }
}
