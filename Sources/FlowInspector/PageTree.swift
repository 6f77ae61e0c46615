// PageTree.swift: what `bridge inspect` is given, inspected as a whole: page files, every .html/.htm under
// a directory (in sorted order), and http(s) URLs (fetched). A file's address is found by PageAddresses
// (--origin, a site file beside it, a sentinel naming it). An input that cannot be read is an error in the
// result and the others are still inspected, so one bad path never hides the rest.
import InputFiles
import BrowserURL
import Foundation

extension Inspector {
    /// Inspects every page `inputs` name; `origin` is the origin page files are served under, if given;
    /// a URL is fetched within `fetchTimeout` seconds.
    package func inspect(inputs: [String], origin: String?, fetchTimeout: Double) -> InspectionResult {
        var result = InspectionResult()
        var addresses = PageAddresses(origin: origin, engine: engine)
        for input in inputs {
            for source in PageSource.expand(input, errors: &result.errors) {
                let outcome: Result<[Finding], InputError>
                switch source {
                case .file(let path, let root):
                    let address = addresses.url(ofFile: path, root: root, errors: &result.errors)
                    outcome = inspect(file: path, pageURL: address)
                case .url(let url):
                    let fetcher = PageFetcher(timeout: fetchTimeout, maxBytes: maxBytes)
                    switch fetcher.fetch(url) {
                    case .success(let bytes):
                        outcome = inspect(bytes: bytes, name: url.href, directory: nil, pageURL: url, fetch: { fetcher.exists($0) })
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
        return result
    }
}

/// One page an input names.
enum PageSource {
    /// A page file, and the directory it was found under (its path below it is its path under --origin).
    case file(String, root: String?)
    case url(BrowserURL)

    /// A file, every .html/.htm under a directory (sorted), or a URL.
    static func expand(_ input: String, errors: inout [InputError]) -> [PageSource] {
        let lowered = input.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = BrowserURL(input) else {
                errors.append(InputError(input: input, .notAURL))
                return []
            }
            return [.url(url)]
        }
        // "-": the page from standard input (read like a file, as a pipe or a process substitution is).
        if input == "-" { return [.file(input, root: nil)] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            errors.append(InputError(input: input, .noSuchFile))
            return []
        }
        guard isDirectory.boolValue else { return [.file(input, root: nil)] }
        let files = InputFile.files(under: input, withExtensions: [".html", ".htm"])
        if files.isEmpty { errors.append(InputError(input: input, .noPages)) }
        return files.map { PageSource.file($0, root: input) }
    }
}
