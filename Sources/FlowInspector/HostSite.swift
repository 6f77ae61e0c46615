// HostSite.swift: a site file: where pages are served, read by `bridge host` (what it serves, and
// under which URLs) and by `bridge inspect` (the URL a page file is served under). The hosted view reaches no network:
// every request goes to the stand-in network, which asks the site: a directory or file of the project
// under a URL prefix (the app's pages under the app's origin), a redirect, a bare status, or nothing (the
// request is refused and reported). A site is read from a site file (bridge-site.json, format below) or
// made for one page: its directory under one origin. Plain Swift, no WebKit: tested without the trait.
//
//   {"version": 1, "origin": "https://yourdomain.com",
//    "routes": {"https://yourdomain.com/": "./",                        a directory (key ends in "/")
//               "https://cdn.example/load.js": "stand-in/widget.js",  a file
//               "https://yourdomain.com/api/x": {"file": "x.json", "type": "application/json"},
//               "https://yourdomain.com/post": {"redirect": "myapp://done", "status": 302},
//               "https://yourdomain.com/gone": {"status": 410}}}
//
// Paths are relative to the site file. A URL matches a key when the key is the URL's origin and path
// (query and fragment ignored), or a prefix of it ending in "/"; the longest key wins.
import InputProblems
import InputFiles
import BrowserURL
import JSONText
import NavigationPolicy
import Foundation

/// What the stand-in network answers one request with.
package enum SiteResponse: Sendable, Hashable {
    case file(path: String, contentType: String)
    case redirect(location: String, status: Int)
    case status(Int)
    /// No route: the request would have left the machine.
    case refused(SiteRefusal)

    package var isRefused: Bool { if case .refused = self { return true } else { return false } }
}

/// Why the site has nothing for a request.
package enum SiteRefusal: Sendable, Hashable {
    /// Not an http(s) URL.
    case notWebURL
    /// No route names this origin and path.
    case noRoute(origin: String, path: String)
}

/// A site file that cannot be used: the file, the key path (`routes.https://a.example/x.status`) and the
/// problem, a value the output module words.
package struct HostSiteError: JSONDocumentError, Sendable, Hashable {
    package var file: String
    package var keyPath: String
    package var problem: HostSiteProblem

    package init(file: String = "", keyPath: String, _ problem: HostSiteProblem) {
        self.file = file
        self.keyPath = keyPath
        self.problem = problem
    }

    package init(keyPath: String, reading problem: JSONReadProblem) { self.init(keyPath: keyPath, .json(problem)) }
}

/// What is wrong with a site file.
package enum HostSiteProblem: Sendable, Hashable {
    /// The file could not be read, and why.
    case unreadable(InputFileProblem)
    /// What any document of ours may get wrong (JSONDocument's reading).
    case json(JSONReadProblem)
    case unsupportedVersion(Int)
    /// The origin is not one (a scheme and a host, no path).
    case notAnOrigin(String)
    /// A route's key that is not an http(s) URL.
    case keyNotWebURL
    /// A route's key with a query or fragment (routes match origin and path).
    case keyHasQueryOrFragment
    /// A path (as written) that does not exist, relative to the site file.
    case missingFile(String)
    case directoryNeedsSlashKey
    case slashKeyNeedsDirectory
    case notAStatus(Int)
    /// A redirect's status that is not a redirect's.
    case notARedirectStatus(Int)
    /// A route object that says neither file, redirect nor status.
    case noTarget
}

package struct HostSite: Sendable {
    package enum Target: Sendable, Hashable {
        case directory(String)
        case file(String, contentType: String?)
        case redirect(String, status: Int)
        case status(Int)
    }

    /// The origin a page is served under when only its path is known.
    package let origin: String
    /// Route keys (origin + path) and targets, longest key first.
    package let routes: [(key: String, target: Target)]
    /// The hosts the site serves (the stand-in certificate is trusted for these, and only these).
    package let hosts: Set<String>

    package init(origin: String, routes: [(String, Target)]) {
        self.origin = origin
        self.routes = routes.map { (key: $0.0, target: $0.1) }.sorted { $0.key.count > $1.key.count }
        hosts = Set(routes.compactMap { (try? BrowserURL.parse($0.0).get())?.hostname })
    }

    /// One page's directory under an origin: `bridge host page.html` without a site file.
    package static func directory(_ directory: String, origin: String) -> HostSite {
        HostSite(origin: origin, routes: [(origin + "/", .directory(directory))])
    }

    /// The keys of a site file, and of a route's object.
    enum SiteKey: String, JSONDocumentKey { case version, description, origin, routes }
    enum RouteKey: String, JSONDocumentKey { case file, type, redirect, status }

    /// Reads a site file; paths in it are relative to its directory.
    package static func load(path: String) throws(HostSiteError) -> HostSite {
        let raw: Data
        do { raw = Data(try InputFile.read(path)) } catch { throw HostSiteError(file: path, keyPath: "", .unreadable(error)) }
        do {
            return try read([UInt8](raw), base: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    static func read(_ bytes: [UInt8], base: String) throws(HostSiteError) -> HostSite {
        let site = try JSONObjectReader<SiteKey, HostSiteError>(JSONDocument.object(fileBytes: bytes, as: HostSiteError.self), at: "")
        _ = try site.string(.description)
        let version = try site.required(.version, site.wholeNumber)
        guard version == 1 else { throw HostSiteError(keyPath: "version", .unsupportedVersion(version)) }
        let originText = try site.required(.origin, site.string)
        guard let origin = Self.origin(of: originText), origin == originText else { throw HostSiteError(keyPath: "origin", .notAnOrigin(originText)) }
        let table = try JSONRead<HostSiteError>.members(site.required(.routes, site.value), at: "routes")
        var routes: [(String, Target)] = []
        for (key, value) in table.sorted(by: { $0.key < $1.key }) {
            let at = JSONKeyPath.member(key, of: "routes")
            guard let url = try? BrowserURL.parse(key).get(), url.scheme == "http" || url.scheme == "https" else {
                throw HostSiteError(keyPath: at, .keyNotWebURL)
            }
            guard url.search.isEmpty, url.hash.isEmpty else { throw HostSiteError(keyPath: at, .keyHasQueryOrFragment) }
            let normalized = url.origin + url.pathname
            routes.append((normalized, try Self.target(value, base: base, isPrefix: normalized.hasSuffix("/"), at: at)))
        }
        return HostSite(origin: origin, routes: routes)
    }

    private static func target(_ value: JSONValue, base: String, isPrefix: Bool, at: String) throws(HostSiteError) -> Target {
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") ? relative : URL(fileURLWithPath: base).appendingPathComponent(relative).standardized.path
        }
        if case .string(let relative) = value {
            var isDirectory: ObjCBool = false
            let resolved = resolve(relative)
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
                throw HostSiteError(keyPath: at, .missingFile(relative))
            }
            if isPrefix != isDirectory.boolValue {
                throw HostSiteError(keyPath: at, isPrefix ? .slashKeyNeedsDirectory : .directoryNeedsSlashKey)
            }
            return isDirectory.boolValue ? .directory(resolved) : .file(resolved, contentType: nil)
        }
        let route = try JSONObjectReader<RouteKey, HostSiteError>(value, at: at)
        let status = try route.wholeNumber(.status)
        if let status, !(100...599).contains(status) { throw HostSiteError(keyPath: route.path(.status), .notAStatus(status)) }
        let type = try route.string(.type)
        if let file = try route.string(.file) {
            guard FileManager.default.fileExists(atPath: resolve(file)) else { throw HostSiteError(keyPath: route.path(.file), .missingFile(file)) }
            return .file(resolve(file), contentType: type)
        }
        if let location = try route.string(.redirect) {
            let code = status ?? 302
            guard [301, 302, 303, 307, 308].contains(code) else { throw HostSiteError(keyPath: route.path(.status), .notARedirectStatus(code)) }
            return .redirect(location, status: code)
        }
        if let status { return .status(status) }
        throw HostSiteError(keyPath: at, .noTarget)
    }

    /// `scheme://host[:port]` of an http(s) URL, or nil.
    package static func origin(of text: String) -> String? {
        guard let url = try? BrowserURL.parse(text).get(), url.scheme == "http" || url.scheme == "https" else { return nil }
        return url.origin
    }

    /// What a request for this URL gets.
    package func respond(to urlText: String) -> SiteResponse {
        guard let url = try? BrowserURL.parse(urlText).get(), url.scheme == "http" || url.scheme == "https" else {
            return .refused(.notWebURL)
        }
        let key = url.origin + url.pathname
        for route in routes {
            if route.key == key {
                return response(route.target, rest: "")
            }
            if route.key.hasSuffix("/"), key.hasPrefix(route.key) {
                return response(route.target, rest: String(key.dropFirst(route.key.count)))
            }
        }
        return .refused(.noRoute(origin: url.origin, path: url.pathname))
    }

    private func response(_ target: Target, rest: String) -> SiteResponse {
        switch target {
        case .file(let path, let type): return .file(path: path, contentType: type ?? Self.contentType(path))
        case .redirect(let location, let status): return .redirect(location: location, status: status)
        case .status(let status): return .status(status)
        case .directory(let directory):
            var relative = PercentEncoding.decode(rest)
            if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
            // Never above the directory: no "..", no absolute paths.
            let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
            if parts.contains(where: { $0 == ".." || $0 == "." }) { return .status(403) }
            let path = URL(fileURLWithPath: directory).appendingPathComponent(parts.joined(separator: "/")).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return .status(404) }
            return .file(path: path, contentType: Self.contentType(path))
        }
    }

    /// The URL a project file is served under, if any route serves it.
    package func url(forFile path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardized.path
        for route in routes.reversed() {
            switch route.target {
            case .file(let file, _) where file == absolute: return route.key
            case .directory(let directory):
                let prefix = directory.hasSuffix("/") ? directory : directory + "/"
                if absolute.hasPrefix(prefix) {
                    let relative = absolute.dropFirst(prefix.count).split(separator: "/").map {
                        PercentEncoding.encodeRFC3986Path(String($0))
                    }
                    return route.key + relative.joined(separator: "/")
                }
            default: continue
            }
        }
        return nil
    }

    static func contentType(_ path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
