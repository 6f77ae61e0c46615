// BenchMain.swift: bridge's benchmark executable (build with -c release). Each section times one
// component against a baseline in the same run and reports ratios; sections are chosen by name.
//   swift run -c release bridge-bench [url] [engine] [inspect] [replay] [host] [serve] [--corpus FILE] [--rounds N] [--navigations N] [--runs N]
// (host and serve are run only when named: host needs the WebKit trait and starts WebKit nine times; serve
// needs wrk and loads a local server for 20 s a run)
import Foundation

@main
enum BenchMain {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var corpusPath: String? = nil
        var rounds = 15
        var navigations = 1_000_000
        var kind: String? = nil
        var sections: [String] = []
        var hostRuns = 9
        var serveRuns = 3
        var serveSeconds = 10.0
        var replayWorkers: Int? = nil
        while !arguments.isEmpty {
            let argument = arguments.removeFirst()
            switch argument {
            case "--corpus": corpusPath = arguments.isEmpty ? nil : arguments.removeFirst()
            case "--rounds": rounds = arguments.isEmpty ? rounds : Int(arguments.removeFirst()) ?? rounds
            case "--runs":
                hostRuns = arguments.isEmpty ? hostRuns : Int(arguments.removeFirst()) ?? hostRuns
                serveRuns = hostRuns
            case "--seconds": serveSeconds = arguments.isEmpty ? serveSeconds : Double(arguments.removeFirst()) ?? serveSeconds
            case "--kind": kind = arguments.isEmpty ? nil : arguments.removeFirst()
            case "--navigations": navigations = arguments.isEmpty ? navigations : Int(arguments.removeFirst()) ?? navigations
            case "--workers": replayWorkers = arguments.isEmpty ? nil : Int(arguments.removeFirst())
            case "-h", "--help":
                print("usage: bridge-bench [url] [idn] [engine] [inspect] [replay] [host] [serve] [url-only] [engine-only [--kind KIND]] [replay-only [--workers N]] [--corpus FILE] [--rounds N] [--navigations N] [--runs N] [--seconds N]")
                return
            default: sections.append(argument)
            }
        }
        #if DEBUG
        print("warning: a debug build; figures are meaningless. Use: swift run -c release bridge-bench")
        #endif
        let corpus = Corpus.load(explicitPath: corpusPath)
        print("corpus: \(corpus.urls.count) URLs from \(corpus.source)")
        if sections.isEmpty || sections.contains("url") {
            URLBenchmark.run(corpus.urls, rounds: rounds, corpusPath: corpus.source.hasSuffix(".txt") ? corpus.source : nil)
        }
        if sections.isEmpty || sections.contains("idn") {
            IDNBenchmark.run(corpus: corpus.urls, rounds: rounds)
        }
        if sections.isEmpty || sections.contains("engine") {
            EngineBenchmark.run(corpus.urls, rounds: rounds)
        }
        if sections.isEmpty || sections.contains("inspect") {
            InspectBenchmark.run(rounds: max(5, rounds / 3))
        }
        if sections.isEmpty || sections.contains("replay") {
            ReplayBenchmark.run(corpus.urls, navigations: navigations)
        }
        if sections.contains("host") {
            HostBenchmark.run(runs: hostRuns)
        }
        if sections.contains("serve") {
            ServeBenchmark.run(seconds: serveSeconds, runs: serveRuns)
        }
        if sections.contains("url-only") {
            URLBenchmark.runBrowserURLOnly(corpus.urls, rounds: rounds)
        }
        if sections.contains("engine-only") {
            EngineBenchmark.runDecisionsOnly(corpus.urls, rounds: rounds, kind: kind)
        }
        if sections.contains("replay-only") {
            ReplayBenchmark.runReplayOnly(corpus.urls, navigations: navigations, workers: replayWorkers)
        }
    }
}

/// Times several bodies over the same items, interleaved round by round (so drift in the machine's
/// speed touches them alike), after one warm-up round each. Returns each body's median ns per item and
/// a checksum of what the bodies returned (consumed so nothing is optimized away). After each body, untimed:
/// `settle` (work a body left on another core is finished), then the heap is consolidated (HeapSettling), so
/// no body pays for memory another body freed.
func interleavedMedians(rounds: Int, items: Int, settle: () -> Void = {}, _ bodies: [() -> Int]) -> (medians: [Double], checksum: Int) {
    var samples = Array(repeating: [Double](), count: bodies.count)
    var checksum = 0
    for body in bodies { checksum &+= body(); settle(); HeapSettling.consolidate() }
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        for (index, body) in bodies.enumerated() {
            var result = 0
            let elapsed = clock.measure { result = body() }
            settle()
            HeapSettling.consolidate()
            checksum &+= result
            let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            samples[index].append(ns / Double(items))
        }
    }
    return (samples.map { $0.sorted()[$0.count / 2] }, checksum)
}

func formatted(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}
