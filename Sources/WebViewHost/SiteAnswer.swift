// SiteAnswer.swift: a site file's answer as bytes on the wire, for both engines' stand-in networks: the
// WebKit host's (libsoup) and the Chromium host's (the DevTools protocol's Fetch.fulfillRequest). Written
// once here, apart from either engine, so the two serve a site identically.
import FlowInspector
import Foundation

enum SiteAnswer {
    /// Status, headers, body and what the transcript says of it (the file, the redirect, the reason).
    static func rendered(_ response: SiteResponse) -> (Int, [(String, String)], [UInt8], NetworkDetail?) {
        switch response {
        case .file(let path, let type):
            guard let data = FileManager.default.contents(atPath: path) else { return (500, [], statusBody(500), .unreadable(path: shortPath(path))) }
            return (200, [("Content-Type", type)], Array(data), .file(path: shortPath(path)))
        case .redirect(let location, let status):
            return (status, [("Location", location)], [], .redirect(location: location))
        case .status(let status):
            return (status, [("Content-Type", "text/plain")], statusBody(status), nil)
        case .refused(let refusal):
            // The page's own view of it is a plain 404; the run's report says why (NetworkDetail.notInSite).
            return (404, [("Content-Type", "text/plain")], statusBody(404), .notInSite(refusal))
        }
    }

    /// The body of an answer that is only a status, as a server's own error page says it ("404 Not Found"):
    /// what went wrong is the run's report's to say (NetworkDetail), not the page's.
    static func statusBody(_ status: Int) -> [UInt8] { Array("\(status) \(reason(status))\n".utf8) }

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
        case 502: return "Bad Gateway"
        default: return "Status"
        }
    }
}
