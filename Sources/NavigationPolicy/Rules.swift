// Rules.swift: the rules file, version 1 (NavigationPolicy.docc/RulesFile.md): what users write. The
// v1 keys and their meaning are a contract; new keys may be added, none removed or changed.
import BrowserURL

/// What a rule, or the default, does with a navigation it decides.
public enum PolicyAction: String, Sendable, Hashable, CaseIterable {
    case allow, cancel
}

/// Where a sentinel reads its parameters (OAuth response_mode).
public enum ResponseMode: String, Sendable, Hashable {
    case query, fragment, any
    /// OAuth 2.0 Form Post Response Mode: the provider's page posts the result to the redirect URI, so the
    /// sentinel takes a POST there (the result is in the body) and never a GET.
    case formPost = "form_post"
}

/// Which frames a rule applies to.
public enum FrameScope: String, Sendable, Hashable {
    case main, sub, any
}

/// A redirect_uri the app intercepts (RFC 9700: exact match after WHATWG parsing).
public struct SentinelRule: Sendable, Hashable {
    public var name: String
    public var redirectURI: BrowserURL
    public var responseMode: ResponseMode = .any
    /// Parameters that must all be present for this rule to fire.
    public var require: [String] = []
    /// Parameters whose presence stops this rule from firing.
    public var forbid: [String] = []
    /// Also match the path with (or without) one trailing "/".
    public var trailingSlash = false
    /// For loopback redirect URIs (127.0.0.0/8, [::1], localhost and names under it: BrowserURL.isLoopback): any port matches (RFC 8252 §7.3).
    public var loopbackAnyPort = false
    public var frames: FrameScope = .any
    public var action: PolicyAction = .cancel
    /// The rule's position in the file, e.g. "sentinels[1]".
    public var keyPath: String
}

/// The bridge protocols bridge speaks.
public enum BridgeProtocol: String, Sendable, Hashable {
    /// Janrain's JS bridge as shipped (janrain:eventsAvailable, janrain:NAME?arguments=…, janrain:accessToken=…).
    case janrain
    /// WebViewJavascriptBridge (wvjbscheme://__wvjb_queue_message__, https://__bridge_loaded__).
    case wvjb
}

/// A custom scheme: a bridge protocol, a deep-link route, or every URL of the scheme.
public struct SchemeRule: Sendable, Hashable {
    public var name: String
    /// Lower-case scheme without ":".
    public var scheme: String
    public var bridgeProtocol: BridgeProtocol?
    /// The deep-link route: the host (`myapp://reset-password`) or the path (`myapp:reset-password`).
    public var route: String?
    /// Parameters a deep link must carry; a missing one is an error in the decision.
    public var require: [String] = []
    public var action: PolicyAction = .cancel
    public var keyPath: String
}

/// An allowed origin; `*.` matches one or more whole leading labels.
public struct OriginPattern: Sendable, Hashable {
    public var scheme: String
    /// The host without the wildcard (lower-case, ASCII).
    public var host: String
    public var isWildcard: Bool
    /// The port in effect (explicit or the scheme's default).
    public var port: Int?
    public var text: String
    public var keyPath: String
}

/// The app's handlers for one bridge event (its handler table entry), in the order they are added.
public struct EventHandlers: Sendable, Hashable {
    public var event: String
    public var handlers: [String]
    public var keyPath: String
}

/// An object the Android app adds to its WebView with `addJavascriptInterface(object, name)`: the page calls
/// `window.NAME.METHOD(…)` and the app's Java method runs. With a bridge protocol, each call carries that
/// protocol's queue (Janrain's Android demo drains `createJanrainBridge.eventQueue` into
/// `window.demo.bridgeCallback(json)`); without one, each call is the event METHOD with the call's arguments.
public struct JavascriptInterface: Sendable, Hashable {
    public var name: String
    /// The methods the app annotates with @JavascriptInterface; any other is undefined in the page.
    public var methods: [String]
    public var bridgeProtocol: BridgeProtocol?
    public var keyPath: String

    public init(name: String, methods: [String], bridgeProtocol: BridgeProtocol? = nil, keyPath: String) {
        self.name = name
        self.methods = methods
        self.bridgeProtocol = bridgeProtocol
        self.keyPath = keyPath
    }
}

/// A parsed rules file.
public struct Rules: Sendable, Hashable {
    public var version = 1
    public var defaultAction: PolicyAction = .cancel
    public var allow: [OriginPattern] = []
    public var sentinels: [SentinelRule] = []
    public var schemes: [SchemeRule] = []
    /// The app's bridge event handler tables (`handlers`: event name → handler names), for replay and host.
    public var handlers: [EventHandlers] = []
    /// The `state` the app sent, when it is fixed in the file (the CLI's --state overrides it).
    public var expectedState: String?
    /// The web view the app ships the flow in (`"platform": "android"`), when the file says; commands take
    /// it as their --platform's default (ios otherwise).
    public var platform: Platform?
    /// The Android app's JavaScript interfaces (`javascriptInterfaces`), for replay and `bridge host` under
    /// Android's rules.
    public var javascriptInterfaces: [JavascriptInterface] = []

    /// The interface the page calls as `window.name`, if the app adds it.
    public func javascriptInterface(_ name: String) -> JavascriptInterface? {
        javascriptInterfaces.first { $0.name == name }
    }
}
