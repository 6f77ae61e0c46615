// RuleKindCatalogue.swift: every kind of rule with a small rules file and URLs that must and must not
// trigger it. The tests are generated from these examples (RuleKindCatalogueTests), and they double as
// documentation of what each kind means. Here, beside the rules' unit tests, not in the engine an app links.
import Foundation

/// One rule kind and its examples.
public struct RuleKindExample: Sendable, CustomStringConvertible {
    public let kind: String
    /// What the kind does, in a sentence.
    public let summary: String
    /// A complete rules file (JSON) holding a rule named "subject".
    public let rules: String
    /// URLs the rule named "subject" must decide.
    public let triggers: [String]
    /// URLs the rule named "subject" must not decide.
    public let doesNotTrigger: [String]

    public var description: String { kind }
}

public enum RuleKindCatalogue {
    public static let all: [RuleKindExample] = [
        RuleKindExample(
            kind: "sentinel",
            summary: "A redirect_uri: exact scheme, host, port and path after WHATWG parsing; never a prefix.",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"https://app.example/cb"}]}"#,
            triggers: ["https://app.example/cb?code=1", "HTTPS://APP.EXAMPLE:443/cb#access_token=t", "https://app.example/x/../cb"],
            doesNotTrigger: ["https://app.example/cb/", "https://app.example/cbx", "https://app.example.evil/cb",
                             "https://app.example@evil.example/cb", "http://app.example/cb", "https://app.example:8443/cb"]),
        RuleKindExample(
            kind: "sentinel require/forbid",
            summary: "Parameters classify outcomes on one redirect_uri: all of require present, none of forbid.",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"https://app.example/cb","require":["code"],"forbid":["access_token"]}]}"#,
            triggers: ["https://app.example/cb?code=1", "https://app.example/cb#code=1&state=s"],
            doesNotTrigger: ["https://app.example/cb", "https://app.example/cb?code=1&access_token=t", "https://app.example/cb?state=s"]),
        RuleKindExample(
            kind: "sentinel responseMode",
            summary: "responseMode query reads only the query; fragment only the fragment; any both.",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"https://app.example/cb","responseMode":"fragment","require":["access_token"]}]}"#,
            triggers: ["https://app.example/cb#access_token=t&token_type=Bearer"],
            doesNotTrigger: ["https://app.example/cb?access_token=t"]),
        RuleKindExample(
            kind: "sentinel responseMode form_post",
            summary: "responseMode form_post takes a form posted to the redirect URI (the result is in the body), never a GET.",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"https://app.example/cb","responseMode":"form_post"}]}"#,
            triggers: ["POST:https://app.example/cb"],
            doesNotTrigger: ["https://app.example/cb?code=1", "POST:https://app.example/other"]),
        RuleKindExample(
            kind: "sentinel trailingSlash",
            summary: "trailingSlash also accepts the path with or without one trailing slash.",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"https://app.example/cb","trailingSlash":true}]}"#,
            triggers: ["https://app.example/cb", "https://app.example/cb/"],
            doesNotTrigger: ["https://app.example/cb//", "https://app.example/c"]),
        RuleKindExample(
            kind: "sentinel loopbackAnyPort",
            summary: "A loopback redirect_uri matches any port (RFC 8252 §7.3).",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"http://127.0.0.1/cb","loopbackAnyPort":true}]}"#,
            triggers: ["http://127.0.0.1:51234/cb?code=1", "http://127.0.0.1/cb?code=1", "http://0x7f.0.0.1:8080/cb"],
            doesNotTrigger: ["http://127.0.0.2:51234/cb", "https://127.0.0.1:51234/cb", "http://localhost:51234/cb"]),
        RuleKindExample(
            kind: "sentinel frames",
            summary: "frames main ignores the same URL in an iframe (frames sub the reverse; any both).",
            rules: #"{"version":1,"sentinels":[{"name":"subject","redirectURI":"https://app.example/cb","frames":"main"}]}"#,
            triggers: ["https://app.example/cb?code=1"],
            doesNotTrigger: ["subframe:https://app.example/cb?code=1"]),
        RuleKindExample(
            kind: "allow origin",
            summary: "An allowed origin: scheme, host and port exactly.",
            rules: #"{"version":1,"allow":["https://id.example"],"sentinels":[]}"#,
            triggers: ["https://id.example/signin", "https://ID.example:443/"],
            doesNotTrigger: ["http://id.example/", "https://id.example:8443/", "https://sub.id.example/", "https://id.example.evil/"]),
        RuleKindExample(
            kind: "allow wildcard",
            summary: "*. matches one or more whole leading labels, never the bare domain or a suffix of a label.",
            rules: #"{"version":1,"allow":["https://*.janraincapture.com"]}"#,
            triggers: ["https://acme.janraincapture.com/", "https://a.b.janraincapture.com/oauth/signin"],
            doesNotTrigger: ["https://janraincapture.com/", "https://eviljanraincapture.com/", "https://janraincapture.com.evil/"]),
        RuleKindExample(
            kind: "bridge janrain",
            summary: "Janrain's bridge: every janrain: URL is cancelled and decoded (drain, event, legacy token).",
            rules: #"{"version":1,"schemes":[{"name":"subject","scheme":"janrain","protocol":"janrain"}]}"#,
            triggers: ["janrain:eventsAvailable?1700000000000", "janrain:onCaptureLoginSuccess?arguments=%5B%5D", "janrain:accessToken=t"],
            doesNotTrigger: ["https://janrain.example/", "myapp://janrain"]),
        RuleKindExample(
            kind: "bridge wvjb",
            summary: "WebViewJavascriptBridge: its queue and load signals as every release sends them (wvjbscheme:// in any case; https:// from version 5 on).",
            rules: #"{"version":1,"default":"allow","schemes":[{"name":"subject","scheme":"wvjbscheme","protocol":"wvjb"}]}"#,
            triggers: ["wvjbscheme://__wvjb_queue_message__", "wvjbscheme://__WVJB_QUEUE_MESSAGE__", "wvjbscheme://__BRIDGE_LOADED__",
                       "https://__wvjb_queue_message__/", "https://__bridge_loaded__/", "https://__bridge_loaded__"],
            doesNotTrigger: ["https://example.com/__bridge_loaded__", "https://example.com/?__wvjb_queue_message__",
                             "https://__wvjb_queue_message__.example.com/"]),
        RuleKindExample(
            kind: "deep-link route",
            summary: "A custom-scheme route: the link's host (myapp://route) or first path segment (myapp:route).",
            rules: #"{"version":1,"schemes":[{"name":"subject","scheme":"myapp","route":"reset-password","require":["token"]}]}"#,
            triggers: ["myapp://reset-password?token=t", "MYAPP://reset-password?token=t", "myapp:reset-password?token=t",
                       "myapp://reset-password"],
            doesNotTrigger: ["myapp://reset-passwordx?token=t", "myapp://other?token=t", "otherapp://reset-password?token=t"]),
        RuleKindExample(
            kind: "whole scheme",
            summary: "A scheme rule with neither route nor protocol decides every URL of its scheme.",
            rules: #"{"version":1,"schemes":[{"name":"subject","scheme":"myapp"}]}"#,
            triggers: ["myapp://anything", "myapp:x"],
            doesNotTrigger: ["myapp2://anything", "https://myapp/"]),
        RuleKindExample(
            kind: "scheme naming a blocked scheme",
            summary: "javascript:, data:, vbscript: and file: are blocked unless a scheme rule names them.",
            rules: #"{"version":1,"schemes":[{"name":"subject","scheme":"file","action":"allow"}]}"#,
            triggers: ["file:///Users/me/app/index.html"],
            doesNotTrigger: ["javascript:alert(1)", "data:text/html,x"]),
    ]
}
