// EmulatorAuthorization.swift: the Authorization header as every provider reads it, defined once: its scheme
// and credentials (`Basic id:secret` decoded, `Bearer token`, Janrain's `Signature id:sig`, Capture's
// `OAuth token`), and a call's parameters (the form over the query), which Capture's API takes from either.
import Foundation

extension EmulatorRequest {
    /// The Authorization header's scheme (lowercased) and credentials, when the request has one.
    var authorization: (scheme: String, credentials: String)? {
        guard let header = headers[.authorization], !header.isEmpty else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        return (parts.first.map { $0.lowercased() } ?? "", parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
    }

    /// HTTP Basic's id and secret (RFC 7617), or nil when the header is not Basic or not `id:secret`.
    /// `formEncoded`: each half form-decoded, as RFC 6749 §2.3.1 has OAuth clients encode them.
    func basicCredentials(formEncoded: Bool = false) -> (id: String, secret: String)? {
        guard let (scheme, credentials) = authorization, scheme == "basic",
              let decoded = Data(base64Encoded: credentials).map({ String(decoding: $0, as: UTF8.self) }),
              let colon = decoded.firstIndex(of: ":") else { return nil }
        let id = String(decoded[..<colon]), secret = String(decoded[decoded.index(after: colon)...])
        return formEncoded ? (FormParametersBridge.decoded(id), FormParametersBridge.decoded(secret)) : (id, secret)
    }

    /// A Bearer token, or nil.
    var bearerToken: String? {
        guard let (scheme, token) = authorization, scheme == "bearer", !token.isEmpty else { return nil }
        return token
    }

    /// The call's parameters: the query's, each replaced by the form's of the same name.
    var parameters: [String: String] {
        var fields = query
        for (name, value) in formPairs { fields[name] = value }
        return fields
    }
}
