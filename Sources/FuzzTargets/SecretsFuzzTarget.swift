// SecretsFuzzTarget.swift: any bytes as a secret. The secret is percent-encoded (every byte but RFC 3986's unreserved
// ones) into each place a secret sits in a URL (a sentinel's query and fragment, a path pair, both halves of the
// userinfo, a cloud signature, a session, a bridge's positional and non-JSON arguments, a deep link, a
// state that is not the one sent, every name of every family of the secret policy, a URL encoded twice, a
// JWT under any name, as a path segment, a bare query or fragment and a deep link's host or route, a vendor's
// token as a path segment or a route), decided by the engine and rendered by check's renderer with --explain;
// and, decoded, into the arguments of a call to an Android app's JavaScript interface (plain, a string of
// JSON, a queue, an object, an array), replayed and rendered; and, decoded, typed raw into free text and raw
// URLs and an option value quoted in a usage error (`typed`) when it is one value there. The renderer's format (text or JSON) is chosen
// by the input's length, as FuzzInspector chooses its report's: every format is fuzzed, an input that leaks
// in one reproduces in it, and an input costs one rendering, not one per format. Oracle (BridgeCLITests' SecretPropertyTests, in process): neither the encoded
// secret nor its decoded text, when eight characters or longer, appears in any line (a match across a mask's
// "…(N)" is the output's own words, `withoutMasks`), unless the same
// text appears when the secret is empty, a fixed plain one or the sentinel's host (the URL's and the explanations' own words:
// a secret "credential" is not leaked by an explanation that says "credential"), and unless the secret is
// itself exactly a mask (kept as written by design).
import SecretPolicy
import BrowserURL
import CommandOutput
import JSONText
import Foundation
import NavigationPolicy
import SecretMasking
import NavigationReplay
import SensitiveText

/// The names the secret policy's examples put in a family.
private let familyNames = SecretParameters.examples.filter { $0.family != nil }.map { PercentEncoding.encodeComponent($0.name) }

public struct SecretsFuzzTarget: Sendable {
    let engine: PolicyEngine
    let renderers = TranscriptFormat.allCases.map { TranscriptRenderer(format: $0, redactor: Redactor(), explain: true) }
    /// The output's own words, per renderer: what it renders for an empty secret, a plain one, and the sentinel's
    /// host (a query naming it makes the explanation say "host … is not yourdomain.com (yourdomain.com is in the
    /// query …)").
    let templateBytes: [[UInt8]]

    public init() throws(FuzzFailure) {
        let text = #"""
        {"version": 1, "default": "cancel", "allow": ["https://yourdomain.com", "https://*.janraincapture.com"],
         "sentinels": [{"name": "signin", "redirectURI": "https://yourdomain.com/password_reset.php", "responseMode": "any", "require": ["code"]}],
         "schemes": [{"name": "janrain-bridge", "scheme": "janrain", "protocol": "janrain"},
                     {"name": "reset", "scheme": "myapp", "route": "reset-password", "require": ["token"]}]}
        """#
        let engine: PolicyEngine
        do { engine = PolicyEngine(rules: try RulesLoader.parse(Data(text.utf8))) } catch { throw FuzzFailure("the embedded rules do not load: \(error)") }
        self.engine = engine
        templateBytes = renderers.map { renderer in
            Array(["", "Zq9Zq9Zq9Zq9Zq9Zq9", "yourdomain.com"].flatMap { Self.rendered($0, decoded: $0, by: renderer, engine: engine) }
                .joined(separator: "\n").utf8)
        }
    }

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        let bytes = Array(input.prefix(256))
        var encoded = ""
        for byte in bytes {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        // A secret that is itself exactly a mask this redactor makes ("abcd…(999999)") is kept as written, by
        // design: masking twice changes nothing, so a recording's masks stay comparable. It is the first of the
        // inputs the oracle allows through (SecretMasking's Redactor.isMask; its escaped spellings in a URL are
        // masked, RedactionTests.maskLookalikes).
        let decoded = String(decoding: bytes, as: UTF8.self)
        if Redactor.maskedLength(decoded) != nil { return }
        // Likewise a secret that is itself a Janrain queue entry (janrain:EVENT?arguments=…): passed in an interface
        // call's queue, it is shown as the entry it is, its event name public and its arguments masked by name.
        if Redactor.isJanrainQueueEntry(decoded) { return }
        // And a secret that is a JSON array or object holding no number and no string but empty ones and masks
        // (`[ ]`, `[true, null]`, `{"a": []}`, `["" ]`): as a bridge's arguments it is masked value by value, and
        // it has none, so it is shown as it came (RedactionTests.argumentsWithoutValues). Sentence punctuation after it is let through too
        // (`[\t\t].`): typed at the end of free text, it is the sentence's (Redactor.isSentencePunctuation), and no
        // JSON value ends with it, so the secret without it is the structure or no JSON at all.
        if let value = JSONValue.parse(withoutSentenceEnd(decoded)), isStructureOnly(value) { return }
        // And one that, inside the bridge's string argument, is that argument's structure alone (`","`).
        if isArgumentStructure(decoded) { return }
        let format = bytes.count % renderers.count
        let output = Self.rendered(encoded, decoded: decoded, by: renderers[format], engine: engine).joined(separator: "\n")
        // Byte searches: Foundation's String.contains(_:) traps on some needles (a precomposed letter and a
        // NUL against a decomposed one), and a leak is a matter of bytes, not of canonical equivalence.
        let outputBytes = withoutMasks(Array(output.utf8))
        for forbidden in [encoded, decoded] where forbidden.count >= 8 && !contains(templateBytes[format], Array(forbidden.utf8)) {
            if contains(outputBytes, Array(forbidden.utf8)) && !isOwnWords(Array(forbidden.utf8), lengthOf: decoded, format: format) {
                throw FuzzFailure("a secret reached the output: \(forbidden.debugDescription) in: \(output.split(separator: "\n").filter { $0.contains(forbidden) })")
            }
        }
    }

    /// Whether `forbidden` is the output's own words for a secret of this length: the words that name a secret's
    /// length ("36 characters received, 14 sent", a state mismatch's) are in no template, so a secret that spells
    /// them (`was sent: 36 characters received, 14`) is tried again as a plain secret as long, in a letter neither
    /// it nor a percent-encoding holds; if the forbidden text is printed then too, the output said it. Asked only
    /// of a match, so it costs nothing otherwise.
    func isOwnWords(_ forbidden: [UInt8], lengthOf decoded: String, format: Int) -> Bool {
        guard let letter = "GHJKLMNPQRSTUVWXYZ".first(where: { !decoded.contains($0) }) else { return false }
        let plain = String(repeating: letter, count: decoded.count)
        let output = Self.rendered(plain, decoded: plain, by: renderers[format], engine: engine).joined(separator: "\n")
        return contains(withoutMasks(Array(output.utf8)), forbidden)
    }

    static func rendered(_ secret: String, decoded: String, by renderer: TranscriptRenderer, engine: PolicyEngine) -> [String] {
        let decisions = urls(secret).flatMap { url in
            let decision = engine.decide(NavigationRequest(url: url), expectedState: "expected-state", explain: true)
            return renderer.lines(DecisionEvent(url: url, decision)) + [Redactor().foreignText("navigates to \(url)")]
        }
        let call = InterfaceCall(interface: "AndroidBridge", method: "signInCompleted", arguments: [
            .string(decoded), .string(JSONValue.object(["access_token": .string(decoded)]).jsonText),
            .string(JSONValue.array([.string("janrain:onCaptureLoginSuccess?arguments=%5B%22\(secret)%22%5D")]).jsonText),
            .object(["token": .string(decoded)]), .array([.string(decoded)]),
        ], location: .line(1))
        let calls = Replayer(engine: engine).replay(.call(call)).events.flatMap { renderer.lines($0) }
        return decisions + calls + (standsRaw(decoded) ? typed(decoded) : [])
    }

    static func urls(_ s: String) -> [String] {
        ["https://yourdomain.com/password_reset.php?code=\(s)&access_token=\(s)", "https://yourdomain.com/password_reset.php#access_token=\(s)",
         "https://yourdomain.com/password_reset.php?code=abcdefgh&state=\(s)", "https://\(s):\(s)@yourdomain.com/password_reset.php",
         "https://bucket.example/o?X-Amz-Signature=\(s)&session=\(s)&nonce=\(s)", "janrain:onCaptureLoginSuccess?arguments=%5B%22\(s)%22%5D",
         "janrain:onCaptureLoginSuccess?arguments=\(s)", "myapp://reset-password?token=\(s)", "https://a.example/?pin=\(s)",
         "https://yourdomain.com/password_reset.php;code=\(s)/next",
         // Every name of every family in the secret policy's examples, and a URL carrying it encoded once more.
         "https://a.example/cb?" + familyNames.map { "\($0)=\(s)" }.joined(separator: "&"),
         "https://yourdomain.com/next?next=" + PercentEncoding.encodeComponent("https://a.example/cb?access_token=\(s)")]
            // A JWT under a name no family has, as a path segment, as a bare query or fragment, as a deep link's
            // host; a vendor's token as a path segment and a route: only while the secret keeps the shape.
            + (s.utf8.allSatisfy(CredentialShape.isBase64URL) ? shaped(s) : [])
    }

}

/// The places a credential by its shape stands in a URL with no name to tell it by.
private func shaped(_ s: String) -> [String] {
    let jwt = "eyJhbGciOiJIUzI1NiJ9.\(s).c2ln"
    let vendors = s.utf8.count >= 16 ? ["https://a.example/hooks/sk_live_\(s)/x", "myapp://reset-password/xoxb-\(s)", "https://a.example/?ghp_\(s)\(s)"] : []
    return ["https://a.example/cb?x=\(jwt)", "https://a.example/u/\(jwt)/p", "https://a.example/cb?\(jwt)", "https://a.example/cb#\(jwt)",
            "myapp://\(jwt)/done", "myapp:\(jwt)"] + vendors
}

/// The decoded secret typed into free text and raw URLs, unencoded, as a log or a message quotes them: a
/// query value, a password, an opaque path's value, a path pair, a JSON value.
private func typed(_ s: String) -> [String] {
    let redactor = Redactor()
    return [redactor.foreignText("navigates to https://yourdomain.com/password_reset.php?code=\(s)&state=x"),
            redactor.rawURL("https://ada:\(s)@yourdomain.com/password_reset.php"),
            redactor.rawURL("janrain:accessToken=\(s)"),
            redactor.foreignText("https://yourdomain.com/cb;code=\(s)/next"),
            redactor.foreignText("got {\"access_token\":\"\(s)\"}"),
            // Values bridge's own messages quote, each with the reading its reader gave it.
            redactor.text("state \(secret: s) is not the one sent"),
            redactor.text("the authorization server answered \(s, parameter: "oauth_verifier")"),
            redactor.text("--allow-origin \(quoted: "https://a.example/?access_token=\(s)") is not an origin"),
            redactor.text("route \(quotedPath: "/cb;code=\(s)") is not \(quoted: "reset-password")"),
            redactor.text("the page did not load: \(url: "https://a.example/cb?code=\(s)"): \(foreign: "refused")"),
            redactor.text("\(input: "code=\(s)") is not a generator"),
            // An option value quoted back by ArgumentParser's usage error, as bridge prints it.
            redactor.usageError("Error: The value 'https://a.example/?access_token=\(s)' is invalid for '--platform <platform>'.",
                                arguments: ["check", "--platform", "https://a.example/?access_token=\(s)"])]
}

/// Whether a JSON value holds no number anywhere in it and no string but empty ones and masks (names aside).
private func holdsNoValue(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let text): return isNoValue(text)
    case .number: return false
    case .array(let items): return items.allSatisfy(holdsNoValue)
    case .object(let members): return members.values.allSatisfy(holdsNoValue)
    case .bool, .null: return true
    }
}

/// Whether a JSON value is an array or object that holds no value (`[ ]`, `[true, null]`, `["" ]`): a bridge's
/// arguments masked value by value have nothing to mask in it, and are shown as they came.
private func isStructureOnly(_ value: JSONValue) -> Bool {
    switch value {
    case .array, .object: return holdsNoValue(value)
    default: return false
    }
}

/// A string that is no value to mask: an empty one, or a mask (kept as written by design).
private func isNoValue(_ text: String) -> Bool { text.isEmpty || Redactor.maskedLength(text) != nil }

/// The text less the sentence punctuation at its end, which free text gives to the sentence, not the value.
private func withoutSentenceEnd(_ text: String) -> String {
    var value = Substring(text)
    while let last = value.last, Redactor.isSentencePunctuation(last) { value.removeLast() }
    return String(value)
}

/// Whether the secret, standing where a bridge's positional arguments hold it (`["SECRET"]`), ends that string and
/// starts others so that the arguments hold no number and no string but empty ones and masks: `","` makes them
/// `["",""]`, `abcd…(130)","` makes them `["abcd…(130)",""]`. Its bytes are then the arguments' structure and a
/// mask, which is kept as written by design (as a secret that is itself a mask is, above), and nothing else is
/// there to mask (RedactionTests.argumentsWithoutValues).
private func isArgumentStructure(_ decoded: String) -> Bool {
    guard decoded.utf8.contains(UInt8(ascii: "\"")), let value = JSONValue.parse("[\"" + decoded + "\"]") else { return false }
    return holdsNoValue(value)
}

/// RFC 3986's unreserved bytes: what stands in a URL as itself (the secret's other bytes are percent-encoded).
private func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
    default: return false
    }
}

/// Whether a decoded secret typed raw into those places is one value there, as the parsers read it: RFC 3986's
/// unreserved ASCII, the punctuation a path keeps unencoded and free text keeps inside a word (quotes but
/// the double one, which ends a JSON string; brackets; "!" and "*"), and any scalar beyond ASCII (Unicode's
/// white space too: the URL parser keeps it in the value, percent-encoded). Any other ASCII delimiter, or
/// ASCII white space, legitimately ends the value (and a word of free text), and what follows is printed.
private func standsRaw(_ decoded: String) -> Bool {
    decoded.unicodeScalars.allSatisfy { scalar in
        !scalar.isASCII || isUnreserved(UInt8(scalar.value)) || "'`()[]!*".unicodeScalars.contains(scalar)
    }
}

/// Whether `needle` occurs in `haystack`, byte for byte: the next place its first byte occurs (memchr), then
/// the rest compared (memcmp), in libc: a generic search compiled with the fuzzer's instrumentation traces
/// every byte it compares.
private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count else { return false }
    return haystack.withUnsafeBufferPointer { h in
        needle.withUnsafeBufferPointer { n in
            guard let hBase = h.baseAddress, let nBase = n.baseAddress else { return false }
            let last = h.count - n.count
            var start = 0
            while start <= last {
                guard let found = memchr(hBase + start, Int32(first), last - start + 1) else { return false }
                let at = hBase.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(hBase + at, nBase, n.count) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }
}

/// The output with each mask's "…(N)" (or "…(N:DIGEST)") replaced by 0xFF, a byte no forbidden text holds
/// (each is valid UTF-8). A mask spells text the secret may hold (`..21…(23)"]],"events":[` is a 23-character
/// secret's own mask and the JSON after it), so a match across one is the output's words, not the secret;
/// a secret printed anywhere else is still found.
private func withoutMasks(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    bytes.withUnsafeBufferPointer { b in
        guard let base = b.baseAddress else { return }
        var copied = 0, from = 0
        // Each "…" found by memchr (libc, not traced by the fuzzer's instrumentation, as `contains` does).
        while from < b.count, let found = memchr(base + from, 0xE2, b.count - from) {
            let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            from = i + 1
            guard i + 4 < b.count, b[i + 1] == 0x80, b[i + 2] == 0xA6, b[i + 3] == UInt8(ascii: "(") else { continue }
            var j = i + 4
            while j < b.count, b[j] >= UInt8(ascii: "0"), b[j] <= UInt8(ascii: "9") { j += 1 }
            guard j > i + 4, j < b.count else { continue }
            if b[j] == UInt8(ascii: ":") {
                j += 1
                while j < b.count, (b[j] >= UInt8(ascii: "0") && b[j] <= UInt8(ascii: "9")) || (b[j] >= UInt8(ascii: "a") && b[j] <= UInt8(ascii: "f")) { j += 1 }
            }
            guard j < b.count, b[j] == UInt8(ascii: ")") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[copied..<i]))
            out.append(0xFF)
            copied = j + 1
            from = copied
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: b[copied...]))
    }
    return out
}

