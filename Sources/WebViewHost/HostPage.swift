// HostPage.swift: what `bridge host PAGE` loads and serves. A URL is loaded as it is (a site file may add
// routes); a page file is served by a site file (--site, else a bridge-site.json beside it), else its
// directory under an origin (--origin, else the rules' first plain https allow origin), so its relative
// paths work. Plain Swift, no WebKit: tested without the trait.
import BrowserURL
import FlowInspector
import Foundation
import NavigationPolicy
import SensitiveText

package enum HostPage {
    /// Why a page cannot be hosted as asked; each says what to do.
    package enum Problem: Error, Sendable, Hashable {
        case originForURL
        case notAPage(String)
        case site(HostSiteError)
        case notAnOrigin(String)
        case noRoute(String)


    }

    /// The options that load `page`: its URL and the site the stand-in network serves.
    package static func options(page: String, site sitePath: String?, origin: String?, rules: Rules) throws(Problem) -> HostOptions {
        if page.hasPrefix("http://") || page.hasPrefix("https://"), HostSite.origin(of: page) != nil {
            if origin != nil { throw .originForURL }
            var options = HostOptions(startURL: page)
            if let sitePath { options.site = try load(sitePath) }
            return options
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: page, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .notAPage(page)
        }
        let directory = URL(fileURLWithPath: page).deletingLastPathComponent().path
        let beside = directory + "/bridge-site.json"
        let site: HostSite
        if let sitePath {
            site = try load(sitePath)
        } else if origin == nil, FileManager.default.fileExists(atPath: beside) {
            site = try load(beside)
        } else {
            let originText = origin ?? defaultOrigin(rules)
            let trimmed = originText.hasSuffix("/") ? String(originText.dropLast()) : originText
            guard let parsed = HostSite.origin(of: originText), parsed == trimmed else { throw .notAnOrigin(originText) }
            site = HostSite.directory(directory, origin: parsed)
        }
        guard let url = site.url(forFile: page) else { throw .noRoute(page) }
        var options = HostOptions(startURL: url)
        options.site = site
        return options
    }

    /// The rules' first allow entry that is one https origin (no wildcard), else a name that is nobody's.
    package static func defaultOrigin(_ rules: Rules) -> String {
        for pattern in rules.allow where pattern.scheme == "https" && !pattern.isWildcard {
            return pattern.port.map { $0 == 443 ? "https://\(pattern.host)" : "https://\(pattern.host):\($0)" } ?? "https://\(pattern.host)"
        }
        return "https://bridge-host.invalid"
    }

    private static func load(_ path: String) throws(Problem) -> HostSite {
        do { return try HostSite.load(path: path) } catch { throw .site(error) }
    }
}
