// HostBenchmark.swift: time from starting `bridge host` to the first navigation it intercepts (process start,
// rules, Xvfb, the engine, the page, and the first interception all included), median of several runs,
// against the bare probe of the same engine (webkit-probe, chromium-probe: their own targets, sharing no code
// with the host), interleaved run by run. Two pages: the probe's own page (a script that navigates to a
// custom scheme at once), which the host loads from a file with rules that allow it and take that scheme as a
// deep link, so the ratio is what bridge adds around the same work (target: at most 1.1×); and the sign-in
// flow (web/webViewSignIn.html with the widget stand-in and the emulator in process, up to the first bridge
// signal), whose own load the probe does not have; and against the bare engine doing that page's own work
// (`webkit-probe --sign-in`: the same files over https from loopback origins of its own; `chromium-probe
// --sign-in`: the same files answered through Fetch; both drain the first signal as an app drains it), the
// row the sign-in's target is read on. Every process it starts, the host and the probes alike, has its
// temporary folder on /dev/shm when that is a writable tmpfs: Chromium writes its profile there, and a
// disk's I/O wait otherwise lands in both sides' spread. It runs the `bridge` and probes built beside this
// benchmark (build them with -c release --traits WebKit).
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
        let samePage = ProbePage()
        defer { samePage.remove() }
        var firstDecision: [Double] = []
        var firstInterception: [Double] = []
        var sameInterception: [Double] = []
        var bare: [Double] = []
        var bareSignIn: [Double] = []
        var failures = 0
        // Interleaved, run by run, so drift in the machine's speed touches all alike.
        for _ in 0..<runs {
            if let (decision, interception) = once(bridge) {
                firstDecision.append(decision)
                firstInterception.append(interception)
            } else {
                failures += 1
            }
            if let (_, interception) = once(bridge, samePage.arguments) { sameInterception.append(interception) }
            if hasProbe, let seconds = probeOnce(probe) { bare.append(seconds) }
            if hasProbe, let seconds = probeOnce(probe, ["--sign-in"]) { bareSignIn.append(seconds) }
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
            print(String(format: "  sign-in first interception / bare probe: %.2f× (the sign-in page's own load included)", median(i) / median(b)))
            samePageRatio(sameInterception, bare)
            bareSignInRatio(firstInterception, bareSignIn, bare: "bare WebKitGTK on the sign-in page (webkit-probe --sign-in: the same files over https from loopback, the first signal drained as an app drains it)")
        }
        chromium(runs: runs, bridge: bridge, probe: here.appendingPathComponent("chromium-probe"), samePage: samePage)
    }

    /// The Chromium row: `bridge host --engine chromium` on the same page against chromium-probe (the same
    /// browser start, a page answered through Fetch that navigates to a custom scheme, seen over the pipe),
    /// interleaved run by run.
    static func chromium(runs: Int, bridge: URL, probe: URL, samePage: ProbePage) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            print("host, chromium: skipped: Chromium is not installed (apt-get install chromium)")
            return
        }
        var interceptions: [Double] = [], same: [Double] = [], bare: [Double] = [], bareSignIn: [Double] = []
        let hasProbe = FileManager.default.isExecutableFile(atPath: probe.path)
        for _ in 0..<runs {
            if let (_, interception) = once(bridge, engine: "chromium") { interceptions.append(interception) }
            if let (_, interception) = once(bridge, ["--engine", "chromium"] + samePage.arguments) { same.append(interception) }
            if hasProbe, let seconds = probeOnce(probe) { bare.append(seconds) }
            if hasProbe, let seconds = probeOnce(probe, ["--sign-in"]) { bareSignIn.append(seconds) }
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
        print(String(format: "  sign-in first interception / bare probe: %.2f× (the sign-in page's own load included)", median(i) / median(b)))
        samePageRatio(same, bare)
        bareSignInRatio(interceptions, bareSignIn, bare: "bare Chromium on the sign-in page (chromium-probe --sign-in: the same files, the first signal drained as an app drains it)")
    }

    /// The sign-in against the bare engine doing the sign-in page's own work: the row its target is read on.
    static func bareSignInRatio(_ signIn: [Double], _ bareSignIn: [Double], bare: String) {
        guard !signIn.isEmpty, !bareSignIn.isEmpty else { print("  \(bare): every run failed"); return }
        let i = signIn.sorted(), s = bareSignIn.sorted()
        func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1000) }
        print("  \(bare):")
        print("                                             median \(ms(s[s.count / 2])), min \(ms(s.first!)), max \(ms(s.last!))")
        print(String(format: "  sign-in first interception / bare sign-in: %.2f×; target: at most 1.1×", i[i.count / 2] / s[s.count / 2]))
    }

    /// The host on the probe's own page against the probe: the row's ratio.
    static func samePageRatio(_ same: [Double], _ bare: [Double]) {
        guard !same.isEmpty, !bare.isEmpty else { print("  the probe's page in bridge host: every run failed"); return }
        let s = same.sorted(), b = bare.sorted()
        func ms(_ s: Double) -> String { String(format: "%.0f ms", s * 1000) }
        print("  the probe's page in bridge host:           median \(ms(s[s.count / 2])), min \(ms(s.first!)), max \(ms(s.last!))")
        print(String(format: "  same page, first interception / bare probe: %.2f×; target: at most 1.1×", s[s.count / 2] / b[b.count / 2]))
    }

    /// The probe's page and rules for it, written to a temporary directory: the page the probes load, byte for
    /// byte, served by the host from the file; the rules allow its origin and take `probe:done` as a deep link.
    struct ProbePage {
        /// `bridge host`'s arguments after `host`, and where the files are.
        let arguments: [String]
        let directory: URL

        init() {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-host-\(getpid())")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let page = directory.appendingPathComponent("probe.html"), rules = directory.appendingPathComponent("rules.json")
            try? Data("<!DOCTYPE html><title>probe</title><script>location.href = 'probe:done';</script>".utf8).write(to: page)
            try? Data(#"{"version": 1, "allow": ["https://bridge-host.invalid"], "schemes": [{"name": "probe", "scheme": "probe", "route": "done"}]}"#.utf8).write(to: rules)
            arguments = ["--rules", rules.path, "--until", "deeplink", "--format", "json", page.path]
            self.directory = directory
        }

        /// Deletes the page and its rules.
        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// Seconds from spawning the probe to its interception, or nil.
    static func probeOnce(_ probe: URL, _ arguments: [String] = []) -> Double? {
        var seconds: Double?
        watch(probe, arguments) { line, elapsed in
            if line.hasPrefix("intercepted") { seconds = elapsed }
            return seconds != nil
        }
        return seconds
    }

    /// Seconds from spawn to the first decision line and to the first cancelled bridge/sentinel/deep-link line.
    /// `host`: the host's arguments after `host`; the sign-in flow when not given.
    static func once(_ bridge: URL, engine: String = "webkit", _ host: [String]? = nil) -> (Double, Double)? {
        var decision: Double?, interception: Double?
        let arguments = ["host"] + (host ?? ["--engine", engine, "--provider", "--rules", "Fixtures/rules/capture.json", "--until", "sentinel", "--format", "json",
                                             "--eval", #"janrain.standIn.signIn("ada@example.com")"#, "web/webViewSignIn.html"])
        watch(bridge, arguments) { line, elapsed in
            guard line.hasPrefix(#"{"type":"navigation""#) else { return false }
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

    /// The temporary folder the timed processes get: /dev/shm when it is a writable tmpfs, else their own.
    static let temporary: String? = {
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        let tmpfs = mounts.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().prefix(2) == ["/dev/shm", "tmpfs"] }
        guard tmpfs, access("/dev/shm", W_OK) == 0 else { return nil }
        return "/dev/shm"
    }()

    /// Runs `executable`, handing each line of its standard output, with the seconds since the spawn when it
    /// arrived, to `line` until that returns true; then lets the process finish.
    static func watch(_ executable: URL, _ arguments: [String], _ line: (Substring, Double) -> Bool) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let temporary { process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 } }
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
