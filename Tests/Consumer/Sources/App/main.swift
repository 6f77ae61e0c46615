// main.swift: what an app does with the engine: load rules, decide navigations, map Unicode hosts, word a
// rules error, log what it decided in every usual way. Exits non-zero when a result is not the documented
// one or a log line holds a credential, so the consumer check fails on it.
import BrowserURL
import Foundation
import NavigationPolicy

let rules = try RulesLoader.parse(Data(#"""
    {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com"],
     "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/oauth/callback", "require": ["code"]}]}
    """#.utf8))
let engine = PolicyEngine(rules: rules)
let expected: [(url: String, action: PolicyAction, rule: String?)] = [
    ("https://yourdomain.com/oauth/callback?code=abc&state=s", .cancel, "signin"),
    ("https://yourdomain.com.evil.com/oauth/callback?code=abc", .cancel, nil),
    ("https://yourdomain.com/signin", .allow, "https://yourdomain.com"),
    // Full-width letters and an ignored soft hyphen map to the sentinel's host, as in a browser.
    ("https://ｙｏｕｒ\u{AD}domain.com/oauth/callback?code=abc&state=s", .cancel, "signin"),
]
var failed = false
for (url, action, rule) in expected {
    let decision = engine.decide(NavigationRequest(url: url))
    let agrees = decision.action == action && decision.rule == rule
    print(agrees ? "ok  " : "FAIL", decision.action.rawValue, decision.rule ?? "-", url)
    failed = failed || !agrees
}
// Unicode hosts through the library's own UTS #46 (the same tables as the CLI's, whatever the platform).
let hosts: [(input: String, host: String?)] = [
    ("\u{32931}20.音.ꡦ1.", "xn--20-9802c.xn--0w5a.xn--1-eg4e."),
    ("نامه\u{200C}ای.com", "xn--mgba3gch31f060k.com"),
    ("0a.\u{5D0}", nil),
]
for (input, host) in hosts {
    let parsed = BrowserURL("https://\(input)/")?.host
    print(parsed == host ? "ok  " : "FAIL", input.debugDescription, parsed ?? "not a URL", "Unicode \(BrowserURL.unicodeVersion)")
    failed = failed || parsed != host
}
do {
    _ = try RulesLoader.parse(Data(#"{"version": 1, "allow": ["https://a.example/?access_token=SECRETSECRETSECRET"]}"#.utf8))
    print("FAIL an origin with a query was accepted")
    failed = true
} catch {
    // The error quotes the file's value masked: an app can log it.
    let agrees = !error.description.contains("SECRETSECRETSECRET")
    print(agrees ? "ok  " : "FAIL", error.description)
    failed = failed || !agrees
}
// Logging what the engine made, as apps do: no code, token or state in any of it; the accessors give them.
let code = "SplxlOBeZQQYbYS6WxSbIA", state = "af0ifjsldkjQ3vR9pLx2", token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
let request = NavigationRequest(url: "https://yourdomain.com/oauth/callback?code=\(code)&state=\(state)#access_token=\(token)")
let logged = engine.decide(request, expectedState: state + "x", explain: true)
var lines: [String] = []
for value in [logged, logged.interception as Any, logged.url as Any, logged.parameters, logged.error as Any, request] as [Any] {
    var printed = "", debugPrinted = "", dumped = ""
    print(value, to: &printed)
    debugPrint(value, to: &debugPrinted)
    dump(value, to: &dumped)
    lines += [printed, debugPrinted, dumped, "\(value)", String(reflecting: value)]
}
let leaked = [code, state, token].filter { credential in lines.contains { $0.contains(credential) } }
guard case .sentinel(.authorization(let given, _, _, _))? = logged.interception else { fatalError("not a sentinel's result") }
let loggingAgrees = leaked.isEmpty && given == code && logged.url?.href == request.url
print(loggingAgrees ? "ok  " : "FAIL", "logged:", logged)
failed = failed || !loggingAgrees
exit(failed ? 1 : 0)
