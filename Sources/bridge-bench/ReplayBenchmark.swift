// ReplayBenchmark.swift: replay of a generated navlog (one million navigations by default; written to a
// temporary file, never committed) with the 50-rule file of the engine benchmark, beside the bare decision
// rate on the same URLs in the same run. The log cycles through the corpus URLs with the fields a native
// recorder writes (seq, time, method, navigationType, frames, source, recordedDecision) and a drained
// bridge queue on janrain: signals. Peak memory (ru_maxrss) is read after a log a tenth the size and after
// the full one: streaming means the second is not larger by the log's size.
// Replay runs as `bridge replay` does (ParallelReplay: parsing and decisions on every core, flows in log
// order); the same log on one core is timed beside it. Target: at least 500,000 navigations per
// second on both cores, and peak memory that does not grow with the log.
import Foundation
import JSONText
import NavigationPolicy
import NavigationReplay

enum ReplayBenchmark {
    static func run(_ urls: [String], navigations: Int) {
        let engine = PolicyEngine(rules: EngineBenchmark.rules())
        let small = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-\(getpid())-small.navlog")
        let large = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-\(getpid())-large.navlog")
        defer {
            try? FileManager.default.removeItem(at: small)
            try? FileManager.default.removeItem(at: large)
        }
        let smallBytes = write(urls, count: navigations / 10, to: small)
        let largeBytes = write(urls, count: navigations, to: large)

        // The bare decision rate on the same URLs (the engine benchmark's measure), for comparison.
        let requests = urls.map { NavigationRequest(url: $0) }
        let clock = ContinuousClock()
        var sink = 0
        var bare: [Double] = []
        for _ in 0..<5 {
            let t = clock.measure { for r in requests { sink &+= engine.decide(r).parameters.count } }
            bare.append(Double(requests.count) / seconds(t))
        }

        let (smallRate, smallCount) = replay(small, engine: engine)
        let rssAfterSmall = peakRSS()
        var rates: [Double] = []
        var count = 0
        for _ in 0..<3 {
            let (rate, n) = replay(large, engine: engine)
            rates.append(rate)
            count = n
        }
        let rssAfterLarge = peakRSS()
        let (oneCore, _) = replay(large, engine: engine, workers: nil)
        let (twoSlices, _) = replay(large, engine: engine, workers: 2)
        let bareRate = bare.sorted()[bare.count / 2]
        let rate = rates.sorted()[rates.count / 2]
        print("")
        print("Replay of a generated navlog with \(engine.rules.sentinels.count + engine.rules.schemes.count + engine.rules.allow.count) rules (read, parse, decide, flows, events; no output):")
        print("  bare decisions, same URLs     \(formatted(bareRate / 1e3, 0)) k/s")
        print("  replay \(smallCount) navigations    \(formatted(smallRate / 1e3, 0)) k/s   (\(smallBytes >> 20) MB)   peak RSS after: \(rssAfterSmall >> 20) MB")
        print("  replay \(count) navigations   \(formatted(rate / 1e3, 0)) k/s   (\(largeBytes >> 20) MB, median of 3)   peak RSS after: \(rssAfterLarge >> 20) MB")
        print("  the same on one thread        \(formatted(oneCore / 1e3, 0)) k/s (no pipeline);  \(ParallelReplay.cores) cores: \(formatted(rate / oneCore, 2))× one thread")
        print("  (2 slices beside the replaying thread: \(formatted(twoSlices / 1e3, 0)) k/s)")
        print("  replay / bare decisions: \(formatted(rate / bareRate, 2))×;  peak RSS grew \(formatted(Double(rssAfterLarge - rssAfterSmall) / 1048576, 1)) MB for a log \(formatted(Double(largeBytes - smallBytes) / 1048576, 0)) MB larger")
        print("  (checksum \(sink % 1000))")
    }

    /// The generated log replayed once, for a profiler (`perf record`, callgrind): on this thread only (the
    /// one-thread row without the rest of the section), or with `workers` threads deciding beside it (the
    /// pipeline, whose cost over one thread is the difference of the two counts).
    static func runReplayOnly(_ urls: [String], navigations: Int, workers: Int?) {
        let engine = PolicyEngine(rules: EngineBenchmark.rules())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-\(getpid())-profile.navlog")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = write(urls, count: navigations, to: file)
        let (rate, count) = replay(file, engine: engine, workers: workers)
        print("replay on \(workers.map { "this thread and \($0) more" } ?? "one thread"): \(count) navigations, \(formatted(rate / 1e3, 0)) k/s")
    }

    /// Replays the file as `bridge replay` does (ParallelReplay: parsing and decisions on `workers` threads
    /// beside this one), or, with `workers` nil, one item at a time on this thread (NavlogReader +
    /// Replayer.replay): the baseline.
    static func replay(_ file: URL, engine: PolicyEngine, workers: Int? = max(1, ParallelReplay.cores - 1)) -> (rate: Double, count: Int) {
        let replayer = Replayer(engine: engine)
        var checksum = 0
        let take: (Replayer.Output) -> Void = { output in if case .navigation(let n) = output { checksum &+= n.events.count } }
        let t = ContinuousClock().measure {
            let input = try! ByteInput(path: file.path)
            if let workers {
                ParallelReplay(workers: workers).run(input, replayer, take)
            } else {
                NavlogReader().read(input) { take(replayer.replay($0)) }
            }
            _ = replayer.finish()
        }
        let count = replayer.summary.replayed
        precondition(replayer.summary.rejected == 0, "generated log has rejected records")
        return (Double(count) / seconds(t), count + (checksum & 0))
    }

    /// Writes `count` navlog lines cycling through `urls`; returns the file size.
    static func write(_ urls: [String], count: Int, to file: URL) -> Int {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try! FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var buffer = #"{"format":"bridge-navlog","version":1,"platform":"ios-wkwebview","recorder":"bridge-bench","origin":"manual"}"# + "\n"
        var total = 0
        let types = ["other", "linkClicked", "formSubmitted", "other"]
        let sources = ["redirect", "user", "script", "app"]
        for i in 0..<count {
            let url = urls[i % urls.count]
            var line = #"{"seq":\#(i),"time":\#(i * 37),"url":"# + JSONWriter.quoted(url)
            line += #","method":"\#(i % 9 == 0 ? "POST" : "GET")","navigationType":"\#(types[i % 4])","isMainFrame":\#(i % 7 != 0),"targetFrame":"main","source":"\#(sources[i % 4])","recordedDecision":"\#(i % 3 == 0 ? "allow" : "cancel")""#
            if url.hasPrefix("janrain:") {
                line += #","drained":["janrain:onCaptureScreenShow?arguments=%5B%7B%22screen%22%3A%22signIn%22%7D%5D"]"#
            }
            line += "}\n"
            buffer += line
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                total += buffer.utf8.count
                buffer = ""
            }
        }
        handle.write(Data(buffer.utf8))
        return total + buffer.utf8.count
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(0), &usage)  // RUSAGE_SELF
        return usage.ru_maxrss * 1024
    }
}
