// PageFetcher.swift: fetches pages for the inspector as a WebView would: a mobile user agent that opts in
// to Janrain's native bridge, a time limit, and a size limit applied while the body is received and
// decompressed (the CPageFetch shim over libcurl stops the transfer at the first byte past it, so a small
// gzip body that inflates to gigabytes costs the limit, not the gigabytes). Error messages name the URL
// as given; the report masks its secrets.
import BrowserURL
import CPageFetch

package struct PageFetcher: Sendable {
    package static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 janrainNativeAppBridgeEnabled bridge/0.1"
    package var timeout: Double
    package var maxBytes: Int

    package init(timeout: Double, maxBytes: Int) {
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    package func fetch(_ url: BrowserURL) -> Result<[UInt8], InputError> {
        guard url.scheme == "http" || url.scheme == "https" else {
            return .failure(InputError(input: url.href, .notHTTP))
        }
        var result = page_fetch_result()
        let code = page_fetch(url.href, Self.userAgent, Int(timeout * 1000), max(0, maxBytes), &result)
        defer { page_fetch_free(&result) }
        if result.over_limit != 0 {
            return .failure(InputError(input: url.href, .fetchedTooLarge(limit: maxBytes)))
        }
        if code != 0 {
            let message = withUnsafeBytes(of: result.error) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failure(InputError(input: url.href, .notFetched(message)))
        }
        if !(200..<300).contains(Int(result.status)) {
            return .failure(InputError(input: url.href, .httpStatus(result.status)))
        }
        guard let body = result.body else { return .success([]) }
        return .success(Array(UnsafeBufferPointer(start: body, count: result.length)))
    }

    /// Whether a resource answers 2xx (for xd_receiver); nil when it cannot be told.
    package func exists(_ url: BrowserURL) -> Bool? {
        switch fetch(url) {
        case .success: return true
        case .failure(let error):
            if case .httpStatus = error.reason { return false }
            return nil
        }
    }
}
