// URLBenchmark.swift: BrowserURL's parse against Foundation's URL(string:) and URLComponents(string:)
// on the same URLs in the same run, interleaved. Each parser's result is consumed (a checksum) so
// nothing is optimized away. Issue target: BrowserURL at least 2.5× faster than URL(string:).
import BrowserURL
import Foundation

enum URLBenchmark {
    static func browserURL(_ urls: [String]) -> Int {
        var sum = 0
        for url in urls {
            if case .success(let parsed) = BrowserURL.parse(url) { sum &+= parsed.href.utf8.count }
        }
        return sum
    }

    /// Only BrowserURL, for profiling it alone (`bridge-bench url-only`).
    static func runBrowserURLOnly(_ urls: [String], rounds: Int) {
        let (medians, _) = interleavedMedians(rounds: rounds, items: urls.count, [{ browserURL(urls) }])
        print("BrowserURL.parse \(formatted(medians[0])) ns per URL")
    }

    /// Returns BrowserURL's median ns per URL (other sections compare against it).
    @discardableResult
    static func run(_ urls: [String], rounds: Int, corpusPath: String? = nil) -> Double {
        // ada 4, the fastest WHATWG parser, on the same corpus right before and after (its own process: the
        // anchor the workspace builds, never vendored here).
        let adaBefore = corpusPath.flatMap(adaNanoseconds)
        let (medians, checksum) = interleavedMedians(rounds: rounds, items: urls.count, [
            { browserURL(urls) },
            { urls.reduce(0) { $0 &+ (URL(string: $1) == nil ? 0 : 1) } },
            { urls.reduce(0) { $0 &+ (URLComponents(string: $1) == nil ? 0 : 1) } },
        ])
        let (browser, foundationURL, components) = (medians[0], medians[1], medians[2])
        print("")
        print("URL parsing, median of \(rounds) interleaved rounds over \(urls.count) URLs (ns per URL):")
        print("  BrowserURL.parse            \(formatted(browser))")
        print("  Foundation URL(string:)     \(formatted(foundationURL))   BrowserURL is \(formatted(foundationURL / browser, 2))× as fast")
        print("  URLComponents(string:)      \(formatted(components))   BrowserURL is \(formatted(components / browser, 2))× as fast")
        if let adaBefore, let adaAfter = corpusPath.flatMap(adaNanoseconds) {
            let ada = (adaBefore + adaAfter) / 2
            print("  ada 4.0 (anchor, same corpus, run before and after)  \(formatted(ada))   BrowserURL / ada: \(formatted(browser / ada, 2))×; target: at most 1.0×")
        } else {
            print("  ada 4.0 anchor: not built here (ADA_ANCHOR_DIR or ~/.cache/ada-anchor-shared/ada_bench)")
        }
        print("  (checksum \(checksum % 100_000))")
        return browser
    }

    /// The ada anchor's median ns per URL on a URL list, when its binary is on this machine.
    static func adaNanoseconds(_ corpusPath: String) -> Double? {
        let environment = ProcessInfo.processInfo.environment
        let directory = environment["ADA_ANCHOR_DIR"] ?? ((environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")) + "/ada-anchor-shared")
        let binary = directory + "/ada_bench"
        guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [corpusPath]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "… median 348.6 ns per URL …"
        guard let range = text.range(of: "median ") else { return nil }
        return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }
}

/// URLs whose hosts are internationalized: every IdnaTestV2 case (WPT) that is a valid non-ASCII host, as
/// `https://HOST/oauth/callback?code=…`, and the corpus's own non-ASCII URLs. BrowserURL's UTS #46 against
/// ada's own IDNA, on the same list, in the same run (`bridge-bench idn`).
enum IDNBenchmark {
    static func urls(corpus: [String]) -> [String] {
        var urls = corpus.filter { $0.utf8.contains { $0 >= 0x80 } }
        let path = "Fixtures/conformance/wpt-url/IdnaTestV2.json"
        // The suite escapes lone surrogates (a high one not followed by a low one, a low one not preceded by
        // a high one), which JSONSerialization refuses: read them as U+FFFD, as a browser's USVString
        // conversion does.
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
           let cases = try? JSONSerialization.jsonObject(with: Data(text.replacingOccurrences(
               of: #"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"#,
               with: #"\\ufffd"#, options: .regularExpression).utf8)) as? [Any] {
            for case let test as [String: Any] in cases {
                guard let input = test["input"] as? String, test["output"] is String,
                      input.utf8.contains(where: { $0 >= 0x80 }), !input.contains("\n") else { continue }
                urls.append("https://\(input)/oauth/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj")
            }
        }
        return urls
    }

    static func run(corpus: [String], rounds: Int) {
        let urls = urls(corpus: corpus)
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-idn-\(getpid()).txt")
        try? (urls.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let adaBefore = URLBenchmark.adaNanoseconds(list.path)
        let (medians, checksum) = interleavedMedians(rounds: rounds, items: urls.count, [{ URLBenchmark.browserURL(urls) }])
        print("")
        print("IDN hosts (UTS #46, Unicode \(BrowserURL.unicodeVersion)), median of \(rounds) rounds over \(urls.count) URLs (ns per URL):")
        print("  BrowserURL.parse            \(formatted(medians[0]))")
        if let adaBefore, let adaAfter = URLBenchmark.adaNanoseconds(list.path) {
            let ada = (adaBefore + adaAfter) / 2
            print("  ada 4.0 (its own IDNA, same list, run before and after)  \(formatted(ada))   BrowserURL / ada: \(formatted(medians[0] / ada, 2))×")
        } else {
            print("  ada 4.0 anchor: not built here (ADA_ANCHOR_DIR or ~/.cache/ada-anchor-shared/ada_bench)")
        }
        print("  (checksum \(checksum % 100_000))")
    }
}
