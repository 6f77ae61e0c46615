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
    static func run(_ urls: [String], rounds: Int) -> Double {
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
        print("  (checksum \(checksum % 100_000))")
        return browser
    }
}
