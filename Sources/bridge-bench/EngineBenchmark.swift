// EngineBenchmark.swift: decisions on the corpus with a generated 50-rule file (sentinels for the
// corpus's hosts and paths, deep-link routes, the Janrain bridge, allowed origins), beside BrowserURL's
// bare parse in the same interleaved run. Issue target: a decision costs at most 1.5× a bare parse. Then each
// decision kind alone beside a bare parse of its own URLs, to show where the time goes.
import BrowserURL
import Foundation
import JSONText
import NavigationPolicy

enum EngineBenchmark {
    /// 50 rules: 36 sentinels, 6 scheme rules, 8 allowed origins.
    static func rules() -> Rules {
        func strings(_ list: [String]) -> JSONOutput { .array(list.map(JSONOutput.string)) }
        func object(_ pairs: [(String, JSONOutput)]) -> JSONOutput { .object(JSONFields(pairs)) }
        let hosts = ["example.com:8443", "m.example.jp", "localhost:8080", "127.0.0.1:3000", "app.example.com",
                     "login.acme-corp.co.uk"]
        let paths = ["/oauth/callback", "/auth/callback", "/callback", "/password_reset.php", "/magic-link/verify", "/cb"]
        var sentinels: [JSONOutput] = []
        for host in hosts {
            for path in paths {
                sentinels.append(object([("name", .string("\(host)\(path)")), ("redirectURI", .string("https://\(host)\(path)")),
                                         ("responseMode", .string("any")), ("require", strings(["state"]))]))
            }
        }
        let schemes: [JSONOutput] = [
            object([("name", .string("janrain")), ("scheme", .string("janrain")), ("protocol", .string("janrain"))]),
            object([("name", .string("reset")), ("scheme", .string("myapp")), ("route", .string("reset-password")), ("require", strings(["token", "email"]))]),
            object([("name", .string("exp-reset")), ("scheme", .string("exp+myapp")), ("route", .string("reset-password")), ("require", strings(["token"]))]),
            object([("name", .string("app-reset")), ("scheme", .string("com.example.app")), ("route", .string("reset-password"))]),
            object([("name", .string("fb-reset")), ("scheme", .string("fb1234567890")), ("route", .string("reset-password"))]),
            object([("name", .string("authorize")), ("scheme", .string("my-app")), ("route", .string("authorize"))]),
        ]
        let allow = strings(["https://example.com", "https://*.example.com", "https://*.example.jp", "https://localhost:8080",
                             "http://localhost:5173", "https://*.acme-corp.co.uk", "https://accounts.example.com", "https://127.0.0.1:3000"])
        let json = JSONFields([("version", .int(1)), ("default", .string("cancel")), ("allow", allow), ("sentinels", .array(sentinels)),
                               ("schemes", .array(schemes))])
        let data = Data(json.line.utf8)
        return try! RulesLoader.parse(data)
    }

    /// Decides every request; the checksum reads each decision so none is optimised away.
    static func decideAll(_ engine: PolicyEngine, _ requests: [NavigationRequest]) -> Int {
        var sum = 0
        // By index: the request is lent to decide as an app lends its own (a for-in would copy each one,
        // four strings retained and released, which the bare parse's loop over strings does not pay).
        for index in requests.indices {
            let d = engine.decide(requests[index])
            sum &+= d.action == .cancel ? 1 : 0
            sum &+= d.parameters.count
        }
        return sum
    }

    /// Only decisions (of one kind when `kind` is given), for profiling the engine alone (`bridge-bench engine-only`).
    static func runDecisionsOnly(_ urls: [String], rounds: Int, kind: String?) {
        let engine = PolicyEngine(rules: rules())
        var requests = urls.map { NavigationRequest(url: $0) }
        if let kind { requests = requests.filter { engine.decide($0).kind.rawValue == kind } }
        let (medians, _) = interleavedMedians(rounds: rounds, items: requests.count, [{ decideAll(engine, requests) }])
        print("PolicyEngine.decide \(formatted(medians[0])) ns per URL over \(requests.count) URLs\(kind.map { " of kind \($0)" } ?? "")")
    }

    static func run(_ urls: [String], rounds: Int) {
        let rules = rules()
        let engine = PolicyEngine(rules: rules)
        let requests = urls.map { NavigationRequest(url: $0) }
        func decideAll(_ requests: [NavigationRequest]) -> Int { Self.decideAll(engine, requests) }
        let (medians, checksum) = interleavedMedians(rounds: rounds, items: urls.count, [
            { URLBenchmark.browserURL(urls) },
            { decideAll(requests) },
        ])
        var kinds: [String: Int] = [:]
        var byKind: [String: [NavigationRequest]] = [:]
        for request in requests {
            let kind = engine.decide(request).kind.rawValue
            kinds[kind, default: 0] += 1
            byKind[kind, default: []].append(request)
        }
        // Where a decision's time goes: each kind's URLs parsed bare and decided, interleaved (what to work on next).
        var perKind: [String] = []
        for (kind, group) in byKind.sorted(by: { $0.key < $1.key }) {
            let urls = group.map(\.url)
            let (m, _) = interleavedMedians(rounds: rounds, items: group.count, [
                { URLBenchmark.browserURL(urls) },
                { decideAll(group) },
            ])
            perKind.append("\(kind) \(formatted(m[1], 0)) ns (\(formatted(m[1] / m[0], 2))×)")
        }
        let (parse, decide) = (medians[0], medians[1])
        print("")
        print("Decisions with \(rules.sentinels.count + rules.schemes.count + rules.allow.count) rules, median of \(rounds) interleaved rounds over \(urls.count) URLs:")
        print("  BrowserURL.parse (bare)     \(formatted(parse)) ns per URL")
        print("  PolicyEngine.decide         \(formatted(decide)) ns per URL   \(formatted(1e9 / decide / 1e6, 2)) M decisions/s   \(formatted(decide / parse, 2))× a bare parse")
        print("  decisions by kind: \(kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        print("  a decision by kind, and its ratio to a bare parse of the same URLs: \(perKind.joined(separator: ", "))")
        print("  (checksum \(checksum % 100_000))")
    }
}
