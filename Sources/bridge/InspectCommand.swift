// InspectCommand.swift: `bridge inspect` checks served HTML flow pages (files, directories, http(s) URLs)
// for what breaks a WebView sign-in, compiler style, as JSON lines, or as SARIF 2.1.0.
import ArgumentParser
import BrowserURL
import FlowInspector
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NavigationPolicy

enum InspectFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif
}

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Check served sign-in flow pages for what breaks them in a WebView.",
        discussion: """
            Each input is a file, a directory (every .html and .htm under it) or an http(s) URL (fetched as \
            a WebView would, with a user agent that contains janrainNativeAppBridgeEnabled). Findings are \
            printed as file:line:col: severity: message [check]. --list-checks prints every check with its \
            rationale.

            Exit status: 0 when there are no errors, 1 when errors were found, 2 when an input could not be \
            read or the usage is wrong (the other inputs are still inspected).

            Example:
              bridge inspect --rules Fixtures/rules/capture.json web/
            """
    )

    @Option(name: .long, help: "The app's rules file: cross-check the page's redirect_uri and custom schemes against it.")
    var rules: String?

    @Option(name: .long, help: "Output format: text, json (one object per finding) or sarif (SARIF 2.1.0).")
    var format: InspectFormat = .text

    @Flag(name: .long, help: "Show secret parameter values instead of masking them.")
    var reveal = false

    @Option(name: .long, help: "The largest page read, in bytes.")
    var maxBytes = 20 * 1024 * 1024

    @Option(name: .long, help: "Seconds to wait for a fetched page.")
    var timeout = 10.0

    @Flag(name: .long, help: "List the checks and exit.")
    var listChecks = false

    @Argument(help: "Files, directories or http(s) URLs of pages.")
    var inputs: [String] = []

    func validate() throws {
        if inputs.isEmpty && !listChecks { throw ValidationError("Give at least one file, directory or URL to inspect.") }
    }

    func run() throws {
        if listChecks {
            for check in CheckCatalogue.all + CheckCatalogue.inputChecks {
                print("\(check.id) (\(check.severity.rawValue)\(check.needsRules ? ", with --rules" : "")): \(check.summary)")
                print("    \(check.rationale)")
            }
            return
        }
        var engine: PolicyEngine? = nil
        if let rules {
            do { engine = try PolicyEngine(rulesFile: rules) } catch { throw UsageError("rules: \(error)") }
        }
        let inspector = Inspector(engine: engine, maxBytes: maxBytes, redactor: Redactor(isEnabled: !reveal))
        var result = InspectionResult()
        for input in inputs {
            for source in expand(input, errors: &result.errors) {
                let outcome: Result<[Finding], InputError>
                switch source {
                case .file(let path): outcome = inspector.inspect(file: path)
                case .url(let url):
                    let fetcher = PageFetcher(timeout: timeout, maxBytes: maxBytes)
                    switch fetcher.fetch(url) {
                    case .success(let bytes):
                        outcome = inspector.inspect(bytes: bytes, name: url.href, directory: nil, pageURL: url,
                                                    fetch: { fetcher.exists($0) })
                    case .failure(let error): outcome = .failure(error)
                    }
                }
                switch outcome {
                case .success(let findings):
                    result.pages += 1
                    result.findings += findings
                case .failure(let error):
                    result.errors.append(error)
                }
            }
        }
        report(result)
        if !result.errors.isEmpty { throw ExitCode(2) }
        if result.findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    enum Source {
        case file(String)
        case url(BrowserURL)
    }

    /// A file, every .html/.htm under a directory (sorted), or a URL.
    func expand(_ input: String, errors: inout [InputError]) -> [Source] {
        let lowered = input.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = BrowserURL(input) else {
                errors.append(InputError(input: input, message: "not a URL"))
                return []
            }
            return [.url(url)]
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            errors.append(InputError(input: input, message: "no such file or directory"))
            return []
        }
        guard isDirectory.boolValue else { return [.file(input)] }
        let enumerator = FileManager.default.enumerator(atPath: input)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let name = relative.lowercased()
            if name.hasSuffix(".html") || name.hasSuffix(".htm") {
                files.append((input as NSString).appendingPathComponent(relative))
            }
        }
        if files.isEmpty { errors.append(InputError(input: input, message: "holds no .html or .htm file")) }
        return files.sorted().map(Source.file)
    }

    func report(_ result: InspectionResult) {
        switch format {
        case .sarif:
            FileHandle.standardOutput.write(SARIFReport.json(result, toolVersion: Bridge.configuration.version))
            print("")
        case .json:
            for finding in result.findings {
                var object = JSONObject()
                object.add("file", .string(finding.file))
                object.add("line", .int(finding.position.line))
                object.add("column", .int(finding.position.column))
                object.add("severity", .string(finding.severity.rawValue))
                object.add("check", .string(finding.check))
                object.add("message", .string(finding.message))
                print(object.line)
            }
            for error in result.errors {
                var object = JSONObject()
                object.add("file", .string(error.input))
                object.add("error", .string(error.message))
                print(object.line)
            }
        case .text:
            for finding in result.findings {
                print("\(finding.file):\(finding.position.line):\(finding.position.column): \(finding.severity.rawValue): \(finding.message) [\(finding.check)]")
            }
            let count = { (severity: Severity) in result.findings.filter { $0.severity == severity }.count }
            var summary = "\(result.pages) page\(result.pages == 1 ? "" : "s") inspected: \(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), \(count(.note)) note\(count(.note) == 1 ? "" : "s")"
            if !result.errors.isEmpty { summary += "; \(result.errors.count) input\(result.errors.count == 1 ? "" : "s") not read" }
            print(summary)
        }
        for error in result.errors {
            FileHandle.standardError.write(Data("bridge inspect: \(error)\n".utf8))
        }
    }
}

/// Fetches pages as a WebView would: a mobile user agent that opts in to Janrain's native bridge, a time
/// limit, and a size limit (the body is refused once it passes the limit).
struct PageFetcher: Sendable {
    static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 janrainNativeAppBridgeEnabled bridge/0.1"
    var timeout: Double
    var maxBytes: Int

    func fetch(_ url: BrowserURL) -> Result<[UInt8], InputError> {
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
    func exists(_ url: BrowserURL) -> Bool? {
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
