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

import CByteScan

struct BasicURLParser {
    enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
        case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority
        case file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    let input: UnsafeBufferPointer<UInt8>
    let base: UnsafeBufferPointer<UInt8>  // base.href's bytes (empty without a base)
    let baseLayout: URLLayout?
    var out: URLWriter
    var layout = URLLayout()
    /// Start of the path segment being written in the path state (its "/"), or -1.
    var segmentStart = -1
    /// `ByteClasses.table`, read once per parse: a static read is a lazy-initialisation check per call.
    let classes = ByteClasses.table

    // Literals, so reading them on the hot path needs no lazy-initialisation guard.
    static let slash: UInt8 = 0x2F, backslash: UInt8 = 0x5C, question: UInt8 = 0x3F
    static let hashSign: UInt8 = 0x23, colon: UInt8 = 0x3A, at: UInt8 = 0x40

    // MARK: Entry

    static func parse(_ input: String, base: BrowserURL?) throws(URLParseError) -> BrowserURL {
        var input = input
        // Native UTF-8 (a no-op for nearly every string), so that when the URL serializes to exactly its
        // input, the input itself can be the href: one string shared, none made.
        input.makeContiguousUTF8()
        let original = input
        var baseHref = base?.href ?? ""
        let result: Result<BrowserURL, URLParseError> = input.withUTF8 { raw in
            baseHref.withUTF8 { baseBytes in
                // 1. Remove leading and trailing C0 control or space.
                var start = 0, end = raw.count
                while start < end && raw[start] <= 0x20 { start += 1 }
                while end > start && raw[end - 1] <= 0x20 { end -= 1 }
                let trimmed = UnsafeBufferPointer(rebasing: raw[start..<end])
                // 2. Remove all ASCII tab or newline.
                if containsTabOrNewline(trimmed) {
                    let cleaned = trimmed.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
                    return cleaned.withUnsafeBufferPointer { buffer in
                        run(buffer, base: baseBytes, baseLayout: base?.layout)
                    }
                }
                return run(trimmed, base: baseBytes, baseLayout: base?.layout, whole: start == 0 && end == raw.count ? original : nil)
            }
        }
        return try result.get()
    }

    /// `whole`: the string `input` is all of, when it is (nothing trimmed or removed from it): the href when
    /// the output is the same bytes.
    private static func run(_ input: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>,
                            baseLayout: URLLayout?, whole: String? = nil) -> Result<BrowserURL, URLParseError> {
        // Percent-encoding at most triples the input; the base adds its own length. IDNA may need more,
        // and the writer then moves to the heap. (Writing straight into the String's storage instead
        // measured no faster with bridge-bench url.)
        let scratchSize = input.count * 3 + base.count + 32
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchSize) { scratch in
            var parser = BasicURLParser(input: input, base: base, baseLayout: baseLayout,
                                        out: URLWriter(scratch: scratch))
            defer { parser.out.release() }
            do throws(URLParseError) {
                try parser.runStateMachine()
            } catch {
                return .failure(error)
            }
            parser.finish()
            if let whole, parser.out.count == input.count, let inputBase = input.baseAddress,
               bs_same_bytes(parser.out.base, inputBase, input.count) != 0 {
                return .success(BrowserURL(href: whole, layout: parser.layout))
            }
            return .success(BrowserURL(href: parser.out.makeString(), layout: parser.layout))
        }
    }

    /// Whether `bytes` contains TAB, LF or CR: sixteen bytes per vector compare (`TabOrNewline`). (Two
    /// blocks per branch measured no faster.)
    static func containsTabOrNewline(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let n = bytes.count
        var i = 0
        while i < n {
            if TabOrNewline.candidates(base, at: i, count: n) != 0 { return true }
            i &+= 16
        }
        return false
    }

    // MARK: The state machine

    /// `.http` or `.https` when the input starts with "http:" or "https:" in any case: the first eight
    /// bytes read as one word, the letters' case bit set (a byte or-ed with 0x20 is "h" only for "H" and "h";
    /// the same for the other letters), compared with the lower-case scheme and its ":". Nil otherwise.
    @inline(__always)
    static func httpScheme(_ input: UnsafeBufferPointer<UInt8>) -> SchemeKind? {
        guard input.count >= 8, let start = input.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        if (word | 0x20_2020_2020) & 0xFFFF_FFFF_FFFF == 0x3A73_7074_7468 { return .https }
        if (word | 0x2020_2020) & 0xFF_FFFF_FFFF == 0x3A_7074_7468 { return .http }
        return nil
    }

    @inline(__always)
    func c(_ p: Int) -> Int { p < input.count ? Int(input[p]) : -1 }

    /// The first position from `p` that is neither "/" nor "\\" (what the special authority ignore slashes
    /// state skips).
    @inline(__always)
    func slashesEnd(from p: Int) -> Int {
        var p = p
        while c(p) == Int(Self.slash) || c(p) == Int(Self.backslash) { p += 1 }
        return p
    }

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
                if let http = Self.httpScheme(input) {
                    // "http:" or "https:" in any case, read as one word (most URLs).
                    out.append(http == .https ? "https:" : "http:")
                    layout.schemeEnd = http == .https ? 5 : 4
                    layout.scheme = http
                    p = layout.schemeEnd + 1
                } else {
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
                    layout.scheme = SchemeKind(scheme: out.bytes(0..<layout.schemeEnd))
                    p = q + 1
                }
                if layout.scheme == .file {
                    state = .file
                } else if isSpecial, let baseLayout, baseLayout.scheme == layout.scheme {
                    state = .specialRelativeOrAuthority
                } else if isSpecial {
                    // The special authority slashes state, then the special authority ignore slashes state:
                    // both only skip slashes and backslashes, so they are taken here, without a dispatch each.
                    p = slashesEnd(from: p)
                    state = .authority
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
                copyBasePathAndQuery()
                guard let next = continueFromBase(c, at: &p) else { return }
                state = next
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
                p = slashesEnd(from: p)
                state = .authority
                continue

            case .authority:
                // One scan finds the end of the authority (the first "/", "?", "#", or "\\" when special), its
                // last "@" (where credentials end: the spec's buffer-and-prepend loop gives the same result), and
                // the first ":" outside brackets after that "@" (where the host state would stop for a port).
                // Sixteen bytes at a time (`AuthorityDelimiters`: a mask of the delimiters).
                out.append(Self.slash)
                out.append(Self.slash)
                var end = p
                var lastAt = -1, portColon = -1
                var insideBrackets = false
                let special = isSpecial
                let n = input.count
                /// Looks at one delimiter; true when it ends the authority.
                @inline(__always) func endsAuthority(_ byte: UInt8, at i: Int) -> Bool {
                    if byte == Self.slash || byte == Self.question || byte == Self.hashSign { return true }
                    if byte == Self.backslash { return special }
                    if byte == Self.at { lastAt = i; portColon = -1; insideBrackets = false }
                    else if byte == Self.colon { if !insideBrackets && portColon < 0 { portColon = i } }
                    else if byte == UInt8(ascii: "[") { insideBrackets = true }
                    else if byte == UInt8(ascii: "]") { insideBrackets = false }
                    return false
                }
                blocks: while end < n, let start = input.baseAddress {
                    var mask = AuthorityDelimiters.candidates(start, at: end, count: n)
                    while mask != 0 {
                        let i = end &+ mask.trailingZeroBitCount
                        if endsAuthority(start[i], at: i) { end = i; break blocks }
                        mask &= mask &- 1
                    }
                    end = Swift.min(end &+ 16, n)
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
                // Host state: the host runs to that ":" or to the end of the authority.
                let hostEnd = portColon >= 0 ? portColon : end
                let hostBytes = UnsafeBufferPointer(rebasing: input[p..<hostEnd])
                if portColon >= 0 {
                    // ":" with an empty buffer: host-missing failure.
                    if hostBytes.isEmpty { throw URLParseError(.hostMissing) }
                } else if special && hostBytes.isEmpty {
                    throw URLParseError(.hostMissing)
                }
                layout.hostStart = out.count
                if !hostBytes.isEmpty {
                    try HostParser.parse(hostBytes, isOpaque: !special, readable: input.count - p, into: &out)
                }
                layout.hostEnd = out.count
                p = hostEnd
                if portColon >= 0 {
                    try parsePort(from: portColon + 1, next: &p)
                }
                if special {
                    // The path start state of a special URL, taken here: the path state, "/" or "\\" consumed.
                    layout.pathStart = out.count
                    if isSlash(self.c(p)) { p += 1 }
                    state = .path
                } else {
                    state = .pathStart
                }
                continue

            case .file:
                // 1. The scheme is "file"; the host the empty string.
                if out.isEmpty {
                    out.append("file:")
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
                    copyBasePathAndQuery()
                    guard let next = continueFromBase(c, at: &p) else { return }
                    state = next
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
                            copyBase(from: baseLayout.pathStart, upTo: baseLayout.pathStart + 3)
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
                    try HostParser.parse(buffer, isOpaque: false, readable: input.count - p, into: &out)
                    // "localhost" is the empty host.
                    if out.suffix(from: layout.hostStart, equals: "localhost") {
                        out.truncate(to: layout.hostStart)
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
                let ends: ByteClass = isSpecial ? [.slashOrQuestion, .hashSign, .backslash] : [.slashOrQuestion, .hashSign]
                let q = copyEncoding(from: p, .path, .path, until: ends, scan: PathStops.self)
                let ch = self.c(q)
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
                var ch = 0
                while true {
                    q = copyEncoding(from: q, .c0Control, .c0Control, until: [.space, .hashSign, .slashOrQuestion],
                                     scan: OpaquePathStops.self)
                    if self.c(q) == Int(Self.slash) {
                        out.append(Self.slash)
                        q += 1
                        continue
                    }
                    ch = self.c(q)
                    guard ch == 0x20 else { break }
                    // A space followed by "?" or "#" is encoded so that it survives re-parsing.
                    let next = self.c(q + 1)
                    if next == Int(Self.question) || next == Int(Self.hashSign) {
                        out.append("%20")
                    } else {
                        out.append(0x20)
                    }
                    q += 1
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
                let q = isSpecial ? copyEncoding(from: p, .specialQuery, .specialQuery, until: .hashSign, scan: QueryStops.self)
                    : copyEncoding(from: p, .query, .query, until: .hashSign, scan: QueryStops.self)
                if q == input.count { return }
                startFragment()
                p = q + 1
                state = .fragment
                continue

            case .fragment:
                _ = copyEncoding(from: p, .fragment, .fragment, until: [], scan: FragmentStops.self)
                return
            }
        }
    }

    // MARK: Copying runs

    /// Copies the input from `p`, UTF-8 percent-encoding the bytes in `set` (whose class is `setClass`),
    /// up to the first byte of a class in `terminators` or the end; returns that position. Runs that need
    /// no encoding are copied whole. They are found sixteen bytes at a time by `scan` (a vector compare,
    /// a mask of candidate bytes: a superset of the set and the terminators), each candidate then checked
    /// with the class table.
    @inline(__always)
    mutating func copyEncoding<Scan: ByteScan>(from p: Int, _ set: PercentEncodeSet, _ setClass: ByteClass,
                                               until terminators: ByteClass, scan: Scan.Type) -> Int {
        let n = input.count
        guard p < n, let bytes = input.baseAddress else { return n }
        let table = classes
        let stop = setClass.rawValue | terminators.rawValue
        var q = p
        while true {
            let runStart = q
            // The next stop from q: blocks with no candidate skipped, candidates that are no stop passed.
            while q < n {
                let mask = Scan.candidates(bytes, at: q, count: n)
                if mask == 0 { q = Swift.min(q &+ 16, n); continue }
                q &+= mask.trailingZeroBitCount
                if table[Int(bytes[q])] & stop != 0 { break }
                q &+= 1
            }
            if q > runStart { out.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: q - runStart)) }
            if q == n { return n }
            let byte = bytes[q]
            if table[Int(byte)] & terminators.rawValue != 0 { return q }
            out.appendPercentEncoded(byte, set)
            q &+= 1
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
            if out.count == layout.usernameEnd + 1 { out.truncate(to: layout.usernameEnd) }
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
            out.truncate(to: start)
            shortenPath()
            if !followedBySlash { out.append(Self.slash) }
        } else if isSingleDotSegment(start + 1, length) {
            // 1.3 A single-dot segment: only an empty string when nothing follows.
            out.truncate(to: start)
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
                out.truncate(to: i)
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
        out.append(contentsOf: UnsafeBufferPointer(rebasing: base[start..<end]))
    }

    // The copies from a base are kept out of line: inlined, they grew the hot state machine and made
    // absolute URLs slower (bridge-bench url).

    /// Copies base's path and query ("set url's path to a clone of base's path, url's query to base's query").
    @inline(never)
    mutating func copyBasePathAndQuery() {
        let baseLayout = self.baseLayout!
        layout.pathStart = out.count
        let end = baseLayout.fragmentStart >= 0 ? baseLayout.fragmentStart : base.count
        if baseLayout.queryStart >= 0 {
            copyBase(from: baseLayout.pathStart, upTo: baseLayout.queryStart)
            layout.queryStart = out.count
            copyBase(from: baseLayout.queryStart, upTo: end)
        } else {
            copyBase(from: baseLayout.pathStart, upTo: end)
        }
    }

    /// Sets url's query to null.
    mutating func dropQuery() {
        guard layout.queryStart >= 0 else { return }
        out.truncate(to: layout.queryStart)
        layout.queryStart = -1
    }

    /// What the relative state (step 5) and the file state (step 3) do once base's path and query are
    /// copied: "?" starts a new query, "#" a fragment, the end keeps base's query; anything else drops the
    /// query and shortens the path (a file URL whose rest starts with a drive letter empties it instead),
    /// then the path state (pointer - 1). Returns nil at the end of input.
    @inline(never)
    mutating func continueFromBase(_ c: Int, at p: inout Int) -> State? {
        if c == Int(Self.question) {
            dropQuery()
            startQuery()
            p += 1
            return .query
        }
        if c == Int(Self.hashSign) {
            startFragment()
            p += 1
            return .fragment
        }
        if c == -1 { return nil }
        dropQuery()
        if layout.scheme == .file && startsWithWindowsDriveLetter(p) {
            out.truncate(to: layout.pathStart)
        } else {
            shortenPath()
        }
        return .path
    }

    /// Copies base's credentials, host and port (everything between the scheme and the path).
    @inline(never)
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
                out.insert("/.", at: start)
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
