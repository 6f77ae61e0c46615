// FuzzRulesLoader: any bytes as a rules file, and as a `bridge test` case file. Oracle: no crash; a file
// that loads compiles into an engine that decides a few navigations (and explains them), and `bridge
// test`'s attack and starter cases are made from it and run, without crashing.
import FuzzDriver
import Foundation
import NavigationPolicy
import RulesAudit

nonisolated(unsafe) let probes = ["https://yourdomain.com/password_reset.php?code=a&access_token=b", "janrain:eventsAvailable?1",
              "myapp://reset-password?token=t&email=a%40b.c", "http://127.0.0.1:5000/cb?error=access_denied", "javascript:alert(1)"]

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRulesLoader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
    let read = CaseFile.parse(Array(input), file: "fuzz.jsonl")
    guard let rules = try? RulesLoader.parse(Data(input)) else { return 0 }
    let engine = PolicyEngine(rules: rules)
    for url in probes { _ = engine.decide(NavigationRequest(url: url), explain: true) }
    let starter = StarterCases.make(rules)
    _ = RulesAudit(rules: rules, cases: starter.cases + read.cases, attack: true).run()
    return 0
}

runFuzzer(fuzzRulesLoader)
