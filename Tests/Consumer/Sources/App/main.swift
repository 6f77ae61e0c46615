// main.swift: what an app does with the engine: load rules, decide navigations, word a rules error. Exits
// non-zero when a decision is not the documented one, so the consumer check fails on it.
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
]
var failed = false
for (url, action, rule) in expected {
    let decision = engine.decide(NavigationRequest(url: url))
    let agrees = decision.action == action && decision.rule == rule
    print(agrees ? "ok  " : "FAIL", decision.action.rawValue, decision.rule ?? "-", url)
    failed = failed || !agrees
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
exit(failed ? 1 : 0)
