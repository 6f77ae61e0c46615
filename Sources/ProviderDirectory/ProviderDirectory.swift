// ProviderDirectory.swift: the providers `bridge serve` emulates, by the hosts a page reaches them at,
// and the app-backend paths it answers on any host: written once, here. The emulator's route table
// registers the app-backend routes under these paths; `bridge host --provider` sends these hosts and paths
// to the emulator; the inspector knows Janrain's hosts from here (an xd_receiver on them is not the app's).
// A module of its own, with no dependency, so that the inspector and the host read the emulator's table
// without linking its HTTP server.

package enum ProviderDirectory {
    package enum Provider: String, Sendable, CaseIterable {
        /// Janrain Capture (the registration and sign-in API, its hosted pages).
        case capture
        /// Janrain Social Login, formerly Engage (rpxnow.com).
        case engage
        /// The Janrain widget's CDN (load.js and its stand-in scripts).
        case widgetCDN
        case kii
        /// MongoDB Realm's App Services.
        case realm
        /// The emulator's identity provider, "Example IdP": the social sign-in's provider page (Google's,
        /// Facebook's… on a phone), between Social Login's start and its callback.
        case exampleIdP

        /// Whether it is one of Janrain's (Capture, Engage, the widget's CDN).
        package var isJanrain: Bool { self == .capture || self == .engage || self == .widgetCDN }
    }

    /// A host the provider is reached at: a domain (a whole label and everything under it) or one host.
    package struct Place: Sendable, Hashable {
        package let provider: Provider
        package let host: String
        /// True: `host` and any name under it (`x.janraincapture.com`); false: `host` only.
        package let includesSubdomains: Bool
    }

    package static let places: [Place] = [
        Place(provider: .capture, host: "janraincapture.com", includesSubdomains: true),
        Place(provider: .capture, host: "janrain.com", includesSubdomains: true),
        Place(provider: .engage, host: "rpxnow.com", includesSubdomains: true),
        Place(provider: .widgetCDN, host: "d16s8pqtk4uodx.cloudfront.net", includesSubdomains: false),
        Place(provider: .kii, host: "kii.com", includesSubdomains: true),
        Place(provider: .realm, host: "realm.mongodb.com", includesSubdomains: false),
        Place(provider: .realm, host: "services.cloud.mongodb.com", includesSubdomains: false),
        Place(provider: .exampleIdP, host: exampleIdPHost, includesSubdomains: false),
    ]

    /// Where the emulated identity provider is reached when the page's requests come through `bridge host`
    /// (a name under `.example`, RFC 2606: never a real site).
    package static let exampleIdPHost = "idp.example"


    /// The provider a host belongs to. Whole labels only: `janrain.com.evil.com` and `evilkii.com` are none.
    package static func provider(forHost host: String) -> Provider? {
        let host = host.lowercased()
        return places.first { place in
            host == place.host || (place.includesSubdomains && host.hasSuffix("." + place.host))
        }?.provider
    }

    /// The hosts to let through a host allow-list when the providers are emulated (exact hosts only).
    package static var exactHosts: [String] { places.filter { !$0.includesSubdomains }.map(\.host) }

    /// The app's own backend, which the emulator answers on any host (the reset flows' servers).
    package enum AppBackendPath: String, Sendable, CaseIterable {
        /// Seed 000's password_reset page's server: exchanges the mail's code for a token.
        case resetExchange = "/password_reset/exchange"
        /// Seed 002: mails a deep link to reset the password.
        case resetRequest = "/api/reset-password/request"
        /// Seed 002: sets the new password with the deep link's token.
        case resetPassword = "/api/reset-password"
    }

    /// Whether a path is one of the app-backend routes.
    package static func isAppBackendPath(_ path: String) -> Bool { AppBackendPath(rawValue: path) != nil }
}
