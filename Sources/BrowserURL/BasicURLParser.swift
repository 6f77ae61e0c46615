// BasicURLParser.swift: the URL Standard's basic URL parser (§4.4), without state overrides (this
// package parses; it does not implement the setters). One state per spec state, named as in the spec,
// reading the input's UTF-8 bytes: every character the states test for is ASCII, and every byte of a
// non-ASCII code point is in every percent-encode set, so byte-wise encoding is the spec's UTF-8
// percent-encoding. Output goes straight into one byte buffer in serialization order (the layout of
// `BrowserURL`); the only reorderings the spec needs are handled where they occur:
//   • userinfo: the authority is scanned to its last "@" first (equivalent to the spec's
//     buffer-and-prepend-"%40" loop, since "@" is in the userinfo percent-encode set);
//   • path shortening: the path is always last in the buffer when it is shortened;
//   • the serializer's "/." for a null host and a path starting with an empty segment: inserted at the end.

struct BasicURLParser {
    enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
        case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host
        case file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    let input: UnsafeBufferPointer<UInt8>
    let base: UnsafeBufferPointer<UInt8>  // base.href's bytes (empty without a base)
    let baseLayout: URLLayout?
    var out: [UInt8] = []
    var layout = URLLayout()
    /// Start of the path segment being written in the path state (its "/"), or -1.
    var segmentStart = -1

    static let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), question = UInt8(ascii: "?")
    static let hashSign = UInt8(ascii: "#"), colon = UInt8(ascii: ":"), at = UInt8(ascii: "@")

    // MARK: Entry

    static func parse(_ input: String, base: BrowserURL?) throws(URLParseError) -> BrowserURL {
        var input = input
        var baseHref = base?.href ?? ""
        let result: Result<BrowserURL, URLParseError> = input.withUTF8 { raw in
            baseHref.withUTF8 { baseBytes in
                // 1. Remove leading and trailing C0 control or space.
                var start = 0, end = raw.count
                while start < end && raw[start] <= 0x20 { start += 1 }
                while end > start && raw[end - 1] <= 0x20 { end -= 1 }
                let trimmed = UnsafeBufferPointer(rebasing: raw[start..<end])
                // 2. Remove all ASCII tab or newline.
                if trimmed.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                    let cleaned = trimmed.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
                    return cleaned.withUnsafeBufferPointer { buffer in
                        run(buffer, base: baseBytes, baseLayout: base?.layout)
                    }
                }
                return run(trimmed, base: baseBytes, baseLayout: base?.layout)
            }
        }
        return try result.get()
    }

    private static func run(_ input: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>,
                            baseLayout: URLLayout?) -> Result<BrowserURL, URLParseError> {
        var parser = BasicURLParser(input: input, base: base, baseLayout: baseLayout)
        parser.out.reserveCapacity(input.count + (baseLayout == nil ? 8 : base.count))
        do {
            try parser.runStateMachine()
        } catch {
            return .failure(error)
        }
        parser.finish()
        return .success(BrowserURL(href: String(decoding: parser.out, as: UTF8.self), layout: parser.layout))
    }

    // MARK: The state machine

    @inline(__always)
    func c(_ p: Int) -> Int { p < input.count ? Int(input[p]) : -1 }

    var isSpecial: Bool { layout.scheme.isSpecial }

    /// `c` is "/", or "\" in a special URL.
    @inline(__always)
    func isSlash(_ c: Int) -> Bool {
        c == Int(Self.slash) || (c == Int(Self.backslash) && layout.scheme.isSpecial)
    }

    mutating func runStateMachine() throws(URLParseError) {
        var state = State.schemeStart
        var p = 0
        while true {
            let c = self.c(p)
            switch state {
            case .schemeStart:
                // If c is an ASCII alpha, the scheme state; otherwise the no scheme state (pointer - 1).
                if isASCIIAlpha(c) {
                    state = .scheme
                    continue
                }
                state = .noScheme
                continue

            case .scheme:
                // Scheme characters are appended lower-cased; ":" ends the scheme.
                var q = p
                while isSchemeCodePoint(self.c(q)) { q += 1 }
                if self.c(q) != Int(Self.colon) {
                    // Otherwise: start over from the no scheme state.
                    state = .noScheme
                    p = 0
                    continue
                }
                for i in p..<q { out.append(lowercased(input[i])) }
                layout.schemeEnd = out.count
                out.append(Self.colon)
                layout.scheme = SchemeKind(scheme: out[0..<layout.schemeEnd])
                p = q + 1
                if layout.scheme == .file {
                    state = .file
                } else if isSpecial, let baseLayout, baseLayout.scheme == layout.scheme {
                    state = .specialRelativeOrAuthority
                } else if isSpecial {
                    state = .specialAuthoritySlashes
                } else if self.c(p) == Int(Self.slash) {
                    state = .pathOrAuthority
                    p += 1
                } else {
                    layout.hasOpaquePath = true
                    layout.pathStart = out.count
                    state = .opaquePath
                }
                continue

            case .noScheme:
                // No base, or a base with an opaque path and no fragment to add: failure.
                guard let baseLayout else { throw URLParseError(.missingSchemeNonRelativeURL) }
                if baseLayout.hasOpaquePath {
                    guard c == Int(Self.hashSign) else { throw URLParseError(.missingSchemeNonRelativeURL) }
                    // Scheme, path and query from base; fragment is the empty string.
                    copyBase(upTo: baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count)
                    layout = baseLayout
                    layout.fragmentStart = -1
                    startFragment()
                    p += 1
                    state = .fragment
                    continue
                }
                state = baseLayout.scheme == .file ? .file : .relative
                continue

            case .specialRelativeOrAuthority:
                if c == Int(Self.slash) && self.c(p + 1) == Int(Self.slash) {
                    state = .specialAuthorityIgnoreSlashes
                    p += 2
                } else {
                    state = .relative
                }
                continue

            case .pathOrAuthority:
                if c == Int(Self.slash) {
                    state = .authority
                    p += 1
                } else {
                    layout.pathStart = out.count
                    state = .path
                }
                continue

            case .relative:
                // 1–2. The scheme is base's scheme.
                let baseLayout = self.baseLayout!
                if out.isEmpty {
                    copyBase(upTo: baseLayout.schemeEnd + 1)
                    layout.scheme = baseLayout.scheme
                    layout.schemeEnd = baseLayout.schemeEnd
                }
                // 3–4. "/" (or "\" when special): the relative slash state.
                if isSlash(c) {
                    state = .relativeSlash
                    p += 1
                    continue
                }
                // 5. Otherwise credentials, host, port, path and query are base's.
                copyBaseAuthority()
                layout.pathStart = out.count
                let baseQueryOrEnd = baseLayout.queryStart >= 0 ? baseLayout.queryStart
                    : (baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count)
                copyBase(from: baseLayout.pathStart, upTo: baseQueryOrEnd)
                if c == Int(Self.question) {
                    startQuery()
                    p += 1
                    state = .query
                } else if c == Int(Self.hashSign) {
                    if baseLayout.queryStart >= 0 {
                        layout.queryStart = out.count
                        copyBase(from: baseLayout.queryStart,
                                 upTo: baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count)
                    }
                    startFragment()
                    p += 1
                    state = .fragment
                } else if c == -1 {
                    if baseLayout.queryStart >= 0 {
                        layout.queryStart = out.count
                        copyBase(from: baseLayout.queryStart,
                                 upTo: baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count)
                    }
                    return
                } else {
                    // Query is null; shorten the path; the path state (pointer - 1).
                    shortenPath()
                    state = .path
                }
                continue

            case .relativeSlash:
                if isSpecial && (c == Int(Self.slash) || c == Int(Self.backslash)) {
                    state = .specialAuthorityIgnoreSlashes
                    p += 1
                } else if c == Int(Self.slash) {
                    state = .authority
                    p += 1
                } else {
                    // Credentials, host and port are base's; the path state (pointer - 1).
                    copyBaseAuthority()
                    layout.pathStart = out.count
                    state = .path
                }
                continue

            case .specialAuthoritySlashes:
                // "//" expected (a validation error otherwise); either way on to ignoring slashes.
                state = .specialAuthorityIgnoreSlashes
                continue

            case .specialAuthorityIgnoreSlashes:
                while self.c(p) == Int(Self.slash) || self.c(p) == Int(Self.backslash) { p += 1 }
                state = .authority
                continue

            case .authority:
                // The authority runs to the first "/", "?", "#" (or "\" when special); credentials end at its last "@".
                out.append(Self.slash)
                out.append(Self.slash)
                var end = p
                var lastAt = -1
                while true {
                    let ch = self.c(end)
                    if ch == -1 || ch == Int(Self.slash) || ch == Int(Self.question) || ch == Int(Self.hashSign)
                        || (ch == Int(Self.backslash) && isSpecial) { break }
                    if ch == Int(Self.at) { lastAt = end }
                    end += 1
                }
                if lastAt >= 0 {
                    // atSignSeen and an empty buffer after it: host-missing failure.
                    if lastAt + 1 == end { throw URLParseError(.hostMissing) }
                    writeCredentials(p..<lastAt)
                    p = lastAt + 1
                } else {
                    layout.usernameEnd = out.count
                    layout.passwordEnd = out.count
                }
                state = .host
                continue

            case .host:
                // The host runs to ":" outside brackets, or to the end of the authority.
                var end = p
                var insideBrackets = false
                while true {
                    let ch = self.c(end)
                    if ch == Int(Self.colon) && !insideBrackets { break }
                    if ch == -1 || ch == Int(Self.slash) || ch == Int(Self.question) || ch == Int(Self.hashSign)
                        || (ch == Int(Self.backslash) && isSpecial) { break }
                    if ch == Int(UInt8(ascii: "[")) { insideBrackets = true }
                    if ch == Int(UInt8(ascii: "]")) { insideBrackets = false }
                    end += 1
                }
                let hostBytes = UnsafeBufferPointer(rebasing: input[p..<end])
                if self.c(end) == Int(Self.colon) {
                    // ":" with an empty buffer: host-missing failure.
                    if hostBytes.isEmpty { throw URLParseError(.hostMissing) }
                } else if isSpecial && hostBytes.isEmpty {
                    throw URLParseError(.hostMissing)
                }
                layout.hostStart = out.count
                if !hostBytes.isEmpty {
                    try HostParser.parse(hostBytes, isOpaque: !isSpecial, into: &out)
                }
                layout.hostEnd = out.count
                p = end
                if self.c(p) == Int(Self.colon) {
                    try parsePort(from: p + 1, next: &p)
                }
                state = .pathStart
                continue

            case .file:
                // 1. The scheme is "file"; the host the empty string.
                if out.isEmpty {
                    out.append(contentsOf: "file:".utf8)
                    layout.schemeEnd = 4
                    layout.scheme = .file
                }
                if c == Int(Self.slash) || c == Int(Self.backslash) {
                    // 2. The file slash state.
                    state = .fileSlash
                    p += 1
                } else if let baseLayout, baseLayout.scheme == .file {
                    // 3. Host, path and query from base.
                    copyBaseAuthority()
                    layout.pathStart = out.count
                    let baseQueryOrEnd = baseLayout.queryStart >= 0 ? baseLayout.queryStart
                        : (baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count)
                    copyBase(from: baseLayout.pathStart, upTo: baseQueryOrEnd)
                    let queryEnd = baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count
                    if c == Int(Self.question) {
                        startQuery()
                        p += 1
                        state = .query
                    } else if c == Int(Self.hashSign) {
                        if baseLayout.queryStart >= 0 {
                            layout.queryStart = out.count
                            copyBase(from: baseLayout.queryStart, upTo: queryEnd)
                        }
                        startFragment()
                        p += 1
                        state = .fragment
                    } else if c == -1 {
                        if baseLayout.queryStart >= 0 {
                            layout.queryStart = out.count
                            copyBase(from: baseLayout.queryStart, upTo: queryEnd)
                        }
                        return
                    } else {
                        // Query null; shorten the path unless the rest starts with a Windows drive letter
                        // (then the path is emptied); the path state (pointer - 1).
                        if startsWithWindowsDriveLetter(p) {
                            out.removeSubrange(layout.pathStart...)
                        } else {
                            shortenPath()
                        }
                        state = .path
                    }
                } else {
                    // 4. The path state (pointer - 1), with an empty host.
                    writeEmptyFileHost()
                    state = .path
                }
                continue

            case .fileSlash:
                if c == Int(Self.slash) || c == Int(Self.backslash) {
                    // 1. The file host state.
                    state = .fileHost
                    p += 1
                } else {
                    // 2. Host from a file base, and its drive letter unless the input brings one.
                    if let baseLayout, baseLayout.scheme == .file {
                        copyBaseAuthority()
                        layout.pathStart = out.count
                        if !startsWithWindowsDriveLetter(p), baseFirstSegmentIsNormalizedDriveLetter(baseLayout) {
                            out.append(contentsOf: base[baseLayout.pathStart..<(baseLayout.pathStart + 3)])
                        }
                    } else {
                        writeEmptyFileHost()
                    }
                    state = .path
                }
                continue

            case .fileHost:
                var end = p
                while true {
                    let ch = self.c(end)
                    if ch == -1 || ch == Int(Self.slash) || ch == Int(Self.backslash) || ch == Int(Self.question)
                        || ch == Int(Self.hashSign) { break }
                    end += 1
                }
                let buffer = UnsafeBufferPointer(rebasing: input[p..<end])
                if buffer.count == 2 && isWindowsDriveLetter(buffer[0], buffer[1]) {
                    // 1.1 A Windows drive letter is not a host: the path state takes the buffer.
                    writeEmptyFileHost()
                    state = .path
                    continue
                }
                out.append(Self.slash)
                out.append(Self.slash)
                layout.usernameEnd = out.count
                layout.passwordEnd = out.count
                layout.hostStart = out.count
                if !buffer.isEmpty {
                    try HostParser.parse(buffer, isOpaque: false, into: &out)
                    // "localhost" is the empty host.
                    if out[layout.hostStart...].elementsEqual("localhost".utf8) {
                        out.removeSubrange(layout.hostStart...)
                    }
                }
                layout.hostEnd = out.count
                layout.pathStart = out.count
                p = end
                state = .pathStart
                continue

            case .pathStart:
                layout.pathStart = out.count
                if isSpecial {
                    // 1. The path state; "/" or "\" is consumed.
                    state = .path
                    if isSlash(c) { p += 1 }
                } else if c == Int(Self.question) {
                    startQuery()
                    p += 1
                    state = .query
                } else if c == Int(Self.hashSign) {
                    startFragment()
                    p += 1
                    state = .fragment
                } else if c != -1 {
                    state = .path
                    if c == Int(Self.slash) { p += 1 }
                } else {
                    return
                }
                continue

            case .path:
                // Segment by segment: percent-encode into the output, then treat "." and ".." segments.
                if segmentStart < 0 {
                    segmentStart = out.count
                    out.append(Self.slash)
                }
                var q = p
                var ch = self.c(q)
                while ch != -1 && ch != Int(Self.slash) && ch != Int(Self.question) && ch != Int(Self.hashSign)
                        && !(ch == Int(Self.backslash) && isSpecial) {
                    out.appendPercentEncoded(UInt8(ch), .path)
                    q += 1
                    ch = self.c(q)
                }
                endSegment(followedBySlash: isSlash(ch))
                p = q + 1
                if ch == Int(Self.question) {
                    startQuery()
                    state = .query
                } else if ch == Int(Self.hashSign) {
                    startFragment()
                    state = .fragment
                } else if ch == -1 {
                    return
                }
                continue

            case .opaquePath:
                var q = p
                var ch = self.c(q)
                while ch != -1 && ch != Int(Self.question) && ch != Int(Self.hashSign) {
                    if ch == 0x20 {
                        // A space followed by "?" or "#" is encoded so that it survives re-parsing.
                        let next = self.c(q + 1)
                        if next == Int(Self.question) || next == Int(Self.hashSign) {
                            out.append(contentsOf: [0x25, 0x32, 0x30])
                        } else {
                            out.append(0x20)
                        }
                    } else {
                        out.appendPercentEncoded(UInt8(ch), .c0Control)
                    }
                    q += 1
                    ch = self.c(q)
                }
                p = q + 1
                if ch == Int(Self.question) {
                    startQuery()
                    state = .query
                } else if ch == Int(Self.hashSign) {
                    startFragment()
                    state = .fragment
                } else {
                    return
                }
                continue

            case .query:
                let set: PercentEncodeSet = isSpecial ? .specialQuery : .query
                var q = p
                var ch = self.c(q)
                while ch != -1 && ch != Int(Self.hashSign) {
                    out.appendPercentEncoded(UInt8(ch), set)
                    q += 1
                    ch = self.c(q)
                }
                if ch == -1 { return }
                startFragment()
                p = q + 1
                state = .fragment
                continue

            case .fragment:
                var q = p
                while q < input.count {
                    out.appendPercentEncoded(input[q], .fragment)
                    q += 1
                }
                return
            }
        }
    }

    // MARK: Steps shared by several states

    /// Port state: digits up to the end of the authority; a non-digit is failure.
    mutating func parsePort(from start: Int, next p: inout Int) throws(URLParseError) {
        var q = start
        var value = 0
        var sawDigit = false
        while true {
            let ch = c(q)
            if ch >= 0x30 && ch <= 0x39 {
                value = min(value * 10 + (ch - 0x30), 1 << 20)
                sawDigit = true
                q += 1
                continue
            }
            if ch == -1 || ch == Int(Self.slash) || ch == Int(Self.question) || ch == Int(Self.hashSign)
                || (ch == Int(Self.backslash) && isSpecial) { break }
            throw URLParseError(.portInvalid)
        }
        if sawDigit {
            if value > 65535 { throw URLParseError(.portOutOfRange) }
            if value != layout.scheme.defaultPort {
                layout.port = value
                out.append(Self.colon)
                appendDecimal(value, to: &out)
            }
        }
        p = q
    }

    /// Writes username and password from the userinfo bytes (percent-encoded with the userinfo set),
    /// split at the first ":", and "@" when either is non-empty.
    mutating func writeCredentials(_ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound && input[i] != Self.colon {
            out.appendPercentEncoded(input[i], .userinfo)
            i += 1
        }
        layout.usernameEnd = out.count
        if i < range.upperBound {
            out.append(Self.colon)
            i += 1
            while i < range.upperBound {
                out.appendPercentEncoded(input[i], .userinfo)
                i += 1
            }
            if out.count == layout.usernameEnd + 1 { out.removeLast() }
        }
        layout.passwordEnd = out.count
        if layout.passwordEnd > layout.schemeEnd + 3 {
            out.append(Self.at)
        }
    }

    /// A file URL's empty host: "//".
    mutating func writeEmptyFileHost() {
        out.append(Self.slash)
        out.append(Self.slash)
        layout.usernameEnd = out.count
        layout.passwordEnd = out.count
        layout.hostStart = out.count
        layout.hostEnd = out.count
        layout.pathStart = out.count
    }

    mutating func startQuery() {
        layout.queryStart = out.count
        out.append(Self.question)
    }

    mutating func startFragment() {
        layout.fragmentStart = out.count
        out.append(Self.hashSign)
    }

    /// Ends the path segment that starts at `segmentStart` (path state, step 1).
    mutating func endSegment(followedBySlash: Bool) {
        let start = segmentStart
        segmentStart = -1
        let length = out.count - start - 1
        if isDoubleDotSegment(start + 1, length) {
            // 1.2 Shorten the path; unless a "/" follows, append the empty string.
            out.removeSubrange(start...)
            shortenPath()
            if !followedBySlash { out.append(Self.slash) }
        } else if isSingleDotSegment(start + 1, length) {
            // 1.3 A single-dot segment: only an empty string when nothing follows.
            out.removeSubrange(start...)
            if !followedBySlash { out.append(Self.slash) }
        } else if layout.scheme == .file && start == layout.pathStart && length == 2
                    && isWindowsDriveLetter(out[start + 1], out[start + 2]) {
            // 1.4.1 The first segment of a file path that is a drive letter is normalized ("C|" → "C:").
            out[start + 2] = Self.colon
        }
    }

    /// Shorten a URL's path: drop the last segment, unless it is a file URL's lone drive letter.
    mutating func shortenPath() {
        let start = layout.pathStart
        if layout.scheme == .file && out.count - start == 3 && isASCIIAlpha(Int(out[start + 1]))
            && out[start + 2] == Self.colon {
            return
        }
        var i = out.count
        while i > start {
            i -= 1
            if out[i] == Self.slash {
                out.removeSubrange(i...)
                return
            }
        }
    }

    func isSingleDotSegment(_ start: Int, _ length: Int) -> Bool {
        if length == 1 { return out[start] == UInt8(ascii: ".") }
        if length == 3 { return isEncodedDot(start) }
        return false
    }

    func isDoubleDotSegment(_ start: Int, _ length: Int) -> Bool {
        switch length {
        case 2: return out[start] == UInt8(ascii: ".") && out[start + 1] == UInt8(ascii: ".")
        case 4:
            return (out[start] == UInt8(ascii: ".") && isEncodedDot(start + 1))
                || (isEncodedDot(start) && out[start + 3] == UInt8(ascii: "."))
        case 6: return isEncodedDot(start) && isEncodedDot(start + 3)
        default: return false
        }
    }

    /// "%2e", ASCII case-insensitively.
    func isEncodedDot(_ i: Int) -> Bool {
        out[i] == 0x25 && out[i + 1] == 0x32 && (out[i + 2] | 0x20) == UInt8(ascii: "e")
    }

    /// The input from `p` starts with a Windows drive letter: a letter, ":" or "|", then the end or / \ ? #.
    func startsWithWindowsDriveLetter(_ p: Int) -> Bool {
        guard c(p) >= 0, c(p + 1) >= 0, isWindowsDriveLetter(input[p], input[p + 1]) else { return false }
        let third = c(p + 2)
        return third == -1 || third == Int(Self.slash) || third == Int(Self.backslash)
            || third == Int(Self.question) || third == Int(Self.hashSign)
    }

    func baseFirstSegmentIsNormalizedDriveLetter(_ baseLayout: URLLayout) -> Bool {
        let start = baseLayout.pathStart
        guard start + 3 <= base.count, base[start] == Self.slash, isASCIIAlpha(Int(base[start + 1])),
              base[start + 2] == Self.colon else { return false }
        return start + 3 == base.count || base[start + 3] == Self.slash || base[start + 3] == Self.question
            || base[start + 3] == Self.hashSign
    }

    // MARK: Copies from the base URL (whose scheme equals ours, so its offsets are ours)

    mutating func copyBase(upTo end: Int) { copyBase(from: 0, upTo: end) }

    mutating func copyBase(from start: Int, upTo end: Int) {
        out.append(contentsOf: base[start..<end])
    }

    /// Copies base's credentials, host and port (everything between the scheme and the path).
    mutating func copyBaseAuthority() {
        let baseLayout = self.baseLayout!
        if baseLayout.hostStart >= 0 {
            copyBase(from: baseLayout.schemeEnd + 1, upTo: baseLayout.pathStart)
            layout.usernameEnd = baseLayout.usernameEnd
            layout.passwordEnd = baseLayout.passwordEnd
            layout.hostStart = baseLayout.hostStart
            layout.hostEnd = baseLayout.hostEnd
            layout.port = baseLayout.port
        }
    }

    // MARK: The end: the serializer's "/." for a null host and a path that starts with "//".

    mutating func finish() {
        if layout.hostStart < 0 && !layout.hasOpaquePath {
            let start = layout.pathStart
            if out.count >= start + 2 && out[start] == Self.slash && out[start + 1] == Self.slash {
                out.insert(contentsOf: [Self.slash, UInt8(ascii: ".")], at: start)
                layout.pathStart += 2
                if layout.queryStart >= 0 { layout.queryStart += 2 }
                if layout.fragmentStart >= 0 { layout.fragmentStart += 2 }
            }
        }
    }
}

// MARK: Code point classes

@inline(__always) func isASCIIAlpha(_ c: Int) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

@inline(__always) func isSchemeCodePoint(_ c: Int) -> Bool {
    isASCIIAlpha(c) || (c >= 0x30 && c <= 0x39) || c == 0x2B || c == 0x2D || c == 0x2E
}

@inline(__always) func lowercased(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

/// Two code points that are a Windows drive letter: an ASCII alpha and ":" or "|".
@inline(__always) func isWindowsDriveLetter(_ a: UInt8, _ b: UInt8) -> Bool {
    isASCIIAlpha(Int(a)) && (b == UInt8(ascii: ":") || b == UInt8(ascii: "|"))
}
