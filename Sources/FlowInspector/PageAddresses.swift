// PageAddresses.swift: the URL a page file is served under, which the checks that compare a page with its
// own origin need (a local xd_receiver, a redirect_uri on the page's host). In order: under a given origin
// (the page's path below the directory it was found in), as a bridge-site.json beside it says, or at a
// sentinel's redirect URI whose last path segment is the page's name; else unknown, and those checks do
// not guess. A site file is read once, however many pages sit beside it; one that cannot be read is an
// input error naming it, and its pages are inspected with their origin unknown.
import BrowserURL
import Foundation
import NavigationPolicy

package struct PageAddresses {
    let origin: String?
    let engine: PolicyEngine?
    private var sites: [String: HostSite?] = [:]

    /// - origin: the origin every page file is served under (`--origin`), or nil.
    package init(origin: String?, engine: PolicyEngine?) {
        self.origin = origin
        self.engine = engine
    }

    /// The URL of the page file at `path`, found under the directory `root` (nil: given by itself). A site
    /// file beside it that cannot be read is added to `errors` the first time.
    package mutating func url(ofFile path: String, root: String?, errors: inout [InputError]) -> BrowserURL? {
        // A page from standard input has no name and no folder: the origin's own page, if one is given.
        if path == "-" { return origin.flatMap { BrowserURL($0) } }
        let name = (path as NSString).lastPathComponent
        if let origin {
            var relative = Substring(name)
            if let root, path.hasPrefix(root) { relative = path.dropFirst(root.count).drop { $0 == "/" } }
            return BrowserURL(origin.hasSuffix("/") ? origin + relative : origin + "/" + relative)
        }
        let beside = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("bridge-site.json")
        if sites[beside] == nil {
            if FileManager.default.fileExists(atPath: beside) {
                do { sites[beside] = .some(try HostSite.load(path: beside)) } catch {
                    sites[beside] = .some(nil)
                    errors.append(InputError(input: beside, .siteFile(error)))
                }
            } else {
                sites[beside] = .some(nil)
            }
        }
        if let site = sites[beside] ?? nil, let url = site.url(forFile: path).flatMap({ BrowserURL($0) }) {
            return url
        }
        return engine?.rules.sentinels.first { $0.redirectURI.pathname.split(separator: "/").last.map(String.init) == name }?.redirectURI
    }
}
