// Inspector.swift: inspects pages: guards the input (binary, empty, too large, invalid UTF-8), builds the
// page model, runs every check, and returns findings with their positions, secrets masked. An input that
// cannot be read is an InputError; the other inputs are still inspected.
import InputProblems
import BrowserURL
import Foundation
import InputFiles
import NavigationPolicy

/// An input that could not be inspected at all, and why (the words: InputErrorText.swift).
package struct InputError: Error, Sendable, Hashable {
    package enum Reason: Sendable, Hashable {
        case noSuchFile
        /// The file could not be read, and why.
        case unreadable(InputFileProblem)
        /// A directory with no page in it.
        case noPages
        case notAURL
        /// A page file past --max-bytes.
        case tooLarge(bytes: Int, limit: Int)
        /// A fetched page past --max-bytes, counted as it arrived (decompressed).
        case fetchedTooLarge(limit: Int)
        case binary
        case noDocument
        case notHTTP
        /// libcurl's own words.
        case notFetched(String)
        case httpStatus(Int)
        /// A bridge-site.json beside the pages that cannot be used.
        case siteFile(HostSiteError)

        /// The stable code transcripts name the reason by (`--format json`'s `code`).
        package var code: String {
            switch self {
            case .noSuchFile: "no-such-file"
            case .unreadable: "unreadable"
            case .noPages: "no-pages"
            case .notAURL: "not-a-url"
            case .tooLarge, .fetchedTooLarge: "too-large"
            case .binary: "binary"
            case .noDocument: "no-document"
            case .notHTTP: "not-http"
            case .notFetched: "not-fetched"
            case .httpStatus: "http-status"
            case .siteFile: "bad-site-file"
            }
        }
    }

    package var input: String
    package var reason: Reason

    package init(input: String, _ reason: Reason) {
        self.input = input
        self.reason = reason
    }
}

package struct InspectionResult: Sendable {
    package var findings: [Finding] = []
    package var errors: [InputError] = []
    /// How many pages were inspected.
    package var pages = 0

    package init() {}
}

package struct Inspector: Sendable {
    /// The largest page read (bytes); larger inputs are refused with an error, so memory stays bounded.
    package var maxBytes: Int
    package var engine: PolicyEngine?

    package init(engine: PolicyEngine? = nil, maxBytes: Int = 20 * 1024 * 1024) {
        self.engine = engine
        self.maxBytes = maxBytes
    }

    /// Inspects a page's bytes. `name` is what findings carry; `directory` is where sibling files are
    /// looked up (nil for fetched pages); `pageURL` is the page's address when it was fetched.
    package func inspect(bytes original: [UInt8], name: String, directory: String?, pageURL: BrowserURL? = nil,
                        fetch: (@Sendable (BrowserURL) -> Bool?)? = nil) -> Result<[Finding], InputError> {
        if original.count > maxBytes {
            return .failure(InputError(input: name, .tooLarge(bytes: original.count, limit: maxBytes)))
        }
        // Decoded as a browser would (a byte-order mark, a <meta> charset), into UTF-8.
        let decoded = PageEncoding.decode(original)
        var bytes = decoded.bytes
        if Self.looksBinary(bytes) {
            return .failure(InputError(input: name, .binary))
        }
        var findings: [Finding] = []
        let start = SourcePosition(line: 1, column: 1)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            findings.append(finding(CheckCatalogue.emptyPage, in: name, at: start, .emptyPage))
            return .success(findings)
        }
        if let invalid = Self.firstInvalidUTF8(bytes) {
            let position = SourceMap(bytes).position(of: invalid)
            findings.append(finding(CheckCatalogue.invalidUTF8, in: name, at: position,
                                    .invalidUTF8(byte: bytes[invalid], offset: invalid, declaredCharset: decoded.undecoded)))
            // Read on as the browser reads it, and as the finding says: libxml2, given the bad bytes, would take
            // the rest of the page for Latin-1, formatting an error for each bad byte as it went.
            bytes = PageEncoding.replacingInvalidUTF8(bytes)
        }
        // A start tag with more attributes than libxml2 can take in reasonable time is cut (and reported).
        let guarded = AttributeGuard.apply(bytes)
        if !guarded.cuts.isEmpty {
            let map = SourceMap(bytes)
            for cut in guarded.cuts {
                findings.append(finding(CheckCatalogue.tooManyAttributes, in: name, at: map.position(of: cut.offset),
                                        .tooManyAttributes(tag: cut.tag, count: cut.attributes, limit: AttributeGuard.limit)))
            }
        }
        let page = FlowPageBuilder.build(name: name, bytes: guarded.bytes, pageURL: pageURL, directory: directory)
        if page.unparsed {
            return .failure(InputError(input: name, .noDocument))
        }
        let context = InspectionContext(engine: engine, resourceExists: { relative, page in
            if let directory = page.directory {
                let path = relative.split(separator: "?").first.map(String.init) ?? relative
                return FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(path))
            }
            if let base = page.pageURL, let fetch, let url = BrowserURL(relative, base: base) { return fetch(url) }
            return nil
        })
        // The checks only read the page: they run on every core, and their hits are taken in catalogue order.
        let checks = CheckCatalogue.all.filter { !$0.needsRules || engine != nil }
        let spread = ParallelMap.isWorthSpreading(pageBytes: guarded.bytes.count)
        let hits = ParallelMap.map(checks, chunks: spread ? checks.count : 1) { $0.run(page, context) }
        DeferredRelease.release(consume page, pageBytes: guarded.bytes.count)
        for (check, hits) in zip(checks, hits) {
            for hit in hits {
                findings.append(finding(check, in: name, at: hit.position, hit.detail))
            }
        }
        // In order of place and check, and one finding per place, check and message (a callback named by two
        // iframes is one problem). Sorted first (the sort is stable): equal findings then sit in one run of the
        // same place and check, the first made first, so each is compared only with that run, not hashed.
        findings.sort { ($0.position, $0.check) < ($1.position, $1.check) }
        var unique: [Finding] = []
        unique.reserveCapacity(findings.count)
        var runStart = 0
        for finding in findings {
            if let last = unique.last, last.position != finding.position || last.check != finding.check { runStart = unique.count }
            if !unique[runStart...].contains(finding) { unique.append(finding) }
        }
        return .success(unique)
    }

    /// A finding of `check`: what it found, where.
    private func finding(_ check: InspectorCheck, in name: String, at position: SourcePosition, _ detail: FindingDetail) -> Finding {
        Finding(file: name, position: position, severity: check.severity, check: check.id, detail: detail)
    }

    /// Inspects a file on disk. `pageURL` is the address it is served under, when that is known (an
    /// --origin, a site file, a sentinel naming it); checks that need the page's origin skip what they
    /// cannot tell without it rather than guess.
    package func inspect(file path: String, pageURL: BrowserURL? = nil) -> Result<[Finding], InputError> {
        let data: [UInt8]
        do { data = try InputFile.read(path) } catch .notFound {
            return .failure(InputError(input: path, .noSuchFile))
        } catch {
            return .failure(InputError(input: path, .unreadable(error)))
        }
        let directory = path == "-" ? "" : (path as NSString).deletingLastPathComponent
        return inspect(bytes: data, name: path, directory: directory.isEmpty ? "." : directory, pageURL: pageURL)
    }

    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8192).contains(0)
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil. ASCII is skipped eight bytes
    /// at a time (a page is mostly ASCII).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidUTF8(in: $0) }
    }

    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            if i + 8 <= n, let base = bytes.baseAddress,
               UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            if b & 0xE0 == 0xC0 && b >= 0xC2 { length = 2 }
            else if b & 0xF0 == 0xE0 { length = 3 }
            else if b & 0xF8 == 0xF0 && b <= 0xF4 { length = 4 }
            else { return i }
            guard i + length <= n else { return i }
            for j in 1..<length where bytes[i + j] & 0xC0 != 0x80 { return i }
            if length == 3 {
                let c = bytes[i + 1]
                if (b == 0xE0 && c < 0xA0) || (b == 0xED && c >= 0xA0) { return i }
            }
            if length == 4 {
                let c = bytes[i + 1]
                if (b == 0xF0 && c < 0x90) || (b == 0xF4 && c >= 0x90) { return i }
            }
            i += length
        }
        return nil
    }
}
