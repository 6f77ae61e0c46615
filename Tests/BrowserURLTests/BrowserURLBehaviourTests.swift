// BrowserURLBehaviourTests.swift: what the navigation engine relies on, stated directly: the hosts a
// browser really goes to, opaque bridge URLs, form-urlencoded parameters, and failure reasons.
import BrowserURL
import Testing

@Suite("BrowserURL behaviour")
struct BrowserURLBehaviourTests {
    /// A URL that serializes to exactly its input keeps the input as its href (its storage, no copy); any
    /// other gets the serialization. Either way the href is the serializer's.
    @Test("an input that is already its serialization is the href itself",
          arguments: [("https://yourdomain.com/cb?code=abc#x", true), ("https://yourdomain.com/", true), ("janrain:x?a=1", true),
                      ("HTTPS://yourdomain.com/cb", false), ("https://yourdomain.com", false), (" https://a.example/ ", false),
                      ("https://a.example/\tx", false), ("https://a.example/%7e é", false)])
    func serializedInputIsTheHref(input: String, shared: Bool) throws {
        let url = try BrowserURL.parse(input).get()
        let inputStorage = input.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let hrefStorage = url.href.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect((url.href == input) == shared)
        // Small strings live inline, so only a heap string's storage can be compared.
        if input.utf8.count > 15 { #expect((inputStorage == hrefStorage) == shared) }
    }

    /// The parser finds runs that need no encoding eight bytes at a time; a byte to encode, or one that ends
    /// the component, is put at every offset of a long run in each component so every word position is met.
    @Test("a byte to encode or a terminator at every offset of a long path, query and fragment")
    func encodingAtEveryOffset() throws {
        let cases: [(byte: String, path: String, query: String, fragment: String)] = [
            (" ", "%20", "%20", "%20"), ("\"", "%22", "%22", "%22"), ("<", "%3C", "%3C", "%3C"),
            ("é", "%C3%A9", "%C3%A9", "%C3%A9"), ("`", "%60", "`", "%60"), ("'", "'", "%27", "'"),
        ]
        for offset in 0..<20 {
            let before = String(repeating: "a", count: offset), after = String(repeating: "b", count: 19 - offset)
            for c in cases {
                let url = try BrowserURL.parse("https://h.example/\(before)\(c.byte)\(after)?\(before)\(c.byte)\(after)#\(before)\(c.byte)\(after)z").get()
                #expect(url.pathname == "/\(before)\(c.path)\(after)")
                #expect(url.search == "?\(before)\(c.query)\(after)")
                #expect(url.hash == "#\(before)\(c.fragment)\(after)z")   // z: a space last would be trimmed
            }
            let ended = try BrowserURL.parse("https://h.example/\(before)?\(after)#\(before)").get()
            #expect(ended.pathname == "/\(before)" && ended.search == (after.isEmpty ? "" : "?\(after)") && ended.hash == (before.isEmpty ? "" : "#\(before)"))
            let segments = try BrowserURL.parse("https://h.example/\(before)/\(after)").get()
            #expect(segments.pathname == "/\(before)/\(after)")
        }
    }

    /// The copy's last bytes are read as the sixteen ending at the input's end (or one at a time in an input
    /// under sixteen bytes): a byte to encode at every offset of inputs from 5 to 40 bytes long.
    @Test("a byte to encode at every offset of short inputs and at the end of longer ones")
    func encodingNearTheEnd() throws {
        for length in 0..<36 {
            for offset in 0...length {
                let before = String(repeating: "a", count: offset), after = String(repeating: "b", count: length - offset)
                let query = try BrowserURL.parse("m:x?\(before)\"\(after)").get()
                #expect(query.search == "?\(before)%22\(after)", "\(length) \(offset)")
                let fragment = try BrowserURL.parse("m:x#\(before)<\(after)").get()
                #expect(fragment.hash == "#\(before)%3C\(after)", "\(length) \(offset)")
                let path = try BrowserURL.parse("http://h/\(before)`\(after)").get()
                #expect(path.pathname == "/\(before)%60\(after)", "\(length) \(offset)")
            }
        }
    }

    @Test("a backslash before @ ends the authority: the browser goes to evil.com")
    func backslashUserinfo() throws {
        let url = try BrowserURL.parse(#"https://evil.com\@good.com/"#).get()
        #expect(url.hostname == "evil.com")
        #expect(url.pathname == "/@good.com/")
        #expect(url.username == "")
    }

    @Test("lookalike hosts are parsed to what a browser navigates to",
          arguments: [
            ("https://yourdomain.com@evil.com/password_reset.php", "evil.com"),
            ("https://yourdomain.com.evil.com/password_reset.php", "yourdomain.com.evil.com"),
            ("https://YOURDOMAIN.com:443/x", "yourdomain.com"),
            ("https://0x7f.1/", "127.0.0.1"),
            ("https://2130706433/", "127.0.0.1"),
            ("https://yourdom%61in.com/", "yourdomain.com"),
            ("https://xn--yurdomain-r4a.com/", "xn--yurdomain-r4a.com"),
            ("https://yоurdomain.com/", "xn--yurdomain-02h.com"),  // Cyrillic о
            ("https://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"),
          ])
    func lookalikeHosts(input: String, host: String) throws {
        #expect(try BrowserURL.parse(input).get().hostname == host)
    }

    @Test("janrain bridge URLs have an opaque path and keep their query")
    func janrainOpaque() throws {
        let legacy = try BrowserURL.parse("janrain:accessToken=abc123").get()
        #expect(legacy.hasOpaquePath)
        #expect(legacy.scheme == "janrain")
        #expect(legacy.pathname == "accessToken=abc123")
        #expect(legacy.hasHost == false)
        let event = try BrowserURL.parse("janrain:onCaptureLoginSuccess?arguments=%5B%7B%22a%22%3A1%7D%5D").get()
        #expect(event.pathname == "onCaptureLoginSuccess")
        #expect(event.queryParameters.first("arguments") == #"[{"a":1}]"#)
    }

    @Test("default ports are dropped, others kept; dot segments resolved")
    func normalisation() throws {
        let url = try BrowserURL.parse("HTTPS://YourDomain.COM:443/x/../password_reset.php?code=1").get()
        #expect(url.href == "https://yourdomain.com/password_reset.php?code=1")
        #expect(url.portNumber == nil)
        #expect(url.effectivePort == 443)
        let other = try BrowserURL.parse("https://yourdomain.com:8443/%2e%2E/a").get()
        #expect(other.port == "8443")
        #expect(other.pathname == "/a")
        #expect(other.origin == "https://yourdomain.com:8443")
    }

    @Test("tabs and newlines vanish, leading and trailing controls are trimmed")
    func trimming() throws {
        let url = try BrowserURL.parse(" \u{01}java\tscript:alert(1)\n ").get()
        #expect(url.scheme == "javascript")
        #expect(url.href == "javascript:alert(1)")
    }

    /// The pre-scan for TAB, LF and CR reads sixteen bytes at a time: one is put at every offset of a URL
    /// longer than two such blocks, and a neighbour byte just above and below 0x0E beside it.
    @Test("a tab, LF or CR anywhere in a long URL is removed")
    func tabOrNewlineAtEveryOffset() throws {
        let plain = "https://h.example/oauth/callback?code=abcdefgh&state=0123456789"
        let expected = try BrowserURL.parse(plain).get().href
        #expect(expected == plain)
        let bytes = Array(plain.utf8)
        for offset in 1..<bytes.count {
            for removed: UInt8 in [0x09, 0x0A, 0x0D] {
                var input = bytes
                input.insert(removed, at: offset)
                let url = try BrowserURL.parse(String(decoding: input, as: UTF8.self)).get()
                #expect(url.href == expected, "\(removed) at \(offset)")
            }
        }
        // Bytes near 0x0E that are not removed: encoded where they are, never taken for a newline.
        let kept = try BrowserURL.parse("https://h.example/aaaaaaaaaaaaaaaaaaaaaaaa?q=\u{0E}\u{0F}\u{0B}\u{0C}z").get()
        #expect(kept.search == "?q=%0E%0F%0B%0Cz")   // z: controls last would be trimmed
    }

    @Test("a deep link: host, path and decoded parameters")
    func deepLink() throws {
        let url = try BrowserURL.parse("yourapp://reset-password?token=abc123&email=user%40example.com").get()
        #expect(url.hostname == "reset-password")
        #expect(url.queryParameters.first("email") == "user@example.com")
        #expect(url.queryParameters.first("token") == "abc123")
    }

    @Test("form-urlencoded: + is space, UTF-8 percent-decoding, order and duplicates kept")
    func formParameters() {
        let params = FormParameters(parsing: "a=1&b=x+y%20z&&a=2&c&d=%C3%A9&e=%FF&=v&f=a=b")
        #expect(params.map(\.name) == ["a", "b", "a", "c", "d", "e", "", "f"])
        #expect(params.all("a") == ["1", "2"])
        #expect(params.first("b") == "x y z")
        #expect(params.first("c") == "")
        #expect(params.first("d") == "é")
        #expect(params.first("e") == "\u{FFFD}")
        #expect(params.first("f") == "a=b")
        #expect(params.count(of: "a") == 2)
        #expect(FormParameters(parsing: "q=a b&r=é").serialized == "q=a+b&r=%C3%A9")
    }

    @Test("fragment parameters (OAuth implicit responses)")
    func fragmentParameters() throws {
        let url = try BrowserURL.parse("https://example.com/cb#access_token=T&token_type=Bearer&state=s").get()
        #expect(url.fragmentParameters.first("access_token") == "T")
        #expect(url.queryParameters.isEmpty)
        #expect(url.hrefExcludingFragment == "https://example.com/cb")
    }

    @Test("failures say why, with the spec's names",
          arguments: [
            ("https://exa mple.com/", URLParseError.Code.domainInvalidCodePoint),
            ("https://example.com:99999/", .portOutOfRange),
            ("https://example.com:8o/", .portInvalid),
            ("https:///", .hostMissing),
            ("https://user@/", .hostMissing),
            ("no-scheme", .missingSchemeNonRelativeURL),
            ("https://[::1/", .ipv6Unclosed),
            ("https://1.2.3.4.5/", .ipv4TooManyParts),
            ("https://1.2.3.256/", .ipv4OutOfRangePart),
            // Every part is parsed before any is range-checked: the non-numeric part is the failure.
            ("https://300.a.3.4/", .ipv4NonNumericPart),
            ("https://0x100.1/", .ipv4OutOfRangePart),
            ("https://1.2.65536/", .ipv4OutOfRangePart),
            ("https://\u{200D}.example/", .domainToASCII),
            ("sc://a b/", .hostInvalidCodePoint),
          ])
    func failures(input: String, code: URLParseError.Code) {
        guard case .failure(let error) = BrowserURL.parse(input) else {
            Issue.record("\(input) parsed")
            return
        }
        #expect(error.code == code)
        #expect(!error.description.isEmpty)
    }

    @Test("a base that does not parse is reported as such")
    func invalidBase() {
        guard case .failure(let error) = BrowserURL.parse("/x", baseString: "not a url") else {
            Issue.record("parsed")
            return
        }
        #expect(error.code == .invalidBase)
    }

    @Test("relative references resolve against a base")
    func relative() throws {
        let base = try BrowserURL.parse("https://id.example.com/oauth/signin?x=1#f").get()
        #expect(try BrowserURL.parse("../token", base: base).get().href == "https://id.example.com/token")
        #expect(try BrowserURL.parse("?y=2", base: base).get().href == "https://id.example.com/oauth/signin?y=2")
        #expect(try BrowserURL.parse("#g", base: base).get().href == "https://id.example.com/oauth/signin?x=1#g")
        #expect(try BrowserURL.parse("//other.example/", base: base).get().href == "https://other.example/")
    }

    @Test("percent-encoding helpers")
    func percentEncoding() {
        #expect(PercentEncoding.encodeComponent("a b&c=d/é") == "a%20b%26c%3Dd%2F%C3%A9")
        #expect(PercentEncoding.decode("a%20b%zz%C3%A9") == "a b%zzé")
    }
}
