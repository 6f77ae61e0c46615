// SecretPropertyTests.swift: the property behind every mask: whatever bytes a secret holds (invalid UTF-8,
// escapes of separators, control and bidi characters, text shaped like a mask), neither its raw form, nor
// its decoded form, nor the run of plain letters inside it reaches any command's output in any format
// without --reveal. Secrets are made from a seeded generator (a failure names its seed) and put in every
// place a secret sits: a sentinel's query and fragment, a path pair, the userinfo's both halves, a cloud
// signature, a bridge's positional arguments, a deep link, a state that does not match, every name of every
// family of the secret policy, a URL carried encoded twice. A typed secret
// (TypedSecret) stands in those places raw, unencoded, as a person or a log types it. The same oracle runs
// as the fuzz target FuzzSecrets on the renderer in process.
import SecretPolicy
import TestSupport
import SecretMasking
import BrowserURL
import SeededRandom
import Foundation
import NavigationPolicy
import Testing

/// A secret: its bytes (decoded), how it stands in a URL (raw), and the run of letters it carries.
struct GeneratedSecret: CustomStringConvertible {
    let seed: UInt64
    let raw: String
    let decoded: [UInt8]
    let letters: String

    var description: String { "seed \(seed): \(raw)" }

    /// What must not appear in the output: the raw text, the decoded text (as a reader would show it),
    /// and the letters.
    var forbidden: [String] {
        [raw, String(decoding: decoded, as: UTF8.self), letters].filter { $0.count >= 8 }
    }

    init(seed: UInt64) {
        var random = SplitMix64(seed)
        self.seed = seed
        // Pieces: each as it stands raw in a URL, and the bytes it decodes to.
        let pieces: [(String, [UInt8])] = [
            ("%FF", [0xFF]), ("%C3", [0xC3]), ("%E2%80%AE", [0xE2, 0x80, 0xAE]), ("%00", [0]), ("%1B", [0x1B]), ("%26", [0x26]),
            ("%3D", [0x3D]), ("%23", [0x23]), ("%3B", [0x3B]), ("%2B", [0x2B]), ("%25", [0x25]), ("+", [0x20]), ("%0A", [0x0A]),
            ("%40", [0x40]), ("%3A", [0x3A]), ("%2F", [0x2F]), ("%E2%80%A6(9)", Array("…(9)".utf8)), ("-", [0x2D]), ("~", [0x7E]),
        ]
        let letterSet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789".utf8)
        var letters: [UInt8] = []
        for _ in 0..<12 { letters.append(letterSet[Int(random.next() % UInt64(letterSet.count))]) }
        var raw = "", decoded: [UInt8] = []
        let before = Int(random.next() % 5), after = Int(random.next() % 5)
        for index in 0..<(before + 1 + after) {
            if index == before {
                raw += String(decoding: letters, as: UTF8.self)
                decoded += letters
            } else {
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                raw += piece.0
                decoded += piece.1
            }
        }
        self.raw = raw
        self.decoded = decoded
        self.letters = String(decoding: letters, as: UTF8.self)
    }

    /// The secret in every place it can sit in a URL.
    var urls: [String] {
        [
            "https://yourdomain.com/password_reset.php?code=\(raw)&access_token=\(raw)",
            "https://yourdomain.com/password_reset.php#access_token=\(raw)&code=abcdefgh",
            "https://yourdomain.com/password_reset.php?code=abcdefgh&access_token=zyxwvuts&state=\(raw)",
            "https://\(raw):\(raw)@yourdomain.com/password_reset.php",
            "https://bucket.example/object?X-Amz-Signature=\(raw)&session=\(raw)&nonce=\(raw)",
            "janrain:onCaptureLoginSuccess?arguments=%5B%22\(raw)%22%5D",
            "janrain:onCaptureLoginSuccess?arguments=\(raw)",
            "myapp://reset-password?token=\(raw)&email=ada%40example.com",
            "https://api.kii.example/reset?pin=\(raw)",
            "https://yourdomain.com/password_reset.php;code=\(raw)/next",
            // Every name the secret policy's examples put in a family, and a URL carrying it encoded once more.
            "https://a.example/cb?" + SecretParameters.examples.filter { $0.family != nil }
                .map { PercentEncoding.encodeComponent($0.name) + "=\(raw)" }.joined(separator: "&"),
            "https://yourdomain.com/next?next=" + PercentEncoding.encodeComponent("https://a.example/cb?access_token=\(raw)"),
        ]
    }
}

/// A secret typed raw into a URL, unencoded: a run of letters among what the URL parser keeps in a value and
/// free text would take for the end of a word: scalars beyond ASCII (percent-encoded by the serializer:
/// combining marks, Unicode's white space, bidi and format controls, a letter with an accent, an emoji) and
/// ASCII punctuation a path keeps unencoded (quotes, parentheses, brackets).
struct TypedSecret: CustomStringConvertible {
    let seed: UInt64
    let text: String
    let letters: String

    var description: String { "seed \(seed): \(text.debugDescription)" }

    /// What must not appear in the output: the text as typed, as a URL serializes it, and the letters.
    var forbidden: [String] {
        // The letters and the ASCII punctuation stand as themselves; the rest as UTF-8 escapes.
        let encoded = text.unicodeScalars.map { scalar in
            scalar.isASCII ? String(scalar) : String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        }.joined()
        return [text, encoded, letters]
    }

    init(seed: UInt64) {
        var random = SplitMix64(seed)
        self.seed = seed
        let scalars = ["\u{301}", "\u{2028}", "\u{A0}", "\u{3000}", "\u{85}", "\u{202E}", "\u{FEFF}", "\u{200B}", "é", "😀",
                       "'", "(", ")", "[", "]", "!", "*"]
        let letterSet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
        let letters = String((0..<12).map { _ in letterSet[Int(random.next() % UInt64(letterSet.count))] })
        func some() -> String { (0..<Int(random.next() % 3 + 1)).map { _ in scalars[Int(random.next() % UInt64(scalars.count))] }.joined() }
        self.letters = letters
        self.text = some() + letters + some()
    }

    /// The secret typed into every place it can sit in a URL.
    var urls: [String] {
        [
            "https://yourdomain.com/password_reset.php?code=\(text)&access_token=\(text)",
            "https://yourdomain.com/password_reset.php#access_token=\(text)&code=abcdefgh",
            "https://yourdomain.com/password_reset.php?code=abcdefgh&access_token=zyxwvuts&state=\(text)",
            "https://ada:\(text)@yourdomain.com/password_reset.php",
            "https://yourdomain.com/password_reset.php;code=\(text)/next",
            "janrain:accessToken=\(text)",
            "myapp://reset-password?token=\(text)&email=ada%40example.com",
        ]
    }
}

@Suite("secrets with any bytes never reach the output", .blockingWork, .serialized)
struct SecretPropertyTests {
    static let seeds: [UInt64] = Array(1...6)
    static var capture: String { Repository.path("Fixtures/rules/capture.json") }

    func expectNoLeak(_ output: String, _ secret: GeneratedSecret, _ what: String) {
        expectNoLeak(output, secret.forbidden, "\(secret)", what)
    }

    func expectNoLeak(_ output: String, _ forbiddenTexts: [String], _ secret: String, _ what: String) {
        for forbidden in forbiddenTexts {
            // A byte search: Foundation's contains(_:) traps on some needles and matches canonical equivalents.
            let line = output.split(separator: "\n").first { $0.utf8.firstRange(of: forbidden.utf8) != nil }
            #expect(line == nil, "\(what) shows the secret (\(secret)) as \(forbidden.debugDescription) in: \(line ?? "")")
        }
    }

    @Test("a secret typed raw: url, check, replay and test, text and json", arguments: seeds)
    func typedRaw(seed: UInt64) throws {
        let secret = TypedSecret(seed: seed)
        let navlog = [#"{"format":"bridge-navlog","version":1}"#] + secret.urls.enumerated().map { #"{"seq":\#($0 + 1),"url":\#(quoted($1))}"# }
        let log = try Canary.temporary("typed.navlog", navlog.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: log) }
        let cases = secret.urls.enumerated().map { index, url in
            #"{"name":"case \#(index)","url":\#(quoted(url)),"state":"expected-state","expect":{"decision":"allow","params":{"code":"other"}}}"#
        }
        let file = try Canary.temporary("typed.cases.jsonl", cases.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for format in ["text", "json"] {
            let runs = [
                ("url", ["url", "--format", format] + secret.urls),
                ("check", ["check", "--rules", Self.capture, "--explain", "--format", format, "--state", "expected-state"] + secret.urls),
                ("replay", ["replay", "--rules", Self.capture, "--explain", "--format", format, log]),
                ("test", ["test", "--rules", Self.capture, "--format", format, file]),
            ]
            for (command, arguments) in runs {
                let run = try BridgeProcess.run(arguments)
                expectNoLeak(run.stdout + run.stderr, secret.forbidden, "\(secret)", "\(command) --format \(format)")
            }
        }
        // The secret is really in the input: --reveal shows its letters.
        let revealed = try BridgeProcess.run(["url", "--reveal"] + secret.urls)
        #expect(revealed.stdout.contains(secret.letters))
    }

    @Test("url and check, text and json", arguments: seeds)
    func urlAndCheck(seed: UInt64) throws {
        let secret = GeneratedSecret(seed: seed)
        for format in ["text", "json"] {
            let url = try BridgeProcess.run(["url", "--format", format] + secret.urls)
            expectNoLeak(url.stdout + url.stderr, secret, "url --format \(format)")
            let check = try BridgeProcess.run(["check", "--rules", Self.capture, "--explain", "--format", format, "--state", "expected-state"] + secret.urls)
            expectNoLeak(check.stdout + check.stderr, secret, "check --format \(format)")
        }
        // The secret is really in the input: --reveal shows its letters.
        let revealed = try BridgeProcess.run(["url", "--reveal"] + secret.urls)
        #expect(revealed.stdout.contains(secret.letters))
    }

    @Test("replay, text and json, with a drained queue and calls to an app's JavaScript interface", arguments: seeds)
    func replay(seed: UInt64) throws {
        let secret = GeneratedSecret(seed: seed)
        var lines = [#"{"format":"bridge-navlog","version":1}"#,
                     #"{"seq":1,"url":"https://example.janraincapture.com/oauth/signin?response_type=code&state=sent-state-value&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php"}"#]
        for (index, url) in secret.urls.enumerated() { lines.append(#"{"seq":\#(index + 2),"url":\#(quoted(url))}"#) }
        lines.append(#"{"seq":99,"url":"janrain:eventsAvailable?1","drained":[\#(quoted("janrain:onCaptureLoginSuccess?arguments=%5B%22\(secret.raw)%22%5D"))]}"#)
        // An interface call's arguments: a plain string, a string of JSON, a queue, an object (no names but keys).
        let text = String(decoding: secret.decoded, as: UTF8.self)
        let arguments = [quoted(text), quoted(#"{"access_token":\#(quoted(text))}"#),
                         quoted("[" + quoted("janrain:onCaptureLoginSuccess?arguments=%5B%22\(secret.raw)%22%5D") + "]"),
                         #"{"token":\#(quoted(text))}"#, #"[\#(quoted(text))]"#]
        lines.append(#"{"seq":100,"call":"AndroidBridge.signInCompleted","arguments":[\#(arguments.joined(separator: ","))]}"#)
        let log = try Canary.temporary("property.navlog", lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: log) }
        for format in ["text", "json"] {
            let run = try BridgeProcess.run(["replay", "--rules", Self.capture, "--explain", "--format", format, log])
            expectNoLeak(run.stdout + run.stderr, secret, "replay --format \(format)")
        }
    }

    @Test("test, every format, with failing cases that quote the secret", arguments: seeds)
    func audit(seed: UInt64) throws {
        let secret = GeneratedSecret(seed: seed)
        let cases = secret.urls.enumerated().map { index, url in
            #"{"name":"case \#(index)","url":\#(quoted(url)),"state":"expected-state","expect":{"decision":"allow","params":{"code":"other"}}}"#
        }
        let file = try Canary.temporary("property.cases.jsonl", cases.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for format in ["text", "json", "junit", "sarif"] {
            let run = try BridgeProcess.run(["test", "--rules", Self.capture, "--format", format, file])
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            expectNoLeak(run.stdout + run.stderr, secret, "test --format \(format)")
        }
    }

    @Test("serve: the request log in text and json, and the dashboard's event stream")
    func serve() throws {
        for format in ["text", "json"] {
            let server = try ServeProcess(["--format", format])
            var events = ""
            for seed in Self.seeds {
                let secret = GeneratedSecret(seed: seed)
                for url in secret.urls where url.hasPrefix("https://yourdomain.com/") {
                    let target = "/oauth/token" + url.drop { $0 != "?" && $0 != "#" }.replacingOccurrences(of: "#", with: "?")
                    _ = try RawHTTP.request(server.base, "GET", target)
                }
            }
            events = try RawHTTP.request(server.base, "GET", "/emulator/v1/events", readLimit: 1).body
            let log = server.stop()
            for seed in Self.seeds {
                let secret = GeneratedSecret(seed: seed)
                expectNoLeak(log, secret, "serve --format \(format)")
                expectNoLeak(events, secret, "serve's event stream")
            }
            #expect(events.contains("/oauth/token"), "\(events)")
        }
    }

    private func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
