// RegisteredURL.swift: the one check of a URL the emulator sends a browser to or embeds in a page: Capture's
// `redirect_uri`, the change-password page's `xd_receiver`, Social Login's `token_url`. A provider sends its
// codes and tokens only to the addresses registered for the app, and so does the emulator:
// - an absolute URL as a browser parses it, never of a scheme the engine always blocks (the browser would
//   run or render what the provider puts there: RFC 6749 §10.6 and §10.15, RFC 9700 §4.1);
// - where the client lists its redirect URIs, exactly one of them (Capture's per-client whitelist), which is
//   also how an app registers a custom scheme (`myapp://callback`);
// - otherwise an http(s) URL whose origin is the app's own: loopback or one of the configuration's
//   `allowedOrigins`, the way Social Login's domain whitelist works. Social Login's token URL may also be at
//   a provider's own host (ProviderDirectory: Capture's `/widget/token_url`, JUMP's `/oauth/auth_native`),
//   which Janrain whitelists for a Capture application itself.
// The refusal is a value; each provider words it in its own error (Capture's redirect_uri_mismatch). What is
// accepted is the parsed URL: the emulator sends browsers and mails to its serialization, never to the text
// it was given (`https://yourdomain.com\@evil.example/cb` is `https://yourdomain.com/@evil.example/cb`, the URL a
// browser reads; a CR or LF in the text is not in it). What passes is a RedirectTarget, which only this file
// makes: a redirect takes nothing else, so no route can send a browser where the check did not look.
import BrowserURL
import NavigationPolicy
import ProviderDirectory

/// A URL the emulator may send a browser to or put a code on: an address the check accepted, or one of the
/// emulator's own pages. Its initializer is this file's, so every redirect has passed RegisteredURL.
struct RedirectTarget: Sendable, Hashable {
    /// The parsed URL; a redirect sends its serialization.
    let url: BrowserURL
    fileprivate init(_ url: BrowserURL) { self.url = url }
}

enum RegisteredURL {
    /// Why a URL is refused.
    enum Refusal: Error, Equatable {
        /// Not an absolute URL.
        case notAURL
        /// A scheme that runs or renders what is put in it (javascript:, data:…).
        case scriptScheme(String)
        /// A redirect URI with a fragment (RFC 6749 §3.1.2).
        case fragment
        /// Not one of the redirect URIs the client lists.
        case notListed(client: String)
        /// An origin that is not the app's (nor loopback), or a custom scheme no client lists.
        case unregistered(origin: String)
    }

    /// The URL `text` names, when it may be used: usable at all, then exactly one of `listed` (the client's
    /// own redirect URIs, compared as given) or, with no list, an http(s) URL at the app's origins (or, with
    /// `atProviders`, at a provider's own host). A fragment is refused where `allowsFragment` is false (a
    /// redirect URI).
    static func check(_ text: String, listed: [String] = [], client: String = "", allowsFragment: Bool = false,
                      atProviders: Bool = false, access: AccessPolicy) -> Result<RedirectTarget, Refusal> {
        let url: BrowserURL
        switch usable(text, allowsFragment: allowsFragment) {
        case .success(let parsed): url = parsed
        case .failure(let refusal): return .failure(refusal)
        }
        if !listed.isEmpty { return listed.contains(text) ? .success(RedirectTarget(url)) : .failure(.notListed(client: client)) }
        guard url.scheme == "https" || url.scheme == "http" else { return .failure(.unregistered(origin: url.scheme + ":")) }
        if atProviders, url.scheme == "https", ProviderDirectory.provider(forHost: url.hostname) != nil { return .success(RedirectTarget(url)) }
        return access.allowsReading(from: url.origin) ? .success(RedirectTarget(url)) : .failure(.unregistered(origin: url.origin))
    }

    /// One of the emulator's own pages at `path`: on the origin `request` came to (a host the access policy
    /// let in), or on `providerHost`, a provider's own https host (which `bridge host` sends to the emulator).
    /// Nil for a path that is not absolute, or a host that is no provider's.
    static func emulatorPage(_ path: String, of request: EmulatorRequest, providerHost: String? = nil) -> RedirectTarget? {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return nil }
        let origin: String
        if let providerHost {
            guard ProviderDirectory.provider(forHost: providerHost) != nil else { return nil }
            origin = "https://" + providerHost
        } else {
            origin = request.publicOrigin
        }
        // The page is on the origin as a browser reads it (a Host of LOCALHOST or one with :80 is the same one).
        guard case .success(let base) = BrowserURL.parse(origin + "/"), case .success(let url) = BrowserURL.parse(origin + path),
              url.origin == base.origin else { return nil }
        return RedirectTarget(url)
    }

    /// The URL `text` names unless no app could use it, whatever it registered: not a URL, a script scheme, a
    /// fragment where none is allowed.
    static func usable(_ text: String, allowsFragment: Bool = false) -> Result<BrowserURL, Refusal> {
        guard case .success(let url) = BrowserURL.parse(text) else { return .failure(.notAURL) }
        if PolicyEngine.alwaysBlockedSchemes.contains(url.scheme) { return .failure(.scriptScheme(url.scheme)) }
        if !allowsFragment, url.fragment != nil { return .failure(.fragment) }
        return .success(url)
    }

    /// The refusal in words, naming the parameter and saying how to register the URL.
    static func words(_ refusal: Refusal, parameter: String) -> String {
        switch refusal {
        case .notAURL: "\(parameter) is not an absolute URL"
        case .scriptScheme(let scheme): "\(parameter) may not be a \(scheme): URL"
        case .fragment: "\(parameter) may not have a fragment"
        case .notListed(let client):
            "\(parameter) is not registered for client \(client): use one of the client's redirectURIs, or add it to them in the configuration"
        case .unregistered(let origin):
            "\(parameter) at \(origin) is not registered for this application: the app's own origins are loopback and the configuration's allowedOrigins; add the origin there, or list the exact URL (a custom scheme too) in the client's redirectURIs"
        }
    }

    /// Capture's error name and code for a refusal: an unusable URL is invalid_argument (code 200), one that is
    /// not registered redirect_uri_mismatch (code 420).
    static func captureCode(_ refusal: Refusal) -> (error: String, code: Int) {
        switch refusal {
        case .notAURL, .scriptScheme, .fragment: ("invalid_argument", 200)
        case .notListed, .unregistered: ("redirect_uri_mismatch", 420)
        }
    }

    /// Capture's JSON error for a refused redirect URI.
    static func captureError(_ refusal: Refusal, parameter: String = "redirect_uri") -> EmulatorResponse {
        let (error, code) = captureCode(refusal)
        return CaptureRoutes.error(400, code: code, error, words(refusal, parameter: parameter))
    }
}
