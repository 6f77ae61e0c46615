// EmulatorHTTP.swift: a request and a response as the emulator's route handlers see them: pure functions
// of the state, written once per provider, on Hummingbird's own types (the method, the header fields, the
// router's path parameters) with the body already read; EmulatorRouter makes this request from Hummingbird's
// and this response into Hummingbird's. Bodies are read as forms or JSON, the way each
// provider's endpoint takes them; a body that is neither is the caller's mistake, not a crash.
import BrowserURL
import Foundation
import NavigationPolicy
import HTTPTypes
import Hummingbird
import JSONText

package struct EmulatorRequest: Sendable {
    /// Hummingbird's types for a method and header fields, named here for a client that imports only the emulator.
    package typealias Method = HTTPRequest.Method
    package typealias Fields = HTTPFields

    package var method: HTTPRequest.Method
    /// The path and query as sent.
    package var target: String
    /// The path, without the query.
    package var path: String
    package var query: [String: String]
    package var contentType: String
    package var body: [UInt8]
    /// The request's Origin header (a page's fetch): the answer carries CORS headers for an origin the
    /// access policy lets read it.
    package var origin: String?
    /// The Host header; nil when the request did not come over the network (`bridge host`'s provider).
    package var host: String?
    /// The header fields as Hummingbird read them (Authorization, Date, X-Kii-AppID…).
    package var headers: HTTPFields
    /// The route's path parameters (`{appID}`), as Hummingbird's router matched them.
    package var pathParameters: Parameters

    package init(method: HTTPRequest.Method, path: String, query: [String: String] = [:], contentType: String = "", body: [UInt8] = [],
                origin: String? = nil, host: String? = nil, headers: HTTPFields = [:]) {
        let target = path + (query.isEmpty ? "" : "?" + query.sorted { $0.key < $1.key }
            .map { "\(PercentEncoding.encodeComponent($0.key))=\(PercentEncoding.encodeComponent($0.value))" }.joined(separator: "&"))
        self.init(method: method, target: target, contentType: contentType, body: body, origin: origin, host: host, headers: headers)
    }

    /// `path?query` as given (the query split into name → first value).
    package init(method: HTTPRequest.Method, target: String, contentType: String = "", body: [UInt8] = [], origin: String? = nil,
                host: String? = nil, headers: HTTPFields = [:], pathParameters: Parameters = [:]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count > 1 { for pair in FormParametersBridge.pairs(String(parts[1])) where query[pair.0] == nil { query[pair.0] = pair.1 } }
        self.method = method
        self.target = target
        path = String(parts[0])
        self.query = query
        self.contentType = contentType.lowercased()
        self.body = body
        self.origin = origin
        self.host = host
        self.headers = headers
        self.pathParameters = pathParameters
    }

    /// A request as a forwarder passes it on, in plain values: the method by name (GET when it is not
    /// one) and header fields as name and value (a name that is not a field name is left out).
    package init(method: String, target: String, contentType: String, body: [UInt8], origin: String?, host: String?,
                fields: [(String, String)]) {
        var headers = HTTPFields()
        for (name, value) in fields {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        self.init(method: HTTPRequest.Method(rawValue: method) ?? .get, target: target, contentType: contentType, body: body,
                  origin: origin, host: host, headers: headers)
    }

    /// The body as application/x-www-form-urlencoded fields (first value of each).
    var form: [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in FormParametersBridge.pairs(String(decoding: body, as: UTF8.self)) where fields[name] == nil { fields[name] = value }
        return fields
    }

    /// The body as application/x-www-form-urlencoded fields, every value in order (a repeated name).
    var formPairs: [(String, String)] { FormParametersBridge.pairs(String(decoding: body, as: UTF8.self)) }

    /// The origin the client reached the emulator at, for links back to it: the `X-Forwarded-Proto` and
    /// `X-Forwarded-Host` that `bridge host` sets when it forwards a provider's host (https and
    /// capturewidget.rpxnow.com), else http and the Host header. A forwarded name that is not a plain host
    /// (and port) is ignored, so no header puts other text into a Location.
    var publicOrigin: String {
        if let forwarded = forwardedHost { return (headers[.forwardedProto] == "http" ? "http" : "https") + "://" + forwarded }
        return "http://" + (host ?? "127.0.0.1")
    }

    /// The provider host `bridge host` forwarded this request for, or nil.
    var forwardedHost: String? {
        // Letters, digits, dots, hyphens and the port's colon and digits: a host name as a URL writes it.
        guard let name = headers[.forwardedHost], !name.isEmpty,
              name.utf8.allSatisfy({ (0x30...0x3A).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2E || $0 == 0x2D })
        else { return nil }
        return name.lowercased()
    }

    /// The body as a JSON object, or nil when it is not one.
    var json: [String: JSONValue]? {
        guard !body.isEmpty, case .success(.object(let object)) = JSONValue.parse(utf8: body) else { return nil }
        return object
    }
}

extension HTTPField.Name {
    /// The header fields the providers' routes read beyond HTTPTypes' own names, defined once.
    package static let forwardedHost = HTTPField.Name("X-Forwarded-Host")!
    package static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    package static let kiiAppID = HTTPField.Name("X-Kii-AppID")!
    package static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}

/// An answer. Its Location is set in this file only: by `redirect(_:adding:)`, to a RedirectTarget, and when
/// an answer is read back from Hummingbird's (the in-process client).
package struct EmulatorResponse: Sendable {
    package init(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    /// For a redirect: where it sends the browser.
    package private(set) var location: String?
    /// Further headers (CORS).
    package var headers: [String: String] = [:]

    package static func json(_ status: Int, _ fields: JSONFields) -> EmulatorResponse {
        EmulatorResponse(status: status, contentType: "application/json", body: Array(fields.line.utf8))
    }
    package static func json(_ status: Int, _ value: JSONOutput) -> EmulatorResponse {
        EmulatorResponse(status: status, contentType: "application/json", body: Array(value.text.utf8))
    }
    package static func html(_ status: Int, _ text: String) -> EmulatorResponse {
        EmulatorResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(text.utf8))
    }
    /// A 302 to `target` (what RegisteredURL accepted, or the emulator's own page) with `parameters` added to
    /// its query: the only redirect a route can make.
    static func redirect(_ target: RedirectTarget, adding parameters: [(String, String)]) -> EmulatorResponse {
        var answer = EmulatorResponse(status: 302, contentType: "text/plain", body: [])
        answer.location = URLQuery.adding(parameters, to: target)
        return answer
    }

    /// Hummingbird's response as the handlers' kind: Content-Type and Location in their own fields, the
    /// rest by name as sent (Content-Length and Cache-Control, which every answer carries, left out).
    init(_ response: Response, body: [UInt8]) {
        var rest: [String: String] = [:]
        for field in response.headers where !Self.ownFieldNames.contains(field.name.canonicalName) {
            rest[field.name.rawName] = field.value
        }
        self.init(status: Int(response.status.code), contentType: response.headers[.contentType] ?? "", body: body, headers: rest)
        location = response.headers[.location]
    }
    package static let empty = EmulatorResponse(status: 204, contentType: "text/plain", body: [])

    /// Every header the answer carries, in a fixed order: Content-Type, Location (a redirect), then the rest
    /// (CORS) by name, as the router sends them. A field of `headers` that is one of the answer's own (a
    /// Location set there) is not sent: Location comes only from `redirect(_:adding:)`.
    package var headerFields: [(String, String)] {
        var fields = [("Content-Type", contentType)]
        if let location { fields.append(("Location", location)) }
        return fields + headers.filter { !Self.ownFieldNames.contains($0.key.lowercased()) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The fields an answer holds in its own properties, or the router sets (Cache-Control, Content-Length),
    /// never in `headers`: lowercased.
    static let ownFieldNames: Set<String> = ["content-type", "location", "cache-control", "content-length"]

    /// The body as text (tests read it).
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// Parameters added to a URL's query, each name and value percent-encoded, before any fragment: the links
/// and redirects the emulator makes from a URL a client gave (a redirect_uri, a token URL).
enum URLQuery {
    /// `url`'s serialization with `parameters` added to its query, before its fragment.
    static func adding(_ parameters: [(String, String)], to target: RedirectTarget) -> String {
        let base = target.url.href
        guard !parameters.isEmpty else { return base }
        let hash = base.firstIndex(of: "#") ?? base.endIndex
        let head = base[..<hash], fragment = base[hash...]
        let separator = head.contains("?") ? (head.hasSuffix("?") || head.hasSuffix("&") ? "" : "&") : "?"
        let query = parameters.map { PercentEncoding.encodeComponent($0.0) + "=" + PercentEncoding.encodeComponent($0.1) }.joined(separator: "&")
        return head + separator + query + fragment
    }
}

/// application/x-www-form-urlencoded, through BrowserURL's parser (the same decoding the engine uses).
enum FormParametersBridge {
    static func pairs(_ text: String) -> [(String, String)] {
        FormParameters(parsing: Substring(text)).map { ($0.name, $0.value) }
    }

    /// One form-encoded value, decoded (`+` a space, percent escapes as UTF-8).
    static func decoded(_ text: String) -> String {
        pairs("x=" + text).first?.1 ?? text
    }
}
