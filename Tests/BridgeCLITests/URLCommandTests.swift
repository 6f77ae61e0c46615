// URLCommandTests.swift: `bridge url` as a user runs it: what it prints, its JSON, its exit statuses.
import BrowserURL
import CommandOutput
import TestSupport
@testable import bridge
import Foundation
import Testing

@Suite("bridge url", .blockingWork)
struct URLCommandTests {
    @Test("reports the host a browser goes to")
    func evilBackslash() throws {
        let run = try BridgeProcess.run(["url", "--format", "json", #"https://evil.com\@good.com/"#])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["hostname"] as? String == "evil.com")
        #expect(object["pathname"] as? String == "/@good.com/")
    }

    @Test("JSON: one object per line with the eleven components by their spec names, in order")
    func json() throws {
        let run = try BridgeProcess.run(["url", "--format", "json", "https://a.example:8080/p?q=1#h", "nope"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let valid = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(valid["valid"] as? Bool == true)
        #expect(valid["host"] as? String == "a.example:8080")
        #expect(valid["port"] as? String == "8080")
        #expect(valid["search"] as? String == "?q=1")
        let keys = ["input", "valid", "url", "origin", "protocol", "username", "password", "host", "hostname",
                    "port", "pathname", "search", "hash"]
        var position = lines[0].startIndex
        for key in keys {
            let range = try #require(lines[0].range(of: "\"\(key)\":", range: position..<lines[0].endIndex), "key \(key) missing or out of order")
            position = range.upperBound
        }
        let invalid = try #require(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(invalid["valid"] as? Bool == false)
        let error = try #require(invalid["error"] as? [String: Any])
        #expect(error["code"] as? String == "missing-scheme-non-relative-URL")
        #expect(!invalid.has("href"))
    }

    @Test("- reads one URL per line from standard input; a bad line is reported, not dropped")
    func standardInput() throws {
        let run = try BridgeProcess.run(["url", "--format", "json", "-"], stdin: "https://a.example/\nhttp://[::1\nmyapp://x?y=1\n")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let unclosed = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect((unclosed["error"] as? [String: Any])?["code"] as? String == "IPv6-unclosed")
    }

    @Test("the WPT IDNA suites through bridge url: every host as a browser maps it", arguments: ["IdnaTestV2.json", "toascii.json"])
    func wptIDNA(suite: String) throws {
        let cases = try WPTJSON.cases(suite)
        // One URL a line: inputs with a line break cannot be given that way (the library's suite has them), and
        // WPT's harness skips the empty input.
        let usable = cases.filter { ($0["input"] as? String).map { !$0.isEmpty && !$0.contains(where: \.isNewline) } ?? false }
        #expect(usable.count > cases.count - 10)
        let run = try BridgeProcess.run(["url", "--format", "json", "-"], stdin: usable.map { "https://\($0["input"] as? String ?? "")/x\n" }.joined())
        let rows = run.jsonObjects
        try #require(rows.count == usable.count)
        var wrong: [String] = []
        for (test, row) in zip(usable, rows) {
            let expected = test["output"] as? String
            let hostname = row["valid"] as? Bool == true ? row["hostname"] as? String : nil
            if hostname != expected { wrong.append("\(String(describing: test["input"])): \(String(describing: hostname)) for \(String(describing: expected))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(usable.count): \(wrong.prefix(5))")
    }

    /// What the JSON error's detail holds: the problem's name and its values (nil: absent).
    struct IDNADetail: Sendable, Equatable {
        var problem: String, label: Int? = nil, rule: Int? = nil, codePoint: String? = nil
    }

    @Test("a Unicode host that breaks a UTS #46 rule: the rule as values in the JSON error", arguments: [
        ("https://a-.\u{5D0}/", IDNADetail(problem: "bidi", label: 1, rule: 6)),
        ("https://a\u{200D}ü/", IDNADetail(problem: "contextj", label: 1, codePoint: "U+200D")),
        ("https://a\u{E000}.example/", IDNADetail(problem: "disallowed", codePoint: "U+E000")),
        ("https://ü.xn--_/", IDNADetail(problem: "punycode-invalid", label: 2)),
    ])
    func idnaDetail(url: String, expected: IDNADetail) throws {
        let run = try BridgeProcess.run(["url", "--format", "json", url])
        #expect(run.status == 1)
        let object = try #require(run.jsonObjects.first)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "domain-to-ASCII")
        let values = try #require(error["detail"] as? [String: Any])
        #expect(Set(values.keys).isSubset(of: ["problem", "label", "rule", "codePoint"]))
        let detail = IDNADetail(problem: values["problem"] as? String ?? "", label: values["label"] as? Int,
                                rule: values["rule"] as? Int, codePoint: values["codePoint"] as? String)
        #expect(detail == expected)
    }

    @Test("--version names the commit, the traits, the Unicode version hosts are mapped with and the JSON schema")
    func version() throws {
        let run = try BridgeProcess.run(["url", "--version"])
        #expect(run.status == 0)
        let commit = buildCommit.isEmpty ? "unknown" : buildCommit
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0 (commit \(commit); traits: \(Bridge.traits.joined(separator: ", ")); UTS #46 and NFC of Unicode \(BrowserURL.unicodeVersion); JSON Lines schema \(OutputLine.schemaVersion))")
        // Built from this checkout: its short hash, `+` when the work tree differs from it.
        if Tools.runs(["git", "-C", Repository.root.path, "rev-parse", "HEAD"]) {
            #expect(buildCommit.wholeMatch(of: /[0-9a-f]{12}\+?/) != nil, "\(buildCommit)")
        }
        // The commands a build lists are the ones it runs: host only with the WebKit trait.
        #expect(Bridge.commandNames.contains("host") == Bridge.traits.contains("WebKit"))
    }

    @Test("secrets are masked unless --reveal")
    func redaction() throws {
        let url = "https://yourdomain.com/password_reset.php?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj"
        let masked = try BridgeProcess.run(["url", url])
        #expect(!masked.stdout.contains("SplxlOBeZQQYbYS6WxSbIA"))
        #expect(!masked.stdout.contains("af0ifjsldkj"))
        #expect(masked.stdout.contains("code=Splx…(22)"))
        let revealed = try BridgeProcess.run(["url", "--reveal", url])
        #expect(revealed.stdout.contains("code=SplxlOBeZQQYbYS6WxSbIA"))
    }

    @Test("--base resolves relative inputs")
    func base() throws {
        let run = try BridgeProcess.run(["url", "--base", "https://id.example/oauth/signin", "--format", "json", "../token"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["url"] as? String == "https://id.example/token")
    }

    @Test("with no URL and standard input not a terminal, standard input is read: an empty one is no input")
    func noArgumentsReadStandardInput() throws {
        let run = try BridgeProcess.run(["url"], stdin: "")
        #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
        let piped = try BridgeProcess.run(["url", "--format", "json"], stdin: "https://a.example/\n")
        #expect(piped.jsonObjects.compactMap { $0["input"] as? String } == ["https://a.example/"])
    }

    @Test("usage errors exit 2 with a message", arguments: [
        ["url", "--format", "xml", "a"], ["url", "--base", "not a url", "x"], ["nonsense"], ["url", "-", "-"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try BridgeProcess.run(arguments)
        #expect(run.status == 2)
        #expect(!run.stderr.isEmpty)
    }
}
