// SiteAnswer.swift: a site file's answer as bytes on the wire, for both engines' stand-in networks: the
// WebKit host's (libsoup) and the Chromium host's (the DevTools protocol's Fetch.fulfillRequest). Written
// once here, apart from either engine, so the two serve a site identically.
import FlowInspector
import Foundation

enum SiteAnswer {
    /// Status, headers, body and what the transcript says of it (the file, the redirect, the reason).
    static func rendered(_ response: SiteResponse) -> (Int, [(String, String)], [UInt8], String?) {
        switch response {
        case .file(let path, let type):
            guard let data = FileManager.default.contents(atPath: path) else { return (500, [], Array("cannot read \(path)".utf8), path) }
            return (200, [("Content-Type", type)], Array(data), shortPath(path))
        case .redirect(let location, let status):
            return (status, [("Location", location)], [], "→ \(location)")
        case .status(let status):
            return (status, [("Content-Type", "text/plain")], Array("\(status) \(reason(status))\n".utf8), nil)
        case .refused(let reason):
            return (404, [("Content-Type", "text/plain")], Array("bridge host: \(reason)\n".utf8), reason)
        }
    }

    static func shortPath(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}
