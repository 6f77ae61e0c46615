// PageFetcher.swift: fetches pages for the inspector as a WebView would: a mobile user agent that opts in
// to Janrain's native bridge, a time limit, and a size limit (the body is refused once it passes the
// limit). Error messages name the URL as given; the report masks its secrets.
import BrowserURL
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct PageFetcher: Sendable {
    public static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 janrainNativeAppBridgeEnabled bridge/0.1"
    public var timeout: Double
    public var maxBytes: Int

    public init(timeout: Double, maxBytes: Int) {
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    public func fetch(_ url: BrowserURL) -> Result<[UInt8], InputError> {
        guard let foundationURL = URL(string: url.href) else {
            return .failure(InputError(input: url.href, message: "not a URL Foundation can fetch"))
        }
        var request = URLRequest(url: foundationURL, timeoutInterval: timeout)
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        let box = ResponseBox()
        let semaphore = DispatchSemaphore(value: 0)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            semaphore.signal()
        }
        task.resume()
        if semaphore.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failure(InputError(input: url.href, message: "no answer within \(timeout) s"))
        }
        session.finishTasksAndInvalidate()
        let (data, status, error) = box.get()
        if let error { return .failure(InputError(input: url.href, message: "cannot be fetched: \(error.localizedDescription)")) }
        if let status, !(200..<300).contains(status) {
            return .failure(InputError(input: url.href, message: "HTTP status \(status)"))
        }
        guard let data else { return .failure(InputError(input: url.href, message: "no body")) }
        if data.count > maxBytes {
            return .failure(InputError(input: url.href, message: "the page is \(data.count) bytes; the limit is \(maxBytes) (--max-bytes)"))
        }
        return .success([UInt8](data))
    }

    /// Whether a resource answers 2xx (for xd_receiver); nil when it cannot be told.
    public func exists(_ url: BrowserURL) -> Bool? {
        switch fetch(url) {
        case .success: return true
        case .failure(let error): return error.message.hasPrefix("HTTP status") ? false : nil
        }
    }
}

/// The completion handler's results, handed across threads under a lock.
final class ResponseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var status: Int?
    private var error: Error?

    func set(data: Data?, status: Int?, error: Error?) {
        lock.lock(); defer { lock.unlock() }
        (self.data, self.status, self.error) = (data, status, error)
    }

    func get() -> (Data?, Int?, Error?) {
        lock.lock(); defer { lock.unlock() }
        return (data, status, error)
    }
}
